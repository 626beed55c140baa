// A thread of the worker pool: plays the batches of chunks it is sent (see pool.ts).

import { workerData } from "node:worker_threads";
import { primeCompilerFingerprint } from "@rules/compiler/loading";
import { playChunk } from "./play-chunk.js";
import { loadRunGame, type BatchResult, type BatchTask } from "./run-spec.js";
import { threadCpuSeconds } from "./thread-cpu.js";

/** What every thread of a pool is given when it starts. */
export interface PoolWorkerData {
  readonly compilerFingerprint: string;
}

const given = workerData as PoolWorkerData | undefined;
if (given?.compilerFingerprint) primeCompilerFingerprint(given.compilerFingerprint);

export default async function playBatch(task: BatchTask): Promise<BatchResult> {
  const started = threadCpuSeconds();
  const game = await loadRunGame(task.spec.game);
  const tallies = task.chunks.map((chunk) => playChunk(game, task.spec.options, chunk));
  const ended = threadCpuSeconds();
  return { tallies, cpuSeconds: started === null || ended === null ? null : ended - started };
}
