import { GameFault, illegal, randomInt, seedRandom, shuffle } from "@rules/runtime";
import type { BaseState, CardId, Game, IllegalMove, Move, MoveOption, Seat } from "@rules/runtime";
import { describe, expect, test } from "vitest";
import { formatDiagnostics } from "../diagnostics.js";
import { parseScenarioFile } from "./parser.js";
import { formatOutcome, runScenario, type ScenarioOutcome } from "./runner.js";

// A small hand-written game standing in for a compiled one. One card goes unseen into `box`, then
// two cards at a time are turned up from `deck`
// onto `table`; in turn, a seat may raise the standing `high` bid (up to its chips), pass, or take
// a card from the table, paying `high`. The seat after the taker leads the next deal, and each deal
// rolls a die into `die`. When the deck is out, every seat secretly shows a card from its hand
// (or skips); the score is the shown card's value plus chips, ties broken by chips.
type TinyState = BaseState & { locals: { seat: number } };

const NUMBERS = 6;
const tinyCards = [
  ...Array.from({ length: NUMBERS }, (_, i) => ({ id: i, type: "Number", fields: { value: i + 1 } })),
  { id: 6, type: "Coin", fields: { value: 5 } },
  { id: 7, type: "Coin", fields: { value: 5 } },
  { id: 8, type: "Coin", fields: { value: 2 } },
];

const shared = (state: BaseState, zone: string): CardId[] => state.zones[zone] as CardId[];
const mine = (state: BaseState, zone: string, seat: Seat): CardId[] => (state.zones[zone] as CardId[][])[seat]!;
const chips = (state: BaseState): number[] => state.vars["chips"] as number[];
const next = (state: BaseState, seat: Seat): Seat => (seat + 1) % state.players;
const value = (id: CardId): number => tinyCards[id]!.fields.value;
const perSeat = <T>(state: BaseState, make: () => T): T[] => Array.from({ length: state.players }, make);

function deal(state: TinyState): void {
  const table = shared(state, "table");
  const deck = shared(state, "deck");
  if (deck.length === 0) {
    state.pc = "reveal";
    state.pending = perSeat(state, () => null);
    return;
  }
  table.push(...deck.splice(0, 2));
  state.vars["die"] = randomInt(state.random, 6);
  state.vars["high"] = 0;
  state.locals.seat = state.vars["leader"] as number;
  state.pc = "turn";
}

function options(state: TinyState, seat: Seat): MoveOption[] {
  if (state.pc === "turn" && seat === state.locals.seat) {
    const high = state.vars["high"] as number;
    const bid: MoveOption[] =
      high + 1 <= chips(state)[seat]!
        ? [{ type: "bid", parameters: { amount: { kind: "range", min: high + 1, max: chips(state)[seat]! } } }]
        : [];
    return [
      ...bid,
      { type: "take", parameters: { card: { kind: "card", zone: "table", cards: [...shared(state, "table")] } } },
      { type: "pass", parameters: {} },
    ];
  }
  if (state.pc === "reveal" && state.pending![seat] === null) {
    const hand = mine(state, "hand", seat);
    const show: MoveOption[] =
      hand.length > 0 ? [{ type: "show", parameters: { card: { kind: "card", zone: "hand", cards: [...hand] } } }] : [];
    return [...show, { type: "skip", parameters: {} }];
  }
  return [];
}

const PARAMETERS: Record<string, string[]> = { bid: ["amount"], take: ["card"], pass: [], show: ["card"], skip: [] };

function check(state: TinyState, seat: Seat, move: Move): IllegalMove | null {
  const wanted = PARAMETERS[move.type];
  if (!wanted) return illegal("move/unknown-type", `there is no move '${move.type}'`);
  const extra = Object.keys(move).find((key) => key !== "type" && !wanted.includes(key));
  if (extra) return illegal("move/bad-parameter", `'${move.type}' takes no parameter '${extra}'`);
  if (state.pc === "reveal") {
    if (state.pending![seat] !== null) return illegal("move/already-submitted", `seat ${seat} has already chosen`);
    if (move.type === "show" && !mine(state, "hand", seat).includes(move["card"] as CardId)) {
      return illegal("move/out-of-domain", "that card is not in your hand");
    }
    return move.type === "show" || move.type === "skip"
      ? null
      : illegal("move/constraint", "now every player shows a card");
  }
  if (seat !== state.locals.seat) return illegal("move/not-your-turn", `it is seat ${state.locals.seat}'s turn`);
  if (move.type === "bid") {
    const amount = move["amount"];
    const [low, high] = [(state.vars["high"] as number) + 1, chips(state)[seat]!];
    if (typeof amount !== "number") return illegal("move/bad-parameter", "amount must be a whole number");
    if (!Number.isInteger(amount)) return illegal("move/out-of-domain", "amount must be a whole number");
    if (amount < low || amount > high)
      return illegal("move/out-of-domain", `amount must be between ${low} and ${high}`);
  }
  if (move.type === "take" && !shared(state, "table").includes(move["card"] as CardId)) {
    return illegal("move/out-of-domain", "that card is not on the table");
  }
  return move.type === "show" || move.type === "skip" ? illegal("move/constraint", "cards are shown at the end") : null;
}

function apply(state: TinyState, seat: Seat, move: Move): void {
  if (state.pc === "reveal") {
    state.pending![seat] = move;
    if (state.pending!.some((m) => m === null)) return;
    state.pending!.forEach((m, p) => {
      if (m!.type !== "show") return;
      const hand = mine(state, "hand", p);
      hand.splice(hand.indexOf(m!["card"] as CardId), 1);
      mine(state, "offer", p).push(m!["card"] as CardId);
    });
    state.pending = null;
    state.pc = "end";
    return;
  }
  if (move.type === "bid") state.vars["high"] = move["amount"] as number;
  if (move.type === "take") {
    const table = shared(state, "table");
    table.splice(table.indexOf(move["card"] as CardId), 1);
    mine(state, "hand", seat).push(move["card"] as CardId);
    chips(state)[seat]! -= state.vars["high"] as number;
    state.vars["high"] = 0;
    state.vars["leader"] = next(state, seat);
    if (table.length === 0) return deal(state);
  }
  state.locals.seat = next(state, seat);
}

const tiny: Game<TinyState> = {
  id: "tiny",
  title: "Tiny Auction",
  minPlayers: 2,
  maxPlayers: 3,
  variants: [{ name: "rich", description: "five chips each" }],
  meta: {
    cardTypes: [
      { name: "Number", fields: [{ name: "value", type: "int" }] },
      { name: "Coin", fields: [{ name: "value", type: "int" }] },
    ],
    cards: tinyCards,
    zones: [
      { name: "deck", perPlayer: false, cardType: "Number", visibility: "hidden", ordered: true, capacity: null },
      { name: "table", perPlayer: false, cardType: "Number", visibility: "public", ordered: true, capacity: null },
      { name: "box", perPlayer: false, cardType: "Number", visibility: "hidden", ordered: false, capacity: null },
      { name: "hand", perPlayer: true, cardType: "Number", visibility: "owner", ordered: false, capacity: null },
      { name: "offer", perPlayer: true, cardType: "Number", visibility: "owner", ordered: false, capacity: 1 },
      { name: "purse", perPlayer: true, cardType: "Coin", visibility: "owner", ordered: false, capacity: null },
      { name: "bank", perPlayer: false, cardType: "Coin", visibility: "public", ordered: false, capacity: null },
    ],
    vars: [
      { name: "chips", perPlayer: true, type: "int", visibility: "owner" },
      { name: "high", perPlayer: false, type: "int", visibility: "public" },
      { name: "leader", perPlayer: false, type: "player", visibility: "public" },
      { name: "die", perPlayer: false, type: "int", visibility: "public" },
      { name: "open", perPlayer: false, type: "bool", visibility: "public" },
    ],
    conserved: [],
  },
  setup({ players, variants = [], seed }) {
    const random = seedRandom(seed);
    const deck = Array.from({ length: NUMBERS }, (_, i) => i);
    shuffle(random, deck);
    const state: TinyState = {
      players,
      variants,
      pc: "start",
      random,
      zones: { deck, table: [], box: deck.splice(0, 1), hand: [], offer: [], purse: [], bank: [6, 7, 8] },
      vars: { chips: [], high: 0, leader: 0, die: 0, open: true },
      locals: { seat: 0 },
      pending: null,
    };
    for (const zone of ["hand", "offer", "purse"]) state.zones[zone] = perSeat(state, () => []);
    state.vars["chips"] = perSeat(state, () => (variants.includes("rich") ? 5 : 3));
    return state;
  },
  advance(state) {
    if (state.pc === "start") deal(state);
  },
  activity(state) {
    if (state.pc === "turn") return { kind: "turn", players: [state.locals.seat] };
    if (state.pc === "reveal")
      return { kind: "simultaneous", players: state.pending!.flatMap((m, seat) => (m === null ? [seat] : [])) };
    return { kind: "over", players: [] };
  },
  legalMoves: options,
  check,
  apply,
  view: (state) => state,
  scores: (state) =>
    perSeat(state, () => 0).map((_, seat) => {
      const shown = mine(state, "offer", seat).reduce((sum, id) => sum + value(id), 0);
      return [shown + chips(state)[seat]!, chips(state)[seat]!];
    }),
};

const games = { tiny: tiny as unknown as Game };

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
    // Seed 13 boxes Number 6 (id 5); seed 1 leaves it in the deck: both ways of taking it are played.
    expect(tiny.setup({ players: 3, seed: 13 }).zones["box"]).toEqual([5]);
    expect(tiny.setup({ players: 3, seed: 1 }).zones["box"]).not.toEqual([5]);
    for (const seed of [1, 13]) expect(problems(run(put.replace("players 3", `players 3\nseed ${seed}`)))).toEqual([]);
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
});

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
random 0
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
        "the game has not drawn the number scripted earlier (5): a 'random' step scripts the next draws, so those would come first; script only what is drawn before each play",
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
