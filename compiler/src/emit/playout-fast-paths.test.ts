// Three short cuts of the kernel writer, on a drill game that has each, and the same games as the
// state machine, move for move: a move of a card drawn from a zone looks first where it was drawn
// (playout-position-hints.ts), in a turn and in an `ask each`; a loop `by` a key inserts each seat
// into place as it lists them, comparing keys descending without negating them, the keys in an array
// of numbers; the lowest or highest card is found comparing the first card's key with the others';
// the card at a position (`nth`) is taken from there; a zone the rules
// never read (playout-write-only.ts) keeps no cards, while one the score reads keeps them.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Offer Drill" {
  players 2..4
}
card Lot {
  value: int
  cards for v in 1..5, copy in 1..8 { value: v }
}
per player var money: int public = 0
zone deck: Lot stack hidden = all Lot
zone box: Lot pile hidden
zone discard: Lot pile public
zone graveyard: Lot pile public
zone pool: Lot row public
per player zone hand: Lot pile owner
per player zone offer: Lot slot owner

setup {
  shuffle deck
  deal 2 from deck to box
  for p in players {
    deal 3 from deck to hand[p]
  }
}

flow {
  let turn: player = 0
  // Every seat sells each round: the seat whose turn it is still holds a card to lose first.
  while count(deck) >= 2 * player_count and count(hand[turn]) > 0 {
    for p in players {
      deal 1 from deck to hand[p]
    }
    deal 1 from deck to pool
    ask turn {
      discard(c in hand[turn]) {
        move c to discard
      }
      bury(c in hand[turn]) {
        move c to graveyard
      }
      trim {
        move lowest(d in hand[turn]: d.value) to discard
      }
      pick(position in 1..count(hand[turn])) {
        move nth(hand[turn], position) to discard
      }
    }
    ask each p in players where count(hand[p]) > 0 {
      sell(card in hand[p]) {
        move card to offer[p]
      }
    }
    // Values repeat: ties keep seat order.
    let rank = 0
    for p in players by top(offer[p]).value descending {
      money[p] += rank * 10 + top(offer[p]).value
      rank += 1
    }
    for p in players by top(offer[p]).value {
      money[p] += rank
      rank += 1
    }
    for p in players {
      move all offer[p] to discard
    }
    move highest(d in pool: d.value) to graveyard
    turn = next(turn)
  }
}

score p: money[p] + count(graveyard)
`;

describe("the kernel's short cuts", () => {
  it("looks where a card was drawn, sorts by insertion, keeps no card nobody reads, and plays the state machine's games", async () => {
    const result = await compileOnce("offers", [{ path: "offers.rules", text: DRILL }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    const kernel = result.files.find((f) => f.path === "playout.ts")!.text;
    // The turn's moves and the `ask each`'s look at the drawn position first: the digit drawn, or
    // the position kept beside the choice until every seat has chosen.
    const looks = kernel.match(/let \$at = (\$digit\d+|\$list\d+\[\$a\d+ \* 1 \+ 0\]!);\n\s*if \(!\(\$at >= 0 && \$at < N\[/g) ?? [];
    expect(looks).toHaveLength(3);
    expect(looks.filter((l) => l.includes("$digit"))).toHaveLength(2);
    // Each seat goes into place as it is listed: no pass over the list after it, no key negated.
    expect(kernel).not.toMatch(/for \(let \$k = 0; \$k < \$n\d+; \$k\+\+\)/);
    expect(kernel).not.toMatch(/const \$key = -/);
    expect(kernel.match(/\$keys\d+\[\$at - 1\]! < \$key/g)).toHaveLength(1);
    expect(kernel.match(/\$keys\d+\[\$at - 1\]! > \$key/g)).toHaveLength(1);
    // The keys in arrays of numbers (V8 keeps whole numbers there as integers), not Float64Arrays,
    // made packed (playout-arrays.ts).
    expect((kernel.match(/const K_\$keys\d+ = Array\.from\(\{ length: \w+ \}, \(\): number => 0\);/g) ?? []).length).toBeGreaterThanOrEqual(2);
    expect(kernel).not.toMatch(/\$keys\d+ = new Float64Array/);
    // The lowest and the highest card: the first card's key is the one to beat, the loop tests the others.
    expect(kernel.match(/for \(let \$i = 1; \$i < \$n; \$i\+\+\) \{/g)).toHaveLength(2);
    expect(kernel).not.toContain("$i === 0 ||");
    // The card at a position is taken from there (checked as nthCardOf checks it), not looked up and searched for.
    expect(kernel).not.toContain("nthCardOf(");
    expect(kernel).toMatch(/\$position > N\[\$seg\d+\]!\)\s*throw new GameFault\(\s*"fault\/no-such-position"/);
    // Nothing is put into the box or the discard pile; the graveyard, which the score counts, keeps its cards.
    // (A resumed game still loads them: only the puts go.)
    expect(kernel).not.toMatch(/C\[Z_(box|discard) \* CAP \+ N\[/);
    expect(kernel).not.toMatch(/N\[Z_(box|discard)\]!\+\+/);
    expect(kernel).not.toContain("const $to = Z_discard;");
    expect(kernel).toContain("C[Z_graveyard * CAP + N[Z_graveyard]!] = $card;");

    const game = await loadRulesGame("offers", DRILL, runtime);
    const typesSeen = new Set<string>();
    let tied = 0;
    let round: number[] = [];
    expectKernelReplays(runtime, game, {
      seed: 17,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      onMove: (_seat, move, players) => {
        typesSeen.add(move.type);
        if (move.type !== "sell") return;
        // Card ids go value by value, eight copies each (as `cards for v in 1..5, copy in 1..8` lists them).
        round.push(Math.floor((move.card as number) / 8) + 1);
        if (round.length === players) {
          if (new Set(round).size < players) tied++;
          round = [];
        }
      },
      afterGame: () => (round = []),
    });
    expect([...typesSeen].sort()).toEqual(["bury", "discard", "pick", "sell", "trim"]);
    // Ties in the sort were met (their order is the seats').
    expect(tied).toBeGreaterThan(20);
  });
});
