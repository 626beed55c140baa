import { illegal, perSeat, zoneView } from "@rules/runtime/internal";
import type { BaseState, CardId, Game, Move, MoveOption, Seat } from "@rules/runtime/internal";
import { describe, expect, test } from "vitest";
import { formatDiagnostics } from "../diagnostics.js";
import { parseScenarioFile } from "./parser.js";
import { runScenario, type ScenarioOutcome } from "./runner.js";

// A small hand-written game with a secret vote. Each seat holds Gems in its `pouch` (owner-only)
// and `gold` (owner-only); `round` is public. All seats at once either `vote` with a Gem of their
// pouch or `abstain`; the view says who has `submitted`, and shows a seat its own choice
// (`mySubmission`) until all are in. Then the round goes up and the next vote starts.
const gems = [1, 2, 2, 3].map((value, id) => ({ id, type: "Gem", fields: { value } }));

const voteGame: Game = {
  id: "vote",
  title: "Vote",
  minPlayers: 3,
  maxPlayers: 3,
  variants: [],
  meta: {
    cardTypes: [{ name: "Gem", fields: [{ name: "value", type: "int" }] }],
    cards: gems,
    zones: [{ name: "pouch", label: "pouch", perPlayer: true, cardType: "Gem", visibility: "owner", ordered: false, capacity: null }],
    vars: [
      { name: "gold", label: "gold", perPlayer: true, type: "int", visibility: "owner" },
      { name: "round", label: "round", perPlayer: false, type: "int", visibility: "public" },
    ],
    conserved: [],
  },
  setup: ({ players, variants = [] }) => ({
    players,
    variants,
    pc: "vote",
    random: { s: [1, 2, 3, 4], script: [] },
    zones: { pouch: [[0, 1], [2], [3]] },
    vars: { gold: [3, 4, 5], round: 1 },
    locals: {},
    pending: perSeat(players, () => null),
  }),
  advance: () => {},
  activity: (state) => ({
    kind: "simultaneous",
    players: state.pending!.flatMap((move, seat) => (move === null ? [seat] : [])),
  }),
  legalMoves: (state, seat): MoveOption[] =>
    state.pending![seat] === null
      ? [
          {
            type: "vote",
            parameters: {
              gem: { kind: "card", zone: "pouch", cards: [...(state.zones["pouch"] as CardId[][])[seat]!] },
            },
          },
          { type: "abstain", parameters: {} },
        ]
      : [],
  check: (state, seat: Seat) =>
    state.pending![seat] === null ? null : illegal("move/already-submitted", "already chosen"),
  apply(state: BaseState, seat: Seat, move: Move) {
    state.pending![seat] = move;
    if (state.pending!.every((m) => m !== null)) {
      state.pending = perSeat(state.players, () => null);
      state.vars["round"] = (state.vars["round"] as number) + 1;
    }
  },
  view: (state, seat) => ({
    seat,
    phase: "voting",
    zones: {
      pouch: (state.zones["pouch"] as CardId[][]).map((cards, owner) => zoneView(cards, owner === seat)),
    },
    vars: {
      gold: (state.vars["gold"] as number[]).map((value, owner) => (owner === seat ? value : null)),
      round: state.vars["round"],
    },
    submitted: state.pending ? state.pending.map((move) => move !== null) : null,
    mySubmission: seat !== null && state.pending?.[seat] ? state.pending[seat] : null,
  }),
  scores: (state) => perSeat(state.players, () => [0]),
};

function run(body: string): ScenarioOutcome {
  const text = `game vote\nplayers 3\nscenario "votes"\n${body}\n`;
  const { scenarios, diagnostics } = parseScenarioFile(text, "vote.scenario");
  expect(formatDiagnostics(diagnostics, text)).toBe("");
  return runScenario(scenarios[0]!, { vote: voteGame });
}

const messages = (outcome: ScenarioOutcome): string[] => outcome.diagnostics.map((d) => `${d.line}: ${d.message}`);

describe("expect view: any field of a seat's view", () => {
  test("a value hidden from the seat is '?', one seat's value is [seat], and fields of the view itself by name", () => {
    const outcome = run(
      [
        "expect view 1 gold = ? 4 ?",
        "expect view 1 gold[1] = 2 * 2",
        "expect view 1 gold[0] = ?",
        "expect view 2 gold = ? ? 5",
        "expect view 0 round = 1",
        "expect view 0 phase = voting",
        "expect view 2 seat = 2",
        "expect view 0 submitted = false false false",
        "expect view 0 mySubmission = ?",
        "play 1: vote(gem: Gem 2)",
        "expect view 0 submitted = false true false",
        "expect view 2 submitted[1] = true",
        "expect view 1 mySubmission = vote(gem: Gem 2)",
        "expect view 0 mySubmission = ?",
        "play 0: abstain",
        "expect view 0 mySubmission = abstain",
        "play 2: vote(gem: Gem 3)",
        "expect view 1 round = 2",
        "expect view 1 mySubmission = ?",
      ].join("\n"),
    );
    expect(messages(outcome)).toEqual([]);
  });

  test("a view that shows something else says what it shows", () => {
    const outcome = run(
      [
        "expect view 1 gold = 3 4 ?",
        "expect view 1 gold = ? 4",
        "play 0: vote(gem: Gem 2)",
        "expect view 0 mySubmission = vote(gem: Gem 1)",
        // Written as another move, the found move's cards show as the game stores them (ids).
        "expect view 0 mySubmission = abstain",
        "expect view 1 mySubmission = vote(gem: Gem 2)",
        "expect view 0 submitted = true true false",
        "expect view 0 golds = 3",
        "expect view 0 round[1] = 1",
        "expect view 0 pouch = ?",
      ].join("\n"),
    );
    expect(messages(outcome)).toEqual([
      "4: expected seat 1's view to show gold = 3 4 ?, but it shows ? 4 ?",
      "5: expected seat 1's view to show gold = ? 4, but it shows ? 4 ?",
      "7: expected seat 0's view to show mySubmission = vote(gem: Gem 1), but it shows vote(gem: Gem 2)",
      "8: expected seat 0's view to show mySubmission = abstain, but it shows vote(gem: 1)",
      "9: expected seat 1's view to show mySubmission = vote(gem: Gem 2), but it shows ?",
      "10: expected seat 0's view to show submitted = true true false, but it shows true false false",
      "11: seat 0's view has no field 'golds'; it shows gold, round, seat, phase, submitted, mySubmission (did you mean 'gold'?)",
      "12: 'round' in seat 0's view is one value, not one per seat",
      "13: 'pouch' is a zone of seat 0's view: expect the cards it shows in [ ], '?' for a hidden one",
    ]);
  });

  test("a move in a view names its cards, and takes the copy the seat holds", () => {
    // Gem 2 has two copies: seat 0 holds one (id 1), seat 1 the other (id 2).
    const outcome = run(["play 1: vote(gem: Gem 2)", "expect view 1 mySubmission = vote(gem: Gem 2)"].join("\n"));
    expect(messages(outcome)).toEqual([]);
  });
});
