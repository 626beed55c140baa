// Procedures: a named piece of flow, decisions and all, written out where it is called. Each call is
// its own copy (its decisions are states of their own, its locals its own), arguments are read where
// it is called, and a procedure sees the game's names and its parameters, never its caller's locals.
import { describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game, MoveOption } from "../../../runtime/src/internal.js";
import { compileGame } from "../index.js";
import { loadRulesGame } from "../testing/load-game.js";

const header = `
game "Swaps" {
  players 3..3
}
card Tile {
  value: int
  cards for v in 1..9 { value: v }
}
zone deck: Tile stack hidden = all Tile
per player zone spot: Tile slot public
zone in_transit: Tile slot hidden
per player var coins: int public = 3
var bank: int public = 0
conserve money: coins, bank
`;

const rules = `${header}
// The swap of two players' cards, through a slot: three lines written once.
procedure swap(a: player, b: player) {
  move top(spot[a]) to in_transit
  move top(spot[b]) to spot[a]
  move all in_transit to spot[b]
}
// An offer, answered by the player offered: a decision inside a procedure.
procedure offer(giver: player, taker: player) {
  ask taker {
    accept(price in 1..coins[giver]) {
      transfer price from coins[giver] to coins[taker]
      swap(giver, taker)
    }
    refuse { }
  }
}
setup {
  for p in players {
    move nth(deck, 1) to spot[p]
  }
}
flow {
  offer(0, 1)
  offer(2, 0)
  transfer up to 5 from coins[1] to bank
}
score p: top(spot[p]).value
`;

const values = (game: Game, state: runtime.BaseState) => (state.zones.spot as number[][]).map((s) => game.meta.cards[s[0]!]!.fields["value"]);
const types = (options: MoveOption[]) => options.map((o) => o.type);

describe("procedures", () => {
  test("each call is written out with its own decisions, arguments read where it is called", async () => {
    const game = await loadRulesGame("swaps", rules, runtime);
    const state = game.setup({ players: 3, seed: 1 });
    game.advance(state);
    // Spots hold 1, 2, 3. The first offer asks seat 1, the second seat 0: two decisions.
    expect(values(game, state)).toEqual([1, 2, 3]);
    expect(game.meta.decisions).toEqual(["accept_or_refuse", "accept_or_refuse2"]);
    expect(game.activity(state)).toEqual({ kind: "turn", players: [1] });
    expect(game.legalMoves(state, 1)[0]).toEqual({ type: "accept", parameters: { price: { kind: "range", min: 1, max: 3 } } });
    game.apply(state, 1, { type: "accept", price: 2 });
    // Seat 0 paid 2 to seat 1 and the spots swapped: 2, 1, 3.
    expect(values(game, state)).toEqual([2, 1, 3]);
    expect((state.vars as { coins: number[] }).coins).toEqual([1, 5, 3]);
    expect(game.activity(state)).toEqual({ kind: "turn", players: [0] });
    expect(types(game.legalMoves(state, 0))).toEqual(["accept", "refuse"]);
    game.apply(state, 0, { type: "refuse" });
    // "transfer up to 5": seat 1 holds 5, so all 5 go; "up to" would take only what is there.
    expect((state.vars as { coins: number[]; bank: number }).coins).toEqual([1, 0, 3]);
    expect((state.vars as { bank: number }).bank).toBe(5);
    expect(game.activity(state).kind).toBe("over");
  });

  test("transfer up to takes only what the source holds", async () => {
    const game = await loadRulesGame("swaps", rules, runtime);
    const state = game.setup({ players: 3, seed: 1 });
    game.advance(state);
    game.apply(state, 1, { type: "refuse" });
    game.apply(state, 0, { type: "refuse" });
    // Seat 1 holds 3 of the 5 asked: 3 go, no fault.
    expect((state.vars as { coins: number[]; bank: number }).coins).toEqual([3, 0, 3]);
    expect((state.vars as { bank: number }).bank).toBe(3);
  });

  const mistakes = async (text: string) =>
    (await compileGame("swaps", [{ path: "swaps.rules", text }])).diagnostics.map((d) => `${d.line}:${d.column} ${d.code}: ${d.message}`);

  test("a procedure may not call itself, directly or through another", async () => {
    const text = `${header}
procedure ping(p: player) {
  pong(p)
}
procedure pong(p: player) {
  ping(next(p))
}
flow {
  ping(0)
}
score p: coins[p]
`;
    expect(await mistakes(text)).toEqual([
      "20:3 check/recursive-procedure: ping → pong → ping: a procedure may not call itself, directly or through others, or it would never stop",
      "17:3 check/recursive-procedure: pong → ping → pong: a procedure may not call itself, directly or through others, or it would never stop",
    ]);
  });

  test("it sees no local of its caller; its arguments are checked; calls that are no procedure are named", async () => {
    const text = `${header}
function half(n: int): int = n / 2
procedure pay(p: player, amount: int) {
  transfer amount + secret from coins[p] to bank
}
flow {
  let secret = 1
  pay(0, true)
  pay(0)
  half(4)
  pey(1, 1)
  coins[0]
}
score p: coins[p]
`;
    expect(await mistakes(text)).toEqual([
      "26:3 syntax/unexpected-token: this does nothing on its own: assign it (x = ...), or call a procedure, as in swap(a, b)",
    ]);
    const withoutBare = text.replace("  coins[0]\n", "");
    expect(await mistakes(withoutBare)).toEqual([
      "18:21 check/unknown-name: unknown name 'secret'",
      "22:10 check/type-mismatch: argument 2 of pay must be int, but this is bool",
      "23:3 check/wrong-arity: pay takes 2 arguments but was given 1",
      "24:3 check/not-a-procedure: half is a function: it gives a value, which a statement must use (x = half(...))",
      "25:3 check/unknown-name: unknown procedure 'pey' (did you mean 'pay'?)",
    ]);
  });
});
