import { describe, expect, it } from "vitest";
import type { MoveOption } from "./contract.js";
import {
  allOf,
  anyOf,
  checkTransfer,
  countOf,
  dealInto,
  distinctOf,
  drawMove,
  firstOf,
  floorDiv,
  floorMod,
  highestIndex,
  highestOf,
  integers,
  isCardSet,
  lastCard,
  learnCard,
  longestRun,
  lowestIndex,
  lowestOf,
  maxOf,
  minOf,
  moveAllCards,
  nthCard,
  scoreRows,
  perSeat,
  placeCard,
  randomSubset,
  seatList,
  sortKeys,
  sortedBy,
  sumOf,
  tableValue,
  takeCard,
  takeCardAt,
  topCard,
} from "./compiled.js";
import { GameFault } from "./errors.js";
import { Rng } from "./random.js";
import { rankPlayers } from "./result.js";

function faultCode(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof GameFault) return error.code;
    throw error;
  }
  throw new Error("expected a GameFault");
}

describe("card movements", () => {
  it("deals from the top (index 0) onto the end of the target, in order", () => {
    const deck = [7, 3, 9, 1];
    const auction = [5];
    dealInto(deck, auction, 3, "end", "property_deck");
    expect(deck).toEqual([1]);
    expect(auction).toEqual([5, 7, 3, 9]);
    dealInto(deck, auction, 0, "end", "property_deck");
    expect(auction).toEqual([5, 7, 3, 9]);
  });

  it("faults on dealing more cards than the zone holds, or a negative or fractional count", () => {
    const deck = [1, 2];
    expect(faultCode(() => dealInto(deck, [], 3, "end", "property_deck"))).toBe("fault/not-enough-cards");
    expect(faultCode(() => dealInto(deck, [], -1, "end", "property_deck"))).toBe("fault/not-enough-cards");
    expect(faultCode(() => dealInto(deck, [], 1.5, "end", "property_deck"))).toBe("fault/not-enough-cards");
    expect(deck).toEqual([1, 2]);
  });

  it("moves all cards, and moving a zone onto itself changes nothing", () => {
    const offer = [4, 8];
    const sold = [1];
    moveAllCards(offer, sold);
    expect(offer).toEqual([]);
    expect(sold).toEqual([1, 4, 8]);
    moveAllCards(sold, sold);
    expect(sold).toEqual([1, 4, 8]);
  });

  it("takes a named card out of a zone, faulting when it is not there", () => {
    const hand = [12, 30, 2];
    takeCard(hand, 30, "properties[1]");
    expect(hand).toEqual([12, 2]);
    expect(faultCode(() => takeCard(hand, 30, "properties[1]"))).toBe("fault/card-not-in-zone");
  });

  it("places a card on top of a stack or at the end of a row, within the zone's capacity", () => {
    const stack = [1, 2];
    placeCard(stack, 9, true, Infinity, "deck");
    expect(stack).toEqual([9, 1, 2]);
    const row = [1, 2];
    placeCard(row, 9, false, 3, "row");
    expect(row).toEqual([1, 2, 9]);
    expect(faultCode(() => placeCard(row, 10, false, 3, "row"))).toBe("fault/zone-full");
    expect(row).toEqual([1, 2, 9]);
  });

  it("reads the top card, faulting on an empty zone", () => {
    expect(topCard([6, 2], "offer[0]")).toBe(6);
    expect(faultCode(() => topCard([], "offer[0]"))).toBe("fault/empty-zone");
  });
});

describe("arithmetic and transfers", () => {
  it("passes a transfer the source can pay, and faults otherwise", () => {
    expect(checkTransfer(5, 18, "coins[0]")).toBe(5);
    expect(checkTransfer(18, 18, "coins[0]")).toBe(18);
    expect(faultCode(() => checkTransfer(19, 18, "coins[0]"))).toBe("fault/insufficient");
    expect(faultCode(() => checkTransfer(-1, 18, "coins[0]"))).toBe("fault/negative-transfer");
  });

  it("divides rounding down, as For Sale's half a bid does, negatives included", () => {
    expect(floorDiv(7, 2)).toBe(3);
    expect(floorDiv(6, 2)).toBe(3);
    expect(floorDiv(-7, 2)).toBe(-4);
    expect(floorMod(7, 3)).toBe(1);
    expect(floorMod(-7, 3)).toBe(2);
    expect(faultCode(() => floorDiv(1, 0))).toBe("fault/division-by-zero");
    expect(faultCode(() => floorMod(1, 0))).toBe("fault/division-by-zero");
  });

  it("lists a range of integers and looks up tables", () => {
    expect(integers(2, 5)).toEqual([2, 3, 4, 5]);
    expect(integers(3, 2)).toEqual([]);
    const startingCoins = new Map([
      [3, 18],
      [5, 14],
    ]);
    expect(tableValue(startingCoins, 5, "starting_coins")).toBe(14);
    expect(faultCode(() => tableValue(startingCoins, 4, "starting_coins"))).toBe("fault/missing-table-key");
  });
});

describe("aggregates", () => {
  const values = [4, 9, 2, 9];
  const id = (x: number) => x;

  it("sums, counts and tests", () => {
    expect(sumOf(values, id)).toBe(24);
    expect(sumOf([], id)).toBe(0);
    expect(countOf(values, (x) => x > 3)).toBe(3);
    expect(anyOf(values, (x) => x === 2)).toBe(true);
    expect(anyOf([], () => true)).toBe(false);
    expect(allOf(values, (x) => x > 1)).toBe(true);
    expect(allOf(values, (x) => x > 2)).toBe(false);
    expect(allOf([], () => false)).toBe(true);
  });

  it("finds extremes, ties going to the first in order", () => {
    expect(minOf(values, id, "lowest")).toBe(2);
    expect(maxOf(values, id, "highest")).toBe(9);
    const cards = [
      { id: 0, value: 4 },
      { id: 1, value: 9 },
      { id: 2, value: 2 },
      { id: 3, value: 9 },
      { id: 4, value: 2 },
    ];
    expect(highestOf(cards, (c) => c.value, "highest").id).toBe(1);
    expect(lowestOf(cards, (c) => c.value, "lowest").id).toBe(2);
    expect(faultCode(() => highestOf([], id, "highest card in the market"))).toBe("fault/empty-aggregate");
    expect(faultCode(() => minOf([], id, "min"))).toBe("fault/empty-aggregate");
  });

  it("sorts a copy by key, keeping equal keys in order", () => {
    const seats = [0, 1, 2, 3];
    const offered = [12, 30, 12, 5];
    expect(sortedBy(seats, (p) => offered[p]!, true)).toEqual([1, 0, 2, 3]);
    expect(sortedBy(seats, (p) => offered[p]!, false)).toEqual([3, 0, 2, 1]);
    expect(seats).toEqual([0, 1, 2, 3]);
  });

  it("makes one fresh value per seat", () => {
    const zones = perSeat(3, () => [] as number[]);
    zones[0]!.push(1);
    expect(zones).toEqual([[1], [], []]);
    expect(perSeat(4, (seat) => seat * 10)).toEqual([0, 10, 20, 30]);
  });
});

// ── helpers for the language's newer constructs ─────────────────────────────

/** A draw function that returns these numbers in order (each must be below the n asked for). */
function scripted(...numbers: number[]): (n: number) => number {
  return (n) => {
    const next = numbers.shift();
    if (next === undefined || next < 0 || next >= n) throw new Error(`unexpected draw(${n}) with script ${next}`);
    return next;
  };
}

describe("dealing and moving onto a chosen end", () => {
  it("deals onto the top of a stack one card at a time, so the dealt cards end up reversed", () => {
    // As by hand: 7 goes on top of 5, then 3 on top of 7, then 9 on top of 3.
    const deck = [7, 3, 9, 1];
    const pile = [5];
    dealInto(deck, pile, 3, "top", "deck");
    expect(deck).toEqual([1]);
    expect(pile).toEqual([9, 3, 7, 5]);
  });

  it("deals to the end (`to bottom of`) keeping the order", () => {
    const deck = [7, 3, 9, 1];
    const pile = [5];
    dealInto(deck, pile, 2, "end", "deck");
    expect(deck).toEqual([9, 1]);
    expect(pile).toEqual([5, 7, 3]);
    dealInto(deck, pile, 0, "end", "deck");
    expect(pile).toEqual([5, 7, 3]);
  });

  it("faults on dealing more cards than there are, or a bad count, without moving any", () => {
    const deck = [1, 2];
    const pile = [8];
    expect(faultCode(() => dealInto(deck, pile, 3, "top", "deck"))).toBe("fault/not-enough-cards");
    expect(faultCode(() => dealInto(deck, pile, -1, "end", "deck"))).toBe("fault/not-enough-cards");
    expect(faultCode(() => dealInto(deck, pile, 0.5, "end", "deck"))).toBe("fault/not-enough-cards");
    expect(deck).toEqual([1, 2]);
    expect(pile).toEqual([8]);
  });

  it("moves all cards on top of a zone keeping their order, or onto its end", () => {
    const seven = [4, 8, 6];
    const draw = [1, 2];
    moveAllCards(seven, draw, true);
    expect(seven).toEqual([]);
    expect(draw).toEqual([4, 8, 6, 1, 2]);
    const rest = [3, 5];
    moveAllCards(rest, draw, false);
    expect(draw).toEqual([4, 8, 6, 1, 2, 3, 5]);
    expect(rest).toEqual([]);
  });

  it("moving a zone onto its own top changes nothing", () => {
    const pile = [1, 2, 3];
    moveAllCards(pile, pile, true);
    expect(pile).toEqual([1, 2, 3]);
  });
});

describe("positions in a zone", () => {
  it("reads the nth card, 1 being the top, and faults outside the zone", () => {
    const faceDown = [12, 40, 7];
    expect(nthCard(faceDown, 1, "face_down")).toBe(12);
    expect(nthCard(faceDown, 3, "face_down")).toBe(7);
    expect(faultCode(() => nthCard(faceDown, 0, "face_down"))).toBe("fault/no-such-position");
    expect(faultCode(() => nthCard(faceDown, 4, "face_down"))).toBe("fault/no-such-position");
    expect(faultCode(() => nthCard(faceDown, 1.5, "face_down"))).toBe("fault/no-such-position");
    expect(faultCode(() => nthCard([], 1, "face_down"))).toBe("fault/no-such-position");
  });

  it("reads the last card, faulting on an empty zone", () => {
    expect(lastCard([12, 40, 7], "face_up")).toBe(7);
    expect(lastCard([3], "face_up")).toBe(3);
    expect(faultCode(() => lastCard([], "face_up"))).toBe("fault/empty-zone");
  });

  it("finds where the lowest and highest keys are, ties going to the first, and takes the card there", () => {
    const values = new Map([
      [10, 4],
      [11, 9],
      [12, 2],
      [13, 9],
      [14, 2],
    ]);
    const row = [10, 11, 12, 13, 14];
    const value = (card: number) => values.get(card)!;
    expect(lowestIndex(row, value, "lowest")).toBe(2);
    expect(highestIndex(row, value, "highest")).toBe(1);
    expect(takeCardAt(row, highestIndex(row, value, "highest"))).toBe(11);
    expect(row).toEqual([10, 12, 13, 14]);
    // With 11 gone, the highest 9 left is card 13, now at index 2.
    expect(highestIndex(row, value, "highest")).toBe(2);
    expect(faultCode(() => lowestIndex([], value, "lowest card"))).toBe("fault/empty-aggregate");
    expect(faultCode(() => highestIndex([], value, "highest card"))).toBe("fault/empty-aggregate");
  });
});

describe("knowledge of cards", () => {
  it("remembers each card a seat was shown once, per seat", () => {
    const knowledge: number[][] = [[], [], []];
    learnCard(knowledge, 1, 30);
    learnCard(knowledge, 1, 12);
    learnCard(knowledge, 1, 30);
    learnCard(knowledge, 2, 12);
    expect(knowledge).toEqual([[], [30, 12], [12]]);
  });
});

describe("newer aggregates", () => {
  const value = (x: number) => x;

  it("first: the first item that passes the test, in order; a fault when none does", () => {
    expect(firstOf([4, 9, 2, 11], (x) => x > 5, "first")).toBe(9);
    expect(firstOf([4, 9, 2, 11], () => true, "first")).toBe(4);
    expect(faultCode(() => firstOf([4, 9], (x) => x > 20, "first card over 20"))).toBe("fault/empty-aggregate");
    expect(faultCode(() => firstOf([], () => true, "first"))).toBe("fault/empty-aggregate");
  });

  it("distinct: each key once, in order of first appearance", () => {
    expect(distinctOf([5, 3, 5, 1, 3, 5], value)).toEqual([5, 3, 1]);
    const merchandise = [
      { value: 2, colour: "red" },
      { value: 7, colour: "blue" },
      { value: 2, colour: "blue" },
    ];
    expect(distinctOf(merchandise, (c) => c.colour)).toEqual(["red", "blue"]);
    expect(distinctOf(merchandise, (c) => c.value)).toEqual([2, 7]);
    expect(distinctOf([], value)).toEqual([]);
  });

  it("sort and sort_descending: the keys in order, numerically (10 after 9), leaving the items alone", () => {
    const hand = [9, 10, 2, 30, 2];
    expect(sortKeys(hand, value, false)).toEqual([2, 2, 9, 10, 30]);
    expect(sortKeys(hand, value, true)).toEqual([30, 10, 9, 2, 2]);
    expect(sortKeys([{ v: -3 }, { v: 4 }, { v: -10 }], (c) => c.v, false)).toEqual([-10, -3, 4]);
    expect(hand).toEqual([9, 10, 2, 30, 2]);
  });

  it("longest_run: the longest stretch of consecutive values, each value counted once", () => {
    expect(longestRun([1, 3, 4, 5, 6, 7, 10], value)).toBe(5);
    expect(longestRun([3, 4, 4, 5], value)).toBe(3);
    // Order does not matter.
    expect(longestRun([7, 1, 6, 10, 3, 5, 4], value)).toBe(5);
    expect(longestRun([2, 4, 6, 8], value)).toBe(1);
    expect(longestRun([8], value)).toBe(1);
    expect(longestRun([5, 5, 5], value)).toBe(1);
    expect(longestRun([-1, 0, 1, 3], value)).toBe(3);
    expect(longestRun([], value)).toBe(0);
  });
});

describe("randomSubset", () => {
  it("draws a non-empty set of distinct cards from those given", () => {
    const rng = new Rng(5);
    const cards = [20, 21, 22, 23, 24, 25];
    for (let i = 0; i < 2000; i++) {
      const chosen = randomSubset(cards, (n) => rng.int(n));
      expect(chosen.length).toBeGreaterThanOrEqual(1);
      expect(new Set(chosen).size).toBe(chosen.length);
      for (const card of chosen) expect(cards).toContain(card);
    }
    expect(randomSubset([], (n) => rng.int(n))).toEqual([]);
    expect(cards).toEqual([20, 21, 22, 23, 24, 25]);
  });

  it("draws size k in 1..n with weight 2^-k: for 4 cards, sizes 1..4 in proportion 8:4:2:1", () => {
    const rng = new Rng(12);
    const counts = [0, 0, 0, 0, 0];
    const draws = 30_000;
    for (let i = 0; i < draws; i++) counts[randomSubset([1, 2, 3, 4], (n) => rng.int(n)).length]!++;
    expect(counts[0]).toBe(0);
    const expected = [0, 8 / 15, 4 / 15, 2 / 15, 1 / 15].map((p) => p * draws);
    // Chi-square with 3 degrees of freedom: above 25 has probability below 2e-5 for the right
    // distribution. Uniform sizes, or uniform subsets (4:6:4:1), are far beyond it.
    const chi = [1, 2, 3, 4].reduce((sum, k) => sum + (counts[k]! - expected[k]!) ** 2 / expected[k]!, 0);
    expect(chi).toBeLessThan(25);
  });

  it("given the size, picks the cards uniformly", () => {
    const rng = new Rng(3);
    const singles = new Map<number, number>([
      [1, 0],
      [2, 0],
      [3, 0],
      [4, 0],
    ]);
    let draws = 0;
    while (draws < 20_000) {
      const chosen = randomSubset([1, 2, 3, 4], (n) => rng.int(n));
      if (chosen.length !== 1) continue;
      singles.set(chosen[0]!, singles.get(chosen[0]!)! + 1);
      draws++;
    }
    // Each card is expected 5,000 times; 3 degrees of freedom, as above.
    const chi = [...singles.values()].reduce((sum, c) => sum + (c - 5000) ** 2 / 5000, 0);
    expect(chi).toBeLessThan(25);
  });

  it("maps the draws to a size, then to cards taken from what is left", () => {
    // For 3 cards the size draw is below 7: 0-3 give size 1, 4-5 size 2, 6 size 3.
    expect(randomSubset([10, 11, 12], scripted(3, 1))).toEqual([11]);
    expect(randomSubset([10, 11, 12], scripted(4, 2, 0))).toEqual([12, 10]);
    // Size 3: take index 1 (11) of [10, 11, 12], then index 1 (12) of [10, 12], then 10.
    expect(randomSubset([10, 11, 12], scripted(6, 1, 1, 0))).toEqual([11, 12, 10]);
    expect(randomSubset([10], scripted(0, 0))).toEqual([10]);
  });
});

describe("isCardSet", () => {
  it("accepts a list of distinct cards from the domain, and nothing else", () => {
    const shop = [3, 5, 8];
    expect(isCardSet([5], shop)).toBe(true);
    expect(isCardSet([8, 3], shop)).toBe(true);
    expect(isCardSet([], shop)).toBe(true);
    expect(isCardSet([5, 5], shop)).toBe(false);
    expect(isCardSet([4], shop)).toBe(false);
    expect(isCardSet(["5"], shop)).toBe(false);
    expect(isCardSet(5, shop)).toBe(false);
    expect(isCardSet(null, shop)).toBe(false);
    expect(isCardSet({ 0: 5, length: 1 }, shop)).toBe(false);
  });
});

describe("drawMove", () => {
  const trade: MoveOption = {
    type: "trade",
    parameters: {
      amount: { kind: "range", min: 3, max: 5 },
      card: { kind: "card", zone: "hand", cards: [40, 41] },
      give: { kind: "cards", zone: "mansion", cards: [7, 8, 9] },
      to: { kind: "player", players: [0, 2] },
      colour: { kind: "choice", values: ["red", "blue"] },
    },
  };

  it("draws every parameter within its domain, and each value of a domain in time", () => {
    const rng = new Rng(9);
    const seen = { amount: new Set(), card: new Set(), to: new Set(), colour: new Set(), giveSizes: new Set() };
    for (let i = 0; i < 500; i++) {
      const move = drawMove(trade, (n) => rng.int(n));
      expect(Object.keys(move).sort()).toEqual(["amount", "card", "colour", "give", "to", "type"]);
      expect(move.type).toBe("trade");
      expect([3, 4, 5]).toContain(move["amount"]);
      expect([40, 41]).toContain(move["card"]);
      expect([0, 2]).toContain(move["to"]);
      expect(["red", "blue"]).toContain(move["colour"]);
      expect(isCardSet(move["give"], [7, 8, 9])).toBe(true);
      expect((move["give"] as number[]).length).toBeGreaterThan(0);
      seen.amount.add(move["amount"]);
      seen.card.add(move["card"]);
      seen.to.add(move["to"]);
      seen.colour.add(move["colour"]);
      seen.giveSizes.add((move["give"] as number[]).length);
    }
    expect(seen.amount.size).toBe(3);
    expect(seen.card.size).toBe(2);
    expect(seen.to.size).toBe(2);
    expect(seen.colour.size).toBe(2);
    expect(seen.giveSizes.size).toBe(3);
  });

  it("turns draws into values in parameter order: range from its minimum, lists by index", () => {
    // amount: 3 + 2; card: index 1; give: size draw 0 (size 1), then index 2; to: index 1; colour: index 0.
    expect(drawMove(trade, scripted(2, 1, 0, 2, 1, 0))).toEqual({
      type: "trade",
      amount: 5,
      card: 41,
      give: [9],
      to: 2,
      colour: "red",
    });
    expect(drawMove({ type: "pass", parameters: {} }, scripted())).toEqual({ type: "pass" });
  });
});

describe("scoreRows and ranking with padding", () => {
  it("pads a shorter list key with -Infinity, leaving its input alone, so a missing key ranks below any present one", () => {
    // A list tie-breaker (the highest cards, in order) is shorter for seats with fewer cards.
    const keys = [[[5], [3, 2]], [[5], []], [[4], [1]]];
    const rows = scoreRows(keys);
    expect(keys).toEqual([[[5], [3, 2]], [[5], []], [[4], [1]]]);
    expect(rows).toEqual([
      [5, 3, 2],
      [5, -Infinity, -Infinity],
      [4, 1, -Infinity],
    ]);
    expect(rankPlayers(rows).ranking).toEqual([[0], [1], [2]]);
  });

  it("lets a seat with a key beat one without it even when the key is negative, and ties two without", () => {
    const rows = scoreRows([[[2], [-7]], [[2], []], [[2], []], [[1], [9]]]);
    const result = rankPlayers(rows);
    expect(result.ranking).toEqual([[0], [1, 2], [3]]);
    expect(result.winners).toEqual([0]);
    expect(() =>
      rankPlayers([
        [1, Infinity],
        [1, 0],
      ]),
    ).toThrow(GameFault);
  });

  it("leaves keys of equal width alone", () => {
    expect(
      scoreRows([
        [[1], [2]],
        [[3], [4]],
      ]),
    ).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });
});

describe("seatList", () => {
  it("lists the seats in order, sharing one frozen list per player count", () => {
    expect(seatList(4)).toEqual([0, 1, 2, 3]);
    expect(seatList(0)).toEqual([]);
    expect(seatList(4)).toBe(seatList(4));
    expect(Object.isFrozen(seatList(3))).toBe(true);
    expect(seatList(40)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });
});
