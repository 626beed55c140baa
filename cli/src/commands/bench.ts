// `rules bench <game>`: how many random playouts per second the compiled game sustains.

import { playRandomGame, Rng, type Game, type MatchOptions } from "@rules/runtime/internal";
import { performance } from "node:perf_hooks";
import { commaList, type CommandSpec } from "./args.js";
import { defineCommand, EXIT_OK } from "./command.js";
import { findGameRef, GAME_ARGUMENT, GAME_NOTE, loadGame } from "./game-lookup.js";

const spec = {
  name: "bench",
  summary: "measure random playouts per second",
  positionals: [{ name: "game", description: GAME_ARGUMENT }],
  options: [
    { name: "players", kind: "int", min: 1, required: true, description: "players in each playout" },
    {
      name: "seconds",
      kind: "number",
      placeholder: "S",
      min: 0,
      description: "how long to run (default 5; at least one playout is played)",
    },
    { name: "seed", kind: "int", placeholder: "S", description: "seed of the run (default 1)" },
    { name: "variant", kind: "string", placeholder: "V", description: "variants to play, comma-separated" },
    { name: "json", kind: "flag", description: "print one JSON object on stdout instead of the text" },
  ],
  notes: [
    "Each playout sets up a fresh game and plays it to the end on one mutable state with random bots " +
      "(the runtime's playRandomGame). JSON fields: game, players, variants, seed, playouts, seconds, " +
      "playoutsPerSec, meanDecisions, decisionsPerSec.",
    GAME_NOTE,
  ],
} as const satisfies CommandSpec;

export const benchCommand = defineCommand(spec, async (args, io) => {
  const game = await loadGame(await findGameRef(args.positionals[0]!, io.cwd, spec.name), io);
  const options = {
    players: args.options.players,
    variants: commaList(args.options.variant),
    seed: args.options.seed ?? 1,
  };
  const result = bench(game, options, args.options.seconds ?? 5, io.status);
  if (args.options.json) {
    io.print(JSON.stringify(result));
  } else {
    io.print(`${game.title}, ${result.players} players: ${result.playouts} playouts in ${result.seconds.toFixed(2)} s`);
    io.print(
      `${result.playoutsPerSec.toFixed(1)} playouts/s, ${result.meanDecisions.toFixed(1)} decisions per playout, ${Math.round(result.decisionsPerSec)} decisions/s`,
    );
  }
  return EXIT_OK;
});

export interface BenchResult {
  readonly game: string;
  readonly players: number;
  readonly variants: readonly string[];
  readonly seed: number;
  readonly playouts: number;
  /** Measured time, a little over the time asked for. */
  readonly seconds: number;
  readonly playoutsPerSec: number;
  readonly meanDecisions: number;
  readonly decisionsPerSec: number;
}

/** Plays random games back to back for `seconds` (at least one). */
export function bench(
  game: Game,
  options: MatchOptions,
  seconds: number,
  status?: (text: string) => void,
): BenchResult {
  const run = new Rng(options.seed);
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let playouts = 0;
  let decisions = 0;
  let nextStatus = start + 250;
  let now = start;
  do {
    const bots = run.fork();
    decisions += playRandomGame(game, { ...options, seed: bots.int(2 ** 31) }, bots).decisions;
    playouts++;
    now = performance.now();
    if (status && now >= nextStatus) {
      status(`${playouts} playouts, ${((now - start) / 1000).toFixed(1)} of ${seconds} s`);
      nextStatus = now + 250;
    }
  } while (now < deadline);
  status?.("");
  const elapsed = (now - start) / 1000;
  return {
    game: game.id,
    players: options.players,
    variants: [...(options.variants ?? [])],
    seed: options.seed,
    playouts,
    seconds: elapsed,
    playoutsPerSec: playouts / elapsed,
    meanDecisions: decisions / playouts,
    decisionsPerSec: decisions / elapsed,
  };
}
