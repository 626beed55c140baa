import { startMatch, illegal, isCardSet, seedRandom, shuffle } from "@rules/runtime/internal";
import type { BaseState, CardId, CardInfo, Game, IllegalMove, Move, MoveOption, Seat } from "@rules/runtime/internal";
import { describe, expect, test } from "vitest";
import { formatDiagnostics, type Diagnostic } from "../diagnostics.js";
import { isSetupStep, type SetupStep } from "./ast.js";
import { parseScenarioFile } from "./parser.js";
import { resolveScenario } from "./resolve.js";
import { formatOutcome, runScenario, type ScenarioOutcome } from "./runner.js";
import { ScriptLedger } from "./script.js";
import { prepareSetup } from "./setup.js";

// A small hand-written market standing in for a compiled game with card-set moves. Goods have a
// value, a `cheap` flag that tells copies apart, a kind, and a `rotten` flag only the one good of
// value 0 has. Each seat starts with two goods in its stall and the market shows three; the
// trader swaps any goods of its stall for market goods of the same total value, then one good is
// turned up from the deck. Turning up the rotten good ends the game. A stall scores its values.
type MarketState = BaseState & { locals: { trader: number } };

const good = (id: number, value: number, kind: string, cheap = false): CardInfo => ({
  id,
  type: "Good",
  fields: { value, cheap, kind, rotten: value === 0 },
});
const goods: CardInfo[] = [
  good(0, 1, "fruit"),
  good(1, 1, "fish"),
  good(2, 1, "fruit", true),
  good(3, 2, "fruit"),
  good(4, 2, "fish", true),
  good(5, 0, "fruit"),
  good(6, 3, "fruit"),
  good(7, 3, "fish"),
  good(8, 2, "fruit"),
  good(9, 4, "fruit"),
  good(10, 4, "fish"),
  good(11, 5, "fruit"),
];
const cards: CardInfo[] = [...goods, { id: 12, type: "Tile", fields: { theme: "sea" } }];
const value = (id: CardId): number => cards[id]!.fields.value as number;
const total = (ids: readonly CardId[]): number => ids.reduce((sum, id) => sum + value(id), 0);
const stall = (state: BaseState, seat: Seat): CardId[] => (state.zones["stall"] as CardId[][])[seat]!;
const shared = (state: BaseState, zone: string): CardId[] => state.zones[zone] as CardId[];

function options(state: MarketState, seat: Seat): MoveOption[] {
  if (state.pc !== "trade" || seat !== state.locals.trader) return [];
  return [
    {
      type: "swap",
      parameters: {
        give: { kind: "cards", zone: "stall", cards: [...stall(state, seat)] },
        take: { kind: "cards", zone: "market", cards: [...shared(state, "market")] },
      },
    },
  ];
}

function check(state: MarketState, seat: Seat, move: Move): IllegalMove | null {
  if (move.type !== "swap") return illegal("move/unknown-type", `there is no move '${move.type}'`);
  if (seat !== state.locals.trader) return illegal("move/not-your-turn", `it is seat ${state.locals.trader}'s turn`);
  const { give, take } = move;
  if (!isCardSet(give, stall(state, seat))) return illegal("move/out-of-domain", "give must be goods of your stall");
  if (!isCardSet(take, shared(state, "market")))
    return illegal("move/out-of-domain", "take must be goods of the market");
  if (give.length === 0 || take.length === 0) return illegal("move/constraint", "swap at least one good each way");
  return total(give) === total(take) ? null : illegal("move/constraint", "a swap keeps the same total value");
}

function apply(state: MarketState, seat: Seat, move: Move): void {
  const market = shared(state, "market");
  const mine = stall(state, seat);
  for (const id of move["give"] as CardId[]) market.push(...mine.splice(mine.indexOf(id), 1));
  for (const id of move["take"] as CardId[]) mine.push(...market.splice(market.indexOf(id), 1));
  const turned = shared(state, "deck").shift()!;
  market.push(turned);
  if (cards[turned]!.fields.rotten) state.pc = "end";
  state.locals.trader = (seat + 1) % state.players;
}

const market: Game<MarketState> = {
  id: "market",
  title: "Market",
  minPlayers: 2,
  maxPlayers: 3,
  variants: [],
  meta: {
    cardTypes: [
      {
        name: "Good",
        fields: [
          { name: "value", type: "int" },
          { name: "cheap", type: "bool" },
          { name: "kind", type: "Kind" },
          { name: "rotten", type: "bool" },
        ],
      },
      { name: "Tile", fields: [{ name: "theme", type: "Theme" }] },
    ],
    cards,
    zones: [
      { name: "deck", label: "deck", perPlayer: false, cardType: "Good", visibility: "hidden", ordered: true, capacity: null },
      { name: "market", label: "market", perPlayer: false, cardType: "Good", visibility: "public", ordered: true, capacity: null },
      { name: "stall", label: "stall", perPlayer: true, cardType: "Good", visibility: "public", ordered: true, capacity: null },
      { name: "bin", label: "bin", perPlayer: false, cardType: "Good", visibility: "hidden", ordered: false, capacity: null },
      { name: "crate", label: "crate", perPlayer: false, cardType: "Good", visibility: "public", ordered: false, capacity: 2 },
      { name: "themes", label: "themes", perPlayer: false, cardType: "Tile", visibility: "public", ordered: false, capacity: null },
    ],
    vars: [
      { name: "trader", label: "trader", perPlayer: false, type: "player", visibility: "public" },
      { name: "rounds", label: "rounds", perPlayer: false, type: "int", visibility: "public" },
    ],
    conserved: [],
  },
  setup({ players, variants = [], seed }) {
    const random = seedRandom(seed);
    const deck = goods.map((g) => g.id);
    shuffle(random, deck);
    const state: MarketState = {
      players,
      variants,
      pc: "start",
      random,
      zones: { deck, market: [], stall: [], bin: [], crate: [], themes: [12] },
      vars: { trader: seed % players, rounds: 0 },
      locals: { trader: 0 },
      pending: null,
    };
    state.zones["stall"] = Array.from({ length: players }, () => deck.splice(0, 2));
    state.zones["market"] = deck.splice(0, 3);
    return state;
  },
  advance(state) {
    if (state.pc !== "start") return;
    state.locals.trader = state.vars["trader"] as number;
    state.pc = "trade";
  },
  activity: (state) =>
    state.pc === "trade" ? { kind: "turn", players: [state.locals.trader] } : { kind: "over", players: [] },
  legalMoves: options,
  check,
  apply,
  view: (state) => state,
  scores: (state) => Array.from({ length: state.players }, (_, seat) => [total(stall(state, seat))]),
};

const games = { market: market as unknown as Game };

function run(text: string): ScenarioOutcome {
  const { scenarios, diagnostics } = parseScenarioFile(text, "market.scenario");
  expect(formatDiagnostics(diagnostics, text)).toBe("");
  expect(scenarios).toHaveLength(1);
  return runScenario(scenarios[0]!, games);
}

/** Each problem as [line, code, message]. */
const problems = (outcome: ScenarioOutcome) => outcome.diagnostics.map((d) => [d.line, d.code, d.message]);

const HEADER = "game market\nplayers 2\nseed 4\n";

describe("card sets, exact zones, seat variables and zone parts", () => {
  test("a whole game: sets of cards traded, zones laid out exactly, seats named by a variable", () => {
    const text = `${HEADER}scenario "trade"
set trader = 1
set stall[trader] = [Good 1, Good 1 fish, Good 3 fish]
set stall[trader + 1] = [Good 2 cheap fish], rest into bin
stack market: Good 2, Good 4, Good 1 cheap
stack deck: Good 5, Good 0
expect turn trader
expect turn 1
expect stall[1] = [Good 1 fruit, Good 1 fish, Good 3 fish]
expect stall[trader + 1] = [Good 2 cheap]
expect top 2 of deck = [Good 5, Good rotten]
expect bottom 1 of deck contains Good
expect options 1: swap
# 1 + 1 = 2; a set is one argument, so 'expect legal' tries this very move.
expect legal 1: swap(give: [Good 1, Good 1 fish], take: [Good 2])
expect illegal 1: swap(give: [Good 1], take: [Good 2]) "same total value"
expect illegal 1: swap(give: [], take: [Good 2]) "at least one good"
expect illegal 1: swap(give: [Good 4], take: [Good 4]) "goods of your stall"
expect illegal 1: swap(give: [Good 3 fish], take: [Good 3]) "goods of the market"
play 1: swap(give: [Good 1, Good 1 fish, Good 3 fish], take: [Good 4, Good 1 cheap])
expect stall[1] = [Good 4, Good 1 cheap]
expect market = [Good 2, Good 1 fruit, Good 1 fish, Good 3 fish, Good 5]
expect turn 0
# 'trader' still says who began: the seat after it plays now.
expect turn trader + 1
play 0: swap(give: [Good 2 cheap], take: [Good 2])
expect over
expect market contains Good 0
# Seat 0: the plain 2. Seat 1: 4 + 1 = 5.
expect score 0 = 2
expect score 1 = 5
expect scores 2 5
`;
    const outcome = run(text);
    expect(formatOutcome(outcome, text)).toBe("passed: market.scenario: trade");
  });

  test("set moves cards in by swapping and the displaced ones out, so every card stays in one place", () => {
    const text = `game market
players 3
scenario "lay out"
set stall[0] = [Good 5, Good 4 fish, Good 3], rest into bin
set stall[1] = [Good 4], rest into bin
set market = [Good 1 cheap, Good 3 fish, Good 2 cheap fish, Good 1, Good 1 fish]
set crate = [Good 2]
expect stall[0] = [Good 5, Good 4 fish, Good 3]
`;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9]) {
      const { scenarios } = parseScenarioFile(text.replace("players 3", `players 3\nseed ${seed}`), "m.scenario");
      const scenario = scenarios[0]!;
      const resolution = resolveScenario(scenario, games.market);
      expect(resolution.diagnostics).toEqual([]);
      const failures = new Map<SetupStep, Diagnostic>();
      const setup = scenario.steps.filter(isSetupStep);
      const match = startMatch(
        games.market,
        { players: 3, seed },
        prepareSetup(games.market, "m.scenario", setup, resolution.setupCards, failures, new ScriptLedger(games.market, "m.scenario")),
      );
      expect(failures.size).toBe(0);
      const zones = match.state.zones as Record<string, CardId[] | CardId[][]>;
      const everywhere = Object.values(zones).flatMap((zone) => (zone as (CardId | CardId[])[]).flat());
      expect([...everywhere].sort((a, b) => a - b)).toEqual(cards.map((c) => c.id));
      expect(stall(match.state, 0)).toEqual([11, 10, 6]);
      expect(stall(match.state, 1)).toEqual([9]);
      expect(shared(match.state, "market")).toEqual([2, 7, 4, 0, 1]);
      expect(shared(match.state, "crate")).toEqual([3]);
      // 12 goods: 3 + 1 + 5 + 1 in the zones set, so 2 are left for stall 2 (never set), the deck and the bin.
      const left = [...stall(match.state, 2), ...shared(match.state, "deck"), ...shared(match.state, "bin")];
      expect(left).toHaveLength(2);
      expect(runScenario({ ...scenario }, games).passed).toBe(true);
    }
  });

  test("a card brought in from no zone frees no place: the displaced cards all go to the rest zone", () => {
    // This market leaves the 5 out of every zone (in the box, say).
    const boxed: Game = {
      ...(market as unknown as Game),
      setup(options) {
        const state = market.setup(options);
        for (const zone of ["deck", "market"]) {
          const cards = shared(state, zone);
          if (cards.includes(11)) cards.splice(cards.indexOf(11), 1);
        }
        for (const seat of [0, 1]) {
          const cards = stall(state, seat);
          if (cards.includes(11)) cards.splice(cards.indexOf(11), 1, ...shared(state, "deck").splice(0, 1));
        }
        return state;
      },
    };
    const text = `game market\nplayers 2\nscenario "box"\nset stall[0] = [Good 5], rest into bin\nexpect over\n`;
    for (const seed of [1, 2, 3, 4]) {
      const scenario = parseScenarioFile(text.replace("players 2", `players 2\nseed ${seed}`), "b.scenario")
        .scenarios[0]!;
      const resolution = resolveScenario(scenario, boxed);
      const before = boxed.setup({ players: 2, seed });
      const match = startMatch(
        boxed,
        { players: 2, seed },
        prepareSetup(boxed, "b.scenario", scenario.steps.filter(isSetupStep), resolution.setupCards, new Map(), new ScriptLedger(boxed, "b.scenario")),
      );
      expect(stall(match.state, 0)).toEqual([11]);
      expect([...shared(match.state, "bin")].sort()).toEqual([...stall(before, 0)].sort());
      const zones = Object.values(match.state.zones).flatMap((zone) => (zone as (CardId | CardId[])[]).flat());
      expect(zones.sort((a, b) => a - b)).toEqual(cards.map((c) => c.id));
    }
  });

  test("mistakes in sets, seats, parts and cards point at the token", () => {
    const text = `${HEADER}scenario "names"
set stall[0] = [Good 1], rest into stall[0]
set stall[1] = [Good 3], rest into themes
set stall[rounds] = [Good 4]
set stall[tradr] = [Good 5]
expect top 1 of bin = []
expect stall[0] = [Good 2 fish]
expect stall[0] = [Good 1 fsh]
expect score 2 = 1
`;
    expect(problems(run(text))).toEqual([
      [5, "scenario/same-zone", "the displaced cards must leave the zone: name another one"],
      [6, "scenario/wrong-card-type", "'themes' holds Tile cards, not Good"],
      [
        7,
        "scenario/not-a-seat",
        "'rounds' does not hold one player; a seat is a number or a shared player variable: trader",
      ],
      [
        8,
        "scenario/not-a-seat",
        "market has no variable 'tradr'; a seat is a number or a shared player variable: trader (did you mean 'trader'?)",
      ],
      [9, "scenario/not-ordered", "'bin' is not kept in order, so it has no top"],
      [
        10,
        "scenario/unknown-card",
        "no Good card has value 2, cheap false and kind fish; a flag left out is false, so name 'cheap' for such a card",
      ],
      [
        11,
        "scenario/unknown-card-value",
        "'fsh' is neither a flag nor a value of a Good card; its flags are cheap, rotten; its kind is one of fruit, fish (did you mean 'fish'?)",
      ],
      [12, "scenario/unknown-seat", "there is no seat 2 in a 2-player game (seats are 0 to 1)"],
    ]);
  });

  test("a zone that shrinks needs a place for the rest; a set of cards needs brackets", () => {
    const shrink = run(`${HEADER}scenario "shrink"\nset stall[0] = [Good 1]\nexpect over\n`);
    expect(problems(shrink)).toEqual([
      [
        5,
        "scenario/nowhere-to-go",
        "'stall[0]' held 2 cards and keeps 1: say where the other card goes, e.g. '…], rest into <zone>'",
      ],
    ]);
    expect(shrink.steps.map((s) => s.status)).toEqual(["failed", "skipped"]);
    const full = run(`${HEADER}scenario "full"\nset crate = [Good 1, Good 2, Good 3]\nexpect over\n`);
    expect(problems(full)).toEqual([[5, "scenario/over-capacity", "'crate' holds at most 2 cards, but now has 3"]]);
    const text = `${HEADER}scenario "brackets"\nset trader = 0\nset stall[0] = [Good 1, Good 2]\nplay 0: swap(give: Good 1, take: [Good 1 cheap])\n`;
    const outcome = run(text);
    expect(problems(outcome)).toEqual([
      [7, "scenario/needs-card-list", "'give' is a set of cards: write them in [ ], e.g. give: [Good 1]"],
    ]);
    expect(outcome.diagnostics[0]).toMatchObject({ column: 20, endColumn: 26 });
  });
});
