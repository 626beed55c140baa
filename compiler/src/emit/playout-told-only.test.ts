// A loop of the rules that only tells (`for q in players where q != p { say "…" to q }`: words for
// every seat but one) changes nothing a playout keeps, so the kernel writes no loop for it; a loop
// that tells and writes is kept whole. The kernel must still play the state machine's games.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Told Only" {
  players 2..4
}
per player var gold: int public = 2
per player var heard: int public = 0

flow {
  let turn = 0
  let active = top(players)
  while turn < 12 {
    ask active {
      boast {
        for listener in players where listener != active {
          say "{active} boasts" to listener
        }
        gold[active] += 1
      }
      share {
        for listener in players where listener != active {
          say "{active} shares" to listener
          heard[listener] += 1
        }
      }
    }
    turn += 1
    active = next(active)
  }
}

score p: gold[p] + heard[p]
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("told-only", DRILL, runtime);

describe("a loop that only tells", () => {
  it("is no loop in the kernel; a loop that also writes is kept", async () => {
    const { kernelText } = await compiled();
    const loops = kernelText.match(/for \(let l_listener = 0;/g) ?? [];
    // One loop over the listeners: share's, which adds to heard; boast's tells only.
    expect(loops).toHaveLength(1);
    expect(kernelText).toMatch(/v_heard\[l_listener\]/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, {
      seed: 17,
      playerCounts: [2, 3, 4],
      gamesPerCount: 30,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["boast", "share"]);
  });
});
