// A statement loop over `players_from(x)` with no `where` or `by` (playout-statements.ts forLoop)
// visits the seats counted round the table from x, read once, as they come: no scratch list of the
// seats first. The drill's loop moves its own start (`leader`) and pays seats by the order of the
// visit, so a start read again, or seats in another order, would part from the state machine; a
// loop with a `where` still lists its seats first (its test is made before the body runs).
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Order Drill" {
  players 2..5
}
per player var gold: int public = 3
var leader: player public = 0
var bank: int hidden = 400 "the bank"

function ahead(p: player): bool = p != leader and gold[p] >= gold[leader]

flow {
  let rounds = 0
  while rounds < 8 {
    rounds += 1
    // Each seat from the leader pays the next one if it can, and the lead moves on as they go.
    for p in players_from(leader) {
      if gold[p] > 1 {
        transfer 1 from gold[p] to gold[next(p)]
      }
      if roll(3) == 1 {
        leader = next(leader)
      }
    }
    // Listed before any is paid: the test sees the purses as they were.
    for p in players_from(leader) where gold[p] < 3 {
      transfer 2 from bank to gold[p]
    }
    for p in players {
      ask p {
        take "take a coin" {
          transfer 1 from bank to gold[p]
        }
        claim "take the lead"
          require ahead(p) else "not as rich as the leader"
        {
          leader = p
        }
      }
    }
  }
}

score p: gold[p]
`;

describe("the playout kernel's loops over the seats in turn order", () => {
  it("visits players_from(x) counted round the table, without listing the seats first", async () => {
    const { kernelText } = await loadRulesKernel("order-drill", DRILL, runtime);
    // The plain loop: the start read once, each seat worked out and visited at once.
    expect(kernelText).toMatch(
      /const (\$start\d+) = v_leader;\s*for \(let (\$k\d+) = 0; \2 < players; \2\+\+\) \{\s*const l_p\w* =\s*\1 \+ \2 < players \? \1 \+ \2 : \1 \+ \2 - players;\s*if \(v_gold\[l_p\w*\]! > 1\)/,
    );
    // The loop with a where: its seats listed first.
    expect(kernelText).toMatch(/if \(v_gold\[l_p\w*\]! < 3\) \$(list|values)\d+\[\$n\d+\+\+\] = l_p\w*;/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("order-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 67, playerCounts: [2, 3, 5], gamesPerCount: 40, preferences: [false, true], onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["claim", "take"]);
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });
});
