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
  const bits = n < 30 ? n : 30;
  const draws = (1 << bits) - 1;
  const size = bits - 31 + Math.clz32(draws - drawInt(words, draws));
  const base = seg * cap;
  const taken = TAKEN;
  for (let i = 0; i < size; i++) {
    // The i-th index among the n - i cards left, stepped over the positions taken (kept ascending).
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

/** drawSubsetInto's scratch: a set has at most 30 cards. */
const TAKEN = new Int32Array(30);
