// A small rules function called in a decision's listing is written in place of its call, its
// parameters read as the arguments' code: `may_sell_deed(d)` as `((v_key[l_d] ? 5 : v_books[l_d]) ===
// 0)`, `complete(q, d.group)` as its two count reads. A listing is written in one function per
// decision, often too large for V8 to inline the small functions it calls, and a call per card per
// decision costs more than the reads it makes. Only a call whose arguments are plain reads (a name,
// a literal, an array read by a name) is written so (an argument read twice, or not at all, changes
// nothing), and only a body that stays an expression without a pass of its own (no loop, no arrow)
// and short: the rules' functions are pure, so the value is the same.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { functionsByName } from "./playout-memo-reads.js";

/** The longest body written in place of a call (characters of code). */
const MOST = 400;

const SIMPLE = /^(?:[\w$]+|[\w$]+\[[\w$]+\]!?|-?\d+|"\w*")$/;

/** Whether an argument's code is a plain read, read again at no cost and with no effect. */
export function simpleArgument(code: string): boolean {
  return SIMPLE.test(code);
}

/** Whether a body written in place is an expression the listing can read as it stands. */
export function smallBody(code: string): boolean {
  return code.length <= MOST && !code.includes("=>") && !/\b(?:for|while|function)\b/.test(code);
}

/** The rules functions that may be written in place of their calls, with their parameters' slots. */
export class InlineCalls {
  private readonly functions: ReadonlyMap<string, A.FunctionDeclaration>;
  /** Functions being written in place (one does not call itself in place). */
  private readonly open = new Set<string>();
  /** The arguments' code by parameter slot, while a body is written in place. */
  private readonly aliases = new Map<unknown, string>();

  constructor(private readonly game: CheckedGame) {
    this.functions = functionsByName(game);
  }

  /** The code a parameter's local is read as, while a body is written in place; else null. */
  aliasOf(slot: unknown): string | null {
    return this.aliases.get(slot) ?? null;
  }

  /** `name`'s body written by `write` with its parameters read as `args`, or null where it is not
   *  written in place. */
  written(name: string, args: readonly string[], write: (body: A.Expression) => string): string | null {
    const f = this.functions.get(name);
    if (!f || this.open.has(name) || f.parameters.length !== args.length || !args.every(simpleArgument)) return null;
    const slots: unknown[] = [];
    for (const p of f.parameters) {
      const binding = this.game.names.get(p.name);
      if (binding?.kind !== "local") return null;
      slots.push(binding.slot);
    }
    const outer = slots.map((s) => this.aliases.get(s));
    this.open.add(name);
    slots.forEach((s, i) => this.aliases.set(s, args[i]!));
    try {
      const code = write(f.body);
      return smallBody(code) ? `(${code})` : null;
    } finally {
      this.open.delete(name);
      slots.forEach((s, i) => (outer[i] === undefined ? this.aliases.delete(s) : this.aliases.set(s, outer[i]!)));
    }
  }
}
