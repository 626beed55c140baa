// The three ways things go wrong: a player's move is refused (a value, not an exception),
// a compiled game breaks its own invariants (GameFault), or an app misuses the API (MatchError).

import type { IllegalMove, IllegalMoveCode } from "./contract.js";

/** A refused move, as returned by `Game.check` and `applyMove`. */
export function illegal(code: IllegalMoveCode, reason: string): IllegalMove {
  return { code, reason };
}

/**
 * A broken invariant inside a compiled game or its random source: a transfer that would make a
 * resource negative, a scripted die outside its range, a flow that never ends. Never the player's
 * fault, so never an IllegalMove. Codes are namespaced strings, "fault/..."; the runtime raises
 * "fault/random-range", "fault/random-script", "fault/no-legal-move", "fault/decision-cap"
 * and "fault/scores".
 */
export class GameFault extends Error {
  override readonly name = "GameFault";
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type MatchErrorCode =
  "match/players" | "match/variant" | "match/seed" | "match/seat" | "match/replay" | "match/format";

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
