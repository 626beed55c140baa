// The direct sampler of a decision whose parameters are sets of cards (docs/language.md, "The random
// policy"): the legal moves of an option are counted exactly from tables of subset counts, and one
// index drawn below the total is decoded into the sets, so a random bot draws uniformly over the legal
// moves in one draw instead of drawing and redrawing until `check` accepts.
//
// The requirements it counts are the shapes the compiler recognises (compiler/src/emit/set-choice-shape.ts):
// a set is not empty; a set's cards share one key (`count(distinct(c in s: KEY)) == 1`); two sets hold
// as many cards (`count(a) == count(b)`), or the same total weight (`sum(c in a: W) == sum(c in b: W')`);
// two one-key sets have different keys (`top(a).KEY != top(b).KEY'`). A set counts once whatever the
// order of its cards; a decoded set lists its cards in the zone's order.
//
// How: each set's cards are split by key (one group when no key is required) and, per group, a table
// counts the subsets of the first i cards by size (when sizes must match) and total weight (when
// totals must). Two sets' classes (group, size, weight) that fit together multiply; the drawn index
// walks the same classes in the same order, then each set is unranked from its table (card i is
// left out while the index is below the count of sets that leave it out). Counts are doubles, exact
// while the total stays below 2^53; beyond it (or with a negative or fractional weight) `count`
// answers -1 and the caller keeps the redrawing policy.

import { drawInt } from "./playout.js";

/** The requirements an option's set parameters carry (one or two sets). */
export interface SetChoiceShape {
  /** Per set: `count(s) > 0`, and whether its cards must share one key. */
  readonly sets: readonly { readonly nonEmpty: boolean; readonly oneKey: boolean }[];
  /** Two sets of as many cards. */
  readonly sameCount: boolean;
  /** Two sets of the same total weight. */
  readonly sameSum: boolean;
  /** Two one-key sets whose keys differ. */
  readonly differentKeys: boolean;
}

/** A card's key (a field's value) or weight (a whole number), as the rules compute it. */
export type CardKey = ((card: number) => unknown) | null;
export type CardWeight = ((card: number) => number) | null;

/** Beyond this many table entries a set is not counted (its weights are too large to tabulate). */
const MAX_TABLE = 1 << 22;
const TWO_32 = 2 ** 32;
const TWO_53 = 2 ** 53;

/** One set's groups and their tables of subset counts (scratch arrays reused from call to call). */
class SetTables {
  /** The groups' keys; per group: first card in `cards`, card count, table offset, dimensions. */
  readonly keys: unknown[] = [];
  starts = new Int32Array(16);
  sizes = new Int32Array(16);
  offsets = new Int32Array(16);
  kDims = new Int32Array(16);
  sDims = new Int32Array(16);
  /** The cards grouped (each group's cards in the zone's order) and their weights. */
  cards = new Int32Array(64);
  weights = new Int32Array(64);
  private groupOf = new Int32Array(64);
  private zoneWeights = new Float64Array(64);
  table = new Float64Array(1024);
  /** Whether the empty set is not a choice (`count(s) > 0`, or one key required). */
  noEmpty = false;

  /** Tables of `cards` split by `key` (one group when null); false when a weight cannot be counted. */
  build(cards: readonly number[], key: CardKey, weight: CardWeight, sized: boolean, noEmpty: boolean, maxWeight: number): boolean {
    this.noEmpty = noEmpty;
    const n = cards.length;
    if (this.cards.length < n) {
      const size = Math.max(n, 2 * this.cards.length);
      this.cards = new Int32Array(size);
      this.weights = new Int32Array(size);
      this.groupOf = new Int32Array(size);
      this.zoneWeights = new Float64Array(size);
    }
    const keys = this.keys;
    keys.length = 0;
    // Without a key, one group even for an empty zone: it holds the empty set.
    if (key === null) keys.push(0);
    const groupOf = this.groupOf;
    const zoneWeights = this.zoneWeights;
    for (let i = 0; i < n; i++) {
      const card = cards[i]!;
      let g = 0;
      if (key !== null) {
        const k = key(card);
        g = keys.indexOf(k);
        if (g < 0) g = keys.push(k) - 1;
      }
      groupOf[i] = g;
      const w = weight === null ? 0 : weight(card);
      if (!(Number.isSafeInteger(w) && w >= 0 && w < 2 ** 31)) return false;
      zoneWeights[i] = w;
    }
    const groups = keys.length;
    if (this.starts.length < groups) {
      const size = Math.max(groups, 2 * this.starts.length);
      this.starts = new Int32Array(size);
      this.sizes = new Int32Array(size);
      this.offsets = new Int32Array(size);
      this.kDims = new Int32Array(size);
      this.sDims = new Int32Array(size);
    }
    const sizes = this.sizes;
    const sDims = this.sDims;
    for (let g = 0; g < groups; g++) sizes[g] = sDims[g] = 0;
    for (let i = 0; i < n; i++) {
      sizes[groupOf[i]!]++;
      sDims[groupOf[i]!] += zoneWeights[i]!;
    }
    let entries = 0;
    let at = 0;
    for (let g = 0; g < groups; g++) {
      const m = sizes[g]!;
      this.starts[g] = at;
      at += m;
      const kDim = sized ? m + 1 : 1;
      // Totals above the other set's whole weight match nothing: not tabulated.
      const sDim = weight === null ? 1 : Math.min(sDims[g]!, maxWeight) + 1;
      this.kDims[g] = kDim;
      sDims[g] = sDim;
      this.offsets[g] = entries;
      entries += (m + 1) * kDim * sDim;
      if (entries > MAX_TABLE) return false;
    }
    // The cards placed group by group, each group in the zone's order (sizes count up again).
    for (let g = 0; g < groups; g++) sizes[g] = 0;
    for (let i = 0; i < n; i++) {
      const g = groupOf[i]!;
      const to = this.starts[g]! + sizes[g]!++;
      this.cards[to] = cards[i]!;
      this.weights[to] = zoneWeights[i]!;
    }
    if (this.table.length < entries) this.table = new Float64Array(Math.max(entries, 2 * this.table.length));
    const t = this.table;
    const dk = sized ? 1 : 0;
    for (let g = 0; g < groups; g++) {
      const m = sizes[g]!;
      const kDim = this.kDims[g]!;
      const sDim = sDims[g]!;
      const row = kDim * sDim;
      const base = this.offsets[g]!;
      // Plain loops: rows are short, and the typed arrays' fill and copyWithin cost more per call.
      for (let j = 1; j < row; j++) t[base + j] = 0;
      t[base] = 1; // the empty set
      for (let i = 1; i <= m; i++) {
        const w = this.weights[this.starts[g]! + i - 1]!;
        const from = base + (i - 1) * row;
        const to = from + row;
        for (let j = 0; j < row; j++) t[to + j] = t[from + j]!;
        // Sets with card i: one card more (when sizes count), w more weight.
        for (let k = 0; k + dk < kDim; k++) {
          const a = from + k * sDim;
          const b = to + (k + dk) * sDim + w;
          for (let s = 0; s + w < sDim; s++) t[b + s] += t[a + s]!;
        }
      }
    }
    return true;
  }

  /** How many sets of group g have size class k and weight s (the empty set left out if it must be). */
  classCount(g: number, k: number, s: number): number {
    const kDim = this.kDims[g]!;
    const sDim = this.sDims[g]!;
    if (k >= kDim || s >= sDim) return 0;
    const n = this.table[this.offsets[g]! + (this.sizes[g]! * kDim + k) * sDim + s]!;
    return k === 0 && s === 0 && this.noEmpty ? n - 1 : n;
  }

  /** The index-th set (in the order `classCount` counts) of group g, size class k and weight s, its
   *  cards in the zone's order. */
  unrank(g: number, k: number, s: number, index: number, sized: boolean): number[] {
    // The empty set is rank 0 of its class (every card left out): skipped when not a choice.
    let r = k === 0 && s === 0 && this.noEmpty ? index + 1 : index;
    const kDim = this.kDims[g]!;
    const sDim = this.sDims[g]!;
    const base = this.offsets[g]!;
    const start = this.starts[g]!;
    const chosen: number[] = [];
    for (let i = this.sizes[g]!; i >= 1; i--) {
      const without = this.table[base + ((i - 1) * kDim + k) * sDim + s]!;
      if (r < without) continue;
      r -= without;
      chosen.push(this.cards[start + i - 1]!);
      if (sized) k--;
      s -= this.weights[start + i - 1]!;
    }
    return chosen.reverse();
  }
}

/**
 * The legal choices of one option whose parameters are one or two sets of cards: `count` tabulates
 * them for the zones of now, `pick` decodes an index below that count. One instance per option of a
 * compiled game (it keeps its tables between the two calls; nothing else is kept).
 */
export class SetChoices {
  private readonly tables: SetTables[];
  // The block `scan` stopped at: groups, size class, weight, and the index left within it.
  private atG = 0;
  private atH = 0;
  private atK = 0;
  private atS = 0;
  private rest = 0;

  constructor(private readonly shape: SetChoiceShape) {
    if (shape.sets.length < 1 || shape.sets.length > 2) throw new Error("internal: a set choice has one or two sets");
    this.tables = shape.sets.map(() => new SetTables());
  }

  /** The number of legal choices from these zones (one array of cards per set), or -1 when they
   *  cannot be counted exactly (a weight not a whole number >= 0, tables too large, 2^53 or more). */
  count(cards: readonly (readonly number[])[], keys: readonly CardKey[], weights: readonly CardWeight[]): number {
    const shape = this.shape;
    // With totals to match, neither set's tables go beyond the lighter zone's whole weight.
    let maxWeight = Infinity;
    if (shape.sameSum) {
      for (let j = 0; j < cards.length; j++) {
        let whole = 0;
        for (const card of cards[j]!) whole += weights[j]!(card);
        if (!(whole >= maxWeight)) maxWeight = whole; // (NaN too: then not countable)
      }
      if (!Number.isSafeInteger(maxWeight)) return -1;
    }
    for (let j = 0; j < this.tables.length; j++) {
      const set = shape.sets[j]!;
      const ok = this.tables[j]!.build(cards[j]!, set.oneKey ? keys[j]! : null, shape.sameSum ? weights[j]! : null, shape.sameCount, set.nonEmpty || set.oneKey, maxWeight);
      if (!ok) return -1;
    }
    const total = this.scan(-1);
    return total < TWO_53 ? total : -1;
  }

  /** The choice at `index` (below `count`'s answer): one array of cards per set. */
  pick(index: number): number[][] {
    if (this.scan(index) >= 0) throw new Error("internal: a set choice's index is beyond its count");
    const sized = this.shape.sameCount;
    const a = this.tables[0]!;
    if (this.tables.length === 1) return [a.unrank(this.atG, this.atK, this.atS, this.rest, sized)];
    // The block is (sets of a) x (sets of b): a's rank is the index's high digit.
    const b = this.tables[1]!;
    const nb = b.classCount(this.atH, this.atK, this.atS);
    const ra = Math.floor(this.rest / nb);
    return [a.unrank(this.atG, this.atK, this.atS, ra, sized), b.unrank(this.atH, this.atK, this.atS, this.rest - ra * nb, sized)];
  }

  /** The blocks of choices in a fixed order (group of the first set, group of the second, size
   *  class, weight): with `target` -1, their whole count; else the block holding that index is
   *  noted (and -2 answered), or the count returned when it is beyond. */
  private scan(target: number): number {
    let total = 0;
    const a = this.tables[0]!;
    if (this.tables.length === 1) {
      for (let g = 0; g < a.keys.length; g++) {
        for (let k = 0; k < a.kDims[g]!; k++) {
          for (let s = 0; s < a.sDims[g]!; s++) {
            const n = a.classCount(g, k, s);
            if (target >= 0 && target < total + n) return this.found(g, 0, k, s, target - total);
            total += n;
          }
        }
      }
      return total;
    }
    const b = this.tables[1]!;
    const apart = this.shape.differentKeys;
    for (let g = 0; g < a.keys.length; g++) {
      for (let h = 0; h < b.keys.length; h++) {
        if (apart && a.keys[g] === b.keys[h]) continue;
        const kDim = Math.min(a.kDims[g]!, b.kDims[h]!);
        const sDim = Math.min(a.sDims[g]!, b.sDims[h]!);
        // Without matching sizes (or totals) each set's only class is 0: every size (or total).
        for (let k = 0; k < kDim; k++) {
          for (let s = 0; s < sDim; s++) {
            const na = a.classCount(g, k, s);
            if (na === 0) continue;
            const n = na * b.classCount(h, k, s);
            if (target >= 0 && target < total + n) return this.found(g, h, k, s, target - total);
            total += n;
          }
        }
      }
    }
    return total;
  }

  private found(g: number, h: number, k: number, s: number, rest: number): number {
    this.atG = g;
    this.atH = h;
    this.atK = k;
    this.atS = s;
    this.rest = rest;
    return -2;
  }
}

/** A whole number in [0, n) from a kernel's policy words, n up to 2^53: `drawInt` up to 2^32, beyond
 *  it 53 bits from two words, as the runtime's generator draws (random.ts `generatorInt`). */
export function drawIndexOn(words: Uint32Array, n: number): number {
  if (n <= TWO_32) return drawInt(words, n);
  const limit = TWO_53 - (TWO_53 % n);
  for (;;) {
    const x = (drawInt(words, TWO_32) >>> 11) * TWO_32 + drawInt(words, TWO_32);
    if (x < limit) return x % n;
  }
}
