// Final standing: scores and tie-breakers compared in order, higher is better.

import type { GameResult, ScorePart, Seat } from "./contract.js";
import { GameFault } from "./errors.js";

/** Positive when seat scores `a` beat `b`: the first key that differs decides. */
function compareScores(a: readonly number[], b: readonly number[]): number {
  for (let k = 0; k < a.length; k++) {
    if (a[k] !== b[k]) return a[k]! - b[k]!;
  }
  return 0;
}

/**
 * Ranks seats by their [score, tie-breaker 1, ...] arrays. Seats equal on every key share a
 * group (listed by seat number); the winners are the first group. `parts`: what each seat's score
 * is the sum of, where the rules name its parts, carried into the result.
 */
export function rankPlayers(scores: number[][], parts?: readonly (readonly ScorePart[])[]): GameResult {
  const keys = scores[0]?.length ?? 0;
  for (const [seat, row] of scores.entries()) {
    // -Infinity is allowed: it pads a list tie-breaker that is shorter for this seat (see scoreRows).
    if (row.length !== keys || row.some((x) => Number.isNaN(x) || x === Number.POSITIVE_INFINITY)) {
      throw new GameFault(
        "fault/scores",
        `seat ${seat} has scores [${row.join(", ")}]; every seat needs ${keys} numbers`,
      );
    }
  }
  const order = scores.map((_, seat) => seat).sort((a, b) => compareScores(scores[b]!, scores[a]!) || a - b);
  const ranking: Seat[][] = [];
  for (const seat of order) {
    const group = ranking[ranking.length - 1];
    if (group !== undefined && compareScores(scores[group[0]!]!, scores[seat]!) === 0) group.push(seat);
    else ranking.push([seat]);
  }
  const result = { scores: scores.map((row) => [...row]), ranking, winners: ranking[0] ?? [] };
  return parts === undefined ? result : { ...result, parts: parts.map((seat) => seat.map((part) => ({ ...part }))) };
}
