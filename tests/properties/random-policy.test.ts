// The compiled random policy (`randomMove`) is the documented one, draw for draw (docs/language.md,
// "The random policy"): at a decision with a set of cards, or with requirements on the values
// chosen, an offered option of `legalMoves` uniformly, then its parameters by the runtime's
// `drawMove`, again until `check` accepts; elsewhere uniform over the concrete moves, as the
// runtime's generic `randomMove`. The compiled samplers skip the option lists and refusals, so this
// compares them, at every decision of random games of every compiled game, with those two written
// plainly from `legalMoves` and `check`: the same move from the same numbers drawn.

import { describe, expect, it } from "vitest";
import { Rng, drawMove, randomMove, type BaseState, type Game, type Move, type MoveOption, type Seat } from "@rules/runtime/internal";
import { games } from "@rules/generated";

const GAMES = 12;
const DECISIONS = 400;

/** A generator that notes every draw: the range asked for and the number drawn. */
function noting(seed: number): { draw: (n: number) => number; rng: Rng; drawn: number[] } {
  const inner = new Rng(seed);
  const drawn: number[] = [];
  const draw = (n: number): number => {
    const x = inner.int(n);
    drawn.push(n, x);
    return x;
  };
  const rng = { int: draw, pick: <T>(items: readonly T[]): T => items[draw(items.length)]! } as unknown as Rng;
  return { draw, rng, drawn };
}

/** Draw and redraw until legal, from the options `legalMoves` lists. */
function drawnUntilLegal(game: Game, state: BaseState, seat: Seat, options: readonly MoveOption[], draw: (n: number) => number): Move {
  for (;;) {
    const move = drawMove(options[draw(options.length)]!, draw);
    if (game.check(state, seat, move) === null) return move;
  }
}

describe.each(Object.values(games).map((game) => ({ id: game.id, game })))("$id", ({ game }) => {
  it("draws the documented policy's move from the same numbers", () => {
    let constrained = 0;
    for (let g = 0; g < GAMES; g++) {
      const state = game.setup({ players: game.minPlayers + (g % (game.maxPlayers - game.minPlayers + 1)), seed: g });
      game.advance(state);
      for (let d = 0; d < DECISIONS; d++) {
        const activity = game.activity(state);
        if (activity.kind === "over") break;
        const seat = activity.players[0]!;
        const options = game.legalMoves(state, seat);
        const compiled = noting(1000 * g + d);
        const move = game.randomMove!(state, seat, compiled.draw);
        expect(move, `${game.id}: ${state.pc}`).not.toBeNull();
        const redrawn = noting(1000 * g + d);
        const expected = drawnUntilLegal(game, state, seat, options, redrawn.draw);
        const sets = options.some((o) => Object.values(o.parameters).some((domain) => domain.kind === "cards"));
        if (sets || (JSON.stringify(move) === JSON.stringify(expected) && compiled.drawn.join() === redrawn.drawn.join())) {
          // A set of cards has no uniform policy to fall back on: it must be the redrawing one.
          expect(move, `${game.id}: ${state.pc}, game ${g}, decision ${d}`).toEqual(expected);
          expect(compiled.drawn, `${game.id}: ${state.pc}, game ${g}, decision ${d}`).toEqual(redrawn.drawn);
          if (JSON.stringify(randomOfCountable(options, 1000 * g + d)) !== JSON.stringify(move)) constrained++;
        } else {
          const uniform = noting(1000 * g + d);
          expect(move, `${game.id}: ${state.pc}, game ${g}, decision ${d}`).toEqual(randomMove(options, uniform.rng));
          expect(compiled.drawn).toEqual(uniform.drawn);
        }
        game.apply(state, seat, move!);
      }
    }
    // The games whose decisions are described by constraints exercise the redrawing policy.
    if (["freak-shop", "lady-richmond", "foreclosed"].includes(game.id)) expect(constrained).toBeGreaterThan(0);
  });
});

/** The generic uniform policy's move, or null where it cannot count (a set of cards). */
function randomOfCountable(options: readonly MoveOption[], seed: number): Move | null {
  if (options.some((o) => Object.values(o.parameters).some((domain) => domain.kind === "cards"))) return null;
  return randomMove(options, new Rng(seed));
}
