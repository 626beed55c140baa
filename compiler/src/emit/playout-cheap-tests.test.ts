// A move drawn by rejection tests its cheap requirements first (playout-cheap-tests.ts): among the
// requirements at the front that can neither fault nor call, those that pass over no collection (two
// sets' sizes compared) come before those that do (the values given, the total taken), which keep
// their order. A requirement that may fault (`top(give)`, `12 / count(take)`) keeps its place, and so
// does every requirement after it, cheap or not. None of the tests moved can fault or draw, so the
// kernel keeps the state machine's draws: its games are the same, move for move.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Cheap Swaps" {
  players 2..4
}
card Chip {
  value: int
  cards for v in 1..4, copy in 1..3 { value: v }
}
zone pool: Chip pile public = all Chip
per player zone tray: Chip pile owner

setup {
  shuffle pool
  for p in players {
    deal 3 from pool to tray[p]
  }
}

flow {
  let rounds = 0
  while rounds < 8 and count(pool) > 0 {
    for p in players {
      if count(pool) > 0 {
        ask p {
          swap(give in subset(tray[p]), take in subset(pool))
            require count(distinct(c in give: c.value)) == 1 else "give one value"
            require sum(c in take: c.value) >= 2 * count(give) else "take enough"
            require count(give) == count(take) else "take as many as you give"
            require top(give).value != top(take).value else "take another value"
            require count(take) < 3 else "at most two"
          {
            for c in give {
              move c to pool
            }
            for c in take {
              move c to tray[p]
            }
          }
          split(give in subset(tray[p]), take in subset(pool))
            require sum(c in give: c.value) > 3 else "give more"
            require 12 / count(take) > 4 else "take fewer"
            require count(give) > count(take) else "give more cards"
          {
            for c in give {
              move c to pool
            }
            for c in take {
              move c to tray[p]
            }
          }
          draw {
            deal 1 from pool to tray[p]
          }
        }
      }
    }
    rounds += 1
  }
}

score p: sum(c in tray[p]: c.value)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("cheap-tests", DRILL, runtime);

/** The tests of the option whose sets are drawn at `from`, each flattened, in the order written. */
function testsAfter(kernelText: string, from: number): string[] {
  const block = kernelText.slice(from, kernelText.indexOf("decisions++;", from));
  return [...block.matchAll(/if \(\s*!\(([\s\S]*?)\)\s*\)\s*continue attempt\d+;/g)].map((m) => m[1]!.replace(/\s+/g, " "));
}

describe("a move drawn by rejection tests its cheap requirements first", () => {
  it("compares the sets' sizes before passing over them, and keeps the order from a test that may fault", async () => {
    const { kernelText } = await compiled();
    // Each option draws its two sets, give then take: its tests follow the second draw.
    const draws = [...kernelText.matchAll(/const \$size\d+ = drawSubsetInto\(/g)].map((m) => m.index);
    expect(draws).toHaveLength(4);
    const swap = testsAfter(kernelText, draws[1]!);
    expect(swap).toHaveLength(5);
    // The sizes first; then the values given and the total taken, in the rules' order.
    expect(swap[0]).toMatch(/^\$size\d+ === \$size\d+$/);
    expect(swap[1]).toMatch(/^\$distinct\d+ === 1$/);
    expect(swap[2]).toMatch(/^\$sum\d+ >= 2 \* \$size\d+$/);
    // top(give) may fault: it and the cheap test after it stay where the rules put them.
    expect(swap[3]).toContain("topCard(");
    expect(swap[4]).toMatch(/^\$size\d+ < 3$/);
    // 12 / count(take) may fault: the size comparison after it does not move ahead of it.
    const split = testsAfter(kernelText, draws[3]!);
    expect(split).toHaveLength(3);
    expect(split[0]).toMatch(/^\$sum\d+ > 3$/);
    expect(split[1]).toMatch(/^floorDiv\(12, \$size\d+\) > 4$/);
    expect(split[2]).toMatch(/^\$size\d+ > \$size\d+$/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 52,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["draw", "split", "swap"]);
    expect(played.decisions / played.games).toBeGreaterThan(4);
  });
});
