// `for c in Z [where …] { move c to Y }` is one stable pass over Z taking the kept cards out, then
// each put into Y in Z's order (playout-partition-moves.ts), not a search and a shift per card. The
// drill sorts its zones that way every round: from a pile, from a stack (stored top-last, its list met
// from the end) and with a `where` that reads the destination (the kept cards are fixed before the
// first move). Its choices list the bag's cards in order and its deals take the deck's top, and its
// scores read running counts of the zones moved from and into, so a card out of place or a count
// not kept would part the replay from the state machine's games.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Sorted Out" {
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
zone deck: Chip stack public
zone box: Chip pile public
per player zone hand: Chip pile public

function reds(p: player): int = count(c in hand[p] where c.suit == Suit.red)

setup {
  shuffle bag
  for c in bag where c.value > 4 {
    move c to deck
  }
}

flow {
  let rounds = 0
  while rounds < 6 {
    for p in players {
      ask p {
        draw(c in bag)
          require c.value <= gold[p] + 2 else "too dear"
        {
          move c to hand[p]
        }
        pass {
          gold[p] += 1
        }
      }
    }
    for c in bag where c.value > 3 {
      move c to deck
    }
    for c in deck where c.suit == Suit.blue and count(box) < 3 {
      move c to box
    }
    for c in box where c.value == rounds + 1 or count(c2 in box where c2.suit == Suit.blue) > 4 {
      move c to bag
    }
    for p in players {
      if count(deck) > 0 {
        move top(deck) to hand[p]
      }
    }
    rounds += 1
  }
}

score p: gold[p] + count(hand[p]) + 2 * reds(p) + count(c in box where c.suit == Suit.blue)
`;

describe("a loop that moves each kept card of a zone out of it", () => {
  it("takes the kept cards out in one pass and replays the state machine's games", async () => {
    const result = await compileOnce("sorted-out", [{ path: "sorted-out.rules", text: DRILL }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
    // Four partitions: the setup's and the round's three, one of them over the stack from its end.
    expect(kernelText.match(/C\[Z_\w+ \* CAP \+ \$w\+\+\] = \$c;/g)?.length).toBe(4);
    expect(kernelText).toMatch(/let \$j = \$n\d+ - 1;/);
    // No search for a card of the sorted zones is left (the only moves out of them are the loops').
    expect(kernelText).not.toContain("the card is not in deck");
    expect(kernelText).not.toContain("the card is not in box");
    const game = await loadRulesGame("sorted-out", DRILL, runtime);
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, {
      seed: 11,
      playerCounts: [2, 3, 4],
      gamesPerCount: 30,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["draw", "pass"]);
  });
});
