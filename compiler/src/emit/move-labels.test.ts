// `meta.moveLabels`: the labels that say a move from its parameters alone, by move type, for a seat
// that sees another seat's move but not the option it was chosen from (the table's story).
import { expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
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

test("a label of words and the move's own parameters is kept by its type; one showing the state, one that differs between decisions, or none, is not", async () => {
  const game = await loadRulesGame("label-drill", RULES, runtime);
  expect(game.meta.moveLabels).toEqual({
    play: ["play ", { parameter: "c" }, " worth ", { parameter: "c", field: "value" }],
  });
});
