import { illegal, learnCard, perSeat, zoneView } from "@rules/runtime/internal";
import type { BaseState, CardId, Game, Move, MoveOption, Seat } from "@rules/runtime/internal";
import { describe, expect, test } from "vitest";
import { formatDiagnostics } from "../diagnostics.js";
import { parseScenarioFile } from "./parser.js";
import { runScenario, type ScenarioOutcome } from "./runner.js";

// A small hand-written game with secrets: four Gem cards lie face down in `vault` (ordered), one
// is face up in `shelf` (public), and each seat holds a `pouch` (owner-only, unordered). On its turn
// a seat may `peek` at a vault position (only it learns the card) or `pass`; turns go round.
type PeekState = BaseState & {
  locals: { seat: number };
  knowledge: CardId[][];
};

const gems = [1, 2, 3, 4, 5, 6].map((value, id) => ({
  id,
  type: "Gem",
  fields: { value },
}));

const peekGame: Game<PeekState> = {
  id: "peek",
  title: "Peek",
  minPlayers: 2,
  maxPlayers: 3,
  variants: [],
  meta: {
    cardTypes: [{ name: "Gem", fields: [{ name: "value", type: "int" }] }],
    cards: gems,
    zones: [
      {
        name: "vault",
        perPlayer: false,
        cardType: "Gem",
        visibility: "hidden",
        ordered: true,
        capacity: null,
      },
      {
        name: "shelf",
        perPlayer: false,
        cardType: "Gem",
        visibility: "public",
        ordered: true,
        capacity: null,
      },
      {
        name: "pouch",
        perPlayer: true,
        cardType: "Gem",
        visibility: "owner",
        ordered: false,
        capacity: null,
      },
    ],
    vars: [],
    conserved: [],
  },
  setup: ({ players, variants = [] }) => ({
    players,
    variants,
    pc: "turn",
    random: { s: [1, 2, 3, 4], script: [] },
    zones: {
      vault: [0, 1, 2, 3],
      shelf: [4],
      pouch: Array.from({ length: players }, (_, seat) => (seat === 0 ? [5] : [])),
    },
    vars: {},
    locals: { seat: 0 },
    pending: null,
    knowledge: Array.from({ length: players }, () => []),
  }),
  advance: () => {},
  activity: (state) => ({ kind: "turn", players: [state.locals.seat] }),
  legalMoves: (state, seat): MoveOption[] =>
    seat === state.locals.seat
      ? [
          {
            type: "peek",
            parameters: { position: { kind: "range", min: 1, max: 4 } },
          },
          { type: "pass", parameters: {} },
        ]
      : [],
  check: (state, seat: Seat, move: Move) =>
    seat === state.locals.seat ? null : illegal("move/not-your-turn", `it is seat ${state.locals.seat}'s turn`),
  apply(state, seat, move) {
    const vault = state.zones["vault"] as CardId[];
    if (move.type === "peek") learnCard(state.knowledge, seat, vault[(move["position"] as number) - 1]!);
    state.locals.seat = (seat + 1) % state.players;
  },
  view: (state, seat) => ({
    zones: {
      vault: zoneView(state.zones["vault"] as CardId[], false, seat === null ? [] : state.knowledge[seat]),
      shelf: zoneView(state.zones["shelf"] as CardId[], true),
      pouch: (state.zones["pouch"] as CardId[][]).map((cards, owner) => zoneView(cards, owner === seat)),
    },
  }),
  scores: (state) => perSeat(state.players, () => [0]),
};

const games = { peek: peekGame as unknown as Game };

function run(body: string): ScenarioOutcome {
  const text = `game peek\nplayers 2\nscenario "views"\n${body}\n`;
  const { scenarios, diagnostics } = parseScenarioFile(text, "peek.scenario");
  expect(formatDiagnostics(diagnostics, text)).toBe("");
  return runScenario(scenarios[0]!, games);
}

const messages = (outcome: ScenarioOutcome): string[] => outcome.diagnostics.map((d) => `${d.code}: ${d.message}`);

describe("expect view: what one seat's view shows", () => {
  test("a hidden zone shows '?' for every card until the seat is shown one, then that card where it lies", () => {
    const outcome = run(
      [
        "expect view 0 vault = [?, ?, ?, ?]",
        "play 0: peek(position: 3)",
        "expect view 0 vault = [?, ?, Gem 3, ?]",
        "expect view 1 vault = [?, ?, ?, ?]",
      ].join("\n"),
    );
    expect(messages(outcome)).toEqual([]);
  });

  test("a wrong position, a '?' for a card seen, or a wrong length fails with what the seat sees", () => {
    const outcome = run(
      [
        "play 0: peek(position: 3)",
        "expect view 0 vault = [?, Gem 3, ?, ?]",
        "expect view 0 vault = [?, ?, ?, ?]",
        "expect view 0 vault = [?, ?, Gem 3]",
      ].join("\n"),
    );
    const seen = "but it sees [?, ?, Gem 3, ?]";
    expect(messages(outcome)).toEqual([
      `scenario/expectation-failed: expected seat 0 to see vault as [?, Gem 3, ?, ?], ${seen}`,
      `scenario/expectation-failed: expected seat 0 to see vault as [?, ?, ?, ?], ${seen}`,
      `scenario/expectation-failed: expected seat 0 to see vault as [?, ?, Gem 3], ${seen}`,
    ]);
  });

  test("public zones show every card; a per-player zone shows its cards to its owner only", () => {
    const outcome = run(
      [
        "expect view 1 shelf = [Gem 5]",
        "expect view 0 pouch[0] = [Gem 6]",
        "expect view 1 pouch[0] = [?]",
        "expect view 1 pouch[0] = [Gem 6]",
      ].join("\n"),
    );
    expect(messages(outcome)).toEqual([
      "scenario/expectation-failed: expected seat 1 to see pouch[0] as [Gem 6], but it sees [?]",
    ]);
  });

  test("'shows' finds cards anywhere in the view; 'hides' fails naming the card shown", () => {
    const outcome = run(
      [
        "play 0: peek(position: 2)",
        "expect view 0 shows Gem 2, Gem 5, Gem 6",
        "expect view 1 hides Gem 2, Gem 6",
        "expect view 1 shows Gem 2",
        "expect view 0 hides Gem 1, Gem 2",
      ].join("\n"),
    );
    expect(messages(outcome)).toEqual([
      "scenario/expectation-failed: expected seat 1's view to show Gem 2, but it does not show Gem 2",
      "scenario/expectation-failed: expected seat 0's view to hide Gem 1, Gem 2, but it shows [Gem 2]",
    ]);
  });

  test("names are checked before play: the seat, the zone and the cards", () => {
    const outcome = run(
      ["expect view 2 shows Gem 1", "expect view 0 vualt = [?]", "expect view 0 hides Gem 9"].join("\n"),
    );
    expect(outcome.diagnostics.map((d) => d.code)).toEqual([
      "scenario/unknown-seat",
      "scenario/unknown-zone",
      "scenario/unknown-card",
    ]);
  });

  test("'?' stands only in what a view shows, and a view's zone is expected in [ ]", () => {
    const text = 'game peek\nplayers 2\nscenario "views"\nexpect vault = [?]\nexpect turn = ?\n';
    const { diagnostics } = parseScenarioFile(text, "peek.scenario");
    expect(diagnostics.map((d) => `${d.line}: ${d.message}`)).toEqual([
      "4: expected a card, such as 'Property 30' but found '?'",
      "5: expected a value but found '?'",
    ]);
    expect(messages(run("expect view 0 vault = ?"))).toEqual([
      "scenario/expectation-failed: 'vault' is a zone of seat 0's view: expect the cards it shows in [ ], '?' for a hidden one",
    ]);
  });
});
