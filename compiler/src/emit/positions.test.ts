// What tests need from a compiled game to lay out a rulebook's example: start at a decision in the
// middle of the flow (Game.enter), script what a shuffle or a die gives, and read one of the rules'
// functions (Game.functions, a part of a score).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { GameFault, type BaseState, type Game } from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const rulesOf = (id: string): string => readFileSync(fileURLToPath(new URL(`../../../rules/${id}.rules`, import.meta.url)), "utf8");
type Vars = Record<string, number | number[] | boolean[]>;

describe("starting at a decision in the middle of the flow", () => {
  test("For Sale: an auction already under way, with its locals set, asks the bidder they name", async () => {
    const game = await loadRulesGame("for-sale", rulesOf("for-sale"), runtime);
    const state = game.setup({ players: 4, seed: 1 });
    // Seat 2 is to bid over a standing 5; seat 1 has passed.
    Object.assign(state.locals, { leader: 0, high: 5, bidder: 2 });
    (state.vars as Vars).passed = [false, true, false, false];
    state.zones.auction = (state.zones.property_deck as number[]).splice(0, 4);
    game.enter!(state, "buying.raise_or_pass");
    expect(game.activity(state)).toEqual({ kind: "turn", players: [2] });
    expect(game.legalMoves(state, 2)[0]).toEqual({ type: "raise", parameters: { amount: { kind: "range", min: 6, max: 18 } }, label: ["bid ", { parameter: "amount" }] });
    expect(game.check(state, 1, { type: "pass" })?.reason).toBe("you passed: you are out of this auction until the next one");
    expect(game.meta.decisions).toEqual(["buying.raise_or_pass", "selling.sell"]);
  });

  test("inside a loop whose body asks: the loop takes its place from its binder and goes on after it", async () => {
    const rules = `
game "Round" {
  players 4..4
}
card Token {
  value: int
  cards for v in 1..4 { value: v }
}
zone deck: Token stack hidden = all Token
per player var got: int public = 0
per player var out: bool public = false
flow {
  for p in players where not out[p] {
    ask p {
      take { got[p] += 1 }
    }
  }
}
score p: got[p]
`;
    const game = await loadRulesGame("round", rules, runtime);
    const state = game.setup({ players: 4, seed: 1 });
    (state.vars as Vars).out = [false, false, true, false];
    state.locals["p"] = 1;
    game.enter!(state, "take");
    expect(game.activity(state)).toEqual({ kind: "turn", players: [1] });
    game.apply(state, 1, { type: "take" });
    // Seat 2 is out: the loop goes on to seat 3, then ends.
    expect(game.activity(state)).toEqual({ kind: "turn", players: [3] });
    game.apply(state, 3, { type: "take" });
    expect(game.activity(state).kind).toBe("over");
    state.locals["p"] = 2;
    expect(() => game.enter!(state, "take")).toThrow(/p is none of the values its loop goes through now/);
  });
});

describe("scripting chance", () => {
  const rules = `
game "Chance" {
  players 2..2
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone bag: Token stack hidden = all Token
zone table: Token row public
per player var score: int public = 0
flow {
  ask 0 {
    go {
      shuffle bag
      deal 2 from bag to table
      score[0] = roll(6) + roll(6)
    }
  }
}
score p: score[p]
`;
  async function played(script: BaseState["random"]["script"]): Promise<{ game: Game; state: BaseState; events: runtime.GameEvent[] }> {
    const game = await loadRulesGame("chance", rules, runtime);
    const match = runtime.startMatch(game, { players: 2, seed: 4 }, (state) => state.random.script.push(...script));
    const outcome = runtime.applyMove(match, 0, { type: "go" });
    if (!outcome.ok) throw new Error(outcome.error.reason);
    return { game, state: outcome.match.state, events: [...outcome.match.unfilteredEvents] };
  }

  test("a shuffle's outcome as an order of cards, and dice as the numbers drawn", async () => {
    // Cards 4 and 1 (Token 5, Token 2) on top; the dice: draws of 2 and 5 among 6 show 3 and 6.
    const { state, events } = await played([{ zone: "bag", seat: null, top: [4, 1] }, 2, 5]);
    expect(state.zones.table).toEqual([4, 1]);
    expect((state.vars as Vars).score).toEqual([9, 0]);
    // Both dice are rolled into score[0]: each roll event says so (eventsFor tells them as score is told).
    const into = { variable: "score", seat: 0 };
    expect(events.filter((e) => e.kind === "roll")).toEqual([{ kind: "roll", sides: 6, value: 3, into }, { kind: "roll", sides: 6, value: 6, into }]);
  });

  test("a scripted outcome the game does not draw next is a fault that says what happened", async () => {
    // The shuffle of the six-card bag draws a number among 6 (the scripted 2), then one among 5: the
    // shuffle order scripted second is met by a draw.
    await expect(played([2, { zone: "bag", seat: null, top: [4] }])).rejects.toThrow(
      "the next scripted outcome is the order of a shuffle of bag, but the game drew a number among 5 first",
    );
    await expect(played([{ zone: "table", seat: null, top: [4] }])).rejects.toThrow("the next scripted outcome is a shuffle of table, but the game shuffled bag first");
    await expect(played([{ zone: "bag", seat: null, top: [99] }])).rejects.toThrow(GameFault);
  });
});

describe("the rules' functions", () => {
  test("Freak Shop's objective points can be read for a laid-out Mansion", async () => {
    const game = await loadRulesGame("freak-shop", rulesOf("freak-shop"), runtime);
    expect(game.meta.functions?.find((f) => f.name === "objective_points")).toEqual({
      name: "objective_points",
      parameters: [{ name: "o", type: "Objective" }, { name: "p", type: "player" }],
      result: "int",
    });
    const state = game.setup({ players: 2, seed: 1 });
    const cards = game.meta.cards;
    const collector = cards.find((c) => c.type === "Objective" && c.fields["goal"] === "collector")!.id;
    // "Collector": 3 points per different value. Seat 0's Mansion: 1, 2, 3 and 5 (the first player's
    // starting cards): four values, 12 points.
    const mansion = (state.zones.mansion as number[][])[0]!.map((id) => cards[id]!.fields["value"]);
    expect(new Set(mansion).size).toBe(4);
    const points = (game.functions!["objective_points"] as (s: BaseState, o: number, p: number) => number)(state, collector, 0);
    expect(points).toBe(12);
  });
});
