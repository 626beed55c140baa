// A game with bots: the kernel reads a match's number of seats from the number of people (the bots
// that join that many, known to the writer) instead of building the runtime's seat plan every game
// (playout-bot-seats.ts). The drill's bots join different counts (two people get one, three get
// both, four none), every loop over the seats deals to each, the bots are played by the rules and
// scored: a seat count off by one at any count would part the kernel's games from the state
// machine's.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Extra Chairs" {
  players 2..4
  bot dealer "the Dealer" for 2, 3
  bot ghost "the Ghost" for 3
}
card Chip {
  value: int
  cards for v in 1..30 { value: v }
}
per player var gold: int public = 0
zone deck: Chip stack hidden = all Chip
per player zone hand: Chip pile public

setup {
  shuffle deck
  for p in players {
    deal 1 from deck to hand[p]
  }
}

flow {
  let rounds = 0
  while rounds < 4 {
    for p in players {
      if bot(p) {
        if count(deck) > 0 {
          deal 1 from deck to hand[p]
        }
        gold[p] += player_count
      } else {
        ask p {
          take(c in hand[p]) {
            gold[p] += c.value
            move c to deck
          }
          pass {
            gold[p] += 1
          }
        }
      }
    }
    shuffle deck
    rounds += 1
  }
}

score p: gold[p] + count(hand[p])
`;

describe("the seats of a game with bots", () => {
  it("counts them from the number of people and replays the state machine's games", async () => {
    const result = await compileOnce("extra-chairs", [{ path: "extra-chairs.rules", text: DRILL }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
    // Two people get one bot, three both, four none; no seat plan is built.
    expect(kernelText).toContain("players = humans + (humans === 2 ? 1 : humans === 3 ? 2 : 0);");
    expect(kernelText).not.toContain("seatCount(");
    const game = await loadRulesGame("extra-chairs", DRILL, runtime);
    const seatCounts = new Set<number>();
    expectKernelReplays(runtime, game, {
      seed: 5,
      playerCounts: [2, 3, 4],
      gamesPerCount: 20,
      preferences: [false, true],
      afterGame: (_context, kernel) => seatCounts.add(kernel.scores().length),
    });
    expect([...seatCounts].sort()).toEqual([3, 4, 5]);
  });
});
