// `rules demo`: one bot match of every compiled game, told briefly, to see the whole toolchain work.

import { createMatch, DECISION_CAP, GameFault, resultOf, Rng, seatPlan, viewFor, whoMayAct, type Game } from "@rules/runtime/internal";
import { describeDecision, describeEvents, describeResult, joinList, type Reader } from "@rules/runtime/present";
import type { CommandSpec } from "./args.js";
import { defaultPlayers, playBot } from "./bots.js";
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";
import { loadGames } from "@rules/compiler/loading";
import { findGame } from "./game-lookup.js";
import type { Io } from "./io.js";

/** Moves told of a match by default: enough to see a game's first turns, few enough that the demo of
 *  every game reads in a few minutes. */
const DEMO_MOVES = 16;
/** Lines told of a match at most when --moves is not given: one move (a deal to every hand) may tell many. */
const DEMO_LINES = 100;

const spec = {
  name: "demo",
  summary: "play one match between random bots for every compiled game, its first moves told",
  positionals: [],
  options: [
    { name: "seed", kind: "int", placeholder: "S", description: "seed of every match (default 1)" },
    { name: "game", kind: "string", placeholder: "ID", description: "only this game" },
    { name: "moves", kind: "int", min: 1, placeholder: "N", description: `moves told of each match at most (default ${DEMO_MOVES})` },
  ],
  notes: [
    "Each match has 4 players, or the nearest count the game allows. Its first --moves moves are told, one line per " +
      `move and, under it, what the move did (by default at most ${DEMO_LINES} lines with the start), then '… N more moves …' ` +
      "are played untold to the end, and its scores and winners printed. Nobody sits at a demo's table, so " +
      "everything is told, hidden cards included.",
    "A match still going after 100,000 moves is stopped there: random bots can play a game that ends only when one " +
      "player is left for a long time.",
  ],
} as const satisfies CommandSpec;

export const demoCommand = defineCommand(spec, async (args, io) => {
  const games = await loadGames();
  const chosen = args.options.game
    ? [findGame(games, args.options.game, spec.name)]
    : Object.keys(games)
        .sort()
        .map((id) => games[id]!);
  if (chosen.length === 0) {
    io.warn("no game is compiled yet: run `rules compile` first");
    return EXIT_PROBLEMS;
  }
  let failed = false;
  for (const [i, game] of chosen.entries()) {
    if (i > 0) io.print("");
    try {
      narrateMatch(game, args.options.seed ?? 1, io, args.options.moves);
    } catch (error) {
      // One broken game must not hide the others' demos.
      if (!(error instanceof GameFault)) throw error;
      io.warn(`${game.title} broke: ${error.code}: ${error.message}`);
      failed = true;
    }
  }
  return failed ? EXIT_PROBLEMS : EXIT_OK;
});

/** Plays one seeded bot match, telling its start and first `moves` moves (by default DEMO_MOVES, within
 *  DEMO_LINES lines), then how many more were played untold, and the final standing. */
export function narrateMatch(game: Game, seed: number, io: Io, moves?: number): void {
  const maxMoves = moves ?? DEMO_MOVES;
  const maxLines = moves === undefined ? DEMO_LINES : Number.POSITIVE_INFINITY;
  const players = defaultPlayers(game);
  const plan = seatPlan(game.meta, players);
  const bots = plan.seats > players ? ` and ${joinList(plan.list.flatMap((seat) => (seat.bot ? [seat.bot.label] : [])))}` : "";
  io.print(`== ${game.title} (${game.id}): ${players} random bots${bots}, seed ${seed} ==`);
  let match = createMatch(game, { players, seed });
  // The events as they are, unfiltered: the demo tells everything, as no seat is the reader's.
  let lines = 0;
  const tell = (line: string): void => {
    io.print(line);
    lines++;
  };
  // Nobody at the table is "you"; seats the rules play (a game's `bot`) are told by their label, and a
  // spectator's view of the match names the board's spaces among the cards in play.
  const seen = (m: typeof match): Reader => ({ seat: null, humans: players, view: viewFor(m, null) });
  for (const line of describeEvents(game, match.unfilteredEvents, seen(match))) tell(`      ${line}`);
  const random = new Rng(seed).fork();
  let played = 0;
  let told = 0;
  for (let activity = whoMayAct(match); activity.kind !== "over"; activity = whoMayAct(match)) {
    if (played === DECISION_CAP) {
      // As `rules simulate` counts such a game: unfinished, not broken (a long game and an endless
      // loop of decisions look alike from here).
      untold(played - told, io);
      io.print(`No end after ${played} moves: the match is stopped.`);
      return;
    }
    const bot = playBot(match, activity.players, random);
    played++;
    match = bot.match;
    // Told in a row from the first: once one move goes untold, the rest do too.
    if (told < played - 1 || played > maxMoves || lines >= maxLines) continue;
    const [line, ...story] = describeDecision(game, bot, bot.match.unfilteredEvents, seen(bot.match));
    tell(`${String(played).padStart(4)}. ${line}`);
    for (const sentence of story) tell(`    ${sentence}`);
    told = played;
  }
  untold(played - told, io);
  io.print(`Game over after ${played} moves.`);
  for (const line of describeResult(game, resultOf(match)!, seen(match))) io.print(line);
}

function untold(count: number, io: Io): void {
  if (count > 0) io.print(`      … ${count} more ${count === 1 ? "move" : "moves"} …`);
}
