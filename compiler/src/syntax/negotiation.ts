// `negotiate A with B [counters N] { terms(...) require ... { deal } }`: free negotiation, written out
// as the asks it means. A proposes terms (the one option: its parameters are what changes hands, both
// ways); the other side accepts (the deal runs with those terms), refuses (no deal), or counters with
// terms of the same shape, which become the offer the first side now answers. After N counters the
// answer is accept or refuse only, so every negotiation ends, and random bots play it to an end.
import type { IToken } from "chevrotain";
import type * as A from "./ast.js";
import { span } from "./parser-support.js";

/** Counters allowed when the rules give no bound: enough for an offer, a counter, a second try and a last word. */
export const DEFAULT_COUNTERS = 3;
/** The most counters a negotiation may allow: each one writes the terms and the deal out again. */
export const MAX_COUNTERS = 8;

/** A negotiation as written; `ask` is the first proposal, its options filled in by `expandNegotiation`. */
export interface NegotiationParts {
  readonly keyword: IToken;
  readonly proposer: A.Expression;
  readonly partner: A.Expression;
  readonly counters: number;
  readonly terms: A.MoveOptionDeclaration;
  /** `refuse { ... }`: what a refusal does besides ending the negotiation (null: nothing). */
  readonly refusal: A.MoveOptionDeclaration | null;
  readonly ask: A.AskStatement;
}

/**
 * Fills the first proposal's options: run once the file is parsed, when the reasons' `{…}` parts are
 * filled in, because the terms and the deal are copied at every level (the checker keys what it learns
 * by node, so each level gets nodes of its own). Asks nested as
 *
 *     ask A { terms(...) { ask B { accept { deal }  refuse { }  terms(...) { ask A { ... } } } } }
 *
 * with the last answer's ask offering accept and refuse only.
 */
export function expandNegotiation(parts: NegotiationParts): void {
  const at = span(parts.keyword, parts.keyword);
  const respond = (level: number, responder: A.Expression, proposer: A.Expression): A.AskStatement => {
    const options: A.MoveOptionDeclaration[] = [
      fixedOption("accept", at, false, structuredClone(parts.terms.body)),
      // A seat that does not answer refuses: nothing changes hands.
      // `refuse prefer N { ... }` weighs a refusal for the rules' random players, as `prefer` does any option.
      { ...fixedOption("refuse", at, true, parts.refusal ? structuredClone(parts.refusal.body) : { statements: [], range: at }), preference: parts.refusal?.preference ? structuredClone(parts.refusal.preference) : null },
    ];
    if (level <= parts.counters) options.push(proposal(respond(level + 1, proposer, responder)));
    return { kind: "ask", player: structuredClone(responder), each: null, race: false, window: false, others: null, options, range: parts.ask.range };
  };
  const proposal = (answer: A.AskStatement): A.MoveOptionDeclaration => ({
    ...structuredClone({ name: parts.terms.name, parameters: parts.terms.parameters, label: parts.terms.label, requirements: parts.terms.requirements, otherwise: parts.terms.otherwise, preference: parts.terms.preference ?? null, range: parts.terms.range }),
    isDefault: false,
    body: { statements: [answer], range: parts.terms.body.range },
  });
  (parts.ask.options as A.MoveOptionDeclaration[]).push(proposal(respond(1, parts.partner, parts.proposer)));
}

function fixedOption(name: string, range: A.SourceRange, isDefault: boolean, body: A.Block): A.MoveOptionDeclaration {
  return { name: { name, range }, isDefault, parameters: [], label: null, requirements: [], otherwise: null, body, range };
}
