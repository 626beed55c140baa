// The rules' playout preferences (`prefer N` on an option): random players that pick options as a
// sensible player would more often, for simulations and bots. An option is drawn by its weight among
// those open now, then one of its moves uniformly (drawn again until the rules accept it). Where the
// rules state no preference, the draws are exactly the uniform random bot's.
import type { BaseState, Game, Move, MoveOption, Seat } from "./contract.js";
import { countMoves, randomMove } from "./bots.js";
import { GameFault } from "./errors.js";
import { chooseRandomMove } from "./random-play.js";
import type { Rng } from "./random.js";

/** Draws of a move within the picked option before the option is given up for a uniform move. */
const ATTEMPTS = 10_000;

/** A move for `seat` by the rules' preferences at this decision, or uniform where they state none. */
export function choosePreferredMove<S extends BaseState>(
  game: Game<S>,
  state: S,
  seat: Seat,
  rng: Rng,
  draw: (n: number) => number = (n) => rng.int(n),
): Move {
  const weights = game.preferences?.(state, seat);
  if (!weights) return chooseRandomMove(game, state, seat, rng, draw);
  const open = game.legalMoves(state, seat).filter((option) => countMoves([option]) > 0);
  const weightOf = (option: MoveOption): number => {
    const weight = weights[option.type] ?? 1;
    if (!Number.isSafeInteger(weight) || weight < 0) {
      throw new GameFault("fault/bad-preference", `the preference of '${option.type}' is ${weight}: a preference is a whole number from 0 up`);
    }
    return weight;
  };
  const total = open.reduce((sum, option) => sum + weightOf(option), 0);
  // Every open option preferred 0 times: nothing is preferred, so any move is as good as another.
  if (total === 0) return chooseRandomMove(game, state, seat, rng, draw);
  let pick = draw(total);
  const option = open.find((o) => (pick -= weightOf(o)) < 0)!;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const move = randomMove([option], rng);
    if (game.check(state, seat, move) === null) return move;
  }
  return chooseRandomMove(game, state, seat, rng, draw);
}
