// A table keyed by the player count (playout-table-reads.ts): the kernel reads it from an array
// filled once, not from the Map on every pass of the loop whose condition reads it; the games are
// the state machine's, move for move.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const REFILL = `
game "Refill Drill" {
  players 2..3
}
card Chip {
  points: int
  cards for v in 1..9, c in 1..3 { points: v }
}
table refill: int -> int { 2: 3, 3: 2 }
zone deck: Chip stack hidden = all Chip
zone pool: Chip pile public
per player zone kept: Chip pile public

setup {
  shuffle deck
}

flow {
  let p: player = 0
  while count(deck) >= 3 {
    let added = 0
    while added < refill[player_count] or count(pool) < 2 {
      deal 1 from deck to pool
      added += 1
    }
    ask p {
      take(c in pool) {
        move c to kept[p]
      }
    }
    p = next(p)
  }
}

score p: sum(c in kept[p]: c.points)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("refill", REFILL, runtime);

describe("a table read keyed by the player count", () => {
  it("is read from an array by player count, not looked up in the Map", async () => {
    const { kernelText } = await compiled();
    expect(kernelText).toContain("TABLE_refill$byPlayers[players]");
    expect(kernelText).not.toContain("TABLE_refill.get(players)");
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    expectKernelReplays(runtime, game, { seed: 5, playerCounts: [2, 3], gamesPerCount: 20 });
  });
});
