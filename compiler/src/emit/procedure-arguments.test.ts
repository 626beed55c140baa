// A procedure's arguments are read where it is called, before its parameters are bound: an argument
// named like a parameter (`give(d)` into `procedure give(d: ...)`), or two arguments swapped
// (`pair(b, a)` into `procedure pair(a, b)`), still pass the caller's values (docs/language.md §5).
import { describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const rules = `
game "Pass the parcel" {
  players 2..2
}
card Parcel {
  weight: int
  cards for w in [3, 5, 8] { weight: w }
}
zone table: Parcel pile public = all Parcel
per player zone held: Parcel pile public
per player var first: int public = 0
per player var second: int public = 0
procedure give(d: Parcel, p: player) {
  move d to held[p]
}
procedure pair(a: int, b: int, p: player) {
  first[p] = a
  second[p] = b
}
flow {
  ask 0 {
    take(d in table) {
      give(d, 0)
      let a = d.weight
      let b = 10
      pair(b, a, 0)
    }
  }
}
score p: count(held[p])
`;

describe("a procedure called with arguments named like its parameters", () => {
  test("binds each parameter to the caller's value", async () => {
    const game = await loadRulesGame("parcel", rules, runtime);
    const match = runtime.createMatch(game, { players: 2, seed: 1 });
    // The three parcels: weights 3, 5 and 8, cards 0, 1 and 2; seat 0 takes the one weighing 5.
    const outcome = runtime.applyMove(match, 0, { type: "take", d: 1 });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const state = outcome.match.state;
    expect(state.zones["held"]).toEqual([[1], []]);
    // pair(b, a): the procedure's a is the caller's b (10), its b the caller's a (the weight, 5).
    expect(state.vars["first"]).toEqual([10, 0]);
    expect(state.vars["second"]).toEqual([5, 0]);
  });
});
