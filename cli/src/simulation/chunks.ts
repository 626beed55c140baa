// How a run of many games is cut up, and each game's randomness: a game depends only on the run's
// seed and its own index, never on which games ran before it or where, so a run gives the same
// figures on one thread, on many, or on many machines.

import { Rng } from "@rules/runtime/internal";

/** A run is cut into at most this many chunks: enough to keep hundreds of workers busy. */
export const MAX_CHUNKS = 512;

/** Games `start` (included) to `end` (excluded) of a run; chunk `index` in the run's order. */
export interface Chunk {
  readonly index: number;
  readonly start: number;
  readonly end: number;
}

/**
 * The chunks of a run of `games` games. They depend on the number of games alone (not on the
 * workers), so every way of running them adds up the same partial sums in the same order.
 */
export function chunksOf(games: number): Chunk[] {
  const size = Math.max(1, Math.ceil(games / MAX_CHUNKS));
  const chunks: Chunk[] = [];
  for (let start = 0, index = 0; start < games; start += size, index++) {
    chunks.push({ index, start, end: Math.min(games, start + size) });
  }
  return chunks;
}

const TWO_32 = 2 ** 32;

/** splitmix32's finalizer: a bijection on 32-bit words that spreads every input bit. */
function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x21f0aaad);
  x = Math.imul(x ^ (x >>> 15), 0x735a2d97);
  return (x ^ (x >>> 15)) >>> 0;
}

/**
 * The generator of game `index` (from 0) of a run seeded `runSeed`: its bots draw from it, and the
 * game's own setup seed is its first draw. A hash of the two numbers, so any game can be played
 * alone, first or last, by any worker.
 */
export function gameRng(runSeed: number, index: number): Rng {
  const low = runSeed >>> 0;
  const high = Math.floor(runSeed / TWO_32) >>> 0;
  const i = index >>> 0;
  const iHigh = Math.floor(index / TWO_32) >>> 0;
  const a = mix32((mix32((low + 0x9e3779b9) >>> 0) ^ i) >>> 0);
  const b = mix32((mix32((high + 0x7f4a7c15) >>> 0) ^ a ^ mix32((iHigh + 0x6a09e667) >>> 0)) >>> 0);
  const c = mix32((a + Math.imul(b, 0x85ebca6b)) >>> 0);
  // 21 + 32 bits: a safe integer, as Rng requires.
  return new Rng((b >>> 11) * TWO_32 + c);
}
