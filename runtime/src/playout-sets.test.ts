import { describe, expect, it } from "vitest";
import { randomSubset } from "./compiled.js";
import { drawInt, seedWords } from "./playout.js";
import { drawSubsetSize } from "./playout-sets.js";
import { randomInt, seedRandom } from "./random.js";

describe("the size of a set of cards a playout kernel draws", () => {
  it.each([1, 2, 5, 21, 22, 29, 30, 37])("is randomSubset's, from the same words, for %d cards", (n) => {
    const words = new Uint32Array(4);
    seedWords(words, 11);
    const random = seedRandom(11);
    const cards = Array.from({ length: n }, (_, i) => 100 + i);
    const sizes = new Set<number>();
    for (let draw = 0; draw < 300; draw++) {
      const expected = randomSubset(cards, (m) => randomInt(random, m));
      const size = drawSubsetSize(words, n);
      expect(size).toBe(expected.length);
      // The cards' draws, as the kernel goes on with them: the generators stay in step.
      for (let i = 0; i < size; i++) drawInt(words, n - i);
      expect([...words]).toEqual(random.s);
      sizes.add(size);
    }
    // Sets of several sizes come up (size k has weight 2^-k).
    expect(sizes.size).toBeGreaterThanOrEqual(Math.min(n, 3));
  });
});
