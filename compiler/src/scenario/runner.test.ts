import { GameFault } from "@rules/runtime/internal";
import type { Game } from "@rules/runtime/internal";
import { describe, expect, test } from "vitest";
import { formatDiagnostics } from "../diagnostics.js";
import { parseScenarioFile } from "./parser.js";
import { formatOutcome, runScenario, type ScenarioOutcome } from "./runner.js";
import { games, tiny } from "./tiny-game.js";

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

describe("runScenario", () => {
  test("plays a whole game with every kind of step and expectation holding", () => {
    const text = `${HEADER}scenario "a whole game"
stack deck: Number 6, Number 1, Number 4, Number 3, Number 2, Number 5
set leader = 1
random 4
# The first deal turns up the top two cards, and seat 1 leads.
expect table = [Number 6, Number 1]
expect count deck = 4
expect die = 4
expect turn 1
expect options 1: take, bid, pass
expect legal 1: bid(amount: 1..3)
expect legal 1: take(card: [Number 1, Number 6])
expect legal 1: take(card: Number 6)
expect legal 1: bid(amount: 3)
expect illegal 0: pass "it is seat 1's turn"
expect illegal 1: bid(amount: 4) "between 1 and 3"
play 1: bid(amount: 2)
expect high = 2
expect legal 0: bid(amount: 3..3)
play 0: pass
# Seat 1 takes the 6 and pays its bid of 2: 3 - 2 = 1 chip left.
play 1: take(card: Number 6)
expect chips = 3 1
expect chips[1] = 1
expect hand[1] = [Number 6]
expect table = [Number 1]
expect turn 0
expect options 0: bid, take, pass
play 0: take(card: Number 1)
# The table is empty: seat 1 (after the taker) leads the next deal.
expect table = [Number 4, Number 3]
expect turn 1
play 1: take(card: Number 3)
play 0: take(card: Number 4)
expect table = [Number 2, Number 5]
play 1: take(card: Number 5)
play 0: take(card: Number 2)
expect count deck = 0
expect count hand = 3 3
expect hand[0] = [Number 2, Number 1, Number 4]
expect hand[1] contains Number 5, Number 3
expect simultaneous 0 1
play 1: show(card: Number 6)
expect simultaneous 0
expect illegal 1: skip "already chosen"
play 0: show(card: Number 4)
expect over
expect offer[0] = [Number 4]
expect offer[1] = [Number 6]
# Seat 0: 4 + 3 chips = 7; seat 1: 6 + 1 chip = 7; the tie goes to the most chips, seat 0.
expect scores 7 7
expect ranking 0 > 1
expect winners 0
`;
    const outcome = run(text);
    expect(formatOutcome(outcome, text)).toBe("passed: tiny.scenario: a whole game");
    expect(outcome.passed).toBe(true);
    expect(outcome.steps.every((s) => s.status === "passed")).toBe(true);
    expect(outcome.steps).toHaveLength(
      text.split("\n").filter((l) => /^(stack|set|random|expect|play) /.test(l)).length,
    );
  });

  test("stacking swaps cards, so each stays in exactly one place; put takes distinct copies", () => {
    // Whichever of 1..5 setup put in the box swaps with the deck card at its place: 6 ends in the box.
    const swap = `game tiny
players 3
seed 5
scenario "stack swaps with the box"
put Coin 5, Coin 5 into purse[0]
put Coin 2 into purse[1]
stack deck: Number 1, Number 2, Number 3, Number 4, Number 5
expect box = [Number 6]
expect table = [Number 1, Number 2]
expect deck = [Number 3, Number 4, Number 5]
expect purse[0] = [Coin 5, Coin 5]
expect purse[1] = [Coin 2]
expect bank = []
`;
    // Whether 6 started in the deck or the box, it is taken from there; the stack then fills
    // the deck from wherever the listed cards are, so the box ends empty.
    const put = `game tiny
players 3
scenario "put takes a card from anywhere"
put Number 6 into hand[2]
stack deck: Number 1, Number 2, Number 3, Number 4, Number 5
expect box = []
expect table = [Number 1, Number 2]
expect deck = [Number 3, Number 4, Number 5]
expect count hand = 0 0 1
expect hand[2] = [Number 6]
`;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8])
      expect(problems(run(swap.replace("seed 5", `seed ${seed}`)))).toEqual([]);
    // Seed 6 boxes Number 6 (id 5); seed 1 leaves it in the deck: both ways of taking it are played.
    expect(tiny.setup({ players: 3, seed: 6 }).zones["box"]).toEqual([5]);
    expect(tiny.setup({ players: 3, seed: 1 }).zones["box"]).not.toEqual([5]);
    for (const seed of [1, 6]) expect(problems(run(put.replace("players 3", `players 3\nseed ${seed}`)))).toEqual([]);
  });

  test("set gives a per-player variable one value for all, and variants and seeds reach the game", () => {
    const text = `game tiny
players 3
variant rich
seed 12
scenario "rich"
expect chips = 5 5 5
set chips = 2
`.replace("expect chips = 5 5 5\nset chips = 2\n", "set chips[1] = 4\nexpect chips = 5 4 5\n");
    expect(problems(run(text))).toEqual([]);
    const all = `game tiny\nplayers 2\nscenario "all"\nset chips = 2\nset open = false\nexpect chips = 2 2\nexpect open = false\n`;
    expect(problems(run(all))).toEqual([]);
  });

  test("a failed expectation says what was expected and found, and the run goes on", () => {
    const text = `${HEADER}scenario "wrong"
stack deck: Number 6, Number 1
expect table = [Number 1, Number 6]
expect chips[0] = 4
expect turn 1
expect legal 0: bid(amount: 2..3)
expect legal 0: take(card: Number 3)
expect options 0: pass
expect illegal 0: pass "turn"
expect illegal 1: pass "must bid"
expect scores 3 4
expect winners 0
expect hand[0] contains Number 6
`;
    const outcome = run(text);
    expect(formatOutcome(outcome, text)).toBe(
      [
        "FAILED: tiny.scenario: wrong",
        "tiny.scenario:6:1: error scenario/expectation-failed: expected table = [Number 1, Number 6] (in this order, top first), found [Number 6, Number 1]",
        "6 | expect table = [Number 1, Number 6]",
        "  | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        "",
        "tiny.scenario:7:1: error scenario/expectation-failed: expected chips[0] = 4, found 3",
        "7 | expect chips[0] = 4",
        "  | ^^^^^^^^^^^^^^^^^^^",
        "",
        "tiny.scenario:8:1: error scenario/expectation-failed: expected seat 1 to play, but now seat 0 to play",
        "8 | expect turn 1",
        "  | ^^^^^^^^^^^^^",
        "",
        "tiny.scenario:9:17: error scenario/expectation-failed: expected amount = 2..3, but the game offers amount 1..3",
        "9 | expect legal 0: bid(amount: 2..3)",
        "  |                 ^^^^^^^^^^^^^^^^^",
        "",
        "tiny.scenario:10:17: error scenario/expectation-failed: expected seat 0's move to be legal, but it is refused: that card is not on the table",
        "10 | expect legal 0: take(card: Number 3)",
        "   |                 ^^^^^^^^^^^^^^^^^^^^",
        "",
        "tiny.scenario:11:1: error scenario/expectation-failed: expected seat 0's options to be pass, found bid, take, pass",
        "11 | expect options 0: pass",
        "   | ^^^^^^^^^^^^^^^^^^^^^^",
        "",
        "tiny.scenario:12:19: error scenario/expectation-failed: expected seat 0's move to be refused, but it was accepted",
        '12 | expect illegal 0: pass "turn"',
        "   |                   ^^^^",
        "",
        'tiny.scenario:13:24: error scenario/expectation-failed: expected the refusal to say "must bid", but it says "it is seat 0\'s turn"',
        '13 | expect illegal 1: pass "must bid"',
        "   |                        ^^^^^^^^^^",
        "",
        "tiny.scenario:14:1: error scenario/expectation-failed: expected scores 3 4, found 3 3",
        "14 | expect scores 3 4",
        "   | ^^^^^^^^^^^^^^^^^",
        "",
        "tiny.scenario:15:1: error scenario/expectation-failed: expected the game to be over, but now seat 0 to play",
        "15 | expect winners 0",
        "   | ^^^^^^^^^^^^^^^^",
        "",
        "tiny.scenario:16:1: error scenario/expectation-failed: expected hand[0] to contain [Number 6], found []",
        "16 | expect hand[0] contains Number 6",
        "   | ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
      ].join("\n"),
    );
    expect(outcome.steps.map((s) => s.status)).toEqual(["passed", ...Array(11).fill("failed")]);
  });

  test("a refused move fails its step and skips the rest", () => {
    const text = `${HEADER}scenario "refused"\nplay 0: bid(amount: 9)\nexpect high = 9\n`;
    const outcome = run(text);
    expect(problems(outcome)).toEqual([
      [5, "scenario/move-refused", "seat 0 may not make this move: amount must be between 1 and 3"],
    ]);
    expect(outcome.steps.map((s) => s.status)).toEqual(["failed", "skipped"]);
  });

  test("unknown moves and parameters point at the token", () => {
    const cases: [string, unknown[]][] = [
      [
        "play 0: bidd(amount: 1)",
        [5, "scenario/unknown-move", "'bidd' is not a move here: there is no move 'bidd' (did you mean 'bid'?)"],
      ],
      ["expect legal 0: fold", [5, "scenario/unknown-move", "'fold' is not a move here: there is no move 'fold'"]],
      [
        "play 0: bid(amont: 1)",
        [
          5,
          "scenario/unknown-parameter",
          "'bid' has no parameter 'amont'; its parameters are amount (did you mean 'amount'?)",
        ],
      ],
      ["play 0: bid", [5, "scenario/missing-parameter", "'bid' needs amount"]],
      [
        "expect legal 0: bid(much: 1..3)",
        [5, "scenario/unknown-parameter", "'bid' has no parameter 'much'; its parameters are amount"],
      ],
      ["play 0: pass(now: 1)", [5, "scenario/unknown-parameter", "'pass' has no parameter 'now'; it takes none"]],
      // Not seat 1's turn, so the game itself refuses the parameter.
      ["play 1: take(card: Number 1, cards: 2)", [5, "scenario/bad-parameter", "'take' takes no parameter 'cards'"]],
    ];
    for (const [line, problem] of cases) {
      const outcome = run(`${HEADER}scenario "s"\n${line}\nexpect over\n`);
      expect(problems(outcome)).toEqual([problem]);
      expect(outcome.steps.map((s) => s.status)).toEqual(["failed", "skipped"]);
    }
    const outcome = run(`${HEADER}scenario "s"\nplay 0: bidd(amount: 1)\n`);
    expect(outcome.diagnostics[0]).toMatchObject({ line: 5, column: 9, endColumn: 13 });
  });

  test("expect illegal accepts any refusal, an unknown move's too, and checks its reason", () => {
    // A move of another phase is refused as unknown here; the reason tells it from a misspelling.
    const text = `${HEADER}scenario "s"\nexpect illegal 0: show(card: Number 1) "shown at the end"\nexpect illegal 0: fold "there is no move"\nexpect illegal 0: fold "turn"\n`;
    expect(problems(run(text))).toEqual([
      [7, "scenario/expectation-failed", 'expected the refusal to say "turn", but it says "there is no move \'fold\'"'],
    ]);
  });

  test("names the game does not know are reported before anything is played", () => {
    const text = `${HEADER}scenario "names"
stack deck: Coin 5
put Number 1 into hand
set high = true
set leader = 2
set chips = 1 2 3
expect count dek = 1
expect chip[0] = 3
expect deck = 3
expect high = [Number 1]
expect high[0] = 1
expect hand[1] = [Numbr 3, Number 9, Number 1 2]
expect turn 4
play 0: bid(amount: 1..2)
expect chips[0] = 1 2
`;
    expect(problems(run(text))).toEqual([
      [5, "scenario/wrong-card-type", "'deck' holds Number cards, not Coin"],
      [6, "scenario/needs-seat", "'hand' is one zone per player: say whose, e.g. 'hand[0]'"],
      [7, "scenario/wrong-value", "'high' holds whole numbers, not true"],
      [8, "scenario/wrong-value", "'leader' holds a seat, 0 to 1, not 2"],
      [
        9,
        "scenario/wrong-count",
        "'chips' is per player: give one value for each of the 2 seats (or one for all), or write chips[seat]",
      ],
      [10, "scenario/unknown-zone", "tiny has no zone 'dek' (did you mean 'deck'?)"],
      [11, "scenario/unknown-var", "tiny has no variable 'chip' (did you mean 'chips'?)"],
      [12, "scenario/not-a-variable", "'deck' is a zone, not a variable: expect its cards in [ ]"],
      [13, "scenario/not-a-zone", "'high' is a variable, not a zone"],
      [14, "scenario/not-per-player", "'high' is one shared variable, not one per player: write it without [seat]"],
      [15, "scenario/unknown-card-type", "tiny has no card type 'Numbr' (did you mean 'Number'?)"],
      [15, "scenario/unknown-card", "no Number card has value 9"],
      [15, "scenario/too-many-values", "a Number card has 1 field (value), but 2 values are given"],
      [16, "scenario/unknown-seat", "there is no seat 4 in a 2-player game (seats are 0 to 1)"],
      [
        17,
        "scenario/range-in-move",
        "a move takes one value here; a range such as 4..18 only describes a domain in 'expect legal'",
      ],
      [18, "scenario/wrong-count", "'chips[0]' holds one value, not 2"],
    ]);
  });

  test("more copies than the game has", () => {
    const text = `${HEADER}scenario "copies"\nput Coin 5, Coin 5, Coin 5 into purse[0]\nexpect over\n`;
    expect(problems(run(text))).toEqual([
      [5, "scenario/not-enough-cards", "the game has 2 'Coin 5' cards, and this scenario already placed them all"],
    ]);
  });

  test("a zone filled over its capacity", () => {
    const text = `${HEADER}scenario "full"\nput Number 1, Number 2 into offer[0]\nexpect over\n`;
    const outcome = run(text);
    expect(problems(outcome)).toEqual([[5, "scenario/over-capacity", "'offer' holds at most 1 card, but now has 2"]]);
    expect(outcome.steps.map((s) => s.status)).toEqual(["failed", "skipped"]);
  });

  test("the header's game, player count and variants", () => {
    expect(problems(run(`game tin\nplayers 2\nscenario "s"\nexpect over\n`))).toEqual([
      [1, "scenario/unknown-game", "there is no game 'tin'; the compiled games are tiny (did you mean 'tiny'?)"],
    ]);
    expect(problems(run(`game tiny\nplayers 5\nvariant poor rich rich\nscenario "s"\nexpect over\n`))).toEqual([
      [2, "scenario/bad-player-count", "Tiny Auction is for 2 to 3 players, not 5"],
      [3, "scenario/unknown-variant", "Tiny Auction has no variant 'poor'; its variants are rich"],
      [3, "scenario/duplicate-variant", "the variant 'rich' is already given"],
    ]);
  });

  test("a game that breaks is reported as a diagnostic, not a stack trace", () => {
    const broken: Game = {
      ...(tiny as unknown as Game),
      apply() {
        throw new GameFault("fault/decision-cap", "the flow never ends");
      },
    };
    const text = `${HEADER}scenario "broken"\nplay 0: pass\nexpect over\n`;
    const outcome = run(text, { tiny: broken });
    expect(problems(outcome)).toEqual([
      [5, "scenario/game-fault", "the game broke during this step: the flow never ends (fault/decision-cap)"],
    ]);
    const unready: Game = {
      ...(tiny as unknown as Game),
      setup() {
        throw new Error("no deck");
      },
    };
    expect(problems(run(text, { tiny: unready }))).toEqual([
      [4, "scenario/game-fault", "the game broke while setting up: no deck"],
    ]);
  });

  test("a fault raised by a rule names the rule's place and line", () => {
    const rule = { file: "rules/tiny.rules", line: 30, column: 7, text: "deal 3 from deck to hand[p]" };
    const broken: Game = {
      ...(tiny as unknown as Game),
      apply() {
        throw new GameFault("fault/not-enough-cards", "cannot deal 3 cards from deck: it holds 1", rule);
      },
    };
    const outcome = run(`${HEADER}scenario "broken"\nplay 0: pass\nexpect over\n`, { tiny: broken });
    expect(problems(outcome)).toEqual([
      [
        5,
        "scenario/game-fault",
        "the game broke during this step at rules/tiny.rules:30:7 (deal 3 from deck to hand[p]): cannot deal 3 cards from deck: it holds 1 (fault/not-enough-cards)",
      ],
    ]);
  });
});
