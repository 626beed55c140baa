// Lists of cards (`select`, `first(C, n)`, `move all` of a list) and a negotiation, compiled and played:
// what the cards do, what a menu lists, and what the events tell.
import { beforeAll, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { BaseState, Game } from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const rules = `
game "Lists" {
  players 2..2
}
card Chip {
  value: int
  cards for v in 1..6 { value: v }
}
zone pool: Chip row public = all Chip
per player zone kept: Chip pile public
per player var money: int public = 10
conserve cash: money
flow {
  // "take the two lowest even chips"
  move all first(select(c in pool where c.value % 2 == 0), 2) to kept[0]
  ask 1 {
    pick(c in select(x in pool where x.value > 3)) { move c to kept[1] }
  }
  negotiate 0 with 1 counters 1 {
    buy(chip in kept[1], price in 0..money[0]) { move chip to kept[0]  transfer price from money[0] to money[1] }
  }
  // "all of them when there are fewer"
  move all first(pool, 10) to kept[1]
}
score p: count(kept[p])
`;

let game: Game;
beforeAll(async () => {
  game = await loadRulesGame("lists", rules, runtime);
}, 60_000); // compiling and type-checking a game takes seconds on a busy machine

let told: runtime.GameEvent[] = [];
function started(): BaseState {
  const state = game.setup({ players: 2, seed: 1 });
  told = runtime.recordEvents(state, () => game.advance(state));
  return state;
}

test("move all of a list moves those cards, in the list's order, each told as a move", () => {
  const state = started();
  // The pool is not shuffled: chips 1..6 are ids 0..5; the even ones are 2, 4, 6, the first two 2 and 4.
  expect(state.zones["kept"]).toEqual([[1, 3], []]);
  expect(state.zones["pool"]).toEqual([0, 2, 4, 5]);
  expect(told.filter((e) => e.kind === "move")).toEqual([
    expect.objectContaining({ cards: [1], from: { zone: "pool", seat: null }, to: { zone: "kept", seat: 0 } }),
    expect.objectContaining({ cards: [3], from: { zone: "pool", seat: null }, to: { zone: "kept", seat: 0 } }),
  ]);
});

test("a list of one zone's cards is a card domain of that zone", () => {
  const state = started();
  const pick = game.legalMoves(state, 1).find((o) => o.type === "pick");
  // Chips 5 and 6 (ids 4 and 5) are above 3 and still in the pool.
  expect(pick?.parameters["c"]).toEqual({ kind: "card", zone: "pool", cards: [4, 5] });
  expect(game.check(state, 1, { type: "pick", c: 0 })?.code).toBe("move/out-of-domain");
});

test("an offer, a counter and its acceptance: the deal runs with the counter's terms", () => {
  const state = started();
  game.apply(state, 1, { type: "pick", c: 5 });
  game.apply(state, 0, { type: "buy", chip: 5, price: 1 });
  // Seat 1 answers: it may accept, refuse or counter.
  expect(game.legalMoves(state, 1).map((o) => o.type).sort()).toEqual(["accept", "buy", "refuse"]);
  game.apply(state, 1, { type: "buy", chip: 5, price: 4 });
  // The one counter allowed is made: seat 0 may only accept or refuse.
  expect(game.legalMoves(state, 0).map((o) => o.type).sort()).toEqual(["accept", "refuse"]);
  game.apply(state, 0, { type: "accept" });
  expect(state.vars["money"]).toEqual([6, 14]);
  // Chip 6 went to seat 0; then the rest of the pool (ids 0, 2, 4: fewer than 10) to seat 1.
  expect(state.zones["kept"]).toEqual([[1, 3, 5], [0, 2, 4]]);
  expect(game.activity(state).kind).toBe("over");
});

test("a refusal ends the negotiation with nothing changed hands", () => {
  const state = started();
  game.apply(state, 1, { type: "pick", c: 4 });
  game.apply(state, 0, { type: "buy", chip: 4, price: 3 });
  game.apply(state, 1, { type: "refuse" });
  expect(state.vars["money"]).toEqual([10, 10]);
  expect(state.zones["kept"]).toEqual([[1, 3], [4, 0, 2, 5]]);
});
