// A thread of the worker pool: plays the chunks it is sent (see pool.ts).

import { workerData } from "node:worker_threads";
import { primeCompilerFingerprint } from "../cli/load-game.js";
import type { Tally } from "./tally.js";
import { playChunk } from "./play-chunk.js";
import { loadRunGame, type ChunkTask } from "./run-spec.js";

/** What every thread of a pool is given when it starts. */
export interface PoolWorkerData {
  readonly compilerFingerprint: string;
}

const given = workerData as PoolWorkerData | undefined;
if (given?.compilerFingerprint) primeCompilerFingerprint(given.compilerFingerprint);

export default async function playTask(task: ChunkTask): Promise<Tally> {
  const game = await loadRunGame(task.spec.game);
  return playChunk(game, task.spec.options, task.chunk);
}
