// Where the commands that play runs (simulate, report, strength) play them: `--workers N` threads
// here or `--redis URL` a fleet, the same options for each and one way to run (simulation/run.ts).

import type { Game } from "@rules/runtime/internal";
import type { GameRef } from "./game-lookup.js";
import type { Io } from "./io.js";
import { progressBar } from "./report.js";
import type { RunOptions } from "../simulation/play-chunk.js";
import { DEFAULT_QUEUE } from "../simulation/queue-options.js";
import { playRun, type Placement, type RunListeners } from "../simulation/run.js";
import type { Tally } from "../simulation/tally.js";

export const PLACEMENT_OPTIONS = [
  {
    name: "workers",
    kind: "int",
    min: 1,
    placeholder: "N",
    description: "worker threads to play on (default: one per core); the figures do not depend on it",
  },
  {
    name: "redis",
    kind: "string",
    placeholder: "URL",
    description: "play on the workers of a Redis queue (`rules worker --redis URL`), e.g. redis://host:6379",
  },
  { name: "queue", kind: "string", placeholder: "NAME", description: `the queue's name with --redis (default ${DEFAULT_QUEUE})` },
] as const;

/**
 * Plays `games` games with `options` where `placement` says, with a progress bar on the terminal.
 * On a fleet, Ctrl-C takes the run's waiting chunks off the queue before the command ends (threads
 * here end with the process: the default handling does).
 */
export async function playRunFor(
  game: Game,
  ref: GameRef,
  options: RunOptions,
  games: number,
  placement: Placement,
  io: Io,
  unit = "games",
  playCpu?: RunListeners["playCpu"],
): Promise<Tally> {
  const bar = io.status && progressBar(io.status, games, unit);
  const stop = new AbortController();
  const interrupt = () => stop.abort();
  if (placement.redis !== undefined) process.once("SIGINT", interrupt).once("SIGTERM", interrupt);
  try {
    return await playRun(game, { game: ref, options, games }, placement, { progress: bar, warn: io.warn, signal: stop.signal, ...(playCpu ? { playCpu } : {}) });
  } finally {
    process.off("SIGINT", interrupt).off("SIGTERM", interrupt);
    io.status?.("");
  }
}
