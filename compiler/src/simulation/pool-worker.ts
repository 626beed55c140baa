// A thread of the worker pool: plays the chunks it is sent (see pool.ts).

import type { Tally } from "./tally.js";
import { playChunk } from "./play-chunk.js";
import { loadRunGame, type ChunkTask } from "./run-spec.js";

export default async function playTask(task: ChunkTask): Promise<Tally> {
  const game = await loadRunGame(task.spec.game);
  return playChunk(game, task.spec.options, task.chunk);
}
