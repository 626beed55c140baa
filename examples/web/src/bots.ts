// The seats the app plays: a random bot for every seat but the human's. One place to switch to the
// runtime's own `botMove(match, seat)` once it is public (docs/embedding.md).
import { chooseRandomMove, type Match, type Rng } from "@rules/runtime";
import type { Move, State } from "@rules/generated/for-sale";

export function botMove(match: Match<State>, seat: number, rng: Rng): Move {
  return chooseRandomMove(match.game, match.state, seat, rng) as Move;
}
