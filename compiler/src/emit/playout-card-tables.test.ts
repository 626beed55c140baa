// A rules function of one card fixed by the card's printed fields is a table the kernel fills once
// (playout-card-tables.ts). The drill's moves are offered, and its scores summed, through such
// functions (one with a conditional, a negation and a remainder), so a table entry wrong for any card
// would offer other moves than the state machine, and the games would part. A function that divides
// by a field (it may fail on some card) stays arithmetic.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Card Table Drill" {
  players 2..4
}
card Gem {
  price: int
  rare: bool
  weight: int
  cards for p in 1..9, w in 0..2 { price: p, rare: p > 6, weight: w }
}
per player var gold: int public = 12
zone pool: Gem stack hidden = all Gem
per player zone hand: Gem pile owner
per player zone kept: Gem pile public

function cost(g: Gem): int = g.price + g.price / 3 + (if g.rare then 2 else 0)
function bonus(g: Gem): int = if not g.rare and g.price % 2 == 1 then -g.weight else g.weight * 2
function per_weight(g: Gem): int = if g.weight > 0 then g.price / g.weight else 0

setup {
  shuffle pool
  for p in players {
    deal 3 from pool to hand[p]
  }
}

flow {
  while count(pool) > player_count {
    for p in players {
      deal 1 from pool to hand[p]
      ask p {
        buy(g in hand[p])
          require gold[p] >= cost(g) else "too dear"
        {
          gold[p] -= cost(g)
          move g to kept[p]
        }
        sell(g in kept[p] where bonus(g) > 0) {
          gold[p] += bonus(g) + per_weight(g)
          move g to pool
          shuffle pool
        }
        pass {
          gold[p] += 1
        }
      }
    }
  }
}

score p: gold[p] + sum(g in kept[p]: cost(g) + bonus(g))
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("card-table-drill", DRILL, runtime);

describe("the playout kernel's tables of functions fixed by a card", () => {
  it("reads printed-field functions from tables filled once, and leaves a division by a field alone", async () => {
    const { kernelText } = await compiled();
    const body = (name: string): string => {
      const start = kernelText.indexOf(`function fn_${name}(`);
      return kernelText.slice(start, kernelText.indexOf("\n  }", start));
    };
    expect(body("cost")).toContain("return $table_cost[l_g]!;");
    expect(body("bonus")).toContain("return $table_bonus[l_g]!;");
    // Filled once per kernel, outside `play`, for every gem.
    expect(kernelText).toMatch(/for \(const l_g of ALL_Gem\)\s+\$table_cost\[l_g\] = /);
    expect(kernelText.indexOf("$table_cost = new Float64Array(")).toBeGreaterThan(0);
    expect(kernelText.indexOf("$table_cost = new Float64Array(")).toBeLessThan(kernelText.indexOf("function play("));
    expect(body("per_weight")).not.toContain("$table_");
    expect(kernelText).not.toContain("$table_per_weight");
  });

  it("plays the state machine's games move for move, and scores them alike", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 41, playerCounts: [2, 3, 4], gamesPerCount: 60, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["buy", "pass", "sell"]);
    expect(played.decisions / played.games).toBeGreaterThan(5);
  });
});
