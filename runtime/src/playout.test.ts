import { describe, expect, it } from "vitest";
import { cardAt, drawInt, offHeap, positionOf, putCard, seedWords, segmentHolding, shuffleZone, takeAt, takeFromZoneOf } from "./playout.js";
import { randomInt, seedRandom, shuffle } from "./random.js";

describe("a playout kernel's generator", () => {
  it.each([0, 1, -1, 42, 2 ** 31 - 1, 2 ** 40 + 3, -(2 ** 50)])("starts from seedRandom's words for seed %d", (seed) => {
    const words = new Uint32Array(4);
    seedWords(words, seed);
    expect([...words]).toEqual(seedRandom(seed).s);
  });

  it("draws randomInt's numbers", () => {
    const words = new Uint32Array(4);
    seedWords(words, 7);
    const random = seedRandom(7);
    for (const n of [1, 2, 3, 6, 7, 30, 1000, 2 ** 21 - 1, 2 ** 21, 2 ** 21 + 1, 2 ** 31 + 5, 3 * 2 ** 30, 2 ** 32 - 1, 2 ** 32]) {
      for (let i = 0; i < 50; i++) expect(drawInt(words, n)).toBe(randomInt(random, n));
    }
  });

  it("refuses a seed the state machine refuses", () => {
    expect(() => seedWords(new Uint32Array(4), 0.5)).toThrow(/whole number/);
  });
});

describe("a playout kernel's zones", () => {
  // Two segments of 8: a stack (stored top-last) and a row.
  const cap = 8;
  const fill = (topLast: boolean, cards: number[]) => {
    const c = new Int32Array(2 * cap);
    const n = new Int32Array(2);
    for (const card of cards) putCard(c, n, cap, 1, topLast, false, card);
    return { c, n, list: () => Array.from({ length: n[1]! }, (_, i) => cardAt(c, n, cap, 1, topLast, i)) };
  };

  it.each([true, false])("keep the state machine's positions (top-last %s)", (topLast) => {
    const zone = fill(topLast, [10, 11, 12]);
    expect(zone.list()).toEqual([10, 11, 12]);
    putCard(zone.c, zone.n, cap, 1, topLast, true, 9);
    expect(zone.list()).toEqual([9, 10, 11, 12]);
    expect(positionOf(zone.c, zone.n, cap, 1, topLast, 11)).toBe(2);
    expect(takeAt(zone.c, zone.n, cap, 1, topLast, 1)).toBe(10);
    expect(zone.list()).toEqual([9, 11, 12]);
    expect(positionOf(zone.c, zone.n, cap, 1, topLast, 10)).toBe(-1);
  });

  it.each([true, false])("shuffle as the runtime's shuffle does (top-last %s)", (topLast) => {
    const cards = [3, 1, 4, 5, 9, 2, 6];
    const zone = fill(topLast, cards);
    const words = new Uint32Array(4);
    seedWords(words, 99);
    shuffleZone(words, zone.c, zone.n, cap, 1, topLast);
    const expected = [...cards];
    shuffle(seedRandom(99), expected);
    expect(zone.list()).toEqual(expected);
  });

  it.each([
    ["its hint", 1],
    ["a stale hint", 0],
    ["a hint out of range", 7],
  ])("take a card from the zone that holds it, given %s, and say which zone that was", (_, hint) => {
    const zone = fill(false, [10, 11, 12]);
    putCard(zone.c, zone.n, cap, 0, false, false, 5);
    expect(takeFromZoneOf(zone.c, zone.n, cap, 2, hint, 11)).toBe(1);
    expect(zone.list()).toEqual([10, 12]);
    expect(zone.n[0]).toBe(1);
  });

  it.each([
    ["its hint", 1, 1],
    ["a stale hint", 0, 1],
    ["a hint out of range", 7, 1],
  ])("find the segment of a range that holds a card, given %s", (_, hint, expected) => {
    const zone = fill(false, [10, 11, 12]);
    putCard(zone.c, zone.n, cap, 0, false, false, 5);
    expect(segmentHolding(zone.c, zone.n, cap, 0, 2, hint, 11)).toBe(expected);
    expect(segmentHolding(zone.c, zone.n, cap, 0, 2, hint, 5)).toBe(0);
    // Outside the range looked at, or in no zone: none.
    expect(segmentHolding(zone.c, zone.n, cap, 0, 1, hint, 11)).toBe(-1);
    expect(segmentHolding(zone.c, zone.n, cap, 0, 2, hint, 99)).toBe(-1);
    expect(zone.list()).toEqual([10, 11, 12]);
  });

  it("fault when no zone holds the card", () => {
    const zone = fill(false, [10]);
    expect(() => takeFromZoneOf(zone.c, zone.n, cap, 2, 1, 99)).toThrow(/card 99 is in no zone/);
    expect(zone.list()).toEqual([10]);
  });
});

describe("a kernel's table copied off the heap", () => {
  it("holds the same values, of the same type, on an ArrayBuffer of its own", () => {
    for (const array of [Int8Array.from([3, -1, 2]), Int32Array.from([7, 2 ** 31 - 1, -5, 0]), new Int8Array(0)]) {
      const copy = offHeap(array);
      expect(copy.constructor).toBe(array.constructor);
      expect([...copy]).toEqual([...array]);
      expect(copy.buffer).not.toBe(array.buffer);
      expect(copy.buffer.byteLength).toBe(array.byteLength);
      expect(copy.byteOffset).toBe(0);
      if (copy.length > 0) {
        copy[0] = 1;
        expect(array[0]).not.toBe(1);
      }
    }
  });
});
