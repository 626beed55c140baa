// A run as plain data, for workers that load the game themselves: in a worker thread, or on another
// machine of a Redis fleet (which compiles the rules it is sent, so it needs no copy of them).

import type { Game } from "@rules/runtime/internal";
import type { GameRef } from "@rules/compiler/loading";
import { loadGames } from "@rules/compiler/loading";
import { loadGameFromSources } from "@rules/compiler/loading";
import type { Chunk } from "./chunks.js";
import type { Tally } from "./tally.js";
import type { RunOptions } from "./play-chunk.js";

export interface RunSpec {
  readonly game: GameRef;
  readonly options: RunOptions;
  /** Games in the whole run (the chunks are cut from it). */
  readonly games: number;
}

/** One chunk of a run: what a Redis worker is given. */
export interface ChunkTask {
  readonly spec: RunSpec;
  readonly chunk: Chunk;
}

/** Consecutive chunks of a run: what a thread of the pool is given at once (one message each way for all). */
export interface BatchTask {
  readonly spec: RunSpec;
  readonly chunks: readonly Chunk[];
}

export interface BatchResult {
  /** Each chunk's tally, in the batch's order. */
  readonly tallies: readonly Tally[];
  /** CPU seconds the thread spent on the batch, where it can be read. */
  readonly cpuSeconds: number | null;
}

const loaded = new Map<string, Promise<Game>>();

/**
 * The run's game, loaded once per thread. The coordinator has already compiled it and reported its
 * warnings, so here a failure is only an error (on another machine: different rules or compiler).
 */
export function loadRunGame(ref: GameRef): Promise<Game> {
  const key = JSON.stringify(ref);
  let game = loaded.get(key);
  if (!game) {
    game = load(ref);
    loaded.set(key, game);
    game.catch(() => loaded.delete(key));
  }
  return game;
}

async function load(ref: GameRef): Promise<Game> {
  if (ref.kind === "compiled") {
    const games = await loadGames();
    if (!Object.hasOwn(games, ref.id)) throw new Error(`this worker has no compiled game '${ref.id}'`);
    return games[ref.id]!;
  }
  const outcome = await loadGameFromSources(ref.id, ref.sources);
  if (!outcome.ok) {
    const first = outcome.diagnostics.find((d) => d.severity === "error");
    throw new Error(`the rules of '${ref.id}' do not compile on this worker${first ? `: ${first.message}` : ""}`);
  }
  return outcome.game;
}
