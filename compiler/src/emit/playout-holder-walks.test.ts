// `for p in players { for c in Z[p] where c.F == E.m { … } }` visits only the seats holding such a card,
// read from the mask kept beside the running counts, when the inner loop puts no card into Z
// (playout-holder-walks.ts); where it may (here, a card passed on to the next seat's zone), every seat
// is visited as written, so a seat that comes to hold one during the loop is not missed. The drill's
// seats play gold and lead cards onto their tables at random; each round every table's gold goes to
// the discard, and every table's lead to the next seat's table.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { expectKernelResumesMidGame } from "../../../tests/support/kernel-trace.js";

const DRILL = `
game "Holder Walk Drill" {
  players 2..5
}
enum Metal { gold, lead }
card Coin {
  metal: Metal
  value: int
  cards for v in 1..12 { metal: Metal.gold, value: v }
  cards for v in 1..12 { metal: Metal.lead, value: v }
}
zone bag: Coin stack hidden = all Coin
zone discard: Coin pile public
per player zone hand: Coin pile public
per player zone table: Coin pile public
var rounds: int public = 0

// A function of the rules: the kernel is written as one function per step.
function worth(p: player): int = sum(c in table[p]: c.value) + count(hand[p])

flow {
  shuffle bag
  for p in players {
    deal 4 from bag to hand[p]
  }
  while rounds < 6 {
    rounds += 1
    for p in players {
      ask p {
        play(c in hand[p]) "play {c}" {
          move c to table[p]
        }
        keep "keep" { }
      }
    }
    for p in players {
      for c in table[p] where c.metal == Metal.gold {
        move c to discard
      }
    }
    for p in players {
      for c in table[p] where c.metal == Metal.lead and c.value > rounds {
        move c to table[next(p)]
      }
    }
  }
}

score p: worth(p)
`;

describe("the playout kernel's loop over the seats holding a card of one printed value", () => {
  it("walks the seats holding one where the inner loop puts none back, every seat where it may", async () => {
    const { kernelText } = await loadRulesKernel("holder-walk-drill", DRILL, runtime);
    const kernel = kernelText.replace(/\s+/g, " ");
    expect(kernel).toMatch(/for \( let l_p\$left = \(\(1 << players\) - 1\) & \$holding_count_table_metal\[0\]!; l_p\$left !== 0; l_p\$left &= l_p\$left - 1 \) \{ const l_p = 31 - Math\.clz32\(l_p\$left & -l_p\$left\);/);
    // The lead moves on to the next seat's table: that loop visits every seat.
    expect(kernel).not.toMatch(/\$holding_count_table_metal\[1\]/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("holder-walk-drill", DRILL, runtime);
    let plays = 0;
    const played = expectKernelReplays(runtime, game, { seed: 81, playerCounts: [2, 3, 5], gamesPerCount: 40, onMove: (_seat, move) => void (move.type === "play" && plays++) });
    expect(played.games).toBe(120);
    expect(plays).toBeGreaterThan(500);
  });

  it("plays on from states taken mid-game as the state machine does", async () => {
    const { game } = await loadRulesKernel("holder-walk-drill", DRILL, runtime);
    const resumed = expectKernelResumesMidGame(runtime, game, { seed: 81, playerCounts: [2, 5], gamesPerCount: 20, moves: 25 });
    expect(resumed).toBeGreaterThan(20);
  });
});
