import { describe, expect, it } from "vitest";
import {
  allOf,
  anyOf,
  checkTransfer,
  countOf,
  dealCards,
  floorDiv,
  floorMod,
  highestOf,
  integers,
  lowestOf,
  maxOf,
  minOf,
  moveAllCards,
  perSeat,
  placeCard,
  sortedBy,
  sumOf,
  tableValue,
  takeCard,
  topCard,
} from "./compiled.js";
import { GameFault } from "./errors.js";

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
    dealCards(deck, auction, 3, "property_deck");
    expect(deck).toEqual([1]);
    expect(auction).toEqual([5, 7, 3, 9]);
    dealCards(deck, auction, 0, "property_deck");
    expect(auction).toEqual([5, 7, 3, 9]);
  });

  it("faults on dealing more cards than the zone holds, or a negative or fractional count", () => {
    const deck = [1, 2];
    expect(faultCode(() => dealCards(deck, [], 3, "property_deck"))).toBe("fault/not-enough-cards");
    expect(faultCode(() => dealCards(deck, [], -1, "property_deck"))).toBe("fault/not-enough-cards");
    expect(faultCode(() => dealCards(deck, [], 1.5, "property_deck"))).toBe("fault/not-enough-cards");
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
