// The lists a kernel keeps of a parameter's values (the values meeting an option's requirements, a
// domain kept by `where`) are Int32Arrays where the domain bounds them: a zone's cards (no more
// than CAP, the cards of the largest kind) and the seats (no more than the most players). The
// drill's hand can come to hold every bead, so a list sized below CAP would lose values and the
// replay would part from the state machine; a list of whole numbers from a range stays a plain one.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Typed Lists" {
  players 2..4
}
card Bead {
  value: int
  cards for v in 1..6 { value: v }
  cards for v in 1..6 { value: v }
}
per player var gold: int public = 3
zone pool: Bead pile public = all Bead
per player zone hand: Bead pile public
zone spent: Bead pile public

flow {
  shuffle pool
  let rounds = 0
  while rounds < 15 {
    for p in players {
      ask p {
        take(b in pool)
          require b.value <= gold[p] + 3 else "too dear to take"
        {
          move b to hand[p]
        }
        sell(b in hand[p])
          require b.value > 2 else "worth too little"
        {
          gold[p] += b.value
          move b to spent
        }
        trade(b in hand[p] where b.value % 2 == 0, r in players where r != p and gold[r] < 20)
          require gold[r] > 0 else "they have no gold"
        {
          gold[r] -= 1
          gold[p] += 1
          move b to hand[r]
        }
        rest {
          gold[p] += 1
        }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + count(hand[p])
`;

describe("the lists a kernel keeps of a parameter's values", () => {
  it("are Int32Arrays sized by the zone's cards or the seats, and replay the state machine's games", async () => {
    const result = await compileOnce("typed-lists", [{ path: "typed-lists.rules", text: DRILL }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
    expect(kernelText).toContain("const CAP = 12;");
    const lists = [...kernelText.matchAll(/(?:var|const) K_(\$values\d+) = (.*);/g)].map((m) => ({ name: m[1]!, init: m[2]! }));
    const written = (list: string): boolean => new RegExp(`\\${list}\\[\\S+\\+\\+\\] = `).test(kernelText);
    // Kept lists of beads (take, sell, trade's beads) and of seats (trade's buyers): none a JS array.
    const cards = lists.filter((l) => l.init === "new Int32Array(new ArrayBuffer(4 * CAP))" && written(l.name));
    const seats = lists.filter((l) => l.init === "new Int32Array(new ArrayBuffer(16))" && written(l.name));
    expect(cards.length).toBeGreaterThanOrEqual(3);
    expect(seats.length).toBeGreaterThanOrEqual(1);
    expect(lists.filter((l) => l.init === "[] as number[]")).toEqual([]);
    const game = await loadRulesGame("typed-lists", DRILL, runtime);
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, {
      seed: 7,
      playerCounts: [2, 3, 4],
      gamesPerCount: 30,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(expect.arrayContaining(["rest", "sell", "take", "trade"]));
  });
});
