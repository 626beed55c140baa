// Seeded randomness that every machine agrees on: sfc32 over plain 32-bit words kept in the game
// state, so a state serialized mid-game continues with the same numbers. Only integer arithmetic
// (Math.imul, |0, >>>0) is used; floats would round differently nowhere, but integers cannot.

import type { RandomState } from "./contract.js";
import { GameFault, MatchError } from "./errors.js";

const TWO_32 = 2 ** 32;
const TWO_53 = 2 ** 53;
/** sfc32's authors discard the first outputs so that similar seeds diverge. */
const WARM_UP_ROUNDS = 15;

/** splitmix32's finalizer: a bijection on 32-bit words that spreads every input bit. */
function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  return (x ^ (x >>> 15)) >>> 0;
}

/** One sfc32 step: advances the four words in place and returns an unsigned 32-bit word. */
function nextWord(s: RandomState["s"]): number {
  const a = s[0];
  const b = s[1];
  const c = s[2];
  const d = s[3];
  const t = (((a + b) | 0) + d) | 0;
  s[3] = (d + 1) >>> 0;
  s[0] = (b ^ (b >>> 9)) >>> 0;
  s[1] = (c + (c << 3)) >>> 0;
  s[2] = (((c << 21) | (c >>> 11)) + t) >>> 0;
  return t >>> 0;
}

/** A fresh generator for a seed: any safe integer, negative ones included. */
export function seedRandom(seed: number): RandomState {
  if (!Number.isSafeInteger(seed)) {
    throw new MatchError("match/seed", `a seed must be a whole number (at most 2^53 in size), not ${seed}`);
  }
  // Both halves of the seed feed distinct words, so no two seeds share a starting state.
  const low = seed >>> 0;
  const high = Math.floor(seed / TWO_32) >>> 0;
  const s: RandomState["s"] = [
    mix32((low + 0x9e3779b9) >>> 0),
    mix32((low + 0x3c6ef372) >>> 0),
    mix32((high + 0xdaa66d2b) >>> 0),
    1,
  ];
  for (let i = 0; i < WARM_UP_ROUNDS; i++) nextWord(s);
  return { s, script: [] };
}

/**
 * A whole number in [0, n), every value equally likely (rejection sampling, no modulo bias).
 * Scripted numbers, when present, are taken first: that is how tests stack dice.
 */
export function randomInt(random: RandomState, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new GameFault(
      "fault/random-range",
      `cannot draw a random number below ${n}: need a whole number of at least 1`,
    );
  }
  if (random.script.length > 0) {
    const scripted = random.script[0]!;
    if (typeof scripted !== "number") {
      throw new GameFault(
        "fault/random-script",
        `the next scripted outcome is the order of a shuffle of ${zoneName(scripted)}, but the game drew a number among ${n} first`,
      );
    }
    if (!Number.isInteger(scripted) || scripted < 0 || scripted >= n) {
      throw new GameFault(
        "fault/random-script",
        `the scripted random number ${scripted} is outside 0..${n - 1}, the range the game drew from`,
      );
    }
    random.script.shift();
    return scripted;
  }
  return generatorInt(random, n);
}

/** Below this bound a word times n stays under 2^53, so the double product is exact. */
export const EXACT_PRODUCT_BOUND = 2 ** 21;

/**
 * A whole number in [0, n) from the generator itself, whatever is scripted. For n ≤ 2^32 it is
 * Lemire's multiply-shift ("Fast random integer generation in an interval", 2019): the word x times
 * n is a 64-bit product whose high word is the draw; a product whose low word falls below 2^32 mod n
 * is redrawn, which leaves exactly floor(2^32 / n) words for every value (unbiased) and, unlike a
 * remainder, costs no division except on that rare low word. The kernel writer
 * (compiler/src/emit/playout-zones.ts) and `drawInt` (playout.ts) draw the same way.
 */
function generatorInt(random: RandomState, n: number): number {
  const s = random.s;
  if (n <= EXACT_PRODUCT_BOUND) {
    for (;;) {
      const product = nextWord(s) * n;
      const low = product >>> 0;
      if (low >= n || low >= TWO_32 % n) return (product / TWO_32) >>> 0;
    }
  }
  if (n <= TWO_32) {
    for (;;) {
      const x = nextWord(s);
      const low = Math.imul(x, n) >>> 0;
      if (low >= n || low >= TWO_32 % n) return multiplyHigh(x, n);
    }
  }
  // Beyond 2^32 (only counts of huge move sets get here): 53 bits from two words, rejection below
  // the largest multiple of n.
  const limit = TWO_53 - (TWO_53 % n);
  for (;;) {
    const x = (nextWord(s) >>> 11) * TWO_32 + nextWord(s);
    if (x < limit) return x % n;
  }
}

/** The high word of x · n (x < 2^32, n ≤ 2^32), exact: the product is taken in 16-bit halves of x,
 *  each below 2^48, since the whole one (up to 2^64) would be rounded in a double. */
export function multiplyHigh(x: number, n: number): number {
  return Math.floor(((x >>> 16) * n + Math.floor(((x & 0xffff) * n) / 65536)) / 65536);
}

/** Fisher–Yates, in place: every order equally likely. Index 0 is the top of a deck. A compiled game
 *  names the zone it shuffles, so that a scripted outcome for that zone (a test's "the shuffle leaves
 *  these cards on top") is applied instead; the other cards are then shuffled below them. */
export function shuffle<T>(random: RandomState, cards: T[], zone?: string, seat: number | null = null): void {
  const next = random.script[0];
  if (zone !== undefined && next !== undefined && typeof next !== "number") {
    if (next.zone !== zone || next.seat !== seat) {
      throw new GameFault(
        "fault/random-script",
        `the next scripted outcome is a shuffle of ${zoneName(next)}, but the game shuffled ${zoneName({ zone, seat })} first`,
      );
    }
    random.script.shift();
    const rest = [...cards] as unknown[];
    for (const card of next.top) {
      const at = rest.indexOf(card);
      if (at < 0) throw new GameFault("fault/random-script", `card ${card} is scripted on top of ${zoneName(next)}, but it is not there`);
      rest.splice(at, 1);
    }
    // The cards the script leaves unnamed are shuffled by the generator: the script's next outcomes
    // are for the game's next draws.
    for (let i = rest.length - 1; i > 0; i--) {
      const j = generatorInt(random, i + 1);
      [rest[i], rest[j]] = [rest[j], rest[i]];
    }
    cards.splice(0, cards.length, ...([...next.top, ...rest] as T[]));
    return;
  }
  // Nothing scripted for this shuffle: each step draws as `randomInt` would. Steps stay on
  // `randomInt` while a test's script lasts (it may stack the steps themselves).
  for (let i = cards.length - 1; i > 0; i--) {
    const j = random.script.length > 0 ? randomInt(random, i + 1) : generatorInt(random, i + 1);
    const card = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = card;
  }
}

/** A die of `sides` faces, 1 to `sides` (a scripted draw of k shows k + 1). */
export function rollDie(random: RandomState, sides: number): number {
  return randomInt(random, sides) + 1;
}

function zoneName(ref: { readonly zone: string; readonly seat: number | null }): string {
  return ref.seat === null ? ref.zone : `${ref.zone}[${ref.seat}]`;
}

/** A generator of its own for bots and simulations, apart from any game's state. */
export class Rng {
  private readonly random: RandomState;

  constructor(seed: number) {
    this.random = seedRandom(seed);
  }

  /** A whole number in [0, n). Nothing is ever scripted here, so valid ranges go straight to the
   *  generator (the outputs of `randomInt`, without its checks of a script). */
  int(n: number): number {
    if (n >= 1 && n <= TWO_32 && Number.isInteger(n)) return generatorInt(this.random, n);
    return randomInt(this.random, n);
  }

  /** One of the items, each equally likely. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new GameFault("fault/random-range", "cannot pick from an empty list");
    return items[this.int(items.length)]!;
  }

  shuffle<T>(items: T[]): void {
    shuffle(this.random, items);
  }

  /** The generator's four sfc32 words, live: a playout kernel draws from a copy and writes it back. */
  words(): RandomState["s"] {
    return this.random.s;
  }

  /** An independent generator seeded from this one (which advances), e.g. one per simulated game. */
  fork(): Rng {
    return new Rng((nextWord(this.random.s) >>> 11) * TWO_32 + nextWord(this.random.s));
  }
}
