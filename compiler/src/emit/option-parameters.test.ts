// An option's parameter read after a decision in the option's body is kept in the state by apply.
// Its requirements must still read the move's value when a move is checked (before anything is
// stored): otherwise they read whatever the state held from an earlier move, and a move the rules
// forbid passes (found in Foreclosed!, where an offer's target is asked to accept or protect).
import { beforeAll, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { BaseState, Game } from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const rules = `
game "Offers" {
  players 3..3
}
per player var coins: int public = 5
var first: player public = 0
conserve money: coins
flow {
  let active = first
  while true {
    ask active {
      offer(target in players)
        require target != active else "make your offer to another player"
        require coins[target] > 0 else "{target} has nothing"
      {
        ask target {
          accept {
            transfer 1 from coins[target] to coins[active]
          }
        }
        active = next(active)
      }
    }
  }
}
score p: coins[p]
`;

let game: Game;
beforeAll(async () => {
  game = await loadRulesGame("offers", rules, runtime);
});

test("a stored parameter's requirements read the move, not the state", () => {
  const state: BaseState = game.setup({ players: 3, seed: 1 });
  game.advance(state);
  expect(game.check(state, 0, { type: "offer", target: 0 })).toEqual({ code: "move/constraint", reason: "make your offer to another player" });
  game.apply(state, 0, { type: "offer", target: 1 });
  game.apply(state, 1, { type: "accept" });
  // Seat 1 is active now and the state still holds seat 1 as the last target: an offer to itself
  // must be refused, an offer to seat 0 accepted.
  expect(game.check(state, 1, { type: "offer", target: 1 })).toEqual({ code: "move/constraint", reason: "make your offer to another player" });
  expect(game.check(state, 1, { type: "offer", target: 0 })).toBeNull();
});

test("the random policy draws only legal offers", () => {
  for (let seed = 0; seed < 20; seed++) {
    const state: BaseState = game.setup({ players: 3, seed });
    game.advance(state);
    let draws = seed;
    for (let turn = 0; turn < 6; turn++) {
      const seat = (game.activity(state) as { players: number[] }).players[0]!;
      const move = game.randomMove!(state, seat, (n) => draws++ % n)!;
      expect(game.check(state, seat, move)).toBeNull();
      game.apply(state, seat, move);
    }
  }
});

// Two options of one decision may name their parameters alike (`from_hand(card ...)`,
// `from_table(card ...)`); the random policy declares every option's domain side by side, and
// once declared the same name twice, which did not compile (found in Foreclosed!'s discard card).
const sameNames = `
game "Alike" {
  players 2..2
}
card Chip {
  value: int
  cards for v in 1..4 { value: v }
}
zone pool: Chip pile public = all Chip
per player zone hand: Chip pile public
zone table: Chip pile public
setup {
  deal 2 from pool to hand[0]
  deal 2 from pool to table
}
flow {
  ask 0 {
    from_hand(card in hand[0]) {
      move card to pool
    }
    from_table(card in table) {
      move card to hand[0]
    }
  }
}
score p: count(hand[p])
`;

test("two options' parameters may share a name", async () => {
  const alike = await loadRulesGame("alike", sameNames, runtime);
  const counts = { from_hand: 0, from_table: 0 };
  for (let first = 0; first < 4; first++) {
    const state: BaseState = alike.setup({ players: 2, seed: 1 });
    alike.advance(state);
    const move = alike.randomMove!(state, 0, () => first)!;
    expect(alike.check(state, 0, move)).toBeNull();
    counts[move.type as keyof typeof counts]++;
  }
  // Four moves in all, two per option, drawn by index 0 to 3.
  expect(counts).toEqual({ from_hand: 2, from_table: 2 });
});
