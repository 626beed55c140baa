// The story `rules play` and `rules demo` tell of a move's events, through @rules/runtime/present, on
// the CLI's fake game with every kind of place.
import {
  changed,
  eventsFor,
  gameEnds,
  moved,
  phaseBegins,
  revealed,
  said,
  shuffled,
  transferred,
  type Game,
  type GameEvent,
  type Seat,
} from "@rules/runtime/internal";
import { describe, expect, it } from "vitest";
import { gemAuction } from "./fake-game.js";
import { addressed, describeDecision, describeEvents, type StoryContext } from "@rules/runtime/present";

/** Gem Auction card ids: Gem v has id v - 1. */
const gem = (value: number): number => value - 1;

/**
 * The Gem Auction's cards on a table with every kind of place: a hidden deck, a public pool, a hand
 * and a card laid face down per seat (seen by their owner), coins (seen by their owner), a public pot,
 * public bids, a public flag per seat and a dealer.
 */
const table: Game = {
  ...gemAuction,
  meta: {
    ...gemAuction.meta,
    zones: [
      { name: "deck", label: "the deck", perPlayer: false, cardType: "Gem", visibility: "hidden", ordered: true, capacity: null },
      { name: "pool", label: "the pool", perPlayer: false, cardType: "Gem", visibility: "public", ordered: true, capacity: null },
      { name: "hand", label: "hand", perPlayer: true, cardType: "Gem", visibility: "owner", ordered: false, capacity: null },
      { name: "offer", label: "the gem laid face down", perPlayer: true, cardType: "Gem", visibility: "owner", ordered: true, capacity: 1 },
    ],
    vars: [
      { name: "coins", label: "coins", perPlayer: true, type: "int", visibility: "owner" },
      { name: "pot", label: "the pot", perPlayer: false, type: "int", visibility: "public" },
      { name: "bid", label: "bid", perPlayer: true, type: "int", visibility: "public" },
      { name: "passed", label: "out of this round", perPlayer: true, type: "bool", visibility: "public" },
      { name: "dealer", label: "the dealer", perPlayer: false, type: "player", visibility: "public" },
    ],
  },
};

/** The events as `viewer` may know them, told to that viewer. */
function tellTo(viewer: Seat | null, events: GameEvent[], context: StoryContext = {}): string[] {
  return describeEvents(table, eventsFor(table.meta, events, viewer), viewer, context);
}

describe("describeEvents: cards", () => {
  it("tells a card taken from a shared zone into a seat's, naming the reader 'you'", () => {
    const events = [moved([gem(6)], "pool", null, "hand", 1)];
    expect(tellTo(0, events)).toEqual(["seat 1 takes Gem 6 from the pool"]);
    expect(tellTo(1, events)).toEqual(["you take Gem 6 from the pool"]);
    expect(tellTo(null, events)).toEqual(["seat 1 takes Gem 6 from the pool"]);
  });

  it("names a card dealt from a hidden deck to the seat it went to only", () => {
    const events = [moved([gem(4)], "deck", null, "hand", 1)];
    expect(tellTo(1, events)).toEqual(["you take Gem 4 from the deck"]);
    expect(tellTo(0, events)).toEqual(["seat 1 takes a card from the deck"]);
    expect(tellTo(null, events)).toEqual(["seat 1 takes a card from the deck"]);
  });

  it("tells cards put from a seat's zone into a shared one, and given to another seat", () => {
    expect(tellTo(0, [moved([gem(2), gem(3)], "hand", 1, "pool", null)])).toEqual(["seat 1 puts Gem 2 and Gem 3 into the pool"]);
    const given = [moved([gem(5)], "hand", 1, "hand", 2)];
    expect(tellTo(1, given)).toEqual(["you give Gem 5 to seat 2"]);
    expect(tellTo(2, given)).toEqual(["seat 1 gives Gem 5 to you"]);
    expect(tellTo(0, given)).toEqual(["seat 1 gives a card to seat 2"]);
  });

  it("tells cards going between shared zones with the cards as the subject", () => {
    expect(tellTo(0, [moved([gem(1), gem(2)], "deck", null, "pool", null)])).toEqual(["Gem 1 and Gem 2 go from the deck to the pool"]);
    expect(tellTo(0, [moved([gem(1)], "pool", null, "deck", null)])).toEqual(["Gem 1 goes from the pool to the deck"]);
    expect(tellTo(0, [moved([gem(1), gem(2), gem(3)], "deck", null, "deck", null)])).toEqual(["3 cards go from the deck to the deck"]);
  });

  it("joins the same step done for each seat into one sentence, and hidden ones as 'each'", () => {
    // Every seat lays a card face down (seat 0 is the reader), then each takes a gem from the pool.
    const events = [
      moved([gem(6)], "hand", 0, "offer", 0),
      moved([gem(2)], "hand", 1, "offer", 1),
      moved([gem(3)], "hand", 2, "offer", 2),
      moved([gem(5)], "pool", null, "hand", 2),
      moved([gem(4)], "pool", null, "hand", 0),
      moved([gem(1)], "pool", null, "hand", 1),
    ];
    expect(tellTo(0, events)).toEqual([
      "you move Gem 6 and seats 1 and 2 each move a card from their hand to their gem laid face down",
      "seat 2 takes Gem 5, you take Gem 4 and seat 1 takes Gem 1 from the pool",
    ]);
    expect(tellTo(1, events.slice(1, 2))).toEqual(["you move Gem 2 from your hand to your gem laid face down"]);
    expect(tellTo(0, events.slice(1, 2))).toEqual(["seat 1 moves a card from their hand to their gem laid face down"]);
  });

  it("keeps apart two steps that read alike but do not follow each other", () => {
    // Seat 1 passes and pays; a variable is reset in between; then seat 2 pays as the winner.
    const events = [transferred(1, "coins", 1, "pot", null), changed("bid", 1, 0), transferred(4, "coins", 2, "pot", null)];
    expect(tellTo(0, events)).toEqual(["seat 1 pays 1 to the pot", "seat 2 pays 4 to the pot"]);
    const together = [transferred(1, "coins", 1, "pot", null), transferred(4, "coins", 2, "pot", null)];
    expect(tellTo(0, together)).toEqual(["seat 1 pays 1 and seat 2 pays 4 to the pot"]);
  });

  it("tells cards moved one by one along the same way as one move, and no move of no card", () => {
    const events = [moved([gem(1)], "deck", null, "pool", null), moved([gem(2)], "deck", null, "pool", null), moved([], "pool", null, "deck", null)];
    expect(tellTo(0, events)).toEqual(["Gem 1 and Gem 2 go from the deck to the pool"]);
  });
});

describe("describeEvents: amounts", () => {
  it("tells a payment with its amount, or without it to a reader who may not see it", () => {
    expect(tellTo(0, [transferred(2, "coins", 1, "pot", null)])).toEqual(["seat 1 pays 2 to the pot"]);
    // The narrator tells what it is given: an amount the runtime hid reads "pays the pot".
    const hidden: GameEvent = { kind: "transfer", amount: null, from: { variable: "coins", seat: 1 }, to: { variable: "pot", seat: null } };
    expect(describeEvents(table, [hidden], 0)).toEqual(["seat 1 pays the pot"]);
    expect(tellTo(1, [transferred(3, "pot", null, "coins", 1)])).toEqual(["you take 3 from the pot"]);
  });

  it("hides the amount one seat gives another from a third seat", () => {
    const events = [transferred(1, "coins", 2, "coins", 1)];
    expect(tellTo(1, events)).toEqual(["seat 2 gives 1 to you"]);
    expect(tellTo(2, events)).toEqual(["you give 1 to seat 1"]);
    expect(tellTo(0, events)).toEqual(["seat 2 gives an unseen amount of their coins to seat 1"]);
  });

  it("does not tell an amount of nothing", () => {
    expect(tellTo(0, [transferred(0, "coins", 1, "pot", null)])).toEqual([]);
  });
});

describe("describeEvents: variables", () => {
  it("leaves out resets, and a change the move itself made on its mover", () => {
    const events = [changed("bid", 1, 0), changed("passed", 1, false), changed("bid", 2, 5), changed("passed", 2, true)];
    // Seat 2 raised to 5 and passed in the same move: both are the move itself.
    expect(tellTo(0, events, { mover: 2, move: { type: "raise", amount: 5 } })).toEqual([]);
    // Told by another seat's move, they are news.
    expect(tellTo(0, events, { mover: 1, move: { type: "pass" } })).toEqual(["seat 2's bid is now 5", "seat 2 is out of this round"]);
    expect(tellTo(2, events, { mover: 1, move: { type: "pass" } })).toEqual(["your bid is now 5", "you are out of this round"]);
  });

  it("names a seat held in a variable as the table does", () => {
    expect(tellTo(0, [changed("dealer", null, 0)])).toEqual(["the dealer is now you"]);
    expect(tellTo(1, [changed("dealer", null, 0)])).toEqual(["the dealer is now seat 0"]);
  });

  it("tells a variable only to a seat that may see it", () => {
    expect(tellTo(0, [changed("coins", 1, 7)])).toEqual([]);
    expect(tellTo(1, [changed("coins", 1, 7)])).toEqual(["your coins is now 7"]);
  });
});

describe("describeEvents: shuffles, reveals, words of the rules, phases, the end", () => {
  it("tells each kind", () => {
    const events = [
      phaseBegins("last_round"),
      shuffled("deck", null),
      shuffled("hand", 1),
      revealed(gem(4), 0),
      revealed(gem(5), 0),
      revealed(gem(6), 1),
      said("Seat 1 is fined: a won card is discarded", null),
      said("You may look at the deck", 1),
      gameEnds(),
    ];
    expect(tellTo(0, events)).toEqual([
      "the last round phase begins",
      "the deck is shuffled",
      "seat 1 shuffles their hand",
      "you see Gem 4 and Gem 5",
      "Seat 1 is fined: a won card is discarded",
      "the game ends",
    ]);
    expect(tellTo(1, events)).toEqual([
      "the last round phase begins",
      "the deck is shuffled",
      "you shuffle your hand",
      "you see Gem 6",
      "You are fined: a won card is discarded",
      "You may look at the deck",
      "the game ends",
    ]);
    // Unfiltered (the demo tells everything), a reveal or words for one seat say whose they are.
    expect(describeEvents(table, events.slice(3), null)).toEqual([
      "seat 0 sees Gem 4 and Gem 5 and seat 1 sees Gem 6",
      "Seat 1 is fined: a won card is discarded",
      "(to seat 1) You may look at the deck",
      "the game ends",
    ]);
  });
});

describe("addressed: the rules' words to the seat they name", () => {
  it("says 'you' to that seat, its verb agreeing, and leaves other seats and readers alone", () => {
    expect(addressed(table, "seat 1 may not bid again in this auction", 1)).toBe("you may not bid again in this auction");
    expect(addressed(table, "seat 1 wins the auction", 1)).toBe("you win the auction");
    expect(addressed(table, "seat 1 passes, seat 2 carries on", 1)).toBe("you pass, seat 2 carries on");
    expect(addressed(table, "seat 2 carries the bag", 2)).toBe("you carry the bag");
    expect(addressed(table, "Seat 1 is out: seat 1's Princess is discarded", 1)).toBe("You are out: your Princess is discarded");
    expect(addressed(table, "seat 1 grabbed the block", 1)).toBe("you grabbed the block");
    expect(addressed(table, "The auction goes to seat 1.", 1)).toBe("The auction goes to you.");
    expect(addressed(table, "seat 10 wins", 1)).toBe("seat 10 wins");
    expect(addressed(table, "seat 1 wins", 0)).toBe("seat 1 wins");
    expect(addressed(table, "seat 1 wins", null)).toBe("seat 1 wins");
  });

  it("is how a say event is told", () => {
    expect(tellTo(1, [said("The auction goes to seat 1, for a bid of 4", null)])).toEqual(["The auction goes to you, for a bid of 4"]);
    expect(tellTo(0, [said("The auction goes to seat 1, for a bid of 4", null)])).toEqual(["The auction goes to seat 1, for a bid of 4"]);
  });
});

describe("describeDecision", () => {
  it("names the move, then tells what it did, indented", () => {
    const events = [moved([gem(3)], "pool", null, "hand", 2), transferred(2, "coins", 2, "pot", null), changed("passed", 2, true)];
    expect(describeDecision(table, { seat: 2, move: { type: "pass" } }, eventsFor(table.meta, events, 0), 0)).toEqual([
      "seat 2 passes",
      "  seat 2 takes Gem 3 from the pool",
      "  seat 2 pays 2 to the pot",
    ]);
  });

  it("tells a secret choice without its content, and what the last choice led to", () => {
    const events = [moved([gem(2)], "hand", 1, "offer", 1), moved([gem(5)], "hand", 0, "offer", 0)];
    const decision = { seat: 1, move: { type: "show", gem: gem(2) } };
    const told = describeDecision(table, decision, eventsFor(table.meta, events, 0), 0, true);
    expect(told).toEqual(["seat 1 chooses secretly", "  seat 1 moves a card and you move Gem 5 from their hand to their gem laid face down"]);
    expect(told.join("\n")).not.toContain("Gem 2");
  });
});
