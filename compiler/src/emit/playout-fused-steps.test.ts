// A kernel of one function per step (a game with functions of its own) writes a step with one way in
// inside the step that leads to it, as one `play` does (playout-file.ts, step-fusion.ts): an `if`'s
// branch that holds a decision is no function of its own, called from the test, but code right
// after the test. Its jumps out are written in the step that leads to it, so the drill's branches
// end in a decision, go back to their loop's head, and go on to the join after them; a jump written
// the wrong way would part the replay from the state machine or leave a step unwritten.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileGame } from "../index.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Fused Steps" {
  players 2..4
}
per player var gold: int public = 1
per player var debt: int public = 0
var rounds: int public = 0

function rich(p: player): bool = gold[p] > 3

flow {
  while rounds < 8 {
    for p in players {
      if rich(p) {
        gold[p] -= 2
        ask p {
          lend(q in players where q != p) {
            gold[q] += 2
            debt[q] += 1
          }
          keep {
            debt[p] -= 1
          }
        }
        if gold[p] > 5 {
          gold[p] -= 3
          ask p {
            spend {
              debt[p] += 2
            }
            save {
              gold[p] += 1
            }
          }
        }
      } else {
        gold[p] += 1
        ask p {
          work {
            gold[p] += 2
          }
          rest {
            debt[p] += 1
          }
        }
      }
      debt[p] += 0
    }
    rounds += 1
  }
}

score p: gold[p] - debt[p]
`;

describe("a step with one way in, in a kernel of one function per step", () => {
  it("is written inside the step that leads to it and replays the state machine's games", async () => {
    const result = await compileGame("fused-steps", [{ path: "fused-steps.rules", text: DRILL }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
    // One function per step (the drill has a function of its own).
    expect(kernelText).toMatch(/function step\d+\(\): number \{/);
    // The branches' first statements follow their tests, in the same function.
    expect(kernelText).toMatch(/if \(fn_rich\(\w+\)\) \{\s*v_gold\[\w+\] -= 2;/);
    expect(kernelText).toMatch(/if \(v_gold\[\w+\]!? > 5\) \{\s*v_gold\[\w+\] -= 3;/);
    const game = await loadRulesGame("fused-steps", DRILL, runtime);
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, {
      seed: 5,
      playerCounts: [2, 3, 4],
      gamesPerCount: 30,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["keep", "lend", "rest", "save", "spend", "work"]);
  });
});
