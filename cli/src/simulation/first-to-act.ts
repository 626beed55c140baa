// Who goes first in a game: the first seat the flow asks alone (a turn), which a game may draw
// (For Sale's start player, Keys to Knowledge's opening roll) rather than give to seat 0. A balance
// report's "first player" is this seat, game by game.

import { Rng, chooseRandomMove, type Game, type Seat } from "@rules/runtime/internal";

/** Decisions for several seats at once answered before giving up on finding a turn. */
const OPENING_DECISIONS = 1_000;

/**
 * The first seat asked alone in a game set up with these options, or null when the game ends, or
 * none is asked alone in its first decisions. The setup's draws come from the seed alone, so this is
 * the first seat of the game played from the same options. Decisions that ask several seats at once
 * before it (a simultaneous choice, a race) are answered at random, from the seed: exact unless who
 * goes first depends on those answers.
 */
export function firstToAct(game: Game, options: { readonly players: number; readonly variants: readonly string[]; readonly seed: number }): Seat | null {
  const state = game.setup({ players: options.players, variants: [...options.variants], seed: options.seed });
  game.advance(state);
  const rng = new Rng(options.seed);
  for (let decisions = 0; decisions < OPENING_DECISIONS; decisions++) {
    const activity = game.activity(state);
    if (activity.kind === "over" || activity.players.length === 0) return null;
    if (activity.kind === "turn" && activity.players.length === 1) return activity.players[0]!;
    const seat = activity.players[0]!;
    game.apply(state, seat, chooseRandomMove(game, state, seat, rng));
  }
  return null;
}
