// `meta.moveLabels`: the labels that say a move from its parameters alone (or the start of a label
// that they say), by move type, for a seat that sees another seat's move but not the option it was
// chosen from (the table's story).
import { expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { describeMove } from "../../../runtime/src/present/index.js";
import { loadRulesGame } from "../testing/load-game.js";

const RULES = `
game "Label Drill" {
  players 2..2
}
card Chip {
  value: int
  cards for v in 1..6 { value: v }
}
zone pool: Chip pile public = all Chip
per player zone hand: Chip row owner "hand"
per player var coins: int public = 5 "coins"
var price: int public = 2 "price"
var turn: player public = 0

setup {
  for p in players {
    deal 3 from pool to hand[p]
  }
}

flow {
  while count(hand[turn]) > 0 {
    ask turn {
      play(c in hand[turn]) "play {c} worth {c.value}" {
        move c to pool
      }
      buy "buy a chip for {price}" {
        coins[turn] -= price
        move top(pool) to hand[turn]
      }
      pass "pass" {
      }
      offer(amount in 1..3) "offer {amount} for {top(pool)}" {
        coins[turn] -= amount
      }
      request_coins "request {price} coins from {next(turn)}" {
        coins[turn] += price
      }
      decline "leave {top(pool)} where it is" {
      }
    }
    ask turn {
      pass "pass again" {
      }
      bet(amount in 0..coins[turn]) {
        coins[turn] -= amount
      }
    }
    turn = next(turn)
  }
}

score p: coins[p]
`;

test("a label of words and the move's own parameters is kept by its type; one showing the state by its start; one that differs between decisions, or none, is not", async () => {
  const game = await loadRulesGame("label-drill", RULES, runtime);
  expect(game.meta.moveLabels).toEqual({
    play: ["play ", { parameter: "c" }, " worth ", { parameter: "c", field: "value" }],
    // Cut before the price, without the "for" that would hang.
    buy: ["buy a chip"],
    offer: ["offer ", { parameter: "amount" }],
    // "request" alone says less than the name, whose first word the label opens with.
    request_coins: ["request coins"],
    // "leave" alone, and not the name's verb: "decline" is said by its name, as before.
  });
  // As the table tells seat 1's moves to seat 0, from the move and these alone.
  const told = (move: { type: string; amount?: number }) =>
    describeMove(game, move, 0, { type: move.type, parameters: {}, label: game.meta.moveLabels![move.type] }, 1);
  expect([told({ type: "buy" }), told({ type: "offer", amount: 2 }), told({ type: "request_coins" })]).toEqual([
    "seat 1 buys a chip",
    "seat 1 offers 2",
    "seat 1 requests coins",
  ]);
  expect(describeMove(game, { type: "decline" }, 0, undefined, 1)).toBe("seat 1 declines");
});
