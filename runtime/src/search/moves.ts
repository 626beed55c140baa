// The concrete moves of a decision, for search: listed in full when there are few, else left to
// sampling (progressive widening in mcts.ts), as a bid over a wide range or a set of cards is.

import type { Move, MoveOption, Value } from "../contract.js";

/** Above this many concrete moves a decision's moves are sampled, not listed. */
export const LIST_LIMIT = 40;

/** Every concrete move of these options, or null when there are more than `limit` or a parameter
 *  is a set of cards (its legal sets are known only by checking each one). */
export function listMoves(options: readonly MoveOption[], limit: number = LIST_LIMIT): Move[] | null {
  const moves: Move[] = [];
  for (const option of options) {
    let partial: Record<string, Value | readonly number[]>[] = [{ type: option.type }];
    for (const name in option.parameters) {
      const domain = option.parameters[name]!;
      let values: readonly Value[];
      switch (domain.kind) {
        case "cards":
          return null;
        case "range":
          if (domain.max - domain.min + 1 > limit) return null;
          values = Array.from({ length: Math.max(0, domain.max - domain.min + 1) }, (_, i) => domain.min + i);
          break;
        case "card":
          values = domain.cards;
          break;
        case "player":
          values = domain.players;
          break;
        case "choice":
          values = domain.values;
          break;
      }
      partial = partial.flatMap((move) => values.map((value) => ({ ...move, [name]: value })));
      if (moves.length + partial.length > limit) return null;
    }
    moves.push(...(partial as unknown as Move[]));
    if (moves.length > limit) return null;
  }
  return moves;
}

/** A move's identity in a search tree: its JSON with the fields in a fixed order. */
export function moveKey(move: Move): string {
  return JSON.stringify(move, Object.keys(move).sort());
}
