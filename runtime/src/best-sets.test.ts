import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bestSets } from "./best-sets.js";
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

describe("bestSets", () => {
  // Cards 10..13 carry the values 2, 3, 4, 5: ids and values differ, so a mix-up shows.
  const values = new Map([
    [10, 2],
    [11, 3],
    [12, 4],
    [13, 5],
  ]);
  const value = (card: number) => values.get(card)!;

  it("finds the best arrangement where taking the best-scoring set first would not", () => {
    // Runs of two: {3,4} scores 10, any other run 6. Greedy takes {3,4} (10) and strands 2 and 5;
    // the best is {2,3} + {4,5} = 12.
    const scored: number[][] = [];
    const score = (set: number[]) => {
      scored.push(set);
      const vs = set.map(value).sort((a, b) => a - b);
      return vs[0] === 3 && vs[1] === 4 ? 10 : 6;
    };
    expect(bestSets([10, 11, 12, 13], 2, value, "consecutive", score)).toBe(12);
    // The scorer is only ever given runs of two distinct consecutive values.
    for (const set of scored) {
      const vs = set.map(value).sort((a, b) => a - b);
      expect(vs).toHaveLength(2);
      expect(vs[1]).toBe(vs[0]! + 1);
    }
  });

  it("pairs of one colour: the pairing matters when a set scores its best card", () => {
    // Red cards 1, 2, 3, 4 in pairs scoring their highest value: {1,2}+{3,4} = 2 + 4 = 6,
    // {1,3}+{2,4} = 3 + 4 = 7, {1,4}+{2,3} = 4 + 3 = 7. The blue card has no partner.
    const colour = ["red", "red", "red", "red", "blue"];
    const worth = [1, 2, 3, 4, 9];
    const best = (set: number[]) => Math.max(...set.map((c) => worth[c]!));
    expect(bestSets([0, 1, 2, 3, 4], 2, (c) => colour[c]!, "same", best)).toBe(7);
    // The same with the worth as the kind (cards of equal colour and worth are alike).
    expect(bestSets([0, 1, 2, 3, 4], 2, (c) => colour[c]!, "same", best, (c) => worth[c]!)).toBe(7);
  });

  it("never puts one value twice in a run, and leaves out sets that would lose points", () => {
    const one = () => 1;
    // 3, 4, 4, 5 holds one run of three; 3, 3, 4, 4, 5, 5 holds two.
    expect(bestSets([0, 1, 2, 3], 3, (c) => [3, 4, 4, 5][c]!, "consecutive", one)).toBe(1);
    expect(bestSets([0, 1, 2, 3, 4, 5], 3, (c) => [3, 3, 4, 4, 5, 5][c]!, "consecutive", one)).toBe(2);
    // Sets of one card scoring value - 3: only the 4 (1) and the 5 (2) are worth making.
    expect(bestSets([0, 1, 2, 3, 4], 1, (c) => c + 1, "same", (set) => set[0]! + 1 - 3)).toBe(3);
    expect(bestSets([0, 1], 3, (c) => c, "consecutive", one)).toBe(0);
    expect(bestSets([], 2, (c) => c, "same", one)).toBe(0);
  });

  it("has no limit on the number of cards: 60 cards, six of each value 1 to 10, hold 18 runs of three", () => {
    // Card i has value floor(i / 6) + 1. A run of three consecutive values holds exactly one value
    // of each remainder mod 3, so there are at most as many runs as cards in the scarcest class:
    // 1, 4, 7, 10 hold 24 cards, 2, 5, 8 hold 18, 3, 6, 9 hold 18: at most 18 runs. Six each of
    // 1-2-3, 4-5-6 and 7-8-9 make 18, so the best total at 1 point a run is 18.
    // (The search used to refuse more than 30 cards with fault/too-many-cards.)
    const cards = Array.from({ length: 60 }, (_, i) => i);
    const valueOf = (card: number) => Math.floor(card / 6) + 1;
    expect(bestSets(cards, 3, valueOf, "consecutive", () => 1, () => 0)).toBe(18);
    // Pairs of equal values, 2 points each: six cards of each of ten values make three pairs
    // each, 30 pairs, 60 points.
    expect(bestSets(cards, 2, valueOf, "same", () => 2, () => 0)).toBe(60);
  });

  it("hands the scorer a set in ascending order of key, then of kind, whichever twins it holds", () => {
    // Values 5, 4, 3 given high to low; the kinds (colours) make the 4s differ.
    const valueOf = [5, 4, 3, 4, 3];
    const colour = ["b", "b", "a", "a", "a"];
    const seen: string[] = [];
    bestSets([0, 1, 2, 3, 4], 3, (c) => valueOf[c]!, "consecutive", (set) => {
      seen.push(set.map((c) => `${valueOf[c]}${colour[c]}`).join(" "));
      return 1;
    }, (c) => colour[c]!);
    // The runs are 3-4-5 with the 4 of colour a or b; the two 3s are twins (value 3, colour a).
    expect([...new Set(seen)].sort()).toEqual(["3a 4a 5b", "3a 4b 5b"]);
  });

  it("faults on a set size below 1", () => {
    expect(faultCode(() => bestSets([1, 2], 0, (c) => c, "same", () => 1))).toBe("fault/set-size");
    expect(faultCode(() => bestSets([1, 2], 1.5, (c) => c, "same", () => 1))).toBe("fault/set-size");
  });
});

// ── Against a brute force ──────────────────────────────────────────────────────

interface Card {
  readonly value: number;
  readonly colour: "red" | "green" | "blue";
  readonly shiny: boolean;
}

/** Every way of choosing disjoint sets, tried one by one: the first card left is either in no set
 *  or in a set with later cards. Slow, and plainly right. */
function bruteForce(cards: readonly Card[], size: number, key: (c: Card) => number | string, rule: "same" | "consecutive", score: (set: Card[]) => number): number {
  const isSet = (set: Card[]): boolean => {
    const keys = set.map(key);
    if (rule === "same") return keys.every((k) => k === keys[0]);
    const sorted = (keys as number[]).slice().sort((a, b) => a - b);
    return sorted.every((k, i) => i === 0 || k === sorted[i - 1]! + 1);
  };
  const best = (left: Card[]): number => {
    if (left.length === 0) return 0;
    const [first, ...rest] = left as [Card, ...Card[]];
    let top = best(rest);
    const grow = (set: Card[], from: number): void => {
      if (set.length === size) {
        if (!isSet(set)) return;
        top = Math.max(top, score(set) + best(rest.filter((c) => !set.includes(c))));
        return;
      }
      for (let i = from; i < rest.length; i++) grow([...set, rest[i]!], i + 1);
    };
    grow([first], 0);
    return top;
  };
  return best([...cards]);
}

const COLOUR_POINTS = { red: 2, green: 4, blue: 5 } as const;
const COLOURS = ["red", "green", "blue"] as const;

/** Scorers of different shapes, each with the fields it reads (besides the rule's key). All see a
 *  set as a multiset: none depends on the order of its cards. */
const SCORERS: { name: string; reads: (keyof Card)[]; score: (set: Card[]) => number }[] = [
  { name: "one point a set", reads: [], score: () => 1 },
  {
    // Freak Shop's run, pair and triple scores: the most represented colour, ties to the first.
    name: "majority colour",
    reads: ["colour"],
    score: (set) => {
      const counts = COLOURS.map((c) => set.filter((card) => card.colour === c).length);
      return COLOUR_POINTS[COLOURS[counts.indexOf(Math.max(...counts))]!];
    },
  },
  // Negative for low values: some sets are better left out.
  { name: "sum of values less 7", reads: ["value"], score: (set) => set.reduce((t, c) => t + c.value, 0) - 7 },
  {
    name: "shiny cards, a bonus when one colour",
    reads: ["colour", "shiny"],
    score: (set) => 3 * set.filter((c) => c.shiny).length - 2 + (set.every((c) => c.colour === set[0]!.colour) ? 4 : 0),
  },
  {
    name: "best colour times lowest value",
    reads: ["colour", "value"],
    score: (set) => Math.max(...set.map((c) => COLOUR_POINTS[c.colour])) * Math.min(...set.map((c) => c.value)) - 6,
  },
];

const cardArb = fc.record({
  value: fc.integer({ min: 1, max: 6 }),
  colour: fc.constantFrom(...COLOURS),
  shiny: fc.boolean(),
});

describe("bestSets agrees with a brute force", () => {
  for (const rule of ["same", "consecutive"] as const) {
    for (const scorer of SCORERS) {
      it(`${rule}(value), ${scorer.name}, sets of 1 to 4`, () => {
        fc.assert(
          fc.property(fc.array(cardArb, { maxLength: 10 }), fc.integer({ min: 1, max: 4 }), (hand, size) => {
            const ids = hand.map((_, i) => i);
            const key = (c: Card) => c.value;
            const score = (set: number[]) => {
              // A set is `size` distinct cards of the hand.
              expect(set).toHaveLength(size);
              expect(new Set(set).size).toBe(size);
              for (const id of set) expect(ids).toContain(id);
              return scorer.score(set.map((id) => hand[id]!));
            };
            const expected = bruteForce(hand, size, key, rule, scorer.score);
            // Cards alike to the scorer (the fields it reads), as the compiler passes them...
            const alike = (id: number) => scorer.reads.map((f) => String(hand[id]![f])).join("|");
            expect(bestSets(ids, size, (id) => key(hand[id]!), rule, score, alike)).toBe(expected);
            // ...and every card its own kind.
            expect(bestSets(ids, size, (id) => key(hand[id]!), rule, score)).toBe(expected);
          }),
          { numRuns: 150 },
        );
      });
    }
  }

  it("same(colour): string keys", () => {
    fc.assert(
      fc.property(fc.array(cardArb, { maxLength: 10 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom(...SCORERS), (hand, size, scorer) => {
        const ids = hand.map((_, i) => i);
        const score = (set: number[]) => scorer.score(set.map((id) => hand[id]!));
        const expected = bruteForce(hand, size, (c) => c.colour, "same", scorer.score);
        const alike = (id: number) => scorer.reads.map((f) => String(hand[id]![f])).join("|");
        expect(bestSets(ids, size, (id) => hand[id]!.colour, "same", score, alike)).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });
});
