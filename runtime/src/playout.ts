// What an emitted playout kernel (generated/<game>/playout.ts) shares with the runtime: the sfc32
// generator over a Uint32Array, seeded and drawing exactly as `seedRandom` and `randomInt` (no
// script: playouts have none), so a kernel plays the very games the state machine plays.
import { GameFault } from "./errors.js";
import { EXACT_PRODUCT_BOUND, multiplyHigh, seedRandom } from "./random.js";

const TWO_32 = 2 ** 32;

/** Sets `words` to the generator state `seedRandom(seed)` starts from, allocating nothing (a kernel
 *  seeds once per playout). */
export function seedWords(words: Uint32Array, seed: number): void {
  if (!Number.isSafeInteger(seed)) seedRandom(seed); // the same refusal as the state machine's
  const low = seed >>> 0;
  const high = Math.floor(seed / TWO_32) >>> 0;
  words[0] = mix32((low + 0x9e3779b9) >>> 0);
  words[1] = mix32((low + 0x3c6ef372) >>> 0);
  words[2] = mix32((high + 0xdaa66d2b) >>> 0);
  words[3] = 1;
  // seedRandom's warm-up: its first 15 words are discarded.
  for (let i = 0; i < 15; i++) nextWord(words);
}

/** splitmix32's finalizer, as random.ts seeds with it. */
function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  return (x ^ (x >>> 15)) >>> 0;
}

/** A copy of `array` on an ArrayBuffer of its own: off V8's heap, where a kernel's small tables (its
 *  cards' printed enum codes, and their members' indexes) are read with their address and length
 *  known to the optimized code, as its other arrays are (the kernel writer's `typedArray`,
 *  compiler/src/emit/playout-arrays.ts). */
export function offHeap<T extends Int8Array | Int32Array>(array: T): T {
  const copy = new (array.constructor as new (buffer: ArrayBuffer) => T)(new ArrayBuffer(array.byteLength));
  copy.set(array);
  return copy;
}

/** A whole number in [0, n) for 1 ≤ n ≤ 2^32: the outputs of `randomInt` on these words (Lemire's
 *  multiply-shift, random.ts). */
export function drawInt(words: Uint32Array, n: number): number {
  if (n <= EXACT_PRODUCT_BOUND) {
    for (;;) {
      const product = nextWord(words) * n;
      const low = product >>> 0;
      if (low >= n || low >= TWO_32 % n) return (product / TWO_32) >>> 0;
    }
  }
  for (;;) {
    const x = nextWord(words);
    const low = Math.imul(x, n) >>> 0;
    if (low >= n || low >= TWO_32 % n) return multiplyHigh(x, n);
  }
}

/** One sfc32 step on the four words: an unsigned 32-bit word. */
function nextWord(words: Uint32Array): number {
  const a = words[0]!;
  const b = words[1]!;
  const c = words[2]!;
  const d = words[3]!;
  const t = (((a + b) | 0) + d) | 0;
  words[3] = d + 1;
  words[0] = b ^ (b >>> 9);
  words[1] = c + (c << 3);
  words[2] = ((c << 21) | (c >>> 11)) + t;
  return t >>> 0;
}

// ── Zones of a playout kernel ──────────────────────────────────────────────────────────────────
// Every zone (every seat's part of a per-player zone) is a segment of `cap` card ids in one
// Int32Array, its size in `sizes[seg]`. Positions are the state machine's (index 0 is the top of
// a stack), but a stack is stored top-last, so that dealing from it is a pop. `topLast` is a
// constant at every call site: once V8 inlines these, the other branch is gone.

/** Where the card at position `i` of the zone is stored. */
function slot(sizes: Int32Array, cap: number, seg: number, topLast: boolean, i: number): number {
  return topLast ? seg * cap + sizes[seg]! - 1 - i : seg * cap + i;
}

/** The card at position `i` (0: the top of a stack, the first of anything else). */
export function cardAt(cards: Int32Array, sizes: Int32Array, cap: number, seg: number, topLast: boolean, i: number): number {
  return cards[slot(sizes, cap, seg, topLast, i)]!;
}

/** Takes the card at position `i` out of the zone, the others keeping their order. */
export function takeAt(cards: Int32Array, sizes: Int32Array, cap: number, seg: number, topLast: boolean, i: number): number {
  const at = slot(sizes, cap, seg, topLast, i);
  const card = cards[at]!;
  const end = seg * cap + sizes[seg]! - 1;
  for (let k = at; k < end; k++) cards[k] = cards[k + 1]!;
  sizes[seg]!--;
  return card;
}

/** The position of `card` in the zone, or -1. */
export function positionOf(cards: Int32Array, sizes: Int32Array, cap: number, seg: number, topLast: boolean, card: number): number {
  const base = seg * cap;
  const n = sizes[seg]!;
  for (let k = 0; k < n; k++) if (cards[base + k] === card) return topLast ? n - 1 - k : k;
  return -1;
}

/** Puts `card` at position 0 (`front`: on top of a stack) or after the last position. */
export function putCard(cards: Int32Array, sizes: Int32Array, cap: number, seg: number, topLast: boolean, front: boolean, card: number): void {
  const base = seg * cap;
  const n = sizes[seg]!;
  if (front === topLast) cards[base + n] = card;
  else {
    for (let k = base + n; k > base; k--) cards[k] = cards[k - 1]!;
    cards[base] = card;
  }
  sizes[seg] = n + 1;
}

/** Fisher–Yates over the zone's positions, drawing as the runtime's `shuffle` does. */
export function shuffleZone(words: Uint32Array, cards: Int32Array, sizes: Int32Array, cap: number, seg: number, topLast: boolean): void {
  const base = seg * cap;
  const n = sizes[seg]!;
  for (let i = n - 1; i > 0; i--) {
    const j = drawInt(words, i + 1);
    const a = topLast ? base + n - 1 - i : base + i;
    const b = topLast ? base + n - 1 - j : base + j;
    const card = cards[a]!;
    cards[a] = cards[b]!;
    cards[b] = card;
  }
}

/** The fault of `top` or `last` of an empty zone (a kernel reads a non-empty zone's card in place). */
export function emptyZone(end: "top" | "last"): never {
  throw new GameFault("fault/empty-zone", `the zone is empty: it has no ${end} card`);
}

/** `nth(zone, position)`: the card at a 1-based position; a fault past either end (as nthCard). */
export function nthCardOf(cards: Int32Array, sizes: Int32Array, cap: number, seg: number, topLast: boolean, position: number): number {
  const n = sizes[seg]!;
  if (!Number.isInteger(position) || position < 1 || position > n) {
    throw new GameFault("fault/no-such-position", `the zone has no card at position ${position}: it holds ${n}`);
  }
  return cardAt(cards, sizes, cap, seg, topLast, position - 1);
}

/** A zone's cards in position order, as a new array: a zone used as a value (a function's argument). */
export function zoneCards(cards: Int32Array, sizes: Int32Array, cap: number, seg: number, topLast: boolean): number[] {
  const n = sizes[seg]!;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = cardAt(cards, sizes, cap, seg, topLast, i);
  return out;
}

/** `roll(sides)` on the game's generator: 1 to `sides`, as `rollDie` draws it. */
export function rollOn(words: Uint32Array, sides: number): number {
  if (!Number.isSafeInteger(sides) || sides < 1 || sides > TWO_32) {
    throw new GameFault("fault/random-range", `cannot draw a random number below ${sides}: need a whole number of at least 1`);
  }
  return drawInt(words, sides) + 1;
}

/** Takes `card` out of whichever zone holds it (a move whose origin the rules leave open, as
 *  takeCardFromAnyZone): the others in its zone keep their order. Returns the segment it was in. */
export function takeFromAnyZone(cards: Int32Array, sizes: Int32Array, cap: number, segments: number, card: number): number {
  for (let seg = 0; seg < segments; seg++) if (takeFromSegment(cards, sizes, cap, seg, card)) return seg;
  throw new GameFault("fault/card-not-in-zone", `card ${card} is in no zone`);
}

/** takeFromAnyZone looking first in segment `hint`, where the kernel last put the card: a card
 *  moved since by code that keeps no hint (or a hint out of range) is found by the full search.
 *  Returns the segment the card was in (the kernel's running counts of a zone follow it). */
export function takeFromZoneOf(cards: Int32Array, sizes: Int32Array, cap: number, segments: number, hint: number, card: number): number {
  if (hint >= 0 && hint < segments && takeFromSegment(cards, sizes, cap, hint, card)) return hint;
  return takeFromAnyZone(cards, sizes, cap, segments, card);
}

/** The segment of [first, first + count) that holds `card`, looked for first in `hint` (where the
 *  kernel last put it); -1 where none does. The kernel's running counts by a card's own variables
 *  (playout-keyed-counts) find with it the count a written card stands in. */
export function segmentHolding(cards: Int32Array, sizes: Int32Array, cap: number, first: number, count: number, hint: number, card: number): number {
  if (hint >= first && hint < first + count && holds(cards, sizes, cap, hint, card)) return hint;
  for (let seg = first; seg < first + count; seg++) if (seg !== hint && holds(cards, sizes, cap, seg, card)) return seg;
  return -1;
}

function holds(cards: Int32Array, sizes: Int32Array, cap: number, seg: number, card: number): boolean {
  const base = seg * cap;
  const end = base + sizes[seg]!;
  for (let k = base; k < end; k++) if (cards[k] === card) return true;
  return false;
}

/** Takes `card` out of the zone at `seg` if it is there (the others keep their order). */
function takeFromSegment(cards: Int32Array, sizes: Int32Array, cap: number, seg: number, card: number): boolean {
  const base = seg * cap;
  const end = base + sizes[seg]!;
  for (let k = base; k < end; k++) {
    if (cards[k] !== card) continue;
    for (let m = k; m < end - 1; m++) cards[m] = cards[m + 1]!;
    sizes[seg]!--;
    return true;
  }
  return false;
}

/** How many seats a seat mask (bit s: seat s) holds: a kernel's seat parameter listed as a mask
 *  (compiler playout-seat-sets.ts) draws among them. */
export function maskSeats(mask: number): number {
  let n = 0;
  for (let left = mask; left !== 0; left &= left - 1) n++;
  return n;
}

/** The seat of a seat mask's k-th seat, lowest first (k from 0): where the list of those seats,
 *  made seat by seat, holds it at k. */
export function nthMaskSeat(mask: number, k: number): number {
  let left = mask;
  for (let i = 0; i < k; i++) left &= left - 1;
  return 31 - Math.clz32(left & -left);
}
