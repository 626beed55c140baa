// Options that share a pass over a seat's cards and test the same flag of the card, some wanting it
// and some not, branch once per card on it (playout-test-branches.ts). In the drill `fence` and
// `sow` want `not fenced[c]` (fence after a test of the crop), `unfence` and `raid` want
// `fenced[c]`; then, among `sow`, `harvest` and `burn`, `sown[d]` (`harvest` names its card `d`).
// `appraise` tests `fenced[c]` only after a call, which may not be passed: it keeps its tests in
// order. A branch that put an option under the wrong side, or dropped a test it did not prove,
// would offer other cards than the state machine: the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Test Branch Drill" {
  players 2..4
}
card Plot {
  size: int
  cards for s in 1..5 { size: s }
  cards for s in 1..5 { size: s }
  cards for s in 2..4 { size: s }
}
per player var gold: int public = 4
per Plot var fenced: bool public = false
per Plot var sown: bool public = false
per Plot var crop: int public = 0
zone market: Plot pile public = all Plot
per player zone farm: Plot pile public

// A pass over the market keeps it a call (not written in place), which a branch may not pass.
function prized(c: Plot): bool = c.size > 2 or any(m in market: m.size > c.size + 9)

flow {
  shuffle market
  for p in players {
    deal 2 from market to farm[p]
  }
  let rounds = 0
  while rounds < 8 {
    for p in players {
      window q in players_from(p) where q == p {
        buy prefer 1
          require count(market) > 0 else "the market is empty"
          require gold[q] > 0 else "no gold"
        {
          gold[q] -= 1
          deal 1 from market to farm[q]
        }
        fence(c in farm[q])
          require crop[c] < 3 else "the crop is too high to fence"
          require not fenced[c] else "fenced already"
        {
          fenced[c] = true
        }
        unfence(c in farm[q])
          require fenced[c] else "not fenced"
        {
          fenced[c] = false
        }
        sow(c in farm[q]) prefer 2
          require not fenced[c] and not sown[c] else "fenced or sown"
        {
          sown[c] = true
          crop[c] += 1
        }
        harvest(d in farm[q]) prefer 2
          require sown[d] else "nothing sown"
          require crop[d] > 0 else "nothing grown"
        {
          gold[q] += crop[d]
          crop[d] = 0
          sown[d] = false
        }
        burn(c in farm[q])
          require sown[c] and c.size < 4 else "nothing to burn"
        {
          sown[c] = false
          move c to market
        }
        raid(c in farm[q], r in players where r != q)
          require fenced[c] and crop[c] > 0 else "nothing to raid"
        {
          crop[c] -= 1
          gold[r] += 1
        }
        appraise(c in farm[q])
          require prized(c) else "not prized"
          require fenced[c] else "not fenced"
        {
          gold[q] += 1
          fenced[c] = false
        }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + count(farm[p])
`;

describe("options sharing a pass that test the same flag of the card", () => {
  it("branch once per card on it, each option on the side its test holds", async () => {
    const { kernelText } = await loadRulesKernel("test-branch-drill", DRILL, runtime);
    const passes = [...kernelText.matchAll(/if \(\$gate\d+(?: \|\| \$gate\d+)+\) \{([\s\S]*?)\n\s*\$found\d+ = /g)].map((m) => m[1]!);
    // The uniform draw's pass and the preferred draw's: each written alike.
    expect(passes).toHaveLength(2);
    for (const pass of passes) {
      // fenced, made by four options: unfence and raid on one side, fence and sow on the other,
      // each without it; appraise tests it after a call, in its own block.
      expect(pass).toMatch(/if \(v_fenced\[\$value\d+\]! === 1\) \{\s*found\d+\$test: if \(\$gate\d+\) \{\s*const l_c = \$value\d+;\s*\$values\d+\[[^\n]*\n[\s\S]*\} else \{\s*found\d+\$test: if \(\$gate\d+\) \{\s*const l_c = \$value\d+;\s*if \(!\(v_crop\[l_c\]! < 3\)\) break found\d+\$test;\s*\$values\d+\[/);
      expect(pass.match(/v_fenced\[/g)).toHaveLength(2);
      expect(pass).toMatch(/if \(!fn_prized(\$memo)?\(l_c\)\) break found\d+\$test;\s*if \(v_fenced\[l_c\]! !== 1\) break found\d+\$test;/);
      // sown, among the options the first branch left: harvest (its card named d) and burn want
      // it; sow, under `not fenced`, keeps its own test.
      expect(pass).toMatch(/if \(v_sown\[\$value\d+\]! === 1\) \{\s*found\d+\$test: if \(\$gate\d+\) \{\s*const l_d = \$value\d+;\s*if \(!\(v_crop\[l_d\]! > 0\)\) break found\d+\$test;/);
      expect(pass).toMatch(/if \(!!\(v_sown\[l_c\]! === 1\)\) break found\d+\$test;/);
      expect(pass.match(/v_sown\[/g)).toHaveLength(2);
    }
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("test-branch-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, {
      seed: 91,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(expect.arrayContaining(["appraise", "burn", "buy", "fence", "harvest", "raid", "sow", "unfence"]));
  });
});
