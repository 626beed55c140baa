import type { Game } from "@rules/runtime/internal";
import { beforeAll, describe, expect, test } from "vitest";
import { loadOuting, problems, runFirstScenario } from "./outing-game.js";
import type { ScenarioOutcome } from "./runner.js";

// Expectations on the events of the last play (or of the start), all of them or as one seat is told.

let games: Record<string, Game>;
beforeAll(async () => {
  games = await loadOuting();
});

const run = (text: string): ScenarioOutcome => runFirstScenario(games, text);

// Seat 0 takes: the bag is shuffled with Gem 3 blue on top and Gem 2 red below it; Gem 3 blue goes to
// its pouch, it pays 1 to the pot and 1 of tax, and it is shown the bag's new top, Gem 2 red.
const TAKEN = `game outing
players 2
scenario "s"
shuffle bag: Gem 3 blue, Gem 2 red
play 0: take
`;

describe("what the last play did", () => {
  test("the start's events until the first decision, then each play's own", () => {
    const text = `game outing
players 2
scenario "s"
expect began trading
expect not shuffled
play 0: gamble
expect not began
`;
    expect(problems(run(text))).toEqual([]);
  });

  test("every event of a take, as the rules did it", () => {
    const text = `${TAKEN}expect shuffled bag
expect moved Gem 3 blue from bag to pouch[0]
expect moved Gem 3 blue to pouch
expect moved from bag
expect paid 1 from gold[0] to pot
expect transferred 1 from gold[0] to tax
expect paid
expect revealed Gem 2 red to 0
expect said "seat 0 took a gem in round 1"
expect not said "took a gem"
expect not moved to pouch[1]
expect not rolled
expect not ended
`;
    expect(problems(run(text))).toEqual([]);
  });

  test("as each seat is told them: a card or an amount it is not told is '?'", () => {
    const text = `${TAKEN}expect seat 0 sees moved Gem 3 blue from bag to pouch[0]
expect seat 1 sees moved ? from bag to pouch[0]
expect seat 1 does not see moved Gem 3 blue
expect seat 1 sees paid 1 from gold[0] to pot
expect seat 1 sees paid ? from gold[0] to tax
expect seat 0 sees paid 1 from gold[0] to tax
expect seat 0 sees revealed Gem 2 red to 0
expect seat 1 does not see revealed
expect seat 1 sees said "seat 0 took a gem in round 1"
`;
    expect(problems(run(text))).toEqual([]);
  });

  test("rolls, changes of variables and words said to one seat", () => {
    const text = `game outing
players 2
scenario "s"
dice 5
play 0: gamble
expect rolled 5
expect rolled = 5 0
expect changed rolled[0] to 5
expect changed rolled
expect said "you rolled 5" to 0
expect seat 0 sees said "you rolled 5"
expect seat 1 does not see said "you rolled 5"
expect not said to 1
dice 2
play 1: gamble
dice 6
play 0: take
dice 1
play 1: gamble
expect rolled 1
expect ended
`;
    // The take shuffles the bag with the scripted 6 - 1 = 5 as its first draw (among 7): a face
    // scripted before a shuffle is a draw of that shuffle.
    expect(problems(run(text))).toEqual([]);
  });

  test("a failed expectation lists the events there were, written as a scenario writes them", () => {
    const text = `${TAKEN}expect moved Gem 4 red to pouch[0]
expect not shuffled bag
expect seat 1 sees moved Gem 3 blue
expect rolled 6
`;
    const events =
      "shuffled bag; moved Gem 3 blue from bag to pouch[0]; paid 1 from gold[0] to pot; paid 1 from gold[0] to tax; " +
      'revealed Gem 2 red to 0; said "seat 0 took a gem in round 1"';
    expect(problems(run(text))).toEqual([
      [6, "scenario/expectation-failed", `expected moved Gem 4 red to pouch[0] among the events of seat 0's take on line 5, but they are: ${events}`],
      [7, "scenario/expectation-failed", "expected no event like shuffled bag in seat 0's take on line 5, but there is: shuffled bag"],
      [
        8,
        "scenario/expectation-failed",
        "expected moved Gem 3 blue among the events of seat 0's take on line 5 as seat 1 is told them, but they are: " +
          'shuffled bag; moved ? from bag to pouch[0]; paid 1 from gold[0] to pot; paid ? from gold[0] to tax; said "seat 0 took a gem in round 1"',
      ],
      [9, "scenario/expectation-failed", `expected rolled 6 among the events of seat 0's take on line 5, but they are: ${events}`],
    ]);
  });

  test("names in an event are checked before play", () => {
    const text = `${TAKEN}expect moved Gem 9 to pouhc[0]
expect paid 1 from gold[0] to bnak
expect changed pot to true
expect revealed Gem 2 red to 4
`;
    expect(problems(run(text))).toEqual([
      [6, "scenario/unknown-zone", "outing has no zone 'pouhc' (did you mean 'pouch'?)"],
      [6, "scenario/unknown-card", "no Gem card has value 9"],
      [7, "scenario/unknown-var", "outing has no variable 'bnak'"],
      [8, "scenario/wrong-value", "'pot' holds whole numbers, not true"],
      [9, "scenario/unknown-seat", "there is no seat 4 in a 2-player game (seats are 0 to 1)"],
    ]);
  });
});
