import { describe, expect, it } from "vitest";
import { SetChoices, drawIndexOn, type SetChoiceShape } from "./set-choices.js";
import { Rng } from "./random.js";

/** Every subset of `cards` (as lists in the zone's order). */
function subsets(cards: readonly number[]): number[][] {
  const all: number[][] = [];
  for (let mask = 0; mask < 1 << cards.length; mask++) all.push(cards.filter((_, i) => mask & (1 << i)));
  return all;
}

const VALUE = [3, 1, 2, 3, 1, 5, 2, 2, 4, 1, 0, 3];
const key = (c: number): number => VALUE[c]!;
const weight = (c: number): number => VALUE[c]!;
const oneKey = (s: number[]): boolean => new Set(s.map(key)).size === 1;
const total = (s: number[]): number => s.reduce((n, c) => n + weight(c), 0);

/** The legal choices listed by brute force, as `check` would test each one. */
function listed(shape: SetChoiceShape, zones: number[][]): string[] {
  const legal = (choice: number[][]): boolean => {
    for (const [j, set] of shape.sets.entries()) {
      const s = choice[j]!;
      if (set.nonEmpty && s.length === 0) return false;
      if (set.oneKey && !oneKey(s)) return false;
    }
    if (choice.length === 2) {
      const [a, b] = choice as [number[], number[]];
      if (shape.sameCount && a.length !== b.length) return false;
      if (shape.sameSum && total(a) !== total(b)) return false;
      if (shape.differentKeys && key(a[0]!) === key(b[0]!)) return false;
    }
    return true;
  };
  const choices = zones.length === 1 ? subsets(zones[0]!).map((a) => [a]) : subsets(zones[0]!).flatMap((a) => subsets(zones[1]!).map((b) => [a, b]));
  return choices.filter(legal).map((c) => JSON.stringify(c)).sort();
}

const SHAPES: Record<string, SetChoiceShape> = {
  "a good deal (one value each, as many cards, different values)": {
    sets: [{ nonEmpty: true, oneKey: true }, { nonEmpty: true, oneKey: true }],
    sameCount: true,
    sameSum: false,
    differentKeys: true,
  },
  "a fair price (non-empty, same total)": {
    sets: [{ nonEmpty: true, oneKey: false }, { nonEmpty: true, oneKey: false }],
    sameCount: false,
    sameSum: true,
    differentKeys: false,
  },
  "same total and size, one key on one side, the empty set allowed on the other": {
    sets: [{ nonEmpty: false, oneKey: false }, { nonEmpty: false, oneKey: true }],
    sameCount: true,
    sameSum: true,
    differentKeys: false,
  },
  "two free sets": { sets: [{ nonEmpty: false, oneKey: false }, { nonEmpty: false, oneKey: false }], sameCount: false, sameSum: false, differentKeys: false },
  "one set of one key": { sets: [{ nonEmpty: true, oneKey: true }], sameCount: false, sameSum: false, differentKeys: false },
  "one non-empty set": { sets: [{ nonEmpty: true, oneKey: false }], sameCount: false, sameSum: false, differentKeys: false },
};

describe("SetChoices", () => {
  for (const [name, shape] of Object.entries(SHAPES)) {
    it(`counts and decodes every legal choice exactly once: ${name}`, () => {
      const zoneSets: number[][][] = shape.sets.length === 1 ? [[[0, 1, 2, 3, 4, 5, 6, 7, 8, 10]], [[]], [[4]]] : [
        [[0, 1, 2, 3], [4, 5, 6, 7, 8, 9]],
        [[11, 10, 3], [0, 6, 9, 1, 7]],
        [[], [1, 2]],
        [[5], [6, 2, 8, 3]],
      ];
      const choices = new SetChoices(shape);
      for (const zones of zoneSets) {
        const expected = listed(shape, zones);
        const n = choices.count(zones, [key, key], [weight, weight]);
        expect(n, JSON.stringify(zones)).toBe(expected.length);
        const decoded = Array.from({ length: n }, (_, i) => JSON.stringify(choices.pick(i)));
        expect(decoded.slice().sort()).toEqual(expected);
      }
    });
  }

  it("lists each set's cards in the zone's order", () => {
    const choices = new SetChoices(SHAPES["a fair price (non-empty, same total)"]!);
    const zones = [[9, 4, 1, 0], [8, 7, 6, 2, 3]];
    const n = choices.count(zones, [null, null], [weight, weight]);
    for (let i = 0; i < n; i++) {
      const [a, b] = choices.pick(i) as [number[], number[]];
      expect(a).toEqual(zones[0]!.filter((c) => a.includes(c)));
      expect(b).toEqual(zones[1]!.filter((c) => b.includes(c)));
    }
  });

  it("answers -1 (not countable) for a negative or fractional weight", () => {
    const choices = new SetChoices(SHAPES["a fair price (non-empty, same total)"]!);
    expect(choices.count([[0, 1], [2]], [null, null], [(c) => (c === 1 ? -1 : 1), weight])).toBe(-1);
    expect(choices.count([[0, 1], [2]], [null, null], [(c) => c / 2, weight])).toBe(-1);
  });

  it("answers -1 when the count reaches 2^53 (doubles would round it)", () => {
    const choices = new SetChoices(SHAPES["two free sets"]!);
    const big = Array.from({ length: 26 }, (_, i) => i);
    expect(choices.count([big, big], [null, null], [null, null])).toBe(2 ** 52);
    const bigger = Array.from({ length: 27 }, (_, i) => i);
    expect(choices.count([bigger, bigger], [null, null], [null, null])).toBe(-1);
  });
});

describe("drawIndexOn", () => {
  it("draws as the runtime's generator, words consumed alike, below and beyond 2^32", () => {
    for (const n of [7, 2 ** 21 + 3, 2 ** 32, 2 ** 32 + 1, 3 * 2 ** 40 + 5, 2 ** 53 - 1]) {
      const rng = new Rng(42);
      const words = Uint32Array.from(rng.words());
      for (let i = 0; i < 50; i++) expect(drawIndexOn(words, n)).toBe(rng.int(n));
      expect(Array.from(words)).toEqual(Array.from(rng.words()));
    }
  });
});
