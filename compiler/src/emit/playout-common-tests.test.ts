// Options that share a pass over the seats (playout-shared-search.ts) and open with the same
// requirements about the seat test those once per seat, before their own (playout-common-tests.ts).
// In the drill `swap` and `pay` open alike (`target != p`, `not swapped(p, target)` written in place)
// and then differ; `give` and `beg` open with different tests, so each keeps all of its own. A pass
// that skipped a seat for a test one option does not make, or let a seat through a test every option
// makes, would offer other targets than the state machine: the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Common Tests Drill" {
  players 2..5
}
per player var gold: int public = 3
per player var traded: bool public = false
per player var partner: player public = 0
var bank: int hidden = 500 "the bank"

// (Its gold test, always true, keeps it from being read as a set of seats: playout-seat-sets.ts.)
function swapped(a: player, b: player): bool = (traded[a] and partner[a] == b) or (traded[b] and partner[b] == a and gold[b] >= 0)

flow {
  let rounds = 0
  while rounds < 6 {
    rounds += 1
    for q in players {
      traded[q] = false
    }
    for p in players {
      let turns = 0
      while turns < 3 {
        turns += 1
        ask p {
          swap(target in players)
            require target != p else "not yourself"
            require not swapped(p, target) else "swapped with them already"
            require gold[target] > 0 else "nothing to swap"
          {
            transfer 1 from gold[target] to gold[p]
            traded[p] = true
            partner[p] = target
          }
          pay(target in players)
            require target != p else "not yourself"
            require not swapped(p, target) else "swapped with them already"
            require gold[p] >= gold[target] else "they are richer"
          {
            transfer 1 from gold[p] to gold[target]
            traded[target] = true
            partner[target] = p
          }
          rest {
            transfer 1 from bank to gold[p]
          }
        }
      }
      ask p {
        give(target in players)
          require gold[target] < 4 else "rich enough"
          require target != p else "not yourself"
        {
          transfer 1 from bank to gold[target]
        }
        beg(target in players)
          require target != p else "not yourself"
          require gold[target] > 2 else "too poor"
        {
          transfer 1 from gold[target] to gold[p]
        }
      }
    }
  }
}

score p: gold[p]
`;

describe("the playout kernel's shared passes over the seats", () => {
  it("test the requirements every option opens with once per seat, before the options' own", async () => {
    // A decision's held locals (playout-decide-locals.ts) read as the flow's own.
    const kernelText = (await loadRulesKernel("common-tests-drill", DRILL, runtime)).kernelText.replace(/\$(l_\w+)/g, "$1");
    const passes = [...kernelText.matchAll(/if \(\$gate\d+ \|\| \$gate\d+\) \{([\s\S]*?)\n\s*\$found\d+ = /g)].map((m) => m[1]!);
    expect(passes).toHaveLength(2);
    const swapPay = passes.find((p) => p.includes("v_traded"))!;
    const giveBeg = passes.find((p) => !p.includes("v_traded"))!;
    // swap and pay: `target != p` leaves p out of the walk (playout-seat-masks.ts); the test both
    // make next skips the seat for both, once, before either's block, which keeps its own tests.
    expect(swapPay).toMatch(/const l_target = \$value\d+;\s*if \(!!\(\s*\(v_traded\[l_p\]! === 1 && v_partner\[l_p\]! === l_target\) \|\|\s*\(v_traded\[l_target\]! === 1 && v_partner\[l_target\]! === l_p && v_gold\[l_target\]! >= 0\)\s*\)\)\s*continue;\s*found\d+\$test: if \(\$gate\d+\) \{\s*if \(!\(v_gold\[l_target\]! > 0\)\) break found\d+\$test;/);
    expect(swapPay).toMatch(/found\d+\$test: if \(\$gate\d+\) \{\s*if \(!\(v_gold\[l_p\]! >= v_gold\[l_target\]!\)\) break found\d+\$test;/);
    expect(swapPay.match(/v_traded\[l_p\]!/g)).toHaveLength(1);
    // give and beg open differently: no seat is skipped for both at their first test. The test
    // both make, in different places, is one branch around both blocks (playout-test-branches.ts).
    expect(giveBeg).not.toMatch(/continue;/);
    expect(giveBeg).toMatch(/if \(\$value\d+ !== l_p\) \{\s*found\d+\$test: if \(\$gate\d+\) \{\s*const l_target = \$value\d+;\s*if \(!\(v_gold\[l_target\]! < 4\)\) break/);
    expect(giveBeg).not.toMatch(/l_target !== l_p/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("common-tests-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 83, playerCounts: [2, 3, 5], gamesPerCount: 40, preferences: [false, true], onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["beg", "give", "pay", "rest", "swap"]);
    expect(played.decisions / played.games).toBeGreaterThan(20);
  });
});
