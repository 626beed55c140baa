// Where each step of the kernel is a function, a window's decision lists what is on offer once: the
// same listing passes by a seat offered nothing but `done` and draws the move of a seat asked
// (playout-decisions.ts `windowDecision`), no search of its own before it. The drill has two
// windows, one drawn by the constrained sampler (requirements read the parameters) and one by the
// counting sampler, each with preferences; its games must be the state machine's, move for move,
// with uniform draws and with the preferences followed.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Window Listing" {
  players 2..4
}
card Chip {
  value: int
  cards for v in 1..6 { value: v }
  cards for v in 1..6 { value: v }
}
per player var gold: int public = 3
zone pile: Chip pile public = all Chip
per player zone hand: Chip pile public
per player zone spent: Chip pile public

function worth(p: player): int = sum(c in hand[p]: c.value)
function rich(p: player): bool = gold[p] >= 5

flow {
  shuffle pile
  for p in players {
    deal 2 from pile to hand[p]
  }
  let rounds = 0
  while rounds < 8 {
    for p in players {
      ask p {
        draw
          require count(pile) > 0 else "the pile is empty"
        {
          deal 1 from pile to hand[p]
        }
        earn {
          gold[p] += 1
        }
      }
      window q in players_from(p) where q == p or worth(q) > 6 {
        spend(c in hand[q]) prefer 2
          require c.value <= gold[q] else "too dear"
        {
          gold[q] -= c.value
          move c to spent[q]
        }
        gift(r in players) prefer 1
          require r != q and rich(q) else "not rich"
        {
          gold[q] -= 1
          gold[r] += 1
        }
      }
      window q in players_from(p) where worth(q) > 4 {
        cash_in prefer 3
          require gold[q] < 4 else "enough gold"
        {
          gold[q] += 2
        }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + count(spent[p])
`;

describe("a window's decision in a kernel of functions", () => {
  it("lists what is on offer once, to pass a seat by and to draw its move, as the state machine plays", async () => {
    const result = await compileOnce("window-listing", [{ path: "window-listing.rules", text: DRILL }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
    // No search of its own before the decision: each window's decision function passes by.
    expect(kernelText).not.toMatch(/function offers\d+\(/);
    expect(kernelText.match(/function decide\d+\(\$seat\d+: number, \$passBy: boolean\): number/g)).toHaveLength(2);
    const game = await loadRulesGame("window-listing", DRILL, runtime);
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, {
      seed: 25,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(expect.arrayContaining(["cash_in", "draw", "earn", "gift", "spend"]));
    expect([...typesSeen].some((t) => t.endsWith("done"))).toBe(true);
  });
});
