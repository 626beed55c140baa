// `rules simulate <game>`: many random-bot games, summarised: game length, wins and scores by seat, faults.

import { dirname, isAbsolute, relative, resolve } from "node:path";
import { DECISION_CAP, seatPlan, type Game, type MatchOptions } from "@rules/runtime/internal";
import { botsForSeats, type BotSpec } from "@rules/runtime/search";
import { wilson } from "../balance/stats.js";
import { BOTS_OPTION, parseBotList } from "./bot-specs.js";
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";
import { CompileFailed, findGameRef, GAME_ARGUMENT, GAME_NOTE, loadGame, sourcePaths, type GameRef } from "./game-lookup.js";
import type { Io } from "./io.js";
import { commaList, UsageError, type CommandSpec, type ParsedArgs } from "./args.js";
import { progressBar, table } from "./report.js";
import type { RunOptions } from "../simulation/play-chunk.js";
import { runHere } from "../simulation/pool.js";
import { PLACEMENT_OPTIONS, playRunFor } from "./run-placement.js";
import { summarize, type SimulationSummary } from "../simulation/tally.js";
import { watchRuns, type WatchedRun } from "./watch.js";

const spec = {
  name: "simulate",
  summary: "play many games between bots (random ones unless --bots) and summarise them",
  positionals: [{ name: "game", description: GAME_ARGUMENT }],
  options: [
    { name: "players", kind: "int", min: 1, required: true, description: "players in each game" },
    { name: "games", kind: "int", min: 1, required: true, description: "how many games to play" },
    {
      name: "seed",
      kind: "int",
      placeholder: "S",
      description: "seed of the whole run (default 1); each game's seed is drawn from it",
    },
    { name: "variant", kind: "string", placeholder: "V", description: "variants to play, comma-separated" },
    BOTS_OPTION,
    {
      name: "max-decisions",
      kind: "int",
      min: 1,
      placeholder: "N",
      description: `count a game still going after N decisions as unfinished (default ${DECISION_CAP})`,
    },
    { name: "json", kind: "flag", description: "print one JSON object on stdout instead of the table" },
    { name: "watch", kind: "flag", description: "simulate again each time the rules files are saved" },
    {
      name: "timing",
      kind: "flag",
      description: "print on stderr the wall-clock time and the CPU time of the playing threads and of the whole process",
    },
    ...PLACEMENT_OPTIONS,
  ],
  notes: [
    "A decision is one applied move. Win rates count a shared win as 1/k to each of its k winners, so the " +
      "rates of all seats add up to 1. Games that throw (a GameFault: a broken game, not a bad move) are " +
      "counted under errors, left out of the other figures, and make the exit status 1. Games still going at " +
      "the decision cap (--max-decisions) are counted as unfinished, left out of the other figures too, but are " +
      "not errors: a game whose rules may not end under random play is reported, not failed.",
    "Random players follow the rules' playout preferences (`prefer N` on an option) where the rules state some; " +
      "the same games are then played again by uniform random players and reported below, for comparison.",
    "How the games ended: by each `end game` statement of the rules (its file:line:col and text), or by the " +
      "flow's own end (the flow ran to its last line).",
    "JSON fields: game, players, variants, games, seed, completed, ends ({rule, text, games}: rule null for the flow's end), " +
      "unfinished, maxDecisionsCap, meanDecisions, medianDecisions, p90Decisions, minDecisions, maxDecisions, " +
      "bots (each seat's), winRateBySeat, meanScoreBySeat (every seat, a game's bots after the players), errors, errorMessages (the first few, with each game's seed); " +
      "for rules with playout preferences (`prefer N`) played by random players, preferences: true and uniform (the same fields for the same games played uniformly).",
    "Each game's seed comes from the run's seed and the game's number alone, and the games' sums are merged " +
      "in the games' order: the same seed gives the same figures on one thread, on --workers N, or on a Redis " +
      "fleet (--redis; see docs/simulate.md).",
    "With --watch, each save of the rules files simulates again (the exit status is the last run's); saved " +
      "rules that do not compile are reported and waited past. Games loaded to be run are compiled without " +
      "Prettier's layout or tsc's check of the emitted code, which `rules compile` keeps.",
    GAME_NOTE,
  ],
} as const satisfies CommandSpec;

type SimulateArgs = ParsedArgs<typeof spec>;

export const simulateCommand = defineCommand(spec, async (args, io) => {
  if (!args.options.watch) return (await simulateOnce(args, io)).status;
  const ref = await findGameRef(args.positionals[0]!, io.cwd, spec.name);
  if (ref.kind !== "rules") throw new UsageError(`--watch needs rules to watch, and '${args.positionals[0]}' is a built game of @rules/generated`, spec.name);
  return watchRuns(() => simulateOnce(args, io, true), io, (file) => file.endsWith(".rules"), "Watching the rules: each save simulates again");
});

/** One run of the command; while watching, rules that do not compile are reported and waited past. */
async function simulateOnce(args: SimulateArgs, io: Io, watching = false): Promise<WatchedRun> {
  const ref = await findGameRef(args.positionals[0]!, io.cwd, spec.name);
  const folders = [...new Set(sourcePaths(ref).map((path) => dirname(resolve(io.cwd, path))))];
  let game: Game;
  try {
    game = await loadGame(ref, io);
  } catch (error) {
    if (!watching || !(error instanceof CompileFailed)) throw error;
    for (const line of error.format(io.cwd)) io.warn(line);
    return { status: EXIT_PROBLEMS, folders };
  }
  return { status: await simulateGame(args, io, ref, game), folders };
}

async function simulateGame(args: SimulateArgs, io: Io, ref: GameRef, game: Game): Promise<number> {
  const { players, games } = args.options;
  const bots = args.options.bots === undefined ? undefined : botsForSeats(parseBotList(args.options.bots, game, players), game.meta, players);
  const cap = args.options["max-decisions"];
  const options: RunOptions = {
    players,
    variants: commaList(args.options.variant),
    seed: args.options.seed ?? 1,
    ...(bots ? { bots } : {}),
    ...(cap !== undefined ? { maxDecisions: cap } : {}),
  };
  const { workers, redis, queue } = args.options;
  const timing = args.options.timing ? new RunTiming() : undefined;
  const tally = await playRunFor(game, ref, options, games, { workers, redis, queue }, io, "games", timing && ((s, n) => timing.add(s, n)));
  if (timing) io.warn(timing.line(workers));
  const heading = { game: game.id, players, variants: options.variants, games, seed: options.seed, bots, ruleSeats: ruleSeats(game, players), maxDecisions: cap };
  const summary = relativeRules(summarize(heading, tally), io.cwd);
  // Where the rules state playout preferences, the same games played uniformly show what they change.
  const random = !options.bots || options.bots.every((bot) => bot.kind === "random");
  const uniform = game.preferences && random
    ? relativeRules(summarize(heading, await playRunFor(game, ref, { ...options, uniform: true }, games, { workers, redis, queue }, io, "uniform games")), io.cwd)
    : undefined;
  if (args.options.json) io.print(JSON.stringify(uniform ? { ...summary, preferences: true, uniform } : summary));
  else {
    for (const line of renderSummary(game, summary, uniform ? "random players by the rules' preferences (prefer)" : undefined)) io.print(line);
    if (uniform) {
      io.print("");
      for (const line of renderSummary(game, uniform, "uniform random players, the same seeds: the preferences ignored")) io.print(line);
    }
  }
  return summary.errors > 0 || (uniform?.errors ?? 0) > 0 ? EXIT_PROBLEMS : EXIT_OK;
}

/**
 * Plays `count` games between `bots` (one per player; all random when absent) on this thread; game i draws its setup seed and its bots' generator
 * from the run's seed and i alone (see simulation/chunks.ts), so the figures are those of any other
 * way of running the same games (`--workers`, `--redis`).
 */
export function simulate(
  game: Game,
  options: MatchOptions,
  count: number,
  status?: (text: string) => void,
  bots?: readonly BotSpec[],
): SimulationSummary {
  const run = runOptions(options, bots && botsForSeats(bots, game.meta, options.players));
  const bar = status && progressBar(status, count, "games");
  let played = 0;
  const tally = runHere(game, { options: run, games: count }, () => bar?.(++played));
  status?.("");
  return summarize({ game: game.id, players: run.players, variants: run.variants, games: count, seed: run.seed, bots: run.bots, ruleSeats: ruleSeats(game, run.players) }, tally);
}

/** The labels of the seats the rules play at this table ("Wealthy Nephew Merc"). */
function ruleSeats(game: Game, players: number): string[] {
  return seatPlan(game.meta, players).list.flatMap((seat) => (seat.bot ? [seat.bot.label] : []));
}

function runOptions(options: MatchOptions, bots?: readonly BotSpec[]): RunOptions {
  return { players: options.players, variants: [...(options.variants ?? [])], seed: options.seed, ...(bots ? { bots } : {}) };
}

/** What a run cost: wall-clock time since the process started, and CPU time of the threads that played and of the whole process. */
class RunTiming {
  private playing: number | null = 0;
  private batches = 0;
  private games = 0;

  add(seconds: number | null, games: number): void {
    this.playing = seconds === null || this.playing === null ? null : this.playing + seconds;
    this.batches++;
    this.games += games;
  }

  line(workers: number | undefined): string {
    const wall = performance.now() / 1000;
    const { user, system } = process.cpuUsage();
    const whole = (user + system) / 1e6;
    const threads = workers ?? "default";
    const playing =
      this.playing === null
        ? "playing threads' CPU not readable here"
        : `playing ${this.playing.toFixed(2)} s CPU in ${this.batches} batch${this.batches === 1 ? "" : "es"} (${((this.playing / Math.max(1, this.games)) * 1e6).toFixed(1)} µs per game)`;
    return `timing (--workers ${threads}): wall ${wall.toFixed(2)} s; ${playing}; whole process ${whole.toFixed(2)} s CPU (${((whole / Math.max(1, this.games)) * 1e6).toFixed(1)} µs per game, start-up, coordination and GC threads included)`;
  }
}

/** Rules files named from the folder the command runs in (a rules file given by path compiles with its absolute path). */
function relativeRules(summary: SimulationSummary, cwd: string): SimulationSummary {
  const named = (rule: string | null) => {
    if (rule === null || !isAbsolute(rule)) return rule;
    const under = relative(cwd, rule);
    return under.startsWith("..") || isAbsolute(under) ? rule : under;
  };
  return {
    ...summary,
    ends: summary.ends.map((end) => ({ ...end, rule: named(end.rule) })),
    faults: summary.faults.map((fault) => ({ ...fault, rule: named(fault.rule) })),
  };
}

/** How the games ended, one line per way, and those that did not. */
function endLines(s: SimulationSummary): string[] {
  if (s.completed === 0 && s.unfinished === 0) return [];
  const rows = s.ends.map((end) => [String(end.games), end.rule === null ? "the flow's end" : `${end.rule}${end.text ? `: ${end.text}` : ""}`]);
  if (s.unfinished > 0) rows.push([String(s.unfinished), `unfinished: still going after ${s.maxDecisionsCap} decisions`]);
  return ["how the games ended:", ...rows.map(([games, how]) => `  ${games!.padStart(Math.max(...rows.map((r) => r[0]!.length)))}  ${how}`)];
}

export function renderSummary(game: Game, s: SimulationSummary, players?: string): string[] {
  const variants = s.variants.length > 0 ? `, variants ${s.variants.join(", ")}` : "";
  const plan = seatPlan(game.meta, s.players);
  // With search bots, which bot sat where and how sure each rate is matter: two more columns.
  const searching = s.bots.some((bot, seat) => seat < s.players && bot !== "random");
  const lines = [
    `${game.title}: ${s.games} games of ${s.players} players${variants}, seed ${s.seed}${searching ? `, bots ${s.bots.join(", ")}` : ""}${players ? `, ${players}` : ""}`,
    s.completed === 0
      ? s.errors === 0
        ? `no game ended within ${s.maxDecisionsCap} decisions`
        : "no game ended: every one broke (see the faults below)"
      : `decisions per game (over the ${s.completed} games that ended): mean ${s.meanDecisions.toFixed(1)}, median ${s.medianDecisions}, ` +
        `90% within ${s.p90Decisions}, min ${s.minDecisions}, max ${s.maxDecisions}`,
    ...endLines(s),
    "",
    // With no game ended there are no figures: a table of zeros would read as results.
    ...(s.completed === 0
      ? []
      : [
          ...table(
            ["seat", ...(searching ? ["bot"] : []), "win rate", ...(searching ? ["95% interval"] : []), "mean score"],
            s.winRateBySeat.map((rate, seat) => {
              const interval = wilson(rate * s.completed, s.completed);
              return [
                String(seat) + (plan.list[seat]?.bot ? ` (${plan.list[seat]!.bot!.label})` : ""),
                ...(searching ? [s.bots[seat] ?? "random"] : []),
                `${(rate * 100).toFixed(1)}%`,
                ...(searching ? [`${(interval.low * 100).toFixed(1)}–${(interval.high * 100).toFixed(1)}%`] : []),
                s.meanScoreBySeat[seat]!.toFixed(2),
              ];
            }),
          ),
          "",
          "(a shared win counts 1/k to each of its k winners)",
        ]),
    s.completed === 0
      ? `errors: ${s.errors} (none of the ${s.games} games completed)`
      : `errors: ${s.errors}${s.errors > 0 ? ` (${s.completed} of ${s.games} games completed; the figures above are over those)` : ""}`,
  ];
  // Faulted games apart, grouped by the rule that broke: where to look in the rules file.
  for (const f of s.faults) {
    const where = f.rule ? `${f.rule}: ` : "";
    lines.push(`  ${f.count} × ${where}${f.code}: ${f.message} (first: game ${f.firstGame}, seed ${f.firstSeed})`);
    if (f.text) lines.push(`      ${f.text}`);
  }
  return lines;
}
