// A parameter's domain read by index: how many values it takes and the index-th of them, for the
// random bot (bots.ts) and the search's listing of moves (search/moves.ts).

import type { ParameterDomain, Value } from "./contract.js";

/** How many values a parameter may take. */
export function domainSize(domain: ParameterDomain): number {
  switch (domain.kind) {
    case "range":
      return Math.max(0, domain.max - domain.min + 1);
    case "card":
      return domain.cards.length;
    case "cards":
      // Every subset; a set-valued option with requirements is sampled by the compiled game instead.
      return 2 ** domain.cards.length;
    case "player":
      return domain.players.length;
    case "choice":
      return domain.values.length;
  }
}

/** The `index`-th value of a parameter's domain. */
export function domainValue(domain: ParameterDomain, index: number): Value | number[] {
  switch (domain.kind) {
    case "cards":
      return domain.cards.filter((_, bit) => Math.floor(index / 2 ** bit) % 2 === 1);
    case "range":
      return domain.min + index;
    case "card":
      return domain.cards[index]!;
    case "player":
      return domain.players[index]!;
    case "choice":
      return domain.values[index]!;
  }
}

/** Concrete moves one option stands for: the product of its parameters' domain sizes. */
