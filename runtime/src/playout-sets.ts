// The size of a set of cards a playout kernel draws for a move (`give in subset(mansion[p])`). The
// kernel writer (compiler/src/emit/playout-sets.ts) writes the set's cards' draws out in the
// decision, straight from the zone's segment into a scratch list of the kernel's; the size, whose
// draw has rare paths (a draw past 2^21, a low word below 2^32 mod n), is drawn here, so that a
// path first taken late in a game costs V8 this function's optimization, not the decision's.

/**
 * The size of a set of `n` cards (n ≥ 1) as randomSubset (compiled.ts) draws it from the policy's
 * words: k in 1..min(n, 30) with weight 2^-k, from one draw among 2^bits - 1, exactly as drawInt
 * draws it (Lemire's multiply-shift; past 2^21, the product in halves as multiplyHigh takes it).
 * A zone of 22 cards or more draws past 2^21, which a long game reaches.
 */
export function drawSubsetSize(words: Uint32Array, n: number): number {
  const bits = n < 30 ? n : 30;
  const draws = (1 << bits) - 1;
  const exact = draws <= 2097152;
  let drawn: number;
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
    const x = t >>> 0;
    if (exact) {
      const product = x * draws;
      const low = product >>> 0;
      if (low >= draws || low >= 4294967296 % draws) {
        drawn = (product / 4294967296) >>> 0;
        break;
      }
    } else {
      const low = Math.imul(x, draws) >>> 0;
      if (low >= draws || low >= 4294967296 % draws) {
        drawn = Math.floor(((x >>> 16) * draws + Math.floor(((x & 0xffff) * draws) / 65536)) / 65536);
        break;
      }
    }
  }
  // Draw i of the 2^bits - 1 is size k where 2^bits - 1 - i has bits - k + 1 binary digits.
  return bits - 31 + Math.clz32(draws - drawn);
}
