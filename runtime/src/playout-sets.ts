// A set of cards drawn by a playout kernel for a move (`give in subset(mansion[p])`): drawn straight
// from the zone's segment into a scratch list the kernel owns, so a draw that the move's
// requirements then refuse (most of them, in a game that draws sets until one is legal) costs no
// array: neither a copy of the zone nor the set.
import { drawInt } from "./playout.js";

/**
 * randomSubset (compiled.ts) over the zone at `seg` (positions as cardAt reads them), drawing from
 * `words` as randomSubsetOn does, so the same set: its size k in 1..n with weight 2^(n-k), then k
 * cards one by one among those not chosen yet. The cards go to `into[0..k)` in the order drawn
 * (`into` holds at least min(n, 30)); returns k (0 for an empty zone, which draws nothing).
 */
export function drawSubsetInto(
  words: Uint32Array,
  cards: Int32Array,
  sizes: Int32Array,
  cap: number,
  seg: number,
  topLast: boolean,
  into: Int32Array,
): number {
  const n = sizes[seg]!;
  if (n === 0) return 0;
  if (n > 2097152) return drawSubsetOfMany(words, cards, sizes, cap, seg, topLast, into);
  const bits = n < 30 ? n : 30;
  const draws = (1 << bits) - 1;
  const size = bits - 31 + Math.clz32(draws - belowMersenne(words, bits));
  const base = seg * cap;
  const taken = TAKEN;
  for (let i = 0; i < size; i++) {
    // The i-th index among the n - i cards left, stepped over the positions taken (kept ascending).
    let at = smallInt(words, n - i);
    let k = 0;
    while (k < i && taken[k]! <= at) {
      at++;
      k++;
    }
    for (let m = i; m > k; m--) taken[m] = taken[m - 1]!;
    taken[k] = at;
    into[i] = cards[topLast ? base + n - 1 - at : base + at]!;
  }
  return size;
}

/** drawSubsetInto for a zone of more than 2^21 cards, whose draws need drawInt's wide product: kept
 *  apart so that drawSubsetInto stays small enough for V8 to inline where a kernel calls it. */
function drawSubsetOfMany(
  words: Uint32Array,
  cards: Int32Array,
  sizes: Int32Array,
  cap: number,
  seg: number,
  topLast: boolean,
  into: Int32Array,
): number {
  const n = sizes[seg]!;
  const size = 30 - 31 + Math.clz32(1073741823 - drawInt(words, 1073741823));
  const base = seg * cap;
  const taken = TAKEN;
  for (let i = 0; i < size; i++) {
    let at = drawInt(words, n - i);
    let k = 0;
    while (k < i && taken[k]! <= at) {
      at++;
      k++;
    }
    for (let m = i; m > k; m--) taken[m] = taken[m - 1]!;
    taken[k] = at;
    into[i] = cards[topLast ? base + n - 1 - at : base + at]!;
  }
  return size;
}

/** drawInt(words, 2^bits - 1) for 1 ≤ bits ≤ 30 (a set's size), without a wide product: word · (2^bits - 1)
 *  is word · 2^bits - word, whose high and low 32-bit halves come from shifts and one subtraction, so
 *  the same draw for every size of zone with no slow path (drawInt's multiplyHigh for more than 21 cards). */
function belowMersenne(words: Uint32Array, bits: number): number {
  const draws = (1 << bits) - 1;
  for (;;) {
    const a = words[0]!;
    const b = words[1]!;
    const c = words[2]!;
    const d = words[3]!;
    const t = (((a + b) | 0) + d) | 0;
    words[3] = d + 1;
    words[0] = b ^ (b >>> 9);
    words[1] = c + (c << 3);
    words[2] = ((c << 21) | (c >>> 11)) + t;
    const word = t >>> 0;
    // word · 2^bits = high · 2^32 + shifted; minus word borrows from high when shifted < word.
    const shifted = (word << bits) >>> 0;
    const borrow = shifted < word ? 1 : 0;
    const low = shifted - word + borrow * 4294967296;
    if (low >= draws || low >= 4294967296 % draws) return (word >>> (32 - bits)) - borrow;
  }
}

/** drawInt for 1 ≤ n ≤ 2^21 (where word · n is exact as a double), its sfc32 step written out: a set's
 *  draws are most of the work of a game that draws sets until one is legal, and this form keeps
 *  drawSubsetInto small enough for V8 to optimize as one piece (+10% on Freak Shop's kernel). */
function smallInt(words: Uint32Array, n: number): number {
  for (;;) {
    const a = words[0]!;
    const b = words[1]!;
    const c = words[2]!;
    const d = words[3]!;
    const t = (((a + b) | 0) + d) | 0;
    words[3] = d + 1;
    words[0] = b ^ (b >>> 9);
    words[1] = c + (c << 3);
    words[2] = ((c << 21) | (c >>> 11)) + t;
    const product = (t >>> 0) * n;
    const low = product >>> 0;
    if (low >= n || low >= 4294967296 % n) return (product / 4294967296) >>> 0;
  }
}

/** drawSubsetInto's scratch: a set has at most 30 cards. */
const TAKEN = new Int32Array(30);
