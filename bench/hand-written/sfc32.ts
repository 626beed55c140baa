// sfc32 as a speed-minded engine keeps it: four words in a Uint32Array, no checks, no script.
// Seeded exactly as the runtime's `seedRandom` (splitmix32 finalizer, 15 warm-up rounds) and
// drawing integers exactly as its `randomInt` (Lemire's multiply-shift with its rejection), so a
// reference engine fed the same seeds sees the same numbers as a compiled game and its bots.

const TWO_32 = 2 ** 32;

function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  return (x ^ (x >>> 15)) >>> 0;
}

export class Sfc32 {
  private readonly s = new Uint32Array(4);

  constructor(seed = 0) {
    this.seed(seed);
  }

  /** Restarts the generator: the same words as `seedRandom(seed)`. */
  seed(seed: number): void {
    const s = this.s;
    const low = seed >>> 0;
    const high = Math.floor(seed / TWO_32) >>> 0;
    s[0] = mix32((low + 0x9e3779b9) >>> 0);
    s[1] = mix32((low + 0x3c6ef372) >>> 0);
    s[2] = mix32((high + 0xdaa66d2b) >>> 0);
    s[3] = 1;
    for (let i = 0; i < 15; i++) this.word();
  }

  /** The next unsigned 32-bit word. */
  word(): number {
    const s = this.s;
    const a = s[0]!;
    const b = s[1]!;
    const c = s[2]!;
    const d = s[3]!;
    const t = (((a + b) | 0) + d) | 0;
    s[3] = d + 1;
    s[0] = b ^ (b >>> 9);
    s[1] = c + (c << 3);
    s[2] = ((c << 21) | (c >>> 11)) + t;
    return t >>> 0;
  }

  /** A whole number in [0, n), n ≤ 2^32: unbiased, the same outputs as the runtime's `randomInt`.
   *  The high word of the 64-bit product word · n, the word redrawn while the product's low word is
   *  below 2^32 mod n (Lemire); below 2^21 the product is exact as a double. */
  int(n: number): number {
    if (n <= 2097152) {
      for (;;) {
        const product = this.word() * n;
        const low = product >>> 0;
        if (low >= n || low >= TWO_32 % n) return (product / TWO_32) >>> 0;
      }
    }
    for (;;) {
      const x = this.word();
      const low = Math.imul(x, n) >>> 0;
      if (low >= n || low >= TWO_32 % n) return Math.floor(((x >>> 16) * n + Math.floor(((x & 0xffff) * n) / 65536)) / 65536);
    }
  }
}
