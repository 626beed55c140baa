// A whole-balance transfer (playout-whole-transfers.ts: `transfer pot[q] from pot[q] to gold[p]`)
// drops the insufficient test, writes the source as 0 and does nothing for a balance of 0. The
// drill's pots are counted (a seat mask of the pots above 0 and the number of them: `grab` and
// `cash` read them), so a skipped update or a wrong 0 would offer other moves than the state
// machine; `stake` and `tip` transfer part of a balance, which must keep its test and its `-=`.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Whole Pots" {
  players 2..4
}
per player var gold: int public = 4
per player var pot: int public = 0
var bank: int public = 0

flow {
  let rounds = 0
  while rounds < 6 {
    for p in players {
      ask p {
        stake(amount in 1..gold[p] else "no gold") {
          transfer amount from gold[p] to pot[p]
        }
        tip
          require pot[p] > 1 else "too little in the pot"
        {
          transfer 1 from pot[p] to bank
        }
        grab(q in players)
          require q != p else "not your own pot"
          require pot[q] > 0 else "an empty pot"
        {
          transfer pot[q] from pot[q] to gold[p]
        }
        cash
          require any(q in players: q != p and pot[q] > 0) else "no pot to cash"
        {
          for q in players where q != p {
            transfer pot[q] from pot[q] to bank
          }
        }
        bank_it {
          transfer pot[p] from pot[p] to gold[p]
        }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + 2 * pot[p]
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("whole-transfers", DRILL, runtime);

describe("a transfer of a whole balance", () => {
  it("skips a balance of 0, writes the source as 0 and drops the insufficient test", async () => {
    const { kernelText } = await compiled();
    const flat = kernelText.replace(/\s+/g, " ");
    // grab, cash and bank_it: each behind the test of its amount, the source written as 0.
    expect(flat.match(/const \$amount = v_pot\[(l_\w+)\]!; if \(\$amount !== 0\) \{ if \(\$amount < 0\) throw [^;]*;.*? v_pot\[\1\] = 0;/g)).toHaveLength(3);
    expect(kernelText).not.toContain("pot[q] has");
    // A part of a balance (stake's gold, tip's pot) keeps its test and its subtraction.
    expect(kernelText).toContain("gold[p] has ${");
    expect(kernelText.match(/pot\[p\] has/g)).toHaveLength(1);
    expect(flat).toMatch(/v_pot\[l_p\] -= \$amount;/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 49,
      playerCounts: [2, 3, 4],
      gamesPerCount: 60,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["bank_it", "cash", "grab", "stake", "tip"]);
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });
});
