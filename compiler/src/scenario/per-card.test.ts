import * as runtime from "@rules/runtime/internal";
import type { Game } from "@rules/runtime/internal";
import { beforeAll, describe, expect, test } from "vitest";
import { formatDiagnostics } from "../diagnostics.js";
import { loadRulesGame } from "../testing/load-game.js";
import { parseScenarioFile } from "./parser.js";
import { runScenario, type ScenarioOutcome } from "./runner.js";

// Per-card variables in scenarios: one card's value, the card named as scenarios name cards
// (`houses[Plot 1]`), set before play, expected of the state and of a seat's view.
const RULES = `
game "Plots" {
  players 2..2
}
enum Colour { none, red, blue }
card Plot {
  value: int
  cards for v in 1..4 { value: v }
}
card Bean {
  size: int
  cards for s in 1..2, copy in 1..2 { size: s }
}
zone deck: Plot stack hidden = all Plot
zone board: Plot row public
zone beans: Bean pile public = all Bean
per player zone hand: Plot pile owner
per player var coins: int public = 0
per Plot var colour: Colour public = Colour.none
per Plot var houses: int public = 0
per Bean var ripe: bool public = false
setup {
  deal 1 from deck to hand[0]
}
flow {
  ask 0 { build(c in hand[0]) { houses[c] += 1  move c to board } }
  ask 0 { done { } }
}
score p: sum(c in board: houses[c])
`;

let games: Record<string, Game>;
beforeAll(async () => {
  games = { plots: await loadRulesGame("plots", RULES, runtime) };
}, 60_000); // compiling and type-checking a game takes seconds on a busy machine

function run(body: string): ScenarioOutcome {
  const text = `game plots\nplayers 2\nscenario "s"\n${body}`;
  const { scenarios, diagnostics } = parseScenarioFile(text, "plots.scenario");
  expect(formatDiagnostics(diagnostics, text)).toBe("");
  return runScenario(scenarios[0]!, games);
}

const problems = (outcome: ScenarioOutcome) => outcome.diagnostics.map((d) => [d.line, d.code, d.message]);

describe("per-card variables in scenarios", () => {
  test("one card's value is set, expected, and seen only by the seats that can tell the card", () => {
    // The deck is not shuffled: its top card, Plot 1, is dealt to seat 0's hidden hand.
    const outcome = run(`set houses[Plot 1] = 2
set colour[Plot 1] = red
expect houses[Plot 1] = 2
expect houses[Plot 2] = 0
expect view 0 houses[Plot 1] = 2
expect view 1 houses[Plot 1] = ?
expect view 1 colour[Plot 1] = ?
play 0: build(c: Plot 1)
expect houses[Plot 1] = 3
expect view 1 houses[Plot 1] = 3
expect view 1 colour[Plot 1] = red
expect view 1 colour[Plot 2] = ?
`);
    expect(problems(outcome)).toEqual([]);
  });

  test("a wrong value fails with the card named", () => {
    const outcome = run(`expect houses[Plot 1] = 1
expect view 1 houses[Plot 1] = 0
`);
    expect(problems(outcome).map(([line, code]) => [line, code])).toEqual([
      [4, "scenario/expectation-failed"],
      [5, "scenario/expectation-failed"],
    ]);
    expect(String(problems(outcome)[0]![2])).toContain("houses[Plot 1]");
  });

  test("identical copies are named by their order in the rules: `Bean 1 copy 2`", () => {
    // Two Bean 1 cards, alike in every field: only the second is set ripe.
    const outcome = run(`set ripe[Bean 1 copy 2] = true
expect ripe[Bean 1 copy 1] = false
expect ripe[Bean 1 copy 2] = true
expect ripe[Bean 2 copy 2] = false
expect view 1 ripe[Bean 1 copy 2] = true
`);
    expect(problems(outcome)).toEqual([]);
  });

  test("a copy the rules do not have is refused where it is named", () => {
    const outcome = run(`expect ripe[Bean 1 copy 3] = false
expect ripe[Bean 1 copy 0] = false
`);
    expect(problems(outcome).map(([line, code]) => [line, code])).toEqual([
      [4, "scenario/no-such-copy"],
      [5, "scenario/no-such-copy"],
    ]);
    expect(problems(outcome)[0]![2]).toBe("Bean 1 names 2 cards: copies are counted from 1 to 2, in the order the rules list them");
  });

  test("a per-card variable needs one card of its type; others take no card", () => {
    const outcome = run(`expect houses = 0
expect houses[0] = 0
expect coins[Plot 1] = 0
expect houses[Bean 1] = 0
expect ripe[Bean 1] = false
expect houses[Plot 9] = 0
expect view 1 houses = 0
play 0: build(c: Plot 1)
expect changed houses[Plot 1] to 1
`);
    expect(problems(outcome)).toEqual([
      [4, "scenario/needs-card", "'houses' holds one value per Plot card: say which card's, e.g. 'houses[Plot ...]'"],
      [5, "scenario/needs-card", "'houses' holds one value per Plot card: say which card's, e.g. 'houses[Plot ...]'"],
      [6, "scenario/not-per-card", "'coins' is not a variable per card: write it with a seat, without a card"],
      [7, "scenario/wrong-card-type", "'houses' holds one value per Plot card, not per Bean"],
      [8, "scenario/ambiguous-card", "Bean 1 names 2 cards, and each has its own 'ripe': give more of its values, or say which copy ('Bean 1 copy 2')"],
      [9, "scenario/unknown-card", "no Plot card has value 9"],
      [10, "scenario/needs-card", "'houses' holds one value per Plot card: say which card's, e.g. 'houses[Plot ...]'"],
      [12, "scenario/not-an-event", "a change of 'houses' (a value per card) is no event, which would name the card to seats that cannot see it: expect its value, or a seat's view of it"],
    ]);
  });
});
