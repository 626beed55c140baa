import type { Game } from "@rules/runtime/internal";
import { beforeAll, describe, expect, test } from "vitest";
import { loadOuting, problems, runFirstScenario } from "./outing-game.js";
import type { ScenarioOutcome } from "./runner.js";

// `expect worth(Gem 2 red, 0) = 3`: the rules' functions, called on the position as it stands.

let games: Record<string, Game>;
beforeAll(async () => {
  games = await loadOuting();
});

const run = (text: string): ScenarioOutcome => runFirstScenario(games, text);

// Seat 0 takes Gem 3 blue and pays 2 of its 5 gold.
const TAKEN = `game outing
players 2
scenario "s"
shuffle bag: Gem 3 blue
play 0: take
`;

describe("the rules' functions", () => {
  test("arguments written as elsewhere: cards by name, seats, lists in [ ]; results a number, a name, true or false, a list", () => {
    // worth: the gem's value plus the cards in the seat's pouch, 2 + 1; reds: two red gems of three.
    const text = `${TAKEN}expect worth(Gem 2 red, 0) = 2 + 1
expect worth(Gem 4 blue, 1) = 4
expect reds([Gem 1 red, Gem 2 red, Gem 3 blue]) = 2
expect reds([]) = 0
expect colour_of(Gem 2 blue) = blue
expect values(0) = [3]
expect values(1) = []
expect rich(0) = false
expect rich(1) = true
`;
    expect(problems(run(text))).toEqual([]);
  });

  test("a value it does not give says what it gives", () => {
    const text = `${TAKEN}expect worth(Gem 2 red, 0) = 4
expect colour_of(Gem 2 blue) = red
expect values(0) = [3, 1]
`;
    expect(problems(run(text))).toEqual([
      [6, "scenario/expectation-failed", "expected worth(Gem 2 red, 0) = 4, found 3"],
      [7, "scenario/expectation-failed", "expected colour_of(Gem 2 blue) = red, found blue"],
      [8, "scenario/expectation-failed", "expected values(0) = [3, 1], found [3]"],
    ]);
  });

  test("the function, its arguments and its result are checked against its types before play", () => {
    const text = `${TAKEN}expect wroth(Gem 2 red, 0) = 3
expect worth(Gem 2 red) = 3
expect worth(3, 0) = 3
expect worth(Gem 2 red, 2) = 3
expect colour_of(Gem 2 blue) = bleu
expect rich(0) = 1
expect reds(Gem 1 red) = 1
expect worth(Gem 2 red, 0) = 1 2
`;
    expect(problems(run(text))).toEqual([
      [
        6,
        "scenario/unknown-function",
        "outing has no function 'wroth'; its functions are worth, reds, colour_of, values, rich (did you mean 'worth'?)",
      ],
      [7, "scenario/wrong-count", "worth(g: Gem, p: player): int takes 2 arguments, not 1"],
      [8, "scenario/wrong-value", "argument 'g' of worth is a Gem card, e.g. 'Gem …'"],
      [9, "scenario/wrong-value", "argument 'p' of worth is a seat, 0 to 1"],
      [10, "scenario/wrong-value", "what colour_of gives is a Colour value: red, blue, not 'bleu' (did you mean 'blue'?)"],
      [11, "scenario/wrong-value", "what rich gives is true or false"],
      [12, "scenario/wrong-value", "argument 'gems' of reds is a list (Gem[]), written in [ ]"],
      [13, "scenario/wrong-count", "worth gives one value (int); a list goes in [ ]"],
    ]);
  });
});
