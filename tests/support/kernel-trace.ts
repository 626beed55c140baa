// A move as a playout kernel traces it (PlayoutKernel.play's `trace`), for comparing a kernel's
// games with its state machine's.
import type { Game, Move } from "@rules/runtime/internal";

/** Seat, move type's index in `game.moves`, parameters in schema order (a set of cards as its size,
 *  then its cards). */
export function traced(game: Game, seat: number, move: Move): unknown[] {
  const types = Object.keys(game.moves!);
  const parameters = Object.keys(game.moves![move.type]!);
  return [
    seat,
    types.indexOf(move.type),
    ...parameters.flatMap((name) => {
      const value = move[name];
      return Array.isArray(value) ? [value.length, ...value] : [value];
    }),
  ];
}
