import type { Game } from "@rules/runtime/internal";
import { beforeAll, describe, expect, test } from "vitest";
import { loadOuting, problems, runFirstScenario } from "./outing-game.js";
import type { ScenarioOutcome } from "./runner.js";

// Scripted shuffles (`shuffle bag: …`) and dice (`dice 3 5`) beside `random`, consumed in the
// order written, and reported where they were written when the game does otherwise.

let games: Record<string, Game>;
beforeAll(async () => {
  games = await loadOuting();
});

const run = (text: string): ScenarioOutcome => runFirstScenario(games, text);

const HEADER = 'game outing\nplayers 2\nscenario "s"\n';

describe("a shuffle's outcome as an order of cards", () => {
  test("before the first play and between plays, each for the zone's next shuffle", () => {
    // Each take shuffles the bag and takes its top gem.
    const text = `${HEADER}shuffle bag: Gem 3 blue
play 0: take
expect pouch[0] = [Gem 3 blue]
shuffle bag: Gem 4 red, Gem 1 blue
play 1: take
expect pouch[1] = [Gem 4 red]
expect top 1 of bag = [Gem 1 blue]
`;
    expect(problems(run(text))).toEqual([]);
  });

  test("copies are told apart by where they are: a card the zone does not hold when shuffled is a mistake at its line", () => {
    // The setup dealt the bag's first gem, Gem 1 red, to the market: it is not in the bag.
    const text = `${HEADER}expect market = [Gem 1 red]
shuffle bag: Gem 1 red
play 0: take
`;
    expect(problems(run(text))).toEqual([
      [
        5,
        "scenario/script-mismatch",
        "the shuffle of bag leaving Gem 1 red on top is not what the game did next when seat 0 played take on line 6: Gem 1 red is scripted on top of bag, but it is not there",
      ],
    ]);
  });

  test("the order of another zone's shuffle, or a die rolled first, is a mistake at the line that scripted it", () => {
    const text = `${HEADER}shuffle market: Gem 1 red
play 0: take
`;
    expect(problems(run(text))).toEqual([
      [
        4,
        "scenario/script-mismatch",
        "the shuffle of market leaving Gem 1 red on top is not what the game did next when seat 0 played take on line 5: the next scripted outcome is a shuffle of market, but the game shuffled bag first",
      ],
    ]);
    const rolled = `${HEADER}shuffle bag: Gem 2 red
play 0: gamble
`;
    expect(problems(run(rolled))).toEqual([
      [
        4,
        "scenario/script-mismatch",
        "the shuffle of bag leaving Gem 2 red on top is not what the game did next when seat 0 played gamble on line 5: the next scripted outcome is the order of a shuffle of bag, but the game drew a number among 6 first",
      ],
    ]);
  });
});

describe("dice", () => {
  test("the faces of the next rolls, in order, between plays too", () => {
    const text = `${HEADER}dice 4 6
play 0: gamble
play 1: gamble
expect rolled = 4 6
dice 1
play 0: gamble
expect rolled = 1 6
`;
    expect(problems(run(text))).toEqual([]);
  });

  test("a face the die does not have is reported with the die's sides", () => {
    const text = `${HEADER}dice 7
play 0: gamble
`;
    expect(problems(run(text))).toEqual([
      [
        4,
        "scenario/script-mismatch",
        "die face 7 is not what the game did next when seat 0 played gamble on line 5: the game drew a number among 6: a die of 6 sides shows 1 to 6",
      ],
    ]);
  });
});

describe("outcomes not used", () => {
  test("an outcome still waiting when more are scripted is reported, with its line", () => {
    const text = `${HEADER}dice 3 5
play 0: gamble
shuffle bag: Gem 2 red
play 1: take
`;
    expect(problems(run(text))).toEqual([
      [
        6,
        "scenario/random-not-drawn",
        "the game has not used what was scripted earlier: die face 5 (line 4); scripted outcomes are used in the order written, so those would come first: script only what the next play uses",
      ],
    ]);
  });

  test("scripting lines with no play between them add up, before the first play too", () => {
    const text = `${HEADER}dice 4
expect turn 0
dice 5
play 0: gamble
play 1: gamble
expect rolled = 4 5
`;
    expect(problems(run(text))).toEqual([]);
  });

  test("outcomes the game never used by the end of the scenario are reported where they were scripted", () => {
    const text = `${HEADER}dice 3
random 2 0
play 0: gamble
expect rolled = 3 0
`;
    expect(problems(run(text))).toEqual([
      [
        5,
        "scenario/script-not-used",
        "the game never used random number 2, random number 0: no draw, roll or shuffle came for it by the end of the scenario",
      ],
    ]);
  });
});
