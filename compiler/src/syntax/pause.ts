// `pause [for SEATS] ["label"]`: after a round, the seats acknowledge before the flow goes on, so a
// result can be seen before the next deal. Written out here as the decision it means, a simultaneous
// ask with one option, `continue`, which is also the default move (a seat away is passed by).
import type { IToken, TokenType } from "chevrotain";
import { Identifier } from "./lexer.js";
import type * as A from "./ast.js";
import { span } from "./parser-support.js";

/** A name, or a soft keyword used as one (`for card in hand`). */
export function isName(type: TokenType): boolean {
  return type === Identifier || (type.CATEGORIES ?? []).includes(Identifier);
}

export interface PauseParts {
  readonly keyword: IToken;
  /** The seats who acknowledge; null: every seat still in the game (`players`). */
  readonly seats: A.Expression | null;
  readonly label: A.ReasonText | null;
  readonly last: IToken | { readonly range: A.SourceRange };
  /** Which pause of the file this is: each gets its own binder name. */
  readonly n: number;
}

export function pauseAsk(parts: PauseParts): A.AskStatement {
  const at = span(parts.keyword, parts.keyword);
  const whole = span(parts.keyword, parts.last);
  const go: A.MoveOptionDeclaration = {
    name: { name: "continue", range: at },
    isDefault: true,
    parameters: [],
    label: parts.label,
    requirements: [],
    otherwise: null,
    body: { statements: [], range: at },
    range: whole,
  };
  return {
    kind: "ask",
    player: null,
    each: {
      binder: { name: `__pause_${parts.n}`, range: at, synthetic: true },
      source: parts.seats ?? { kind: "name", name: "players", range: at },
      condition: null,
    },
    race: false,
    window: false,
    pause: true,
    others: null,
    options: [go],
    range: whole,
  };
}
