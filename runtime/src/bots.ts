// The simplest player: a uniformly random legal move, drawn from the parameter domains without
// listing every move (a bid from 0..10^6 is one draw, not a million objects).

import type { Move, MoveOption, Value } from "./contract.js";
import { domainSize, domainValue } from "./domains.js";
import { GameFault } from "./errors.js";
import type { Rng } from "./random.js";

function optionCount(option: MoveOption): number {
  let count = 1;
  // for…in rather than Object.values: this runs for every bot move of every playout.
  for (const name in option.parameters) count *= domainSize(option.parameters[name]!);
  return count;
}

/** Concrete moves these options stand for in all. */
export function countMoves(options: readonly MoveOption[]): number {
  let total = 0;
  for (const option of options) total += optionCount(option);
  return total;
}

/** One concrete legal move, each equally likely: draw an index, then decode it digit by digit. */
export function randomMove(options: readonly MoveOption[], rng: Rng): Move {
  const total = countMoves(options);
  if (total === 0) throw new GameFault("fault/no-legal-move", "a player must act but has no legal move");
  if (!Number.isSafeInteger(total)) {
    throw new GameFault("fault/no-legal-move", `too many legal moves (${total}) to draw one uniformly`);
  }
  let index = rng.int(total);
  for (const option of options) {
    const count = optionCount(option);
    if (index >= count) {
      index -= count;
      continue;
    }
    const move: Record<string, Value | number[]> = { type: option.type };
    // Mixed radix: each parameter takes the remainder by its domain size, the rest goes on.
    for (const name in option.parameters) {
      const domain = option.parameters[name]!;
      const size = domainSize(domain);
      move[name] = domainValue(domain, index % size);
      index = Math.floor(index / size);
    }
    return move as Move;
  }
  throw new Error("unreachable: the drawn index is below the total count");
}
