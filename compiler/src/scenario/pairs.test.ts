import * as runtime from "@rules/runtime/internal";
import type { Game } from "@rules/runtime/internal";
import { beforeAll, describe, expect, test } from "vitest";
import { formatDiagnostics } from "../diagnostics.js";
import { loadRulesGame } from "../testing/load-game.js";
import { parseScenarioFile } from "./parser.js";
import { runScenario, type ScenarioOutcome } from "./runner.js";

// Variables per player per enum member (or per player) in scenarios: a seat and a member (or a seat),
// `owned[0, third]`, `owes[1, 2]`, set before play and expected of the state.
const RULES = `
game "Fields" {
  players 3..3
}
enum Field { first, second, third }
per player per Field var owned: bool public = false
per player per player var owes: int owner = 0
per player var coins: int public = 0
flow {
  ask 0 { buy { owned[0, Field.third] = true  owes[0, 2] += 3 } }
  ask 0 { done { } }
}
score p: owes[p, 2]
`;

let games: Record<string, Game>;
beforeAll(async () => {
  games = { fields: await loadRulesGame("fields", RULES, runtime) };
}, 60_000); // compiling and type-checking a game takes seconds on a busy machine

function run(body: string): ScenarioOutcome {
  const text = `game fields\nplayers 3\nscenario "s"\n${body}`;
  const { scenarios, diagnostics } = parseScenarioFile(text, "fields.scenario");
  expect(formatDiagnostics(diagnostics, text)).toBe("");
  return runScenario(scenarios[0]!, games);
}

const problems = (outcome: ScenarioOutcome) => outcome.diagnostics.map((d) => [d.line, d.code, d.message]);

describe("variables per pair in scenarios", () => {
  test("one seat's value for one member is set and expected; the move changes only its own", () => {
    const outcome = run(`set owned[1, second] = true
set owes[2, 0] = 5
expect owned[1, second] = true
expect owned[0, third] = false
play 0: buy
expect owned[0, third] = true
expect owned[1, third] = false
expect owes[0, 2] = 3
expect owes[2, 0] = 5
expect scores 3 0 0
`);
    expect(problems(outcome)).toEqual([]);
  });

  test("a wrong value fails naming the seat and the member", () => {
    const outcome = run(`expect owned[2, first] = true
`);
    expect(problems(outcome)).toEqual([[4, "scenario/expectation-failed", "expected owned[2, first] = true, found false"]]);
  });

  test("a pair is named whole, with a member of its enum, a seat of the game, and only where the rules keep one", () => {
    const outcome = run(`expect owned[0] = true
expect owned[0, fourth] = true
expect owes[0, 3] = 0
expect coins[0, first] = 0
`);
    expect(problems(outcome)).toEqual([
      [4, "scenario/needs-pair", "'owned' holds one value per player per Field: say whose and which, e.g. 'owned[0, first]'"],
      [5, "scenario/needs-pair", "the second index of 'owned' is a member of Field: first, second, third"],
      [6, "scenario/needs-pair", "the second index of 'owes' is a seat, 0 to 2"],
      [7, "scenario/not-per-pair", "'coins' is not a variable per player per enum or player: write it with a seat only"],
    ]);
  });
});
