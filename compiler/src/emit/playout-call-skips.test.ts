// Passes over the seats for an aggregate or a loop (playout-call-skips.ts) whose filter starts with
// `q != p` and `not X[q]` (X a per-player flag), written out or through calls of the rules'
// functions, walk only the bits of the seats those tests let through, the flag kept as a seat mask.
// The drill asks `any`, `count` and a loop's `where` so, through one call and two, and once with no
// flag (`q != p` alone: a plain loop). A pass that left out a seat the filter lets through, or kept
// one it does not, would pay other gold, or in another order, than the state machine.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Skip Drill" {
  players 2..5
}
per player var gold: int public = 4
per player var passed: bool public = false
per player var asleep: bool public = false
var bank: int hidden = 500 "the bank"

// (gold[q] > 1: with > 0 every test of open_to is a set of seats, and any() of it no pass at all,
// playout-seat-sets.ts.)
function open_to(p: player, q: player): bool = q != p and not passed[q] and gold[q] > 1
function near(p: player, q: player): bool = open_to(p, q) and not asleep[q] and gold[q] < 9

flow {
  let rounds = 0
  while rounds < 8 {
    rounds += 1
    for p in players {
      for q in players {
        passed[q] = false
      }
      let done = false
      while not done {
        ask p {
          take(target in players)
            require target != p else "not yourself"
            require gold[target] > 0 else "nothing to take"
          {
            transfer 1 from gold[target] to gold[p]
            passed[target] = true
            asleep[target] = gold[target] < 2
          }
          rest {
            transfer 1 from bank to gold[p]
            done = true
          }
        }
        // Through one call, then two.
        if not any(q in players: open_to(p, q)) {
          done = true
        }
        if any(q in players: near(p, q)) and count(q in players where q != p and not passed[q] and gold[q] > 2) > 1 {
          transfer 1 from bank to gold[p]
        }
      }
      // A loop's where: the seats paid in turn, lowest first, each payment changing the next test.
      for q in players where not asleep[q] and gold[q] > 3 {
        if gold[p] > 0 {
          transfer 1 from gold[p] to gold[q]
        }
      }
      // No flag among the leading tests: a plain loop.
      if any(q in players: q != p and gold[q] > 6) {
        transfer 1 from bank to gold[p]
      }
      if rounds % 3 == 0 {
        for q in players {
          asleep[q] = false
        }
      }
    }
  }
}

score p: gold[p]
`;

describe("the playout kernel's seat passes by masks through calls", () => {
  it("walks only the seats the leading tests of a filter let through, through calls, with a flag among them", async () => {
    const { kernelText } = await loadRulesKernel("skip-drill", DRILL, runtime);
    const walks = [...kernelText.matchAll(/let l_q\w*\$left = \(\(1 << players\) - 1\) & ~(\([^;]*\)|\$mask_\w+);/g)].map((m) => m[1]);
    // any(open_to), any(near) (through two calls: open_to's tests; near's own flag, after the
    // call, is not read) and the count written out: three passes; the loop's where: one.
    expect(walks.filter((w) => w === "((1 << l_p) | $mask_passed)")).toHaveLength(3);
    expect(walks.filter((w) => w === "$mask_asleep")).toHaveLength(1);
    expect(walks).toHaveLength(4);
    // `q != p` alone: every seat, tested.
    expect(kernelText).toMatch(/for \(let (l_q\w*) = 0; \1 < players; \1\+\+\) \{\s*if \(\(?\1 !== l_p && v_gold\[\1\]! > 6\)?\)/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("skip-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 59, playerCounts: [2, 3, 5], gamesPerCount: 40, preferences: [false, true], onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["rest", "take"]);
    expect(played.decisions / played.games).toBeGreaterThan(20);
  });
});
