// The setup of every game gives the per-card variables their first values, and places the cards of
// a zone dealt `all <Type>`, by a loop over the range of the type's card ids (playout-card-ranges.ts),
// not over the ALL_<Type> array. The drill has two card types (the second's ids start after the
// first's), per-card variables of each, written during a game: a range off by one would leave a
// card's variable as the last game left it, or a card's place unknown, and the next game would part
// from the state machine's (expectKernelReplays plays many games on one kernel).
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Range Drill" {
  players 2..4
}
card Coin {
  value: int
  cards for v in 1..5 { value: v }
}
card Gem {
  weight: int
  cards for w in 1..6 { weight: w }
}
per Coin var bent: bool public = false
per Gem var polish: int public = 1
zone purse: Coin pile public = all Coin
zone mine: Gem stack hidden = all Gem
per player zone hand: Gem pile public
per player zone coins: Coin pile public

function shine(g: Gem): int = polish[g] + g.weight

flow {
  shuffle mine
  let rounds = 0
  while rounds < 6 and count(mine) > 0 {
    rounds += 1
    for p in players {
      ask p {
        dig "dig a gem"
          require count(mine) > 0 else "the mine is empty"
        {
          deal 1 from mine to hand[p]
        }
        polish(g in hand[p]) "polish {g}" {
          polish[g] += g.weight
          // A card named by a local: its zone looked up (the kernel's $where).
          if polish[g] > 6 {
            let worn = g
            move worn to mine
          }
        }
        earn(c in purse where not bent[c]) "earn {c}" {
          move c to coins[p]
          bent[c] = true
        }
        rest "rest" {
        }
      }
    }
  }
}

score p: sum(g in hand[p]: shine(g)) + sum(c in coins[p] where bent[c]: c.value)
`;

describe("the playout kernel's loops over a card type's ids", () => {
  it("gives per-card variables their first values, and places the dealt cards, by the range of ids", async () => {
    const { kernelText } = await loadRulesKernel("range-drill", DRILL, runtime);
    expect(kernelText).toContain("for (let $c = 0; $c < 5; $c++) v_bent[$c] = 0;");
    expect(kernelText).toContain("for (let $c = 5; $c < 11; $c++) v_polish[$c] = 1;");
    expect(kernelText).toContain("for (let $c = 0; $c < 5; $c++) $where[$c] = Z_purse;");
    expect(kernelText).toContain("for (let $c = 5; $c < 11; $c++) $where[$c] = Z_mine;");
    expect(kernelText).not.toMatch(/for \(const \$c of ALL_/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("range-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 61, playerCounts: [2, 3, 4], gamesPerCount: 40, preferences: [false, true], onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["dig", "earn", "polish", "rest"]);
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });
});
