// An option offered while some card of a zone meets its parameter's own requirements is searched up
// to the first such card; once drawn, its list starts with that card and resumes after it
// (playout-resumed-lists.ts) instead of walking the zone again from its start. The drill's options
// each search a zone of their own (so no pass is shared): a hand (a pile) whose requirements fail
// on some cards before the first that meets them, and a stack (read from its top, the end of its
// storage), with and without preferences. Each card's position in the list is what the draw picks
// by, so a list that missed its first card, held it twice or skipped a card after it would part
// the kernel's games from the state machine's.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileGame } from "../index.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Picky Hands" {
  players 2..4
}
enum Suit { red, blue, green }
card Chip {
  suit: Suit
  value: int
  cards for s in [Suit.red, Suit.blue, Suit.green], v in 1..6 { suit: s, value: v }
}
per player var gold: int public = 0
zone bag: Chip pile public = all Chip
zone pile: Chip stack public
zone box: Chip pile public
per player zone hand: Chip pile public

setup {
  shuffle bag
  for p in players {
    deal 3 from bag to hand[p]
  }
  deal 5 from bag to pile
}

flow {
  let rounds = 0
  while rounds < 8 {
    for p in players {
      ask p {
        spend(c in hand[p]) prefer gold[p] + 1
          require c.value > 2 else "too small"
          require c.suit != Suit.green or gold[p] > 3 else "green is dear"
        {
          move c to box
          gold[p] += c.value - 2
        }
        take(c in pile) prefer 2
          require c.value <= gold[p] + 1 else "too dear"
          require c.suit != Suit.blue or count(hand[p]) < 4 else "a full hand takes no blue"
        {
          move c to hand[p]
          gold[p] -= 1
        }
        pass {
          gold[p] += 1
          if count(bag) > 0 {
            deal 1 from bag to hand[p]
          }
          if count(bag) > 0 and count(pile) < 6 {
            deal 1 from bag to pile
          }
        }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + 2 * count(c in hand[p] where c.suit == Suit.red) + count(hand[p])
`;

describe("an option's list resumed where the search that offered it stopped", () => {
  it("starts the list at the card found and replays the state machine's games", async () => {
    const result = await compileGame("picky-hands", [{ path: "picky-hands.rules", text: DRILL }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
    // Both options, in the uniform draw and in the preferred one: the search keeps its position,
    // the fill puts that card first and walks on from the next.
    expect(kernelText.match(/\$resume\d+ = \$resume\d+\$i;/g)?.length).toBe(4);
    expect(kernelText.match(/\[0\] = C\[.*\$resume\d+\]!;/g)?.length).toBe(4);
    expect(kernelText.match(/for \(let (\$resume\d+)\$i = \1 \+ 1;/g)?.length).toBe(4);
    // The stack's cards are read from its top, at the end of its storage.
    expect(kernelText).toMatch(/N\[\$seg\d+\]! - 1 - \$resume\d+\]!;/);
    const game = await loadRulesGame("picky-hands", DRILL, runtime);
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, {
      seed: 23,
      playerCounts: [2, 3, 4],
      gamesPerCount: 30,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["pass", "spend", "take"]);
  });
});
