// The playout kernel's running counts of seats by a per-player flag (playout-held-counts.ts):
// `count(p in players where not out[p])` and `count(p in players where out[p])` are reads of a count
// that every write of `out` keeps (set true, set false, a loop resetting every seat, a value computed by
// the rules, the setup's writes before the play loop recounts), so a count wrong by one would end a
// round or offer a move at another time than the state machine, and the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Flag Drill" {
  players 2..5
}
per player var gold: int public = 0
per player var out: bool public = false
var rounds: int public = 0

setup {
  for p in players {
    gold[p] = roll(4)
    out[p] = gold[p] > 3
  }
}

flow {
  while rounds < 6 {
    rounds += 1
    for p in players {
      out[p] = false
    }
    let seat: player = 0
    while count(p in players where not out[p]) > 1 {
      if not out[seat] {
        ask seat {
          stay
            require count(p in players where out[p]) < 3 else "three seats are out: stay no more"
          {
            gold[seat] += 1
          }
          leave {
            out[seat] = true
          }
          gamble {
            out[seat] = roll(3) == 3
            gold[seat] += 2
          }
        }
      }
      seat = next(seat)
    }
  }
}

score p: gold[p]
`;

const compiled = (rules: string): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("flag-drill", rules, runtime);

describe("the playout kernel's counts of seats by a per-player flag", () => {
  it("reads the counts, and keeps them at every write of the flag", async () => {
    const { kernelText } = await compiled(DRILL);
    // Made afresh where the play loop starts, after the setup's writes (or a resumed state's load).
    expect(kernelText).toMatch(/let \$held_out = 0;\s*for \(let \$p = 0; \$p < players; \$p\+\+\) if \(v_out\[\$p\]\) \$held_out\+\+;\s*run: for/);
    // Both counts are reads: no pass over the seats tests the flag.
    expect(kernelText).toContain("players - $held_out > 1");
    expect(kernelText).toMatch(/\$held_out < 3/);
    expect(kernelText).not.toMatch(/if \(!?v_out\[l_p\]!?\) \{\s*(if \(\+\+|\$count)/);
    // Set true, set false and set to a computed value: each keeps the count.
    expect(kernelText).toMatch(/v_out\[l_seat\] = true;\s*\$held_out\+\+;/);
    expect(kernelText).toMatch(/v_out\[l_p\] = false;\s*\$held_out--;/);
    expect(kernelText).toMatch(/\$held_out \+= \(v_out\[l_seat\] \? 1 : 0\) - \$was;/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled(DRILL);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 31, playerCounts: [2, 3, 5], gamesPerCount: 60, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["gamble", "leave", "stay"]);
    expect(played.decisions / played.games).toBeGreaterThan(6);
  });

  it("counts by passes where a count is read outside the play loop (the score), and still replays", async () => {
    const rules = DRILL.replace("score p: gold[p]", "score p: gold[p] + count(q in players where out[q])");
    const { kernelText, game } = await compiled(rules);
    expect(kernelText).not.toContain("$held_out");
    expectKernelReplays(runtime, game, { seed: 37, playerCounts: [3, 4], gamesPerCount: 30 });
  });
});
