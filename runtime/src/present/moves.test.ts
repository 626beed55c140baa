import { describe, expect, it } from "vitest";
import type { MoveOption } from "../contract.js";
import { moved, said, transferred } from "../events.js";
import { describeDecision, describeMove, describeOption, describePlay, describeResult, describeTurn, scoreSheet } from "./moves.js";
import { SEAT_0, street } from "./__fixtures__/street.js";

const buy: MoveOption = {
  type: "buy",
  parameters: { deed: { kind: "card", zone: "bank_deeds", cards: [3] } },
  label: ["buy ", { parameter: "deed" }, " for $", { parameter: "deed", field: "price" }],
};
const offer: MoveOption = {
  type: "offer",
  parameters: { buyer: { kind: "player", players: [0, 1, 2] } },
  label: ["offer a card to ", { parameter: "buyer" }],
};
const call: MoveOption = { type: "call", parameters: { colour: { kind: "choice", values: ["light_blue", "red"] } } };

describe("describeMove", () => {
  it("says a labelled move by its label, with the move's values", () => {
    expect(describeMove(street, { type: "buy", deed: 3 }, SEAT_0, buy)).toBe("buy Phonics Place deed for $100");
    expect(describeMove(street, { type: "offer", buyer: 1 }, SEAT_0, offer)).toBe("offer a card to seat 1");
  });

  it("conjugates the label's first word for the seat that made it", () => {
    expect(describeMove(street, { type: "buy", deed: 3 }, SEAT_0, buy, 2)).toBe("Wealthy Nephew Merc buys Phonics Place deed for $100");
    expect(describeMove(street, { type: "buy", deed: 3 }, SEAT_0, buy, 0)).toBe("you buy Phonics Place deed for $100");
    expect(describeMove(street, { type: "offer", buyer: 0 }, SEAT_0, offer, 1)).toBe("seat 1 offers a card to you");
  });

  it("tells a label written to the mover of another seat: a capitalised verb agrees, \"your\" becomes theirs", () => {
    const protect: MoveOption = { type: "protect", parameters: { amount: { kind: "range", min: 1, max: 5 } }, label: ["Protect your card with $", { parameter: "amount" }] };
    const end: MoveOption = { type: "end_turn", parameters: {}, label: ["end your turn"] };
    expect(describeMove(street, { type: "protect", amount: 3 }, SEAT_0, protect, 1)).toBe("seat 1 Protects their card with $3");
    expect(describeMove(street, { type: "protect", amount: 3 }, SEAT_0, protect, 0)).toBe("you Protect your card with $3");
    expect(describeMove(street, { type: "end_turn" }, SEAT_0, end, 2)).toBe("Wealthy Nephew Merc ends their turn");
    expect(describeMove(street, { type: "end_turn" }, SEAT_0, end)).toBe("end your turn");
  });

  it("says an unlabelled move by its name and parameters, enum members by their labels", () => {
    expect(describeMove(street, { type: "call", colour: "light_blue" }, SEAT_0, call, 1)).toBe("seat 1 calls light blue");
    expect(describeMove(street, { type: "call", colour: "light_blue" }, SEAT_0, call)).toBe("call colour light blue");
    expect(describeMove(street, { type: "pay_fine" }, SEAT_0, undefined, 2)).toBe("Wealthy Nephew Merc chooses pay fine");
    // A label's verbs joined by "and" agree with another seat, and stay as written for you.
    const pass = { type: "pass", parameters: {}, label: ["pass and take $1"] } as const;
    expect(describeMove(street, { type: "pass" }, SEAT_0, pass, 1)).toBe("seat 1 passes and takes $1");
    expect(describeMove(street, { type: "pass" }, SEAT_0, pass, 0)).toBe("you pass and take $1");
    // "your" in a label is the mover's; the reader's own seat named in it is "your" too.
    const leave = { type: "leave", parameters: {}, label: ["leave ", { value: 0, type: "player" }, "'s card"] } as const;
    expect(describeMove(street, { type: "leave" }, SEAT_0, leave, 1)).toBe("seat 1 leaves your card");
    const protect = { type: "protect", parameters: {}, label: ["Protect your card"] } as const;
    expect(describeMove(street, { type: "protect" }, SEAT_0, protect, 1)).toBe("seat 1 Protects their card");
  });
});

describe("describeOption: a menu line", () => {
  it("gives the label with the values it has now, else the name and each domain", () => {
    expect(describeOption(street, buy, SEAT_0)).toBe("buy Phonics Place deed for $100");
    expect(describeOption(street, offer, SEAT_0)).toBe("offer a card to (you / seat 1 / Wealthy Nephew Merc)");
    expect(describeOption(street, call, SEAT_0)).toBe("call colour (light blue / red)");
  });
});

describe("describeDecision", () => {
  it("tells the move, then its events indented, the reason of a payment included", () => {
    const events = [moved([3], "bank_deeds", null, "deeds", 2), transferred(100, "coins", 2, "bank", null, ["buying ", { parameter: "deed" }])];
    expect(describeDecision(street, { seat: 2, move: { type: "buy", deed: 3 }, option: buy }, events, SEAT_0)).toEqual([
      "Wealthy Nephew Merc buys Phonics Place deed for $100",
      "  Wealthy Nephew Merc takes Phonics Place deed from the bank's deeds",
      "  Wealthy Nephew Merc pays 100 to the bank: buying Phonics Place deed",
    ]);
  });

  it("tells once a move the rules' words say again", () => {
    // Keys to Knowledge's `refuse { say "{buyer} refuses" }`: the move line and the words are one sentence.
    const refuse: MoveOption = { type: "refuse", parameters: {} };
    expect(describeDecision(street, { seat: 1, move: { type: "refuse" }, option: refuse }, [said("seat 1 refuses", null)], SEAT_0)).toEqual(["seat 1 refuses"]);
    expect(describeDecision(street, { seat: 1, move: { type: "refuse" }, option: refuse }, [said("seat 1 refuses.", null)], { seat: 1 })).toEqual(["you refuse"]);
    expect(describeDecision(street, { seat: 1, move: { type: "refuse" }, option: refuse }, [said("seat 1 refuses the offer", null)], SEAT_0)).toEqual([
      "seat 1 refuses",
      "  seat 1 refuses the offer",
    ]);
  });

  it("names a card played from a hand the reader cannot see once the move itself shows it", () => {
    const play: MoveOption = { type: "play", parameters: { card: { kind: "card", zone: "hand", cards: [6, 7] } }, label: ["play ", { parameter: "card" }] };
    const decision = { seat: 1, move: { type: "play", card: 6 }, option: play };
    // Onto the open discards: the same move shows it to everyone.
    expect(describeDecision(street, decision, [moved([6], "hand", 1, "discards", null)], SEAT_0)).toEqual([
      "seat 1 plays Pay $50",
      "  seat 1 puts Pay $50 into the Chance discards",
    ]);
    // Still in the hand (its player chooses where it goes next), or another card shown: it stays unnamed.
    expect(describeDecision(street, decision, [], SEAT_0)).toEqual(["seat 1 plays a card"]);
    expect(describeDecision(street, decision, [moved([7], "hand", 1, "discards", null)], SEAT_0)[0]).toBe("seat 1 plays a card");
  });

  it("tells another seat's secret choice without its content", () => {
    expect(describeDecision(street, { seat: 2, move: { type: "buy", deed: 3 }, option: buy }, [], SEAT_0, true)).toEqual([
      "Wealthy Nephew Merc chooses secretly",
    ]);
    expect(describeDecision(street, { seat: 0, move: { type: "buy", deed: 3 }, option: buy }, [], SEAT_0, true)).toEqual([
      "you buy Phonics Place deed for $100",
    ]);
  });
});

describe("describeTurn and describeResult", () => {
  it("names who may act and the standing relative to the reader, bots by label", () => {
    expect(describeTurn(street, { kind: "turn", players: [2] }, SEAT_0)).toBe("Wealthy Nephew Merc to play");
    expect(describeTurn(street, { kind: "turn", players: [0] }, SEAT_0)).toBe("your turn");
    const result = { scores: [[3], [5], [5]], ranking: [[1, 2], [0]], winners: [1, 2] };
    expect(describeResult(street, result, SEAT_0)).toEqual([
      "Scores:",
      "  you: 3",
      "  seat 1: 5",
      "  Wealthy Nephew Merc: 5",
      "Ranking:",
      "  1st: seat 1, Wealthy Nephew Merc (tied)",
      "  3rd: you",
      "Winners: seat 1, Wealthy Nephew Merc",
    ]);
  });

  it("tells a score in the parts the rules name, a seat in a label as the reader hears it", () => {
    const parts = [[{ label: "deeds", points: 2 }, { label: "seat 0's coins", points: 1 }], [{ label: "deeds", points: 0 }], [{ label: "deeds", points: 5 }, { label: "seat 2's coins", points: 0 }]];
    const lines = describeResult(street, { scores: [[3], [0], [5]], ranking: [[2], [0], [1]], winners: [2], parts }, SEAT_0).slice(1, 4);
    // A seat whose parts scored nothing is its number alone.
    // As a sheet: a row per label, in the order first named; a seat without that part has none.
    expect(scoreSheet(street, { scores: [[3], [0], [5]], ranking: [[2], [0], [1]], winners: [2], parts }, SEAT_0)).toEqual([
      { label: "deeds", points: [2, 0, 5] },
      { label: "your coins", points: [1, null, null] },
      { label: "Wealthy Nephew Merc's coins", points: [null, null, 0] },
    ]);
    expect(lines).toEqual(["  you: 3 — deeds: 2, your coins: 1", "  seat 1: 0", "  Wealthy Nephew Merc: 5 — deeds: 5, Wealthy Nephew Merc's coins: 0"]);
  });
});

describe("describeResult: tie-breakers by the names the rules give them", () => {
  const result = (scores: number[][]) => ({ scores, ranking: scores.map((_, seat) => [seat]), winners: [0] });
  const lines = (game: typeof street, scores: number[][]) => describeResult(game, result(scores), SEAT_0).slice(1, 1 + scores.length);
  const named = (tiebreaks: { label: string | null; list: boolean }[]) => ({ ...street, meta: { ...street.meta, tiebreaks } });

  it("says each tie-breaker with its label, a list one as its numbers, without the padding of a shorter list", () => {
    const game = named([{ label: "coins", list: false }, { label: "card values, highest first", list: true }]);
    expect(lines(game, [[8, 3, 7, 1, 1], [8, 0, 9, Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY]])).toEqual([
      "  you: 8 (coins: 3; card values, highest first: 7, 1, 1)",
      "  seat 1: 8 (coins: 0; card values, highest first: 9)",
    ]);
  });

  it("calls an unnamed one 'tie-breaker', and falls back to the numbers alone where the rules name none", () => {
    const tied = [[8, 2, 3], [8, 2, 1]];
    expect(lines(named([{ label: null, list: false }, { label: "coins", list: false }]), tied)[0]).toBe("  you: 8 (tie-breaker: 2; coins: 3)");
    expect(lines(street, tied)[0]).toBe("  you: 8 (tie-breakers 2, 3)");
    // Two list tie-breakers: the row does not say where one ends, so the numbers are told alone.
    expect(lines(named([{ label: "a", list: true }, { label: "b", list: true }]), tied)[0]).toBe("  you: 8 (tie-breakers 2, 3)");
  });

  it("tells them only for seats whose score another seat shares: elsewhere they decide nothing", () => {
    // As in Keys to Knowledge: the two who retired score 0 and are told apart by when they retired; the
    // winner never retired, and its "order of retiring" (players + 1) would mean nothing.
    const game = named([{ label: "order of retiring", list: false }]);
    expect(lines(game, [[0, 2], [1450, 4], [0, 1]])).toEqual(["  you: 0 (order of retiring: 2)", "  seat 1: 1450", "  Wealthy Nephew Merc: 0 (order of retiring: 1)"]);
  });
});

describe("describePlay: a log's lines", () => {
  const pass: MoveOption = { type: "pass", parameters: {} };
  // An app's own names for its seats: seat 0 is the reader, the others its bots.
  const app = { seat: 0, names: [null, "Bot 1", "Bot 2"] };

  it("joins the first thing the move made its seat do to the move, one sentence a line, capitalised", () => {
    const events = [moved([4], "bank_deeds", null, "deeds", 2), transferred(3, "coins", 2, "bank", null)];
    expect(describePlay(street, { seat: 2, move: { type: "pass" }, option: pass }, events, app)).toEqual([
      "Bot 2 passes and takes Deed 2 120 red from the bank's deeds",
      "Bot 2 pays 3 to the bank",
    ]);
    expect(describePlay(street, { seat: 0, move: { type: "pass" }, option: pass }, [moved([4], "bank_deeds", null, "deeds", 0)], app)).toEqual([
      "You pass and take Deed 2 120 red from the bank's deeds",
    ]);
  });

  it("keeps apart a sentence about other seats too, and one about another seat", () => {
    const together = [moved([3], "deeds", 2, "bank_deeds", null), moved([4], "deeds", 1, "bank_deeds", null)];
    expect(describePlay(street, { seat: 2, move: { type: "pass" }, option: pass }, together, app)).toEqual([
      "Bot 2 passes",
      "Bot 2 puts Phonics Place deed and Bot 1 puts Deed 2 120 red into the bank's deeds",
    ]);
    expect(describePlay(street, { seat: 2, move: { type: "pass" }, option: pass }, [moved([4], "bank_deeds", null, "deeds", 1)], app)).toEqual([
      "Bot 2 passes",
      "Bot 1 takes Deed 2 120 red from the bank's deeds",
    ]);
  });
});
