// Where a run's games are played, chosen once for every command that plays runs (simulate, and
// report, strength): this thread, a pool of threads, or a Redis fleet. The figures are the same
// whichever it is (see docs/simulate.md).

import { createMatch, GameFault, seatPlan, type Game } from "@rules/runtime/internal";
import { chunksOf, type Chunk } from "./chunks.js";
import { defaultWorkers, runHere, runOnThreads } from "./pool.js";
import { DEFAULT_QUEUE } from "./queue-options.js";
import type { RunSpec } from "./run-spec.js";
import type { Tally } from "./tally.js";
import { threadCpuSeconds } from "./thread-cpu.js";
import { importOptional, REDIS_PACKAGES } from "../optional-dependency.js";

export interface Placement {
  /** Threads to play on (default: one per core). */
  readonly workers?: number;
  /** A Redis server whose queue `rules worker` processes serve: the run is played there. */
  readonly redis?: string;
  readonly queue?: string;
}

export interface RunListeners {
  /** The number of games played so far, as it grows. */
  readonly progress?: (played: number) => void;
  /** Notes on the run's way (a chunk handed to another Redis worker, silence). */
  readonly warn?: (line: string) => void;
  /** Stops a run on a Redis fleet (taking its waiting chunks off the queue); threads and this thread finish. */
  readonly signal?: AbortSignal;
  /** CPU seconds the playing thread spent on some games (null where a thread's CPU time cannot be read); not on a fleet. */
  readonly playCpu?: (seconds: number | null, games: number) => void;
}

/** Plays `spec`'s games where `placement` says; `game` is `spec.game` already loaded. */
export async function playRun(game: Game, spec: RunSpec, placement: Placement = {}, listeners: RunListeners = {}): Promise<Tally> {
  checkOptions(game, spec);
  const seats = seatPlan(game.meta, spec.options.players).seats;
  let played = 0;
  const onChunk = (chunk: Chunk) => listeners.progress?.((played += chunk.end - chunk.start));
  if (placement.redis !== undefined) {
    // BullMQ is loaded only for a run that uses it.
    const { runOnQueue } = await importOptional(() => import("./queue.js"), REDIS_PACKAGES, "a run on a Redis fleet (--redis)");
    return runOnQueue(spec, seats, { url: placement.redis, queue: placement.queue ?? DEFAULT_QUEUE }, onChunk, listeners.warn, listeners.signal);
  }
  // No more threads than chunks; one thread is this one (a pool would only add its start-up).
  const threads = Math.min(placement.workers ?? defaultWorkers(), chunksOf(spec.games).length);
  if (threads === 1) {
    const started = threadCpuSeconds();
    const tally = runHere(game, spec, () => listeners.progress?.(++played));
    const ended = threadCpuSeconds();
    listeners.playCpu?.(started === null || ended === null ? null : ended - started, spec.games);
    return tally;
  }
  return runOnThreads(spec, seats, threads, onChunk, listeners.playCpu);
}

/**
 * Refuses, here and at once, options the game does not allow (a MatchError: bad usage), rather than
 * from a worker. A game that breaks while setting up is left to the games, which count the fault.
 */
function checkOptions(game: Game, spec: RunSpec): void {
  const { players, variants, seed } = spec.options;
  try {
    createMatch(game, { players, variants: [...variants], seed });
  } catch (error) {
    if (!(error instanceof GameFault)) throw error;
  }
}
