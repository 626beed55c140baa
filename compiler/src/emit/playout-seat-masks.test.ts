// Seat masks (playout-seat-masks.ts, kept by playout-held-counts.ts): options searching the seats in
// one shared pass whose first tests are `target != p` and `not skipped[target]` walk only the bits
// of the seats neither test skips. The drill's flag is set by literals (the offers), cleared for
// every seat each turn, set at a seat worked out (`next(p)`), and written from a value
// (`skipped[q] = gold[q] > 4`), so a mask wrong by a bit would offer other seats, or other moves,
// than the state machine.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Mask Drill" {
  players 2..5
}
per player var gold: int public = 3
per player var skipped: bool public = false
per player var tired: bool public = false
var bank: int hidden = 200 "the bank"

// A seat is offered the others once per turn, and a tired seat to nobody.
function open_to(p: player, q: player): bool = q != p and not skipped[q] and not tired[q]

flow {
  let rounds = 0
  while rounds < 8 {
    rounds += 1
    for p in players {
      for q in players {
        skipped[q] = false
      }
      let done = false
      while not done {
        ask p {
          give(target in players)
            require target != p else "not yourself"
            require not skipped[target] else "already passed over"
            // (A test no mask answers: else give's seats would be a mask, no pass: playout-seat-sets.ts.)
            require gold[target] < 50 else "rich enough"
            require gold[p] >= 1 else "no gold"
          {
            transfer 1 from gold[p] to gold[target]
            skipped[target] = true
          }
          rob(target in players)
            require target != p else "not yourself"
            require not skipped[target] else "already passed over"
            require gold[target] > gold[p] else "not richer"
          {
            transfer 1 from gold[target] to gold[p]
            skipped[target] = true
            tired[p] = gold[p] > 6
          }
          rest {
            transfer 1 from bank to gold[p]
            skipped[next(p)] = true
            done = true
          }
        }
        if not any(q in players: open_to(p, q)) {
          done = true
        }
      }
      // Every other round the flags are set from the purses (a write of a value, not of a literal).
      for q in players {
        skipped[q] = gold[q] > 4
        if rounds % 2 == 0 {
          tired[q] = false
        }
      }
    }
  }
}

score p: gold[p]
`;

describe("the playout kernel's seat masks", () => {
  it("walks only the seats the shared pass's first tests let through, the mask kept by every write", async () => {
    // A decision's held locals (playout-decide-locals.ts) read as the flow's own.
    const kernelText = (await loadRulesKernel("mask-drill", DRILL, runtime)).kernelText.replace(/\$(l_\w+)/g, "$1");
    // The pass over the seats for give and rob: the seat deciding and the skipped seats left out.
    expect(kernelText).toMatch(/let (\$value\d+)\$left = \(\(1 << players\) - 1\) & ~\(\(1 << l_p\) \| \$mask_skipped\);/);
    expect(kernelText).not.toMatch(/if \(!\(l_target !== l_p\)\) break found\d+\$test;/);
    expect(kernelText).not.toMatch(/if \(v_skipped\[l_target\]! === 1\) break found\d+\$test;/);
    // Every write of the flag keeps its bit: set, cleared, written from a value, made afresh.
    expect(kernelText).toContain("$mask_skipped |= 1 << l_target;");
    // (the turn's clear walks the bits set: playout-flag-fills.test.ts)
    expect(kernelText).toContain("$mask_skipped &= ~(1 << $flagSeat);");
    expect(kernelText).toMatch(/\{\s*const \$maskSeat = [^;]+;\s*v_skipped\[\$maskSeat\] = 1;\s*\$mask_skipped \|= 1 << \$maskSeat;\s*\}/);
    expect(kernelText).toContain("$mask_skipped = v_skipped[l_q] === 1 ? $mask_skipped | (1 << l_q) : $mask_skipped & ~(1 << l_q);");
    expect(kernelText).toMatch(/\$mask_skipped = 0;\s+for \(let \$p = 0; \$p < players; \$p\+\+\) if \(v_skipped\[\$p\] === 1\) \$mask_skipped \|= 1 << \$p;/);
    // `any(q in players: open_to(p, q))` reads tired too, through the call: every test of it a
    // mask, it is the masks tested once, with no pass (playout-seat-sets.ts).
    expect(kernelText.replace(/\s+/g, "")).toContain("((((1<<players)-1)&(~(1<<l_p)&~$mask_skipped&~$mask_tired))!==0)");
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("mask-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 47, playerCounts: [2, 3, 5], gamesPerCount: 40, preferences: [false, true], onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["give", "rest", "rob"]);
    expect(played.decisions / played.games).toBeGreaterThan(20);
  });
});
