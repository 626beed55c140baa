// The table `rules play` prints, through @rules/runtime/present (tableOf, then tableText), on the CLI's
// fake game.
import { applyMove, createMatch, viewFor, type Game, type Match, type Move, type MoveOption, type Seat } from "@rules/runtime/internal";
import { tableOf, tableText } from "@rules/runtime/present";
import { describe, expect, it } from "vitest";
import { gemAuction } from "./fake-game.js";

/** The table as `rules play` prints it, for a seat that is not deciding now (a secret choice made
 *  from `chosenFrom` names its cards). */
function renderTable(game: Game, view: unknown, viewer: Seat | null, { chosenFrom }: { chosenFrom?: MoveOption } = {}): string[] {
  return tableText(tableOf(game, view, viewer, { kind: "simultaneous", players: [] }, chosenFrom ? [chosenFrom] : []));
}

/** Gem Auction card ids: Gem v has id v - 1. */
const gem = (value: number): number => value - 1;

function play(match: Match, moves: [number, Move][]): Match {
  for (const [seat, move] of moves) {
    const outcome = applyMove(match, seat, move);
    if (!outcome.ok) throw new Error(outcome.error.reason);
    match = outcome.match;
  }
  return match;
}

/** Gem Auction with a flag per seat and a dealer, to show variables that are not counts. */
const flagged: Game = {
  ...gemAuction,
  meta: {
    ...gemAuction.meta,
    vars: [
      ...gemAuction.meta.vars,
      { name: "passed", label: "out of this round", perPlayer: true, type: "bool", visibility: "public" },
      { name: "dealer", label: "the dealer", perPlayer: false, type: "player", visibility: "public" },
    ],
  },
};

describe("renderTable", () => {
  // Seat 0 took Gem 6, seat 1 took Gem 1 (the pool is laid out Gem 1 to Gem 6); seat 0 is to take again.
  const match = play(createMatch(gemAuction, { players: 2, seed: 1 }), [
    [0, { type: "take", gem: gem(6) }],
    [1, { type: "take", gem: gem(1) }],
  ]);

  it("shows the middle of the table, then each seat from yours, by labels, hidden things as counts", () => {
    expect(renderTable(gemAuction, viewFor(match, 0), 0)).toEqual([
      "On the table:",
      "  The pool: Gem 2, Gem 3, Gem 4, Gem 5",
      "  The pot: 0",
      "You (seat 0):",
      "  Hand: Gem 6",
      "  Coins: 3",
      "Seat 1:",
      "  Hand: 1 card, face down",
      "  Coins: hidden",
      // Nobody has shown a gem yet: one line for all seats, none per seat.
      "Empty for every seat: gems shown",
    ]);
  });

  it("goes round the table clockwise from the viewer, and shows a spectator no hand and no coins", () => {
    const three = play(createMatch(gemAuction, { players: 3, seed: 1 }), [[0, { type: "take", gem: gem(6) }]]);
    const seats = (viewer: number | null) =>
      renderTable(gemAuction, viewFor(three, viewer), viewer).filter((line) => /^(You|Seat)/.test(line));
    expect(seats(1)).toEqual(["You (seat 1):", "Seat 2:", "Seat 0:"]);
    expect(seats(null)).toEqual(["Seat 0:", "Seat 1:", "Seat 2:"]);
    const spectator = renderTable(gemAuction, viewFor(three, null), null);
    expect(spectator).toContain("  Hand: 1 card, face down");
    expect(spectator).not.toContain("  Hand: Gem 6");
    expect(spectator.filter((line) => line === "  Coins: hidden")).toHaveLength(3);
  });

  it("lists a pile's cards in card order and a row's as they lie", () => {
    // Seat 0 takes Gem 2 after Gem 6: its hand (a pile) reads Gem 2, Gem 6.
    const later = play(match, [[0, { type: "take", gem: gem(2) }]]);
    expect(renderTable(gemAuction, viewFor(later, 0), 0)).toContain("  Hand: Gem 2, Gem 6");
    const view = { zones: { pool: { count: 3, cards: [gem(5), gem(1), gem(3)] } } };
    expect(renderTable(gemAuction, view, 0)).toContain("  The pool: Gem 5, Gem 1, Gem 3");
  });

  it("leaves the program's fields out and shows unknown ones in words", () => {
    const view = { seat: 0, phase: "last_round", waitingFor: "draft", round: [1, 2], pc: "draft", zones: { pool: [gem(2), null, -1] } };
    expect(renderTable(gemAuction, view, 0)).toEqual([
      "Phase: last round",
      "Round: 1, 2",
      "On the table:",
      "  The pool: Gem 2, 2 cards face down",
    ]);
    expect(renderTable(gemAuction, 42, 0)).toEqual(["42"]);
  });

  it("says who has made a secret choice, and your own choice in words", () => {
    const show = { type: "show", parameters: { gem: { kind: "card", zone: "hand", cards: [gem(6), gem(2)] } } } as const;
    const view = { submitted: [true, false, true], mySubmission: { type: "show", gem: gem(6) } };
    expect(renderTable(gemAuction, view, 0, { chosenFrom: show })).toEqual([
      "You and seat 2 have chosen in secret",
      "You have chosen, in secret: show gem Gem 6",
    ]);
    expect(renderTable(gemAuction, { submitted: [true, false, true], mySubmission: null }, 1)).toEqual([
      "Seats 0 and 2 have chosen in secret",
    ]);
    expect(renderTable(gemAuction, { submitted: [false, true] }, 0)).toEqual(["Seat 1 has chosen in secret"]);
    expect(renderTable(gemAuction, { submitted: [false, false] }, 0)).toEqual([]);
  });

  it("summarises empty places, names seats held in variables, and shows a flag only when it is up", () => {
    const view = {
      zones: { pool: { count: 0, cards: [] }, hand: [{ count: 0, cards: [] }, { count: 2 }], shown: [{ count: 0, cards: [] }, { count: 0, cards: [] }] },
      vars: { passed: [false, true], dealer: 0 },
    };
    expect(renderTable(flagged, view, 0)).toEqual([
      "On the table:",
      "  The dealer: you",
      "  Empty: the pool",
      "You (seat 0):",
      "  Hand: empty",
      "Seat 1:",
      "  Hand: 2 cards, face down",
      "  Out of this round",
      "Empty for every seat: gems shown",
    ]);
  });

  it("tells per-card values beside their cards, leaving out the value every card starts with", () => {
    const marked: Game = {
      ...gemAuction,
      meta: {
        ...gemAuction.meta,
        vars: [
          ...gemAuction.meta.vars,
          { name: "setting", label: "the setting", perPlayer: false, perCard: "Gem", initial: "none", type: "Setting", visibility: "public" },
          { name: "cut", label: "cut", perPlayer: false, perCard: "Gem", initial: false, type: "bool", visibility: "public" },
        ],
      },
    };
    // Gem 2 is set in gold and cut, Gem 3 only cut; Gem 4's setting is still "none". Gem 5 is known face down.
    const view = {
      zones: { pool: { count: 3, cards: [gem(2), gem(3), gem(4)] }, hand: [{ count: 1, known: [gem(5)] }, { count: 0, cards: [] }] },
      vars: { setting: { [gem(2)]: "rose_gold", [gem(4)]: "none", [gem(5)]: "silver" }, cut: { [gem(2)]: true, [gem(3)]: true, [gem(4)]: false } },
    };
    expect(renderTable(marked, view, 1)).toEqual([
      "On the table:",
      "  The pool: Gem 2 (setting rose gold, cut), Gem 3 (cut), Gem 4",
      "You (seat 1):",
      "  Hand: empty",
      "Seat 0:",
      "  Hand: 1 card, face down (you know Gem 5 (setting silver) at position 1)",
    ]);
  });

  it("names the cards a seat was shown in a hidden zone, by position", () => {
    const view = { zones: { pool: { count: 3, known: [null, gem(4), null] } } };
    expect(renderTable(gemAuction, view, 0)).toEqual(["On the table:", "  The pool: 3 cards, face down (you know Gem 4 at position 2)"]);
  });
});
