// Where chunks run: here on this thread, or on a pool of worker threads (piscina), one per core by
// default. Either way the chunks are those of chunks.ts and their tallies are merged in order, so
// the figures do not depend on the number of threads.

import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Piscina } from "piscina";
import { seatPlan, type Game } from "@rules/runtime/internal";
import { ChunkResults } from "./chunk-results.js";
import { chunksOf, type Chunk } from "./chunks.js";
import { compilerFingerprint } from "@rules/compiler/loading";
import { playChunk } from "./play-chunk.js";
import type { PoolWorkerData } from "./pool-worker.js";
import type { BatchResult, BatchTask, RunSpec } from "./run-spec.js";
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
 * each chunk as it ends, `onBatch` of the CPU seconds each batch cost its thread. `seats` counts
 * every seat, the rules' bots included.
 */
export async function runOnThreads(
  spec: RunSpec,
  seats: number,
  threads: number,
  onChunk?: (chunk: Chunk) => void,
  onBatch?: (cpuSeconds: number | null, games: number) => void,
): Promise<Tally> {
  const chunks = chunksOf(spec.games);
  const results = new ChunkResults(chunks.length, seats);
  const size = Math.max(1, Math.min(threads, chunks.length));
  const pool = await createPool(size);
  // Guided scheduling: each thread takes a batch of consecutive chunks, the remaining chunks shared
  // out over twice the threads, so the batches shrink as the run ends. A thread waits for the next
  // batch only a few dozen times a run rather than once a chunk (each wait is a round trip through
  // this thread, which on a busy machine may not be scheduled at once), and no thread is left
  // long at the end with a big batch while the others idle.
  let next = 0;
  const feed = async (): Promise<void> => {
    while (next < chunks.length) {
      const take = guidedBatch(chunks.length - next, size);
      const batch = chunks.slice(next, next + take);
      next += take;
      const result = await pool.run({ spec, chunks: batch });
      onBatch?.(result.cpuSeconds, batch.reduce((n, c) => n + c.end - c.start, 0));
      batch.forEach((chunk, i) => {
        if (results.add(chunk.index, result.tallies[i]!)) onChunk?.(chunk);
      });
    }
  };
  try {
    await Promise.all(Array.from({ length: size }, feed));
  } finally {
    await pool.destroy();
  }
  return results.merged();
}

/** How many of the `remaining` chunks a thread of `threads` takes next: the rest shared over twice the threads. */
export function guidedBatch(remaining: number, threads: number): number {
  return Math.max(1, Math.ceil(remaining / (2 * threads)));
}

/**
 * A pool of `threads` threads that play batches of chunks. Piscina is loaded here, not with this
 * module: a run on this thread (`simulate --games 1` after a save) need not pay for loading it.
 */
export async function createPool(threads: number): Promise<Piscina<BatchTask, BatchResult>> {
  const workerData: PoolWorkerData = { compilerFingerprint: await compilerFingerprint() };
  const { Piscina } = await import("piscina");
  return new Piscina<BatchTask, BatchResult>({ filename: workerFile(), minThreads: threads, maxThreads: threads, workerData });
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
