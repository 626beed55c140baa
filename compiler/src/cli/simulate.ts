// `rules simulate <game>`: many random-bot games, summarised: game length, wins and scores by seat, faults.

import { GameFault, describeFault, playRandomGame, rankPlayers, Rng, seatPlan, type Game, type MatchOptions } from "@rules/runtime";
import { botName, botsForSeats, playBotGame, type BotSpec } from "@rules/runtime/search";
import { wilson } from "../balance/stats.js";
import { parseBotList } from "./bot-specs.js";
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";
import { findGameRef, GAME_ARGUMENT, GAME_NOTE, loadGame } from "./game-lookup.js";
import type { Io } from "./io.js";
import { commaList, type CommandSpec } from "./args.js";
import { progressBar, table } from "./report.js";

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
    {
      name: "bots",
      kind: "string",
      placeholder: "B,B,…",
      description: "one bot per player, comma-separated: random, mcts:<iterations> or mcts:<ms>ms (default: all random)",
    },
    { name: "json", kind: "flag", description: "print one JSON object on stdout instead of the table" },
  ],
  notes: [
    "A decision is one applied move. Win rates count a shared win as 1/k to each of its k winners, so the " +
      "rates of all seats add up to 1. Games that throw (a GameFault: a broken game, not a bad move) are " +
      "counted under errors, left out of the other figures, and make the exit status 1.",
    "JSON fields: game, players, variants, games, seed, completed, meanDecisions, minDecisions, maxDecisions, " +
      "bots (each seat's), winRateBySeat, meanScoreBySeat (every seat, a game's bots after the players), errors, errorMessages (the first few, with each game's seed).",
    GAME_NOTE,
  ],
} as const satisfies CommandSpec;

export const simulateCommand = defineCommand(spec, async (args, io) => {
  const game = await loadGame(await findGameRef(args.positionals[0]!, io.cwd, spec.name), io);
  const { players, games } = args.options;
  const bots = args.options.bots === undefined ? undefined : parseBotList(args.options.bots, game, players);
  const summary = simulate(
    game,
    { players, variants: commaList(args.options.variant), seed: args.options.seed ?? 1 },
    games,
    io.status,
    bots,
  );
  if (args.options.json) io.print(JSON.stringify(summary));
  else for (const line of renderSummary(game, summary)) io.print(line);
  return summary.errors > 0 ? EXIT_PROBLEMS : EXIT_OK;
});

export interface SimulationSummary {
  readonly game: string;
  readonly players: number;
  readonly variants: readonly string[];
  readonly games: number;
  readonly seed: number;
  /** Each seat's bot (`random`, `mcts:1000`), the rules' own seats included. */
  readonly bots: readonly string[];
  /** Games that ended; the figures below are over these. */
  readonly completed: number;
  readonly meanDecisions: number;
  readonly minDecisions: number;
  readonly maxDecisions: number;
  readonly winRateBySeat: number[];
  readonly meanScoreBySeat: number[];
  readonly errors: number;
  readonly errorMessages: string[];
  /** The games that broke, grouped by fault and by the rule that raised it, most frequent first. */
  readonly faults: FaultGroup[];
}

/** Games that broke the same way: one fault code raised by one rule of the rules file. */
export interface FaultGroup {
  readonly code: string;
  /** `rules/x.rules:15:3`, and that line as written, when a compiled rule raised it. */
  readonly rule: string | null;
  readonly text: string | null;
  /** The first such game's message, its number in the run and its seed (to replay it). */
  readonly message: string;
  readonly count: number;
  readonly firstGame: number;
  readonly firstSeed: number;
}

const MESSAGES_KEPT = 5;

/** Plays `count` games between `bots` (one per player; all random when absent); game i draws its
 *  setup seed and its bots' generator from the run's seed. */
export function simulate(
  game: Game,
  options: MatchOptions,
  count: number,
  status?: (text: string) => void,
  bots?: readonly BotSpec[],
): SimulationSummary {
  const { players, seed } = options;
  const run = new Rng(seed);
  // Every seat is counted, the rules' bots (after the people) included.
  const seats = seatPlan(game.meta, players).seats;
  const seatBots = bots ? botsForSeats(bots, game.meta, players) : null;
  const wins = new Array<number>(seats).fill(0);
  const scores = new Array<number>(seats).fill(0);
  const decisions = { total: 0, min: Infinity, max: 0 };
  let completed = 0;
  const errorMessages: string[] = [];
  let errors = 0;
  const faults = new Map<string, FaultGroup>();
  const bar = status && progressBar(status, count, "games");
  for (let i = 0; i < count; i++) {
    const rng = run.fork();
    const gameSeed = rng.int(2 ** 31);
    try {
      // Random bots take the fast path; search bots play through the same loop with their own moves.
      const played = seatBots
        ? playBotGame(game, { ...options, seed: gameSeed }, seatBots, rng)
        : playRandomGame(game, { ...options, seed: gameSeed }, rng);
      const result = rankPlayers(game.scores(played.state));
      for (const winner of result.winners) wins[winner]! += 1 / result.winners.length;
      result.scores.forEach((keys, seat) => (scores[seat]! += keys[0]!));
      completed++;
      decisions.total += played.decisions;
      decisions.min = Math.min(decisions.min, played.decisions);
      decisions.max = Math.max(decisions.max, played.decisions);
    } catch (error) {
      // Anything else than a GameFault (a MatchError for a bad player count, a bug) stops the run.
      if (!(error instanceof GameFault)) throw error;
      errors++;
      if (errorMessages.length < MESSAGES_KEPT) errorMessages.push(`game ${i + 1} (seed ${gameSeed}): ${describeFault(error)}`);
      const rule = error.rule ? `${error.rule.file}:${error.rule.line}:${error.rule.column}` : null;
      const key = `${error.code} ${rule ?? ""}`;
      const group = faults.get(key);
      if (group) faults.set(key, { ...group, count: group.count + 1 });
      else faults.set(key, { code: error.code, rule, text: error.rule?.text ?? null, message: error.message, count: 1, firstGame: i + 1, firstSeed: gameSeed });
    }
    bar?.(i + 1);
  }
  status?.("");
  const mean = (total: number) => (completed === 0 ? 0 : total / completed);
  return {
    game: game.id,
    players,
    variants: [...(options.variants ?? [])],
    games: count,
    seed,
    bots: (seatBots ?? new Array<BotSpec>(seats).fill({ kind: "random" })).map(botName),
    completed,
    meanDecisions: mean(decisions.total),
    minDecisions: completed === 0 ? 0 : decisions.min,
    maxDecisions: decisions.max,
    winRateBySeat: wins.map(mean),
    meanScoreBySeat: scores.map(mean),
    errors,
    errorMessages,
    faults: [...faults.values()].sort((a, b) => b.count - a.count),
  };
}

export function renderSummary(game: Game, s: SimulationSummary): string[] {
  const variants = s.variants.length > 0 ? `, variants ${s.variants.join(", ")}` : "";
  const plan = seatPlan(game.meta, s.players);
  // With search bots, which bot sat where and how sure each rate is matter: two more columns.
  const searching = s.bots.some((bot) => bot !== "random");
  const lines = [
    `${game.title}: ${s.games} games of ${s.players} players${variants}, seed ${s.seed}${searching ? `, bots ${s.bots.join(", ")}` : ""}`,
    s.completed === 0
      ? "no game ended: every one broke (see the faults below)"
      : `decisions per game (over the ${s.completed} games that ended): mean ${s.meanDecisions.toFixed(1)}, min ${s.minDecisions}, max ${s.maxDecisions}`,
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
