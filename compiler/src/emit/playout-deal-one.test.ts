// `deal 1 from Z to W`, the deal the rules write most (Foreclosed!'s round deals each seat its card so,
// and draws an Action Card so): the kernel takes the one card without a loop and without the count's
// own tests, which a literal 1 passes, and faults as the state machine does on an empty zone. The
// drill deals one card a turn from a deck of twelve until the rules stop, or on past its end.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const drill = (turns: number): string => `
game "Deal One Drill" {
  players 2..4
}
card Chip {
  value: int
  cards for v in 1..12 { value: v }
}
zone chips: Chip stack hidden = all Chip
per player zone hand: Chip pile public
var turns: int public = 0

// A function of the rules: the kernel is written as one function per step.
function total(p: player): int = sum(c in hand[p]: c.value)

flow {
  shuffle chips
  while turns < ${turns} {
    turns += 1
    for p in players {
      ask p {
        draw "draw a chip" {
          deal 1 from chips to hand[p]
        }
        pass "pass" { }
      }
    }
  }
}

score p: total(p)
`;

describe("the playout kernel's deal of one card", () => {
  it("takes the card without a loop or the count's tests", async () => {
    const { kernelText } = await loadRulesKernel("deal-one-drill", drill(2), runtime);
    const kernel = kernelText.replace(/\s+/g, " ");
    expect(kernel).toMatch(/if \(N\[Z_chips\]! < 1\) throw new GameFault\("fault\/not-enough-cards", "cannot deal that many cards from chips"\); const \$card = C\[/);
    expect(kernel).not.toContain("$dealt");
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("deal-one-drill", drill(2), runtime);
    let draws = 0;
    const played = expectKernelReplays(runtime, game, { seed: 71, playerCounts: [2, 3, 4], gamesPerCount: 30, onMove: (_seat, move) => void (move.type === "draw" && draws++) });
    expect(played.games).toBe(90);
    expect(draws).toBeGreaterThan(100);
  });

  it("faults on an empty deck with the state machine's fault", async () => {
    // Eight turns of four seats, each drawing or not: the twelve chips run out in most games.
    const { game } = await loadRulesKernel("deal-one-drill", drill(8), runtime);
    const faultOf = (play: () => unknown): string | null => {
      try {
        play();
      } catch (error) {
        if (error instanceof runtime.GameFault) return error.code;
        throw error;
      }
      return null;
    };
    const kernel = game.playout!();
    let faulted = 0;
    for (let seed = 1; seed <= 40; seed++) {
      kernel.policy.set(new runtime.Rng(seed).words());
      const inKernel = faultOf(() => kernel.play(4, seed));
      const inStateMachine = faultOf(() => runtime.playRandomGame(game, { players: 4, seed }, new runtime.Rng(seed)));
      expect(inKernel, `seed ${seed}`).toBe(inStateMachine);
      if (inKernel === "fault/not-enough-cards") faulted++;
    }
    expect(faulted).toBeGreaterThan(10);
  });
});
