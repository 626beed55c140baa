import { describe, expect, it } from "vitest";
import { randomSubset } from "./compiled.js";
import { cardAt, putCard, seedWords } from "./playout.js";
import { drawSubsetInto } from "./playout-sets.js";
import { randomInt, seedRandom } from "./random.js";

describe("a set of cards drawn by a playout kernel", () => {
  // Segment 1 of three (40 cards each) holds the zone; its neighbours hold other cards.
  const cap = 40;
  const zoneOf = (topLast: boolean, size: number) => {
    const c = new Int32Array(3 * cap);
    const n = new Int32Array(3);
    for (let k = 0; k < size; k++) putCard(c, n, cap, 1, topLast, false, 100 + k * 7);
    putCard(c, n, cap, 0, false, false, 1);
    putCard(c, n, cap, 2, false, false, 2);
    return { c, n, positions: Array.from({ length: size }, (_, i) => cardAt(c, n, cap, 1, topLast, i)) };
  };

  it.each([
    [false, 1],
    [false, 5],
    [true, 5],
    [false, 29],
    [true, 30],
    [true, 37],
  ])("is randomSubset's set from the same words, in the zone's positions (top-last %s, %d cards)", (topLast, size) => {
    const zone = zoneOf(topLast as boolean, size as number);
    const words = new Uint32Array(4);
    seedWords(words, 11);
    const random = seedRandom(11);
    const into = new Int32Array(cap);
    const sizes = new Set<number>();
    for (let draw = 0; draw < 200; draw++) {
      const expected = randomSubset(zone.positions, (n) => randomInt(random, n));
      const k = drawSubsetInto(words, zone.c, zone.n, cap, 1, topLast as boolean, into);
      expect(Array.from(into.subarray(0, k))).toEqual(expected);
      sizes.add(k);
    }
    // The draws reach sets of several sizes (a size is drawn with weight 2^-k).
    expect(sizes.size).toBeGreaterThan(size === 1 ? 0 : 2);
    // The generators stay in step after every draw.
    expect([...words]).toEqual(random.s);
  });

  it("draws a set's size as randomInt does for every zone size, a refused word included", () => {
    // All-zero words give the word 0 first, which randomInt refuses for most sizes (its product's low
    // half 0 lies under 2^32 mod (2^bits - 1)) and then draws again: the sizes must agree on both.
    for (let size = 1; size <= 37; size++) {
      const zone = zoneOf(false, size);
      const words = new Uint32Array(4);
      const random = seedRandom(1);
      random.s = [0, 0, 0, 0];
      const expected = randomSubset(zone.positions, (n) => randomInt(random, n));
      const into = new Int32Array(cap);
      const k = drawSubsetInto(words, zone.c, zone.n, cap, 1, false, into);
      expect(Array.from(into.subarray(0, k))).toEqual(expected);
      expect([...words]).toEqual(random.s);
    }
  });

  it("draws nothing from an empty zone", () => {
    const zone = zoneOf(false, 0);
    const words = new Uint32Array(4);
    seedWords(words, 3);
    const before = [...words];
    expect(drawSubsetInto(words, zone.c, zone.n, cap, 1, false, new Int32Array(cap))).toBe(0);
    expect([...words]).toEqual(before);
  });
});
