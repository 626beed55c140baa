import type { Game } from "@rules/runtime/internal";
import { beforeAll, describe, expect, test } from "vitest";
import { loadOuting, problems, runFirstScenario } from "./outing-game.js";
import { parseScenarioFile } from "./parser.js";
import { runScenario, type ScenarioOutcome } from "./runner.js";

// `start at <decision>` and the flow's locals set for it, against a compiled game.

let games: Record<string, Game>;
beforeAll(async () => {
  games = await loadOuting();
});

const run = (text: string): ScenarioOutcome => runFirstScenario(games, text);

const HEADER = 'game outing\nplayers 3\nscenario "s"\n';

describe("starting at a decision", () => {
  test("who is asked follows from the locals set: the loop's binder and the round", () => {
    // Round 2, seat 1 to act: after it, seat 2, then the loop ends and so does the game (round 3 > 2).
    const text = `${HEADER}start at trading.take_or_gamble
set round = 2
set p = 1
expect turn 1
expect view 0 phase = trading
play 1: gamble
expect turn 2
play 2: gamble
expect over
`;
    expect(problems(run(text))).toEqual([]);
  });

  test("without a start, the flow begins at its beginning: seat 0 in round 1", () => {
    const text = `${HEADER}expect turn 0
play 0: gamble
expect turn 1
`;
    expect(problems(run(text))).toEqual([]);
    // The same with a start at the decision and the binder on seat 2: seat 2 is asked, not seat 0.
    const started = `${HEADER}start at trading.take_or_gamble
set round = 1
set p = 2
expect turn 0
`;
    expect(problems(run(started))).toEqual([[7, "scenario/expectation-failed", "expected seat 0 to play, but now seat 2 to play"]]);
  });

  test("a binder's value its loop does not go through cannot be started at", () => {
    const text = `${HEADER}start at trading.take_or_gamble
set round = 1
set p = 5
expect turn 0
`;
    const outcome = run(text);
    expect(problems(outcome)).toEqual([
      [4, "scenario/cannot-start", "cannot start at trading.take_or_gamble: p is none of the values its loop goes through now"],
    ]);
    expect(outcome.steps.map((s) => s.status)).toEqual(["failed", "passed", "passed", "skipped"]);
  });

  test("an unknown decision is named with the game's decisions", () => {
    const text = `${HEADER}start at trading.take_or_gambel
expect turn 0
`;
    expect(problems(run(text))).toEqual([
      [
        4,
        "scenario/unknown-decision",
        "outing has no decision 'trading.take_or_gambel'; its decisions are trading.take_or_gamble (did you mean 'trading.take_or_gamble'?)",
      ],
    ]);
  });

  test("a local of the flow is set only for a start at a decision, by its name, with a value of its kind", () => {
    expect(problems(run(`${HEADER}set round = 2\nexpect turn 0\n`))).toEqual([
      [
        4,
        "scenario/local-needs-start",
        "'round' is a local of the flow, which the flow sets itself when it starts from the beginning: set it in a scenario that starts at a decision ('start at …')",
      ],
    ]);
    const text = `${HEADER}start at trading.take_or_gamble
set rounds = 2
set round = true
set p[0] = 1
set round = 1 2
expect turn 0
`;
    expect(problems(run(text))).toEqual([
      [
        5,
        "scenario/unknown-var",
        "outing has no variable 'rounds', and no local 'rounds' of its flow lives across a decision (those that do: round, p): a local that never waits for a decision is set by the flow itself (did you mean 'round'?)",
      ],
      [6, "scenario/wrong-value", "the local 'round' holds a whole number (a seat, a count) or a card, not true"],
      [7, "scenario/not-per-player", "'p' is a local of the flow, one value: write it without [seat]"],
      [8, "scenario/wrong-count", "'round' holds one value, not 2"],
    ]);
  });

  test("a game compiled without Game.enter cannot start at a decision", () => {
    const { enter: _, ...withoutEnter } = games.outing!;
    const { scenarios } = parseScenarioFile(`${HEADER}start at trading.take_or_gamble\nexpect turn 0\n`, "o.scenario");
    const outcome = runScenario(scenarios[0]!, { outing: withoutEnter as Game });
    expect(problems(outcome)).toEqual([
      [4, "scenario/cannot-start", "outing cannot start at a decision: it was compiled without Game.enter (compile it again)"],
    ]);
  });
});
