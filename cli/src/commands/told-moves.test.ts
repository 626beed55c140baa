// What `rules play` and `rules demo` print of moves, turns and results, through @rules/runtime/present,
// on the CLI's fake game (the entry's own tests, on a hand-made game with the presentation fields, are in runtime/src/present).
import { describe, expect, it } from "vitest";
import { gemAuction } from "./fake-game.js";
import { cardName, describeMove, describeOption, describeResult, describeTurn, thirdPerson } from "@rules/runtime/present";
import type { Move, MoveOption, Seat } from "@rules/runtime/internal";

/** A move told of its seat, as `rules play` prints it. */
function narrateMove(game: typeof gemAuction, seat: Seat, move: Move, { option, viewer = null }: { option?: MoveOption; viewer?: Seat | null } = {}): string {
  return describeMove(game, move, viewer, option, seat);
}

/** Gem Auction card ids: Gem v has id v - 1. */
const gem = (value: number): number => value - 1;

describe("cardName", () => {
  it("names a card by its type and field values", () => {
    expect(cardName(gemAuction, gem(4))).toBe("Gem 4");
    expect(cardName(gemAuction, 99)).toBe("card #99");
  });
});

describe("describeOption", () => {
  it("gives a move's name and each parameter's domain", () => {
    expect(
      describeOption(gemAuction, {
        type: "take",
        parameters: { gem: { kind: "card", zone: "pool", cards: [0, 1, 2] } },
      }, null),
    ).toBe("take gem (one of 3 in the pool)");
    expect(describeOption(gemAuction, { type: "bet", parameters: { amount: { kind: "range", min: 0, max: 3 } } }, null)).toBe(
      "bet amount 0..3",
    );
    expect(describeOption(gemAuction, { type: "pass", parameters: {} }, null)).toBe("pass");
    expect(
      describeOption(gemAuction, {
        type: "play_card",
        parameters: { card: { kind: "card", zone: "hand", cards: [gem(4)] } },
      }, null),
    ).toBe("play card card Gem 4");
    expect(
      describeOption(gemAuction, { type: "target", parameters: { whom: { kind: "player", players: [1, 2] } } }, null),
    ).toBe("target whom (seat 1 / seat 2)");
    expect(
      describeOption(gemAuction, { type: "call", parameters: { suit: { kind: "choice", values: ["red", "light_blue"] } } }, null),
    ).toBe("call suit (red / light blue)");
  });

  it("names seats as the table does, and a seat's zone by its label", () => {
    const target = { type: "target", parameters: { whom: { kind: "player", players: [0, 2] } } } as const;
    expect(describeOption(gemAuction, target, 0)).toBe("target whom (you / seat 2)");
    const show = { type: "show", parameters: { gem: { kind: "card", zone: "hand", cards: [gem(1), gem(2)] } } } as const;
    expect(describeOption(gemAuction, show, 0)).toBe("show gem (one of 2 in hand)");
    // A set of cards: "or none" unless the rules refuse the empty set; an empty zone offers no card.
    const trade = { type: "trade", parameters: { gems: { kind: "cards", zone: "pool", cards: [gem(1), gem(2), gem(3)], none: false } } } as const;
    expect(describeOption(gemAuction, trade, 0)).toBe("trade gems (one or more of the 3 cards in the pool)");
    const gift = { type: "trade", parameters: { gems: { kind: "cards", zone: "pool", cards: [gem(1), gem(2)], none: true } } } as const;
    expect(describeOption(gemAuction, gift, 0)).toBe("trade gems (any of the 2 cards in the pool, or none)");
    const nothing = { type: "trade", parameters: { gems: { kind: "cards", zone: "pool", cards: [], none: true } } } as const;
    expect(describeOption(gemAuction, nothing, 0)).toBe("trade gems (no card: the pool is empty)");
    const peek = { type: "peek", parameters: { first: { kind: "range", min: 1, max: 5 }, second: { kind: "range", min: 1, max: 5 } } } as const;
    expect(describeOption(gemAuction, peek, 0)).toBe("peek first 1..5, second 1..5");
  });
});

describe("describeTurn", () => {
  it("says who may act, naming the reader 'you'", () => {
    expect(describeTurn(gemAuction, { kind: "turn", players: [0] }, 0)).toBe("your turn");
    expect(describeTurn(gemAuction, { kind: "turn", players: [2] }, 0)).toBe("seat 2 to play");
    expect(describeTurn(gemAuction, { kind: "simultaneous", players: [0, 1, 3] }, 0)).toBe("you and seats 1 and 3 choose secretly");
    expect(describeTurn(gemAuction, { kind: "simultaneous", players: [3] }, 0)).toBe("seat 3 chooses secretly");
    expect(describeTurn(gemAuction, { kind: "race", players: [0, 2] }, 0)).toBe("race: you and seat 2 may claim, and the first claim wins");
    expect(describeTurn(gemAuction, { kind: "over", players: [] }, 0)).toBe("game over");
  });
});

describe("describeMove with its seat", () => {
  const take = { type: "take", parameters: { gem: { kind: "card", zone: "pool", cards: [gem(6)] } } } as const;
  const show = { type: "show", parameters: { gem: { kind: "card", zone: "hand", cards: [gem(6)] } } } as const;

  it("says who did what, in the third person or to 'you'", () => {
    expect(narrateMove(gemAuction, 1, { type: "take", gem: gem(6) }, { option: take, viewer: 0 })).toBe(
      "seat 1 takes Gem 6",
    );
    expect(narrateMove(gemAuction, 1, { type: "take", gem: gem(6) }, { option: take, viewer: 1 })).toBe(
      "you take Gem 6",
    );
    expect(narrateMove(gemAuction, 0, { type: "bet", amount: 2 })).toBe("seat 0 bets 2");
    expect(narrateMove(gemAuction, 2, { type: "pass" })).toBe("seat 2 passes");
    expect(narrateMove(gemAuction, 2, { type: "pay_fine" })).toBe("seat 2 chooses pay fine");
    // A window's own option says how the player is.
    expect(narrateMove(gemAuction, 2, { type: "done" })).toBe("seat 2 is done");
    expect(narrateMove(gemAuction, 2, { type: "done" }, { viewer: 2 })).toBe("you are done");
  });

  it("separates parameters and lists a set of cards", () => {
    const trade = {
      type: "good_deal",
      parameters: {
        give: { kind: "cards", zone: "pool", cards: [gem(1), gem(2)] },
        take: { kind: "cards", zone: "pool", cards: [gem(5)] },
      },
    } as const;
    const move = { type: "good_deal", give: [gem(1), gem(2)], take: [gem(5)] };
    expect(narrateMove(gemAuction, 1, move, { option: trade, viewer: 0 })).toBe(
      "seat 1 chooses good deal: give Gem 1 and Gem 2, take Gem 5",
    );
  });

  it("does not name a card from a zone the viewer may not see", () => {
    expect(narrateMove(gemAuction, 1, { type: "show", gem: gem(6) }, { option: show, viewer: 0 })).toBe(
      "seat 1 shows a card",
    );
    expect(narrateMove(gemAuction, 0, { type: "show", gem: gem(6) }, { option: show, viewer: 0 })).toBe(
      "you show Gem 6",
    );
    expect(narrateMove(gemAuction, 1, { type: "show", gem: gem(6) }, { option: show, viewer: null })).toBe(
      "seat 1 shows Gem 6",
    );
  });

  it("names seats chosen as parameters", () => {
    const option = { type: "target", parameters: { whom: { kind: "player", players: [0, 2] } } } as const;
    expect(narrateMove(gemAuction, 1, { type: "target", whom: 0 }, { option, viewer: 0 })).toBe(
      "seat 1 targets you",
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

describe("describeResult", () => {
  it("lists scores with the tie-breakers of tied seats, the ranking with shared places, and the winner", () => {
    const result = {
      scores: [
        [10, 3],
        [12, 1],
        [10, 3],
      ],
      ranking: [[1], [0, 2]],
      winners: [1],
    };
    expect(describeResult(gemAuction, result, 0)).toEqual([
      "Scores:",
      "  you: 10 (tie-breaker 3)",
      "  seat 1: 12",
      "  seat 2: 10 (tie-breaker 3)",
      "Ranking:",
      "  1st: seat 1",
      "  2nd: you, seat 2 (tied)",
      "Winner: seat 1",
    ]);
  });

  it("numbers the place after a tie past the tied seats", () => {
    const result = { scores: [[5], [4], [5]], ranking: [[0, 2], [1]], winners: [0, 2] };
    expect(describeResult(gemAuction, result, null)).toEqual([
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
