// An option's parameter read after a decision in the option's body is kept in the state by apply.
// Its requirements must still read the move's value when a move is checked (before anything is
// stored): otherwise they read whatever the state held from an earlier move, and a move the rules
// forbid passes (found in Foreclosed!, where an offer's target is asked to accept or protect).
import { beforeAll, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/index.js";
import type { BaseState, Game } from "../../../runtime/src/index.js";
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
