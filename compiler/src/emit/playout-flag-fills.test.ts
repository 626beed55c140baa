// A loop over every seat that only sets a flag (`for q in players { passed[q] = false }`, a turn's
// flags cleared) is one marker of playout-held-counts.ts: where the flag is kept as a seat mask,
// only the seats whose bit differs are set (a hand-written engine clears its mask instead of
// writing every seat); elsewhere the loop stays. The drill's `passed` is masked (the shared pass
// over the seats tests `not passed[target]` first) and counted (`any(q in players: q != p and not
// passed[q])`), cleared every turn, all set at once every third round, and read by a function the
// memo may keep (the memo's marker follows the fill once); `marked` is counted (the score) but kept
// by no mask.
// A walk over the wrong bits, or a count not following it, offers other seats than the state machine.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Fill Drill" {
  players 2..5
}
per player var gold: int public = 4
per player var passed: bool public = false
per player var marked: bool public = false
var bank: int hidden = 300 "the bank"

function open_to(p: player, q: player): bool = q != p and not passed[q] and gold[q] > 0

flow {
  let rounds = 0
  while rounds < 9 {
    rounds += 1
    for p in players {
      for q in players {
        passed[q] = false
      }
      let done = false
      while not done {
        ask p {
          give(target in players)
            require target != p else "not yourself"
            require not passed[target] else "already passed over"
            require gold[p] >= 1 else "no gold"
          {
            transfer 1 from gold[p] to gold[target]
            passed[target] = true
            marked[target] = gold[target] > 5
          }
          take(target in players)
            require target != p else "not yourself"
            require not passed[target] else "already passed over"
            require open_to(p, target) else "nothing to take"
          {
            transfer 1 from gold[target] to gold[p]
            passed[target] = true
          }
          rest {
            transfer 1 from bank to gold[p]
            done = true
          }
        }
        if not any(q in players: q != p and not passed[q]) {
          done = true
        }
      }
      // Every third round every seat is passed over at once before the next turn's clear, and
      // every other round the marks are cleared (a flag kept by no mask: the loop stays).
      if rounds % 3 == 0 {
        for q in players {
          passed[q] = true
        }
        if not any(q in players: q != p and not passed[q]) {
          transfer 1 from bank to gold[p]
        }
      }
      if rounds % 2 == 0 {
        for q in players {
          marked[q] = false
        }
      }
    }
  }
}

score p: gold[p] + count(q in players where marked[q])
`;

describe("the playout kernel's flag fills", () => {
  it("sets a masked flag at every seat by walking the bits that differ, keeping its count and mask", async () => {
    const { kernelText } = await loadRulesKernel("fill-drill", DRILL, runtime);
    // Cleared: the seats holding the flag, each with its count and bit.
    expect(kernelText).toMatch(
      /for \(let \$flagSeats = \$mask_passed; \$flagSeats !== 0; \$flagSeats &= \$flagSeats - 1\) \{\s*const \$flagSeat = 31 - Math\.clz32\(\$flagSeats & -\$flagSeats\);\s*if \(v_passed\[\$flagSeat\] === 1\) \{\s*v_passed\[\$flagSeat\] = 0;\s*\$held_passed--;\s*\}\s*\$mask_passed &= ~\(1 << \$flagSeat\);\s*\}/,
    );
    // Set: the seats not holding it.
    expect(kernelText).toMatch(/for \(\s*let \$flagSeats = \(\(1 << players\) - 1\) & ~\$mask_passed;\s*\$flagSeats !== 0;\s*\$flagSeats &= \$flagSeats - 1\s*\) \{\s*const \$flagSeat = [^;]+;\s*if \(v_passed\[\$flagSeat\] !== 1\) \{\s*v_passed\[\$flagSeat\] = 1;\s*\$held_passed\+\+;\s*\}\s*\$mask_passed \|= 1 << \$flagSeat;/);
    // No loop over every seat writes the masked flag any more.
    expect(kernelText).not.toMatch(/for \(let (l_q\w*) = 0; \1 < players; \1\+\+\) \{\s*(if \(v_passed\[\1\] [!=]== 1\) \{\s*)?v_passed\[\1\] = [01];/);
    // A flag kept by no mask: still a loop over every seat, its count following.
    expect(kernelText).not.toContain("$mask_marked");
    expect(kernelText).toMatch(/for \(let (l_q\w*) = 0; \1 < players; \1\+\+\) \{\s*if \(v_marked\[\1\] === 1\) \{\s*v_marked\[\1\] = 0;\s*\$held_marked--;\s*\}\s*\}/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("fill-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 53, playerCounts: [2, 3, 5], gamesPerCount: 40, preferences: [false, true], onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["give", "rest", "take"]);
    expect(played.decisions / played.games).toBeGreaterThan(20);
  });
});
