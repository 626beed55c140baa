// State per pair (`per player per Field var owned: bool`, `per player per player var owes: int`):
// one value per seat and per enum member (or per seat), read and written `owned[p, f]`, kept in the
// state as a row per seat, shown in views by the variable's visibility, and told by the table with
// its label and the member's or the seat's name.
import { beforeAll, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { BaseState, Game } from "../../../runtime/src/internal.js";
import { tableOf } from "../../../runtime/src/present/index.js";
import { loadRulesGame } from "../testing/load-game.js";

const rules = `
game "Pairs" {
  players 3..3
}
enum Field { first, second, third }
per player per Field var owned: bool public = false "owns a field"
per player per Field var planted: int public = 0 "beans planted"
per player per player var owes: int owner = 0 "debt"
setup {
  for p in players {
    owned[p, Field.first] = true
  }
}
flow {
  ask 0 {
    buy(f in Field where not owned[0, f]) { owned[0, f] = true  owes[0, 2] += 3 }
  }
  ask 0 {
    plant(f in Field where owned[0, f]) { planted[0, f] += 1 }
  }
}
score p: sum(f in Field: planted[p, f]) - owes[p, 2]
`;

let game: Game;
beforeAll(async () => {
  game = await loadRulesGame("pairs", rules, runtime);
}, 60_000); // compiling and type-checking a game takes seconds on a busy machine

function started(): BaseState {
  const state = game.setup({ players: 3, seed: 1 });
  game.advance(state);
  return state;
}

test("each seat holds a row: a record by member, or a list by seat, every value at its start", () => {
  const state = started();
  // Setup set every seat's first field; nothing else moved from the declared start.
  expect(state.vars["owned"]).toEqual([0, 1, 2].map(() => ({ first: true, second: false, third: false })));
  expect(state.vars["owes"]).toEqual([[0, 0, 0], [0, 0, 0], [0, 0, 0]]);
  expect(game.meta.vars.find((v) => v.name === "owned")).toMatchObject({ perPlayer: true, perKey: "Field", type: "bool" });
  expect(game.meta.vars.find((v) => v.name === "owes")).toMatchObject({ perPlayer: true, perKey: "player", type: "int" });
});

test("reads and writes go to one seat's value for one member, and the menu follows them", () => {
  const state = started();
  // Seat 0 owns its first field only: the two others are for sale.
  const buy = game.legalMoves(state, 0).find((o) => o.type === "buy");
  expect(buy?.parameters["f"]).toMatchObject({ kind: "choice", values: ["second", "third"] });
  game.apply(state, 0, { type: "buy", f: "third" });
  expect((state.vars["owned"] as Record<string, boolean>[])[0]).toEqual({ first: true, second: false, third: true });
  expect((state.vars["owned"] as Record<string, boolean>[])[1]).toEqual({ first: true, second: false, third: false });
  expect((state.vars["owes"] as number[][])[0]).toEqual([0, 0, 3]);
  const plant = game.legalMoves(state, 0).find((o) => o.type === "plant");
  expect(plant?.parameters["f"]).toMatchObject({ kind: "choice", values: ["first", "third"] });
  game.apply(state, 0, { type: "plant", f: "third" });
  expect(game.scores(state).map((row) => row[0])).toEqual([1 - 3, 0, 0]);
});

test("views show a public row to everyone and an owner row to its seat only, as copies", () => {
  const state = started();
  game.apply(state, 0, { type: "buy", f: "second" });
  const seen = game.view(state, 1) as { vars: Record<string, unknown> };
  expect(seen.vars["owned"]).toEqual(state.vars["owned"]);
  expect(seen.vars["owes"]).toEqual([null, [0, 0, 0], null]);
  expect((game.view(state, 0) as { vars: Record<string, unknown> }).vars["owes"]).toEqual([[0, 0, 3], null, null]);
  // Changing a view leaves the state as it was.
  ((seen.vars["owned"] as Record<string, boolean>[])[0]!)["third"] = true;
  expect((state.vars["owned"] as Record<string, boolean>[])[0]!["third"]).toBe(false);
});

test("the table tells each value with its label and the member's or the seat's name", () => {
  const state = started();
  game.apply(state, 0, { type: "buy", f: "second" });
  const table = tableOf(game, game.view(state, 0), 0);
  const mine = table.areas.flatMap((area) => area.vars).filter((v) => v.seat === 0);
  // Flags that are up are said by their label; the other numbers by label and value.
  expect(mine.filter((v) => v.name === "owned").map((v) => v.text)).toEqual(["owns a field (first)", "owns a field (second)"]);
  expect(mine.find((v) => v.name === "owes" && v.key === "2")).toMatchObject({ label: "debt (seat 2)", text: "3" });
  // Seat 1's debts are not seat 0's to see.
  const theirs = table.areas.flatMap((area) => area.vars).filter((v) => v.seat === 1 && v.name === "owes");
  expect(theirs).toEqual([]);
});
