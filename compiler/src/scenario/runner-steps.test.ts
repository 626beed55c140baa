import type { CardId, Game } from "@rules/runtime/internal";
import { describe, expect, test } from "vitest";
import { formatDiagnostics } from "../diagnostics.js";
import { parseScenarioFile } from "./parser.js";
import { runScenario, type ScenarioOutcome } from "./runner.js";
import { games, tiny } from "./tiny-game.js";

// The runner's newer steps against the same fake game: numbers and sums, score keys, repeated
// blocks, random numbers between plays, and cards put in without moving the others.

/** Parses and runs the one scenario of `text` against the fake game. */
function run(text: string, against: Record<string, Game> = games): ScenarioOutcome {
  const { scenarios, diagnostics } = parseScenarioFile(text, "tiny.scenario");
  expect(formatDiagnostics(diagnostics, text)).toBe("");
  expect(scenarios).toHaveLength(1);
  return runScenario(scenarios[0]!, against);
}

/** Each problem as [line, code, message]. */
const problems = (outcome: ScenarioOutcome) => outcome.diagnostics.map((d) => [d.line, d.code, d.message]);

const HEADER = "game tiny\nplayers 2\nseed 3\n";

describe("numbers, sums, score keys and the game going on", () => {
  test("negative and decimal numbers are sent as written, sums are worked out, and every score key is checked", () => {
    const text = `${HEADER}scenario "numbers"
stack deck: Number 6, Number 1, Number 4, Number 3, Number 2, Number 5
set leader = 1
set chips = 2 + 1
expect not over
expect illegal 1: bid(amount: 1.5) "whole number"
expect illegal 1: bid(amount: -3) "between 1 and 3"
play 1: bid(amount: 2)
play 0: pass
play 1: take(card: Number 6)
# Seat 1 paid its bid of 2: 3 - 2 = 1 chip left.
expect chips[1] = 3 - 2
expect chips = 3 (3 - 2)
expect chips = 3 (3 * 3 - 2 * 4)
play 0: take(card: Number 1)
play 1: take(card: Number 3)
play 0: take(card: Number 4)
play 1: take(card: Number 5)
play 0: take(card: Number 2)
play 1: show(card: Number 6)
play 0: show(card: Number 4)
expect over
# Seat 0: 4 + 3 chips = 7, then its 3 chips; seat 1: 6 + 1 = 7, then 1.
expect scores 4 + 3 6 + 1
expect tiebreak 1 = 3 1
expect keys 0 = 7 3
expect keys 1 = (6 + 1) 1
`;
    expect(problems(run(text.replace("expect scores 4 + 3 6 + 1", "expect scores (4 + 3) (6 + 1)")))).toEqual([]);
  });

  test("failed checks of score keys and of the game going on say what they found", () => {
    const text = `${HEADER}scenario "keys"
expect tiebreak 1 = 3 2
expect tiebreak 2 = 3 3
expect keys 0 = 3 3 -inf
expect keys 1 = (3 + 1) 3
expect scores (1 + 1) 3
play 0: pass
expect chips[0] = 18 - 3 + 1
`;
    expect(problems(run(text))).toEqual([
      [5, "scenario/expectation-failed", "expected tiebreak 1 = 3 2, found 3 3"],
      [6, "scenario/expectation-failed", "expected tie-breaker 2, but the scores have only tie-breaker 1 now"],
      [7, "scenario/expectation-failed", "expected keys 0 = 3 3 -inf, found 3 3 (2 keys, not 3)"],
      [8, "scenario/expectation-failed", "expected keys 1 = (3 + 1 = 4) 3, found 3 3"],
      [9, "scenario/expectation-failed", "expected scores (1 + 1 = 2) 3, found 3 3"],
      [11, "scenario/expectation-failed", "expected chips[0] = (18 - 3 + 1 = 16), found 3"],
    ]);
    const over = `${HEADER}scenario "over"
stack deck: Number 1, Number 2, Number 3, Number 4, Number 5, Number 6
play 0: take(card: Number 1)
play 1: take(card: Number 2)
play 0: take(card: Number 3)
play 1: take(card: Number 4)
play 0: take(card: Number 5)
expect not over
play 1: take(card: Number 6)
play 1: skip
play 0: skip
expect not over
`;
    expect(problems(run(over))).toEqual([
      [15, "scenario/expectation-failed", "expected the game to go on, but it is over"],
    ]);
  });

  test("score keys for the wrong number of seats, or of a seat the game does not have", () => {
    const text = `${HEADER}scenario "keys"\nexpect tiebreak 1 = 3 3 3\nexpect keys 2 = 3 3\nexpect view 2 chips = ? 3\n`;
    expect(problems(run(text))).toEqual([
      [5, "scenario/wrong-count", "give tie-breaker 1 of each of the 2 seats, not 3 values"],
      [6, "scenario/unknown-seat", "there is no seat 2 in a 2-player game (seats are 0 to 1)"],
      [7, "scenario/unknown-seat", "there is no seat 2 in a 2-player game (seats are 0 to 1)"],
    ]);
  });

  test("a value that does not fit its variable is named as written", () => {
    const text = `${HEADER}scenario "decimals"\nset chips[0] = 2.5\nset leader = 3 - 2.5\nexpect high = -1\n`;
    const { diagnostics } = parseScenarioFile(text, "tiny.scenario");
    expect(diagnostics.map((d) => [d.line, d.message])).toEqual([[6, "a sum takes whole numbers, not 2.5"]]);
    const valid = `${HEADER}scenario "decimals"\nset chips[0] = 2.5\nset leader = 0.5\nexpect high = -1\n`;
    expect(problems(run(valid))).toEqual([
      [5, "scenario/wrong-value", "'chips' holds whole numbers, not 2.5"],
      [6, "scenario/wrong-value", "'leader' holds a seat, 0 to 1, not 0.5"],
    ]);
  });
});

describe("repeated blocks", () => {
  test("a block is played as many times as it says, nested blocks too", () => {
    // Numbers 1 to 5 in the deck, 6 in the box: the table shows 1, 2, then 3, 4, then 5. A take
    // without a number takes the table's first card; passing only hands the turn on.
    const text = `${HEADER}scenario "rounds"
stack deck: Number 1, Number 2, Number 3, Number 4, Number 5
repeat 2 {
  repeat 2 {
    play 0: pass
    play 1: pass
  }
  play 0: take(card: Number)
  play 1: take(card: Number)
}
expect count hand = 2 2
expect table = [Number 5]
`;
    const outcome = run(text);
    expect(problems(outcome)).toEqual([]);
    expect(outcome.steps.map((s) => s.status)).toEqual(["passed", "passed", "passed", "passed"]);
    expect(problems(run(text.replace("repeat 2 {\n  repeat", "repeat 1 {\n  repeat")))).toEqual([
      [14, "scenario/expectation-failed", "expected count hand = 2 2, found 1 1"],
      [15, "scenario/expectation-failed", "expected table = [Number 5], found [Number 3, Number 4]"],
    ]);
  });

  test("a failure inside a block names the iteration of each block it is in", () => {
    const text = `${HEADER}scenario "rounds"
stack deck: Number 1, Number 2, Number 3, Number 4, Number 5
repeat 2 {
  repeat 2 {
    expect table contains Number 1
    play 0: pass
    play 1: pass
  }
  play 0: take(card: Number)
  expect table contains Number 2
  play 1: take(card: Number)
}
`;
    const failure = (line: number, where: string) => [
      line,
      "scenario/expectation-failed",
      `${line === 8 ? "expected table to contain [Number 1], found [Number 3, Number 4]" : "expected table to contain [Number 2], found [Number 4]"} (${where})`,
    ];
    expect(problems(run(text))).toEqual([
      failure(8, "repeat on line 6: iteration 2 of 2; repeat on line 7: iteration 1 of 2"),
      failure(8, "repeat on line 6: iteration 2 of 2; repeat on line 7: iteration 2 of 2"),
      failure(13, "repeat on line 6: iteration 2 of 2"),
    ]);
  });

  test("a refused move in a block names its iteration and stops the scenario there", () => {
    const text = `${HEADER}scenario "raising"
stack deck: Number 6, Number 1
repeat 3 {
  play 0: bid(amount: 1)
  play 1: pass
}
expect over
`;
    const outcome = run(text);
    // The second time round the standing bid is already 1, so a bid of 1 is refused.
    expect(problems(outcome)).toEqual([
      [
        7,
        "scenario/move-refused",
        "seat 0 may not make this move: amount must be between 2 and 3 (repeat on line 6: iteration 2 of 3)",
      ],
    ]);
    expect(outcome.steps.map((s) => s.status)).toEqual(["passed", "failed", "skipped"]);
  });
});

describe("random numbers between plays", () => {
  test("a random step after a play scripts the draws from that moment", () => {
    // Each deal rolls a die into 'die': the first deal at the start, the next when the table empties.
    const text = `${HEADER}scenario "dice"
stack deck: Number 6, Number 1, Number 4, Number 3
random 4
expect die = 4
play 0: take(card: Number 6)
random 2
play 1: take(card: Number 1)
expect table = [Number 4, Number 3]
expect die = 2
random 5
play 0: take(card: Number 4)
play 1: take(card: Number 3)
expect die = 5
`;
    expect(problems(run(text))).toEqual([]);
  });

  test("numbers scripted earlier and not yet drawn are reported, not silently drawn first", () => {
    const text = `${HEADER}scenario "waiting"
stack deck: Number 6, Number 1, Number 4, Number 3
random 4 5
play 0: take(card: Number 6)
random 2
expect die = 2
`;
    const outcome = run(text);
    expect(problems(outcome)).toEqual([
      [
        8,
        "scenario/random-not-drawn",
        "the game has not used what was scripted earlier: random number 5 (line 6); scripted outcomes are used in the order written, so those would come first: script only what the next play uses",
      ],
    ]);
    expect(outcome.steps.map((s) => s.status)).toEqual(["passed", "passed", "passed", "failed", "skipped"]);
  });
});

describe("put … , replaced from", () => {
  // The deck as the seed deals it (5 numbers), and the one number setup put in the box.
  const initial = tiny.setup({ players: 2, seed: 3 });
  const deck = (initial.zones["deck"] as CardId[]).map((id) => `Number ${id + 1}`);
  const box = (initial.zones["box"] as CardId[]).map((id) => `Number ${id + 1}`);
  const list = (names: readonly string[]) => `[${names.join(", ")}]`;

  test("the last card of the named zone fills the place each card leaves, so no other card moves", () => {
    expect(deck).toHaveLength(5);
    const fromBox = `${HEADER}scenario "from the box"
put ${deck[1]} into hand[0], replaced from box
expect box = []
expect hand[0] = [${deck[1]}]
expect table = ${list([deck[0]!, box[0]!])}
expect deck = ${list(deck.slice(2))}
`;
    const fromDeck = `${HEADER}scenario "from the deck"
put ${deck[1]} into hand[0], replaced from deck
expect box = ${list(box)}
expect table = ${list([deck[0]!, deck[4]!])}
expect deck = ${list([deck[2]!, deck[3]!])}
`;
    // Without it, the cards below move up: the deal is not the same.
    const moved = `${HEADER}scenario "moved"
put ${deck[1]} into hand[0]
expect table = ${list([deck[0]!, deck[2]!])}
expect deck = ${list([deck[3]!, deck[4]!])}
`;
    const lastOfItsZone = `${HEADER}scenario "last"
put ${deck[4]} into hand[1], replaced from deck
expect table = ${list(deck.slice(0, 2))}
expect deck = ${list(deck.slice(2, 4))}
`;
    for (const text of [fromBox, fromDeck, moved, lastOfItsZone]) expect(problems(run(text))).toEqual([]);
  });

  test("a zone with nothing left to fill with, the zone the cards go into, or other cards", () => {
    const empty = `${HEADER}scenario "empty"\nput ${deck[1]}, ${deck[2]} into hand[0], replaced from box\nexpect over\n`;
    expect(problems(run(empty))).toEqual([
      [5, "scenario/nothing-to-fill", `'box' has no card left to fill the place ${deck[2]} leaves in 'deck'`],
    ]);
    const wrong = `${HEADER}scenario "wrong"
put Number 2 into hand[0], replaced from hand[0]
put Number 3 into hand[1], replaced from bank
put Number 4 into hand[1], replaced from chips
expect over
`;
    expect(problems(run(wrong))).toEqual([
      [
        5,
        "scenario/same-zone",
        "the cards that fill the places left come from another zone than the one the cards go into",
      ],
      [6, "scenario/wrong-card-type", "'bank' holds Coin cards, not Number: it cannot fill a place they leave"],
      [7, "scenario/not-a-zone", "'chips' is a variable, not a zone"],
    ]);
  });
});
