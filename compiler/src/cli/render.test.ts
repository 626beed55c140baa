import { applyMove, createMatch, viewFor, type Match, type Move } from "@rules/runtime";
import { describe, expect, it } from "vitest";
import { gemAuction } from "./fake-game.js";
import { cardName, describeOption, narrateMove, renderResult, renderView, thirdPerson } from "./render.js";
import { table } from "./report.js";

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

const start = () => createMatch(gemAuction, { players: 2, seed: 1 });

describe("cardName", () => {
  it("names a card by its type and field values", () => {
    expect(cardName(gemAuction, gem(4))).toBe("Gem 4");
    expect(cardName(gemAuction, 99)).toBe("card #99");
  });
});

describe("renderView", () => {
  // Seat 0 took Gem 6, seat 1 took Gem 1; seat 0 is to take again.
  const match = play(start(), [
    [0, { type: "take", gem: gem(6) }],
    [1, { type: "take", gem: gem(1) }],
  ]);

  it("shows public cards, the viewer's own hidden cards and values, and only counts of the others'", () => {
    expect(renderView(gemAuction, viewFor(match, 0), 0)).toEqual([
      "Cards:",
      "  pool: Gem 2, Gem 3, Gem 4, Gem 5",
      "  hand:",
      "    you: Gem 6",
      "    seat 1: 1 card, face down",
      "  shown: all empty",
      "Counters:",
      "  coins: you 3, seat 1 hidden",
      "  pot: 0",
    ]);
  });

  it("shows no Cards heading for a game without zones", () => {
    expect(renderView(gemAuction, { zones: {}, vars: { pot: 4 } }, 0)).toEqual(["Counters:", "  pot: 4"]);
  });

  it("shows a spectator no hand and no coins", () => {
    const lines = renderView(gemAuction, viewFor(match, null), null);
    expect(lines).toContain("    seat 0: 1 card, face down");
    expect(lines).toContain("  coins: seat 0 hidden, seat 1 hidden");
  });

  it("lists an unordered zone's cards in card order and an ordered one's as they lie", () => {
    const later = play(match, [[0, { type: "take", gem: gem(2) }]]);
    expect(renderView(gemAuction, viewFor(later, 0), 0)).toContain("    you: Gem 2, Gem 6");
    const view = { zones: { pool: { count: 3, cards: [gem(5), gem(1), gem(3)] } } };
    expect(renderView(gemAuction, view, 0)).toContain("  pool: Gem 5, Gem 1, Gem 3");
  });

  it("shows fields it does not know as compact JSON, and bare ids with unseen cards", () => {
    const view = { phase: "buying", round: [1, 2], pc: "draft", zones: { pool: [gem(2), null, -1] } };
    expect(renderView(gemAuction, view, 0)).toEqual([
      "phase: buying",
      "round: [1,2]",
      "Cards:",
      "  pool: Gem 2, 2 cards face down",
    ]);
    expect(renderView(gemAuction, 42, 0)).toEqual(["42"]);
  });
});

describe("describeOption", () => {
  it("gives a move's name and each parameter's domain", () => {
    expect(
      describeOption(gemAuction, {
        type: "take",
        parameters: { gem: { kind: "card", zone: "pool", cards: [0, 1, 2] } },
      }),
    ).toBe("take gem (one of 3 in pool)");
    expect(describeOption(gemAuction, { type: "bet", parameters: { amount: { kind: "range", min: 0, max: 3 } } })).toBe(
      "bet amount 0..3",
    );
    expect(describeOption(gemAuction, { type: "pass", parameters: {} })).toBe("pass");
    expect(
      describeOption(gemAuction, {
        type: "play_card",
        parameters: { card: { kind: "card", zone: "hand", cards: [gem(4)] } },
      }),
    ).toBe("play card card Gem 4");
    expect(
      describeOption(gemAuction, { type: "target", parameters: { whom: { kind: "player", players: [1, 2] } } }),
    ).toBe("target whom (seat 1 / seat 2)");
    expect(
      describeOption(gemAuction, { type: "call", parameters: { suit: { kind: "choice", values: ["red", "blue"] } } }),
    ).toBe("call suit (red / blue)");
  });
});

describe("narrateMove", () => {
  const take = { type: "take", parameters: { gem: { kind: "card", zone: "pool", cards: [gem(6)] } } } as const;
  const show = { type: "show", parameters: { gem: { kind: "card", zone: "hand", cards: [gem(6)] } } } as const;

  it("says who did what, in the third person or to 'you'", () => {
    expect(narrateMove(gemAuction, 1, { type: "take", gem: gem(6) }, { option: take, viewer: 0 })).toBe(
      "seat 1 takes gem Gem 6",
    );
    expect(narrateMove(gemAuction, 1, { type: "take", gem: gem(6) }, { option: take, viewer: 1 })).toBe(
      "you take gem Gem 6",
    );
    expect(narrateMove(gemAuction, 0, { type: "bet", amount: 2 })).toBe("seat 0 bets amount 2");
    expect(narrateMove(gemAuction, 2, { type: "pass" })).toBe("seat 2 passes");
  });

  it("does not name a card from a zone the viewer may not see", () => {
    expect(narrateMove(gemAuction, 1, { type: "show", gem: gem(6) }, { option: show, viewer: 0 })).toBe(
      "seat 1 shows gem (hidden)",
    );
    expect(narrateMove(gemAuction, 0, { type: "show", gem: gem(6) }, { option: show, viewer: 0 })).toBe(
      "you show gem Gem 6",
    );
    expect(narrateMove(gemAuction, 1, { type: "show", gem: gem(6) }, { option: show, viewer: null })).toBe(
      "seat 1 shows gem Gem 6",
    );
  });

  it("names seats chosen as parameters", () => {
    const option = { type: "target", parameters: { whom: { kind: "player", players: [0, 2] } } } as const;
    expect(narrateMove(gemAuction, 1, { type: "target", whom: 0 }, { option, viewer: 0 })).toBe(
      "seat 1 targets whom you",
    );
  });
});

describe("thirdPerson", () => {
  it("inflects a verb as English does", () => {
    expect(["raise", "pass", "bet", "buy", "carry", "match", "go", "fix"].map(thirdPerson)).toEqual([
      "raises",
      "passes",
      "bets",
      "buys",
      "carries",
      "matches",
      "goes",
      "fixes",
    ]);
  });
});

describe("renderResult", () => {
  it("lists scores with tie-breakers, the ranking with shared places, and the winner", () => {
    const result = {
      scores: [
        [10, 3],
        [12, 1],
        [10, 3],
      ],
      ranking: [[1], [0, 2]],
      winners: [1],
    };
    expect(renderResult(result, 0)).toEqual([
      "Scores:",
      "  you: 10 (tie-breaker 3)",
      "  seat 1: 12 (tie-breaker 1)",
      "  seat 2: 10 (tie-breaker 3)",
      "Ranking:",
      "  1st: seat 1",
      "  2nd: you, seat 2 (tied)",
      "Winner: seat 1",
    ]);
  });

  it("numbers the place after a tie past the tied seats", () => {
    const result = { scores: [[5], [4], [5]], ranking: [[0, 2], [1]], winners: [0, 2] };
    expect(renderResult(result)).toEqual([
      "Scores:",
      "  seat 0: 5",
      "  seat 1: 4",
      "  seat 2: 5",
      "Ranking:",
      "  1st: seat 0, seat 2 (tied)",
      "  3rd: seat 1",
      "Winners: seat 0, seat 2",
    ]);
  });
});

describe("table", () => {
  it("pads columns to their widest cell and aligns numbers right", () => {
    expect(
      table(
        ["seat", "win rate", "name"],
        [
          ["0", "25.0%", "Ann"],
          ["10", "5.5%", "Bo"],
        ],
      ),
    ).toEqual(["seat  win rate  name", "   0     25.0%  Ann", "  10      5.5%  Bo"]);
  });
});
