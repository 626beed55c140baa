// Per-card variables (`per Plot var colour: Colour public = Colour.none`): one value per card, kept
// with the card wherever it goes, and shown to a seat exactly where the seat can tell which card it
// is (a zone it sees, or a card it was shown): a value keyed by the id of a card in a hidden hand
// would tell everyone which card lies there.
import { beforeAll, describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { BaseState, Game } from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const rules = `
game "Plots" {
  players 2..2
}
enum Colour { none, red, blue }
card Plot {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Plot stack hidden = all Plot
zone board: Plot row public
per player zone hand: Plot pile owner
per Plot var colour: Colour public = Colour.none
per Plot var houses: int public = 0
per Plot var mark: player hidden = 1
setup {
  deal 1 from deck to hand[0]
}
flow {
  ask 0 {
    paint(c in hand[0], k in Colour) { colour[c] = k  houses[c] += 2  mark[c] = 0 }
  }
  ask 0 {
    lay(c in hand[0]) { move c to board }
    keep { }
    put_back(back in hand[0]) { move back to deck }
  }
  ask 0 {
    peek { reveal top(deck) to 1 }
    done { }
  }
  ask 0 { finish { } }
}
score p: sum(c in board: houses[c]) + count(c in board where mark[c] == p)
`;

type PlotsView = { vars: Record<string, unknown> };

let game: Game;
beforeAll(async () => {
  game = await loadRulesGame("plots", rules, runtime);
}, 60_000); // compiling and type-checking a game takes seconds on a busy machine

/** The deck is not shuffled: card 0 (the top) is dealt to seat 0, who paints it red, then `then`. */
function after(...then: string[]): BaseState {
  const state = game.setup({ players: 2, seed: 1 });
  game.advance(state);
  game.apply(state, 0, { type: "paint", c: 0, k: "red" });
  for (const type of then) {
    game.apply(state, 0, type === "lay" ? { type, c: 0 } : type === "put_back" ? { type, back: 0 } : { type });
  }
  return state;
}

const varsOf = (state: BaseState, seat: number | null): Record<string, unknown> => (game.view(state, seat) as PlotsView).vars;

describe("per-card variables", () => {
  test("start with their initial value for every card of the type, keyed by card id", () => {
    const state = game.setup({ players: 2, seed: 1 });
    expect(state.vars["colour"]).toEqual({ 0: "none", 1: "none", 2: "none", 3: "none", 4: "none", 5: "none" });
    expect(state.vars["mark"]).toEqual({ 0: 1, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 });
    expect(game.meta.vars.find((v) => v.name === "colour")).toEqual({ name: "colour", label: "colour", perPlayer: false, perCard: "Plot", initial: "none", type: "Colour", visibility: "public" });
  });

  test("a card in a hidden hand: its owner sees its values, the other seat and a spectator see none", () => {
    const state = after("keep");
    expect(varsOf(state, 0)).toEqual({ colour: { 0: "red" }, houses: { 0: 2 } });
    // Seat 1 sees no card at all: its own hand is empty, the deck and seat 0's hand are hidden.
    expect(varsOf(state, 1)).toEqual({ colour: {}, houses: {} });
    expect(varsOf(state, null)).toEqual({ colour: {}, houses: {} });
  });

  test("a card laid on the public board shows its values to everyone, and keeps them", () => {
    const state = after("lay");
    for (const seat of [0, 1, null]) expect(varsOf(state, seat)).toEqual({ colour: { 0: "red" }, houses: { 0: 2 } });
    game.apply(state, 0, { type: "done" });
    game.apply(state, 0, { type: "finish" });
    // 2 houses on the board's one card; it was marked for seat 0: 2 + 1, seat 1: 2 + 0.
    expect(game.scores(state)).toEqual([[3], [2]]);
  });

  test("a card put back in the hidden deck keeps its values, which no seat sees any more", () => {
    const state = after("put_back");
    expect((state.vars["colour"] as Record<number, string>)[0]).toBe("red");
    expect((state.vars["houses"] as Record<number, number>)[0]).toBe(2);
    for (const seat of [0, 1, null]) expect(varsOf(state, seat)).toEqual({ colour: {}, houses: {} });
  });

  test("a card shown to one seat where it lies face down shows its values to that seat only", () => {
    const state = after("put_back", "peek");
    expect(varsOf(state, 1)).toEqual({ colour: { 0: "red" }, houses: { 0: 2 } });
    expect(varsOf(state, 0)).toEqual({ colour: {}, houses: {} });
  });

  test("a hidden per-card variable is in no view, and survives JSON like the rest of the state", () => {
    const state = after("lay");
    const copy = JSON.parse(JSON.stringify(state)) as BaseState;
    expect(copy.vars["mark"]).toEqual({ 0: 0, 1: 1, 2: 1, 3: 1, 4: 1, 5: 1 });
    for (const seat of [0, 1, null]) expect(varsOf(copy, seat)).toEqual(varsOf(state, seat));
    game.apply(copy, 0, { type: "done" });
    game.apply(copy, 0, { type: "finish" });
    expect(game.scores(copy)).toEqual([[3], [2]]);
  });
});
