// `rules bench <game|file|folder>`: random playouts per CPU second of a game's playout kernel and of its
// state machine, each engine in processes of its own, alternated over rounds (cli/src/bench/).

import { cpus, loadavg } from "node:os";
import { validateOptions, type Game, type MatchOptions } from "@rules/runtime/internal";
import { commaList, type CommandSpec } from "./args.js";
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";
import { findGameRefs, GAME_ARGUMENT, GAME_NOTE, loadGame, type GameRef } from "./game-lookup.js";
import type { Io } from "./io.js";
import { EngineFailed, measureRounds, median, type EngineFigures } from "../bench/rounds.js";
import { defaultWarmUp, type EngineKind } from "../bench/playouts.js";

const spec = {
  name: "bench",
  summary: "measure random playouts per CPU second: the playout kernel and the state machine",
  positionals: [{ name: "game", description: GAME_ARGUMENT }],
  options: [
    { name: "players", kind: "int", min: 1, description: "players in each playout (default: the game's fewest)" },
    { name: "seconds", kind: "number", placeholder: "S", min: 0.05, description: "time each engine plays in each round, after its warm-up (default 1)" },
    { name: "warm-up", kind: "number", placeholder: "S", min: 0, description: "CPU time each engine plays untimed before it is timed (default: twice --seconds, at most 2)" },
    { name: "rounds", kind: "int", min: 1, placeholder: "N", description: "rounds; each engine is measured once per round, in its own process (default 3)" },
    { name: "seed", kind: "int", placeholder: "S", description: "the first round's seed (default 1)" },
    { name: "variant", kind: "string", placeholder: "V", description: "variants to play, comma-separated" },
    { name: "json", kind: "flag", description: "print one JSON object per game on stdout instead of the table" },
  ],
  notes: [
    "Each engine plays random games back to back (the runtime's random bot: every seat moves uniformly among its " +
      "legal moves) in a fresh Node process: warmed up untimed, then timed for --seconds; a rate is playouts per " +
      "CPU second of that process (user + system), which a busy machine disturbs less than the wall clock. " +
      "Rounds alternate the engines' order; figures are the medians of the rounds. Both engines play the same " +
      "games from the same seeds. A game without a playout kernel says why and is measured on its state machine.",
    "JSON fields: game, title, players, variants, seed, rounds, secondsPerRound, warmUpSeconds, loadAverage (1, 5 and 15 minutes), " +
      "cpus, kernel and stateMachine (each null or { playoutsPerSec, roundPlayoutsPerSec, playouts, meanDecisions }), " +
      "noKernel (why there is no kernel, or null), ratio (kernel ÷ state machine, median of the rounds' ratios, or null), " +
      "sameGames (both engines took the same decisions in each round's first playouts).",
    GAME_NOTE,
  ],
} as const satisfies CommandSpec;

export interface BenchReport {
  readonly game: string;
  readonly title: string;
  readonly players: number;
  readonly variants: readonly string[];
  readonly seed: number;
  readonly rounds: number;
  readonly secondsPerRound: number;
  /** CPU seconds each engine played untimed before it was timed. */
  readonly warmUpSeconds: number;
  readonly loadAverage: readonly number[];
  readonly cpus: number;
  readonly kernel: Omit<EngineFigures, "checkedDecisions"> | null;
  readonly stateMachine: Omit<EngineFigures, "checkedDecisions">;
  readonly noKernel: string | null;
  readonly ratio: number | null;
  readonly sameGames: boolean;
}

export const benchCommand = defineCommand(spec, async (args, io) => {
  const refs = await findGameRefs(args.positionals[0]!, io.cwd, spec.name);
  const settings = {
    seconds: args.options.seconds ?? 1,
    warmUp: args.options["warm-up"] ?? null,
    rounds: args.options.rounds ?? 3,
    seed: args.options.seed ?? 1,
    variants: commaList(args.options.variant),
  };
  let status = EXIT_OK;
  for (const ref of refs) {
    const game = await loadGame(ref, io);
    const players = args.options.players ?? game.minPlayers;
    const options: MatchOptions = { players, variants: settings.variants, seed: settings.seed };
    validateOptions(game, options); // a player count or variant the game lacks: a usage error, before any process starts
    let report: BenchReport;
    try {
      report = await benchGame(ref, game, options, settings, io);
    } catch (error) {
      if (!(error instanceof EngineFailed)) throw error;
      io.warn(`rules bench: ${game.id}: ${error.message}`);
      status = EXIT_PROBLEMS;
      continue;
    }
    if (args.options.json) io.print(JSON.stringify(report));
    else printReport(report, io);
    if (!report.sameGames) status = EXIT_PROBLEMS;
  }
  return status;
});

async function benchGame(
  ref: GameRef,
  game: Game,
  options: MatchOptions,
  settings: { seconds: number; warmUp: number | null; rounds: number; seed: number },
  io: Io,
): Promise<BenchReport> {
  const noKernel = game.playout ? null : await whyNoKernel(ref);
  const kinds: EngineKind[] = game.playout ? ["kernel", "state-machine"] : ["state-machine"];
  const warmUpSeconds = settings.warmUp ?? defaultWarmUp(settings.seconds);
  const figures = await measureRounds(
    { ref, cwd: io.cwd, options, seconds: settings.seconds, warmUpSeconds },
    kinds,
    settings.rounds,
    settings.seed,
    io.status,
  );
  const kernel = figures.get("kernel");
  const machine = figures.get("state-machine")!;
  const ratios = kernel ? kernel.roundPlayoutsPerSec.map((rate, i) => rate / machine.roundPlayoutsPerSec[i]!) : [];
  const strip = ({ checkedDecisions: _, ...rest }: EngineFigures) => rest;
  return {
    game: game.id,
    title: game.title,
    players: options.players,
    variants: [...(options.variants ?? [])],
    seed: settings.seed,
    rounds: settings.rounds,
    secondsPerRound: settings.seconds,
    warmUpSeconds,
    loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
    cpus: cpus().length,
    kernel: kernel ? strip(kernel) : null,
    stateMachine: strip(machine),
    noKernel,
    ratio: kernel ? median(ratios) : null,
    sameGames: !kernel || kernel.checkedDecisions.every((d, i) => d === machine.checkedDecisions[i]),
  };
}

const NOTE_PREFIX = /^.*?: no playout kernel \(simulations use the state machine\): /;

/** The kernel writer's reason, from compiling the rules again (only a game without a kernel pays it).
 *  As the game was loaded: without the layout and the type-check, which keep a kernel rather than
 *  drop it, so a game loaded without one was refused by the kernel writer, whose note this compile
 *  gives too (a strict compile took three times as long to say the same). */
async function whyNoKernel(ref: GameRef): Promise<string> {
  if (ref.kind === "compiled") return "the built game in @rules/generated has none (`rules compile --verbose` says why)";
  const { compileGame } = await import("@rules/compiler");
  const result = await compileGame(ref.id, ref.sources, { strict: false });
  const note = result.notes?.find((n) => NOTE_PREFIX.test(n));
  return note ? note.replace(NOTE_PREFIX, "") : "the compiler emitted none";
}

const count = (x: number): string => Math.round(x).toLocaleString("en-US");

function printReport(report: BenchReport, io: Io): void {
  const variants = report.variants.length ? `, variants ${report.variants.join(", ")}` : "";
  io.print(
    `${report.title} (${report.game}), ${report.players} players${variants}: ${report.rounds} round${report.rounds === 1 ? "" : "s"} × ${report.secondsPerRound} s per engine ` +
      `after ${report.warmUpSeconds} s of warm-up, each in its own process; playouts per CPU second, medians over the rounds`,
  );
  io.print(
    `load average ${report.loadAverage.join(" ")} on ${report.cpus} CPUs` +
      (report.loadAverage[0]! > report.cpus / 2 ? ": the machine is busy, the figures are indicative" : ""),
  );
  const rows: [string, string, string][] = [["engine", "playouts/s", "decisions/playout"]];
  if (report.kernel) rows.push(["playout kernel", count(report.kernel.playoutsPerSec), report.kernel.meanDecisions.toFixed(1)]);
  rows.push(["state machine", count(report.stateMachine.playoutsPerSec), report.stateMachine.meanDecisions.toFixed(1)]);
  for (const [name, rate, decisions] of rows) io.print(`${name.padEnd(16)}${rate.padStart(12)}${decisions.padStart(20)}`);
  if (report.ratio !== null) io.print(`kernel ÷ state machine: ${report.ratio.toFixed(2)} (median of the rounds' ratios)`);
  if (report.noKernel) io.print(`no playout kernel: ${report.noKernel}`);
  if (!report.sameGames) io.print("DISAGREE: the kernel and the state machine took different decisions from the same seeds (a compiler bug)");
}
