// The three ways things go wrong: a player's move is refused (a value, not an exception),
// a compiled game breaks its own invariants (GameFault), or an app misuses the API (MatchError).

import type { IllegalMove, IllegalMoveCode } from "./contract.js";

/** A refused move, as returned by `Game.check` and `applyMove`. */
export function illegal(code: IllegalMoveCode, reason: string): IllegalMove {
  return { code, reason };
}

/** A move whose type the decision waiting now does not have: of another decision (`known`), or of
 *  none; the reason names what this seat may play now, if anything. */
export function moveNotHere(type: string | null, known: boolean, offered: readonly { readonly type: string }[]): IllegalMove {
  const now = offered.length === 0 ? "" : `; now you may ${[...new Set(offered.map((o) => o.type))].map((t) => `'${t}'`).join(" or ")}`;
  return known
    ? illegal("move/not-now", `'${type}' cannot be played now${now}`)
    : // Never the type sent: a client's string is not echoed.
      illegal("move/unknown-type", `there is no such move in this game${now}`);
}

/** Where a rule is written: the statement of the rules file that a fault comes from. */
export interface RuleSite {
  /** The rules file, as the compiler was given it (`rules/for-sale.rules`). */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** That line of the rules file, as written. */
  readonly text: string;
}

/**
 * A broken invariant inside a compiled game or its random source: a transfer that would make a
 * resource negative, a scripted die outside its range, a flow that never ends. Never the player's
 * fault, so never an IllegalMove. Codes are namespaced strings, "fault/..."; the runtime raises
 * "fault/random-range", "fault/random-script", "fault/no-legal-move", "fault/decision-cap"
 * and "fault/scores". A fault raised by a compiled rule names that rule's place (`rule`).
 */
export class GameFault extends Error {
  override readonly name = "GameFault";
  constructor(
    readonly code: string,
    message: string,
    /** The statement of the rules file that raised it, when a compiled rule did. */
    readonly rule?: RuleSite,
  ) {
    super(message);
  }
}

/** A fault for people: `rules/x.rules:12:3: fault/code: message`, then the rule's line. */
export function describeFault(fault: GameFault): string {
  const headline = `${fault.code}: ${fault.message}`;
  if (!fault.rule) return headline;
  const { file, line, column, text } = fault.rule;
  return `${file}:${line}:${column}: ${headline}\n  ${line} | ${text}`;
}

export type MatchErrorCode =
  | "match/players"
  | "match/variant"
  | "match/seed"
  | "match/seat"
  | "match/replay"
  | "match/format"
  /** Bot specs that do not fit the game (one per seat, known kinds). */
  | "match/bots"
  /** A save too big, too long or too slow to replay (`SaveLimits`), or limits that are not numbers. */
  | "match/limits"
  /** Not a compiled game where the API takes one (`createMatch(null, ...)`). */
  | "match/game"
  /** Not a match made by this runtime where the API takes one. */
  | "match/match"
  /** Any other argument of the wrong kind (a bot's random source that is not a function, say). */
  | "match/argument";

/** The API was used wrongly: an unknown player count or variant, a seat that does not exist, a log that does not replay. */
export class MatchError extends Error {
  override readonly name = "MatchError";
  constructor(
    readonly code: MatchErrorCode,
    message: string,
  ) {
    super(message);
  }
}
