import { describe, expect, it } from "vitest";
import { GameFault, MatchError } from "./errors.js";
import type { RandomState } from "./contract.js";
import { Rng, multiplyHigh, randomInt, seedRandom, shuffle } from "./random.js";

function draws(seed: number, count: number, n = 2 ** 32): number[] {
  const random = seedRandom(seed);
  return Array.from({ length: count }, () => randomInt(random, n));
}

/** Pearson's statistic of observed bucket counts against equal expected counts. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

describe("seedRandom and randomInt", () => {
  it("gives the same sequence for the same seed", () => {
    for (const seed of [0, 1, -1, 42, 2 ** 40 + 7, Number.MAX_SAFE_INTEGER]) {
      expect(draws(seed, 1000)).toEqual(draws(seed, 1000));
    }
  });

  it("gives different sequences for different seeds, even adjacent ones", () => {
    const seeds = [0, 1, 2, 3, -1, -2, 2 ** 32, 2 ** 32 + 1, 2 ** 33, Number.MAX_SAFE_INTEGER];
    const starts = seeds.map((seed) => draws(seed, 4).join(","));
    expect(new Set(starts).size).toBe(seeds.length);
    // First numbers of 2000 consecutive seeds: a good mix repeats almost none of 2^32 values.
    const firsts = new Set(Array.from({ length: 2000 }, (_, seed) => draws(seed, 1)[0]));
    expect(firsts.size).toBeGreaterThan(1995);
  });

  it("refuses a seed that is not a safe integer", () => {
    for (const seed of [1.5, Number.NaN, Infinity, 2 ** 60]) {
      expect(() => seedRandom(seed)).toThrow(MatchError);
    }
  });

  it("keeps its state as plain JSON that continues the same sequence", () => {
    const random = seedRandom(7);
    randomInt(random, 10);
    const copy = JSON.parse(JSON.stringify(random));
    const a = Array.from({ length: 50 }, () => randomInt(random, 1000));
    const b = Array.from({ length: 50 }, () => randomInt(copy, 1000));
    expect(a).toEqual(b);
    expect(random.s.every((word) => Number.isInteger(word) && word >= 0 && word < 2 ** 32)).toBe(true);
  });

  it("stays within [0, n) for small, odd, word-sized and huge n", () => {
    const random = seedRandom(3);
    for (const n of [1, 2, 3, 6, 7, 100, 2 ** 31 + 1, 2 ** 32, 2 ** 32 + 1, 2 ** 45, Number.MAX_SAFE_INTEGER]) {
      for (let i = 0; i < 500; i++) {
        const x = randomInt(random, n);
        expect(Number.isInteger(x) && x >= 0 && x < n).toBe(true);
      }
    }
    // n = 2 must give both values.
    expect(new Set(draws(9, 100, 2))).toEqual(new Set([0, 1]));
  });

  it("is roughly uniform over six buckets (a die)", () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (const x of draws(2024, 60_000, 6)) counts[x]!++;
    // 5 degrees of freedom: chi-square above 30 has probability below 2e-5 for a fair die.
    expect(chiSquare(counts)).toBeLessThan(30);
  });

  it("has no modulo bias where a plain remainder would have a large one", () => {
    // n = 3·2^30: a plain "word % n" would land in the first third half of the time.
    const random = seedRandom(13);
    const n = 3 * 2 ** 30;
    const counts = [0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[Math.floor(randomInt(random, n) / 2 ** 30)]!++;
    expect(chiSquare(counts)).toBeLessThan(25);
  });

  it("draws as Lemire's multiply-shift computed in BigInt, rejections included, at every size of n", () => {
    // The reference: the high word of the 64-bit product x·n, the word redrawn while the low word
    // is below 2^32 mod n. Its words are the generator's own (a draw among 2^32 is the word itself).
    const reference = (words: RandomState, n: number): number => {
      const bigN = BigInt(n);
      const threshold = 2n ** 32n % bigN;
      for (;;) {
        const product = BigInt(randomInt(words, 2 ** 32)) * bigN;
        if (product % 2n ** 32n >= threshold) return Number(product >> 32n);
      }
    };
    const edges = [1, 2, 3, 7, 2 ** 16 + 1, 2 ** 21 - 1, 2 ** 21, 2 ** 21 + 1, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1,
      3 * 2 ** 30, 2 ** 32 - 2, 2 ** 32 - 1, 2 ** 32];
    for (const n of edges) {
      const random = seedRandom(n);
      const copy: RandomState = { s: [...random.s], script: [] };
      for (let i = 0; i < 2000; i++) expect(randomInt(random, n)).toBe(reference(copy, n));
      expect(random.s).toEqual(copy.s); // the same words consumed: rejections happened alike
    }
  });

  it("redraws the words Lemire's method rejects (n = 2^31 + 1 rejects almost half)", () => {
    const n = 2 ** 31 + 1;
    const random = seedRandom(21);
    const before = JSON.stringify(random.s);
    let words = 0;
    const probe: RandomState = { s: JSON.parse(before), script: [] };
    for (let i = 0; i < 1000; i++) {
      randomInt(random, n);
      // Count the words one draw took by drawing words from the copy until it catches up.
      do {
        randomInt(probe, 2 ** 32);
        words++;
      } while (JSON.stringify(probe.s) !== JSON.stringify(random.s));
    }
    // Acceptance is 1 - (2^32 mod n)/2^32 ≈ 1/2: about 2000 words for 1000 draws.
    expect(words).toBeGreaterThan(1800);
    expect(words).toBeLessThan(2200);
  });

  it("is roughly uniform above 2^32 too, in its low and high halves", () => {
    const random = seedRandom(11);
    const n = 3 * 2 ** 40;
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 30_000; i++) counts[Math.floor(randomInt(random, n) / (n / 6))]!++;
    expect(chiSquare(counts)).toBeLessThan(30);
  });

  it("takes the exact high word of a product up to 2^64 (multiplyHigh)", () => {
    const xs = [0, 1, 0xffff, 0x10000, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff, 0x9e3779b9, 0x12345678];
    const ns = [1, 2, 3, 0xffff, 0x10001, 2 ** 21, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 0xdeadbeef];
    for (const x of xs) {
      for (const n of ns) expect(multiplyHigh(x, n)).toBe(Number((BigInt(x) * BigInt(n)) >> 32n));
    }
  });

  it("refuses a bound that is not a whole number of at least 1", () => {
    const random = seedRandom(1);
    for (const n of [0, -3, 2.5, Number.NaN]) {
      expect(() => randomInt(random, n)).toThrow(GameFault);
    }
  });

  it("takes scripted numbers first, without advancing the generator", () => {
    const scripted = seedRandom(5);
    scripted.script.push(3, 0, 5);
    const words = [...scripted.s];
    expect([randomInt(scripted, 6), randomInt(scripted, 6), randomInt(scripted, 6)]).toEqual([3, 0, 5]);
    expect(scripted.script).toEqual([]);
    expect(scripted.s).toEqual(words);
    // Then it goes on exactly as an unscripted generator with the same seed.
    expect(Array.from({ length: 20 }, () => randomInt(scripted, 6))).toEqual(draws(5, 20, 6));
  });

  it("faults on a scripted number outside the range drawn from", () => {
    for (const bad of [6, -1, 2.5]) {
      const random = seedRandom(5);
      random.script.push(bad);
      let fault: unknown;
      try {
        randomInt(random, 6);
      } catch (error) {
        fault = error;
      }
      expect(fault).toBeInstanceOf(GameFault);
      expect((fault as GameFault).code).toBe("fault/random-script");
      expect((fault as GameFault).message).toContain("0..5");
    }
  });
});

describe("shuffle", () => {
  it("returns a permutation of the cards, in place", () => {
    const random = seedRandom(8);
    const cards = Array.from({ length: 30 }, (_, i) => i + 100);
    const same = cards;
    shuffle(random, cards);
    expect(cards).toBe(same);
    expect([...cards].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 100));
    expect(cards).not.toEqual(Array.from({ length: 30 }, (_, i) => i + 100));
  });

  it("is the same for the same seed and handles empty and single decks", () => {
    const a = [1, 2, 3, 4, 5, 6, 7, 8];
    const b = [1, 2, 3, 4, 5, 6, 7, 8];
    shuffle(seedRandom(99), a);
    shuffle(seedRandom(99), b);
    expect(a).toEqual(b);
    const empty: number[] = [];
    shuffle(seedRandom(1), empty);
    expect(empty).toEqual([]);
    const one = [4];
    shuffle(seedRandom(1), one);
    expect(one).toEqual([4]);
  });

  it("makes all six orders of three cards about equally often", () => {
    const random = seedRandom(77);
    const counts = new Map<string, number>();
    for (let i = 0; i < 30_000; i++) {
      const cards = [0, 1, 2];
      shuffle(random, cards);
      counts.set(cards.join(""), (counts.get(cards.join("")) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(["012", "021", "102", "120", "201", "210"]);
    expect(chiSquare([...counts.values()])).toBeLessThan(30);
  });

  it("uses scripted numbers, so a test can dictate the order", () => {
    const random = seedRandom(1);
    // Fisher–Yates from the back: i=2 swaps with 0, then i=1 swaps with 1 (stays).
    random.script.push(0, 1);
    const cards = [10, 20, 30];
    shuffle(random, cards);
    expect(cards).toEqual([30, 20, 10]);
  });
});

describe("Rng", () => {
  it("repeats for the same seed and differs for another", () => {
    const a = new Rng(12);
    const b = new Rng(12);
    const c = new Rng(13);
    const sa = Array.from({ length: 100 }, () => a.int(1000));
    expect(Array.from({ length: 100 }, () => b.int(1000))).toEqual(sa);
    expect(Array.from({ length: 100 }, () => c.int(1000))).not.toEqual(sa);
  });

  it("forks deterministically into generators independent of the parent", () => {
    const parent1 = new Rng(5);
    const parent2 = new Rng(5);
    const child1 = parent1.fork();
    const child2 = parent2.fork();
    const childNumbers = Array.from({ length: 50 }, () => child1.int(1 << 30));
    expect(Array.from({ length: 50 }, () => child2.int(1 << 30))).toEqual(childNumbers);
    const parentNumbers = Array.from({ length: 50 }, () => parent1.int(1 << 30));
    expect(parentNumbers).not.toEqual(childNumbers);
    // Two forks in a row differ from each other.
    const f1 = parent2.fork();
    const f2 = parent2.fork();
    expect(Array.from({ length: 10 }, () => f1.int(1 << 30))).not.toEqual(
      Array.from({ length: 10 }, () => f2.int(1 << 30)),
    );
  });

  it("picks only from the list and shuffles in place", () => {
    const rng = new Rng(3);
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) seen.add(rng.pick(["a", "b", "c"]));
    expect(seen).toEqual(new Set(["a", "b", "c"]));
    expect(() => rng.pick([])).toThrow(GameFault);
    const items = [1, 2, 3, 4, 5];
    rng.shuffle(items);
    expect([...items].sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
