// Where chunks run: here on this thread, or on a pool of worker threads (piscina), one per core by
// default. Either way the chunks are those of chunks.ts and their tallies are merged in order, so
// the figures do not depend on the number of threads.

import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import { seatPlan, type Game } from "@rules/runtime/internal";
import { ChunkResults } from "./chunk-results.js";
import { chunksOf, type Chunk } from "./chunks.js";
import { compilerFingerprint } from "../cli/load-game.js";
import { playChunk } from "./play-chunk.js";
import type { PoolWorkerData } from "./pool-worker.js";
import type { ChunkTask, RunSpec } from "./run-spec.js";
import type { Tally } from "./tally.js";

/** The default number of workers: every core this process may use. */
export const defaultWorkers = (): number => availableParallelism();

/** Plays a run on this thread; `onGame` hears of each game as it ends. */
export function runHere(game: Game, spec: Omit<RunSpec, "game">, onGame?: () => void): Tally {
  const chunks = chunksOf(spec.games);
  const results = new ChunkResults(chunks.length, seatPlan(game.meta, spec.options.players).seats);
  for (const chunk of chunks) results.add(chunk.index, playChunk(game, spec.options, chunk, onGame));
  return results.merged();
}

/**
 * Plays a run on `threads` worker threads (fewer when there are fewer chunks); `onChunk` hears of
 * each chunk as it ends. `seats` counts every seat, the rules' bots included.
 */
export async function runOnThreads(spec: RunSpec, seats: number, threads: number, onChunk?: (chunk: Chunk) => void): Promise<Tally> {
  const chunks = chunksOf(spec.games);
  const results = new ChunkResults(chunks.length, seats);
  const size = Math.max(1, Math.min(threads, chunks.length));
  const pool = await createPool(size);
  try {
    await Promise.all(
      chunks.map(async (chunk) => {
        if (results.add(chunk.index, await pool.run({ spec, chunk }))) onChunk?.(chunk);
      }),
    );
  } finally {
    await pool.destroy();
  }
  return results.merged();
}

/** A pool of `threads` threads that play chunks (ChunkTask in, Tally out). */
export async function createPool(threads: number): Promise<Piscina<ChunkTask, Tally>> {
  const workerData: PoolWorkerData = { compilerFingerprint: await compilerFingerprint() };
  return new Piscina<ChunkTask, Tally>({ filename: workerFile(), minThreads: threads, maxThreads: threads, workerData });
}

/**
 * The pool's thread module. Under the tests this module runs from src/ as TypeScript, which a
 * worker thread cannot load: its threads run the built module in dist/ (the tests build first).
 */
export function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  const dir = here.endsWith(".ts") ? dirname(here).replace(/([\\/])src([\\/]simulation)$/, "$1dist$2") : dirname(here);
  return join(dir, "pool-worker.js");
}
