// `rules strength <game>...`: how a bot fares against random bots, as a win rate with its 95%
// interval, one row per game. The bot takes every seat in turn, so no seat's advantage counts for it.

import { botName, botsForSeats, parseBotSpec } from "@rules/runtime/search";
import { percentWithInterval, wilson, type Proportion } from "../balance/stats.js";
import { commaList, type CommandSpec } from "./args.js";
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";
import { findGameRef, GAME_ARGUMENT, GAME_NOTE, loadGame } from "./game-lookup.js";
import { table } from "./report.js";
import { PLACEMENT_OPTIONS, playRunFor } from "./run-placement.js";
import { sharedWins } from "../simulation/tally.js";

const spec = {
  name: "strength",
  summary: "win rate of a search bot against random bots, with a 95% interval, per game",
  positionals: [{ name: "game", description: `${GAME_ARGUMENT}; several for a table`, variadic: true }],
  options: [
    { name: "players", kind: "int", min: 1, required: true, description: "players in each game (one bot, the rest random)" },
    { name: "games", kind: "int", min: 1, required: true, description: "games per game id" },
    { name: "bot", kind: "string", placeholder: "B", description: "the bot measured (default mcts:200): mcts:<iterations>, mcts:<ms>ms" },
    { name: "seed", kind: "int", placeholder: "S", description: "seed of each run (default 1)" },
    { name: "variant", kind: "string", placeholder: "V", description: "variants to play, comma-separated" },
    { name: "json", kind: "flag", description: "print one JSON object per game on stdout instead of the table" },
    ...PLACEMENT_OPTIONS,
  ],
  notes: [
    "Game i seats the bot at seat i mod players; the others are random bots. A shared win counts 1/k. " +
      "'random' is what a random bot in the same seats would win on average: 1/players. The verdict " +
      "'stronger' needs the whole 95% interval above it.",
    GAME_NOTE,
  ],
} as const satisfies CommandSpec;

export interface StrengthRow {
  readonly game: string;
  readonly players: number;
  readonly bot: string;
  readonly games: number;
  readonly completed: number;
  readonly winRate: Proportion;
  readonly baseline: number;
  readonly stronger: boolean;
  readonly secondsPerGame: number;
}

export const strengthCommand = defineCommand(spec, async (args, io) => {
  const bot = parseBotSpec(args.options.bot ?? "mcts:200");
  const { players, games } = args.options;
  const rows: StrengthRow[] = [];
  const { workers, redis, queue } = args.options;
  for (const id of args.positionals) {
    const ref = await findGameRef(id, io.cwd, spec.name);
    const game = await loadGame(ref, io);
    const bots = botsForSeats([bot, ...new Array(players - 1).fill(parseBotSpec("random"))], game.meta, players);
    const started = Date.now();
    // Rotated: the measured bot (first in the list) sits at seat i mod players in game i.
    const options = { players, variants: commaList(args.options.variant), seed: args.options.seed ?? 1, bots, rotate: true };
    const tally = await playRunFor(game, ref, options, games, { workers, redis, queue }, io, `${game.id} games`);
    const rate = wilson(sharedWins(tally.botWinsShared[0]!), tally.completed);
    const row: StrengthRow = {
      game: game.id,
      players,
      bot: botName(bot),
      games,
      completed: tally.completed,
      winRate: rate,
      baseline: 1 / players,
      stronger: rate.low > 1 / players,
      secondsPerGame: (Date.now() - started) / 1000 / games,
    };
    rows.push(row);
    if (args.options.json) io.print(JSON.stringify(row));
    for (const message of tally.errorMessages.slice(0, 3)) io.warn(`${game.id}: ${message}`);
  }
  if (!args.options.json) {
    for (const line of table(
      ["game", "players", "bot", "games", "bot win rate (95% interval)", "random", "verdict", "s/game"],
      rows.map((r) => [
        r.game,
        String(r.players),
        r.bot,
        String(r.completed),
        percentWithInterval(r.winRate),
        `${(r.baseline * 100).toFixed(1)}%`,
        r.stronger ? "stronger" : "not shown stronger",
        r.secondsPerGame.toFixed(2),
      ]),
    )) io.print(line);
  }
  return rows.every((r) => r.completed === r.games) ? EXIT_OK : EXIT_PROBLEMS;
});
