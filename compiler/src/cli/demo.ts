// `rules demo`: one narrated bot match of every compiled game, to see the whole toolchain work.

import { createMatch, DECISION_CAP, GameFault, resultOf, Rng, seatPlan, whoMayAct, type Game } from "@rules/runtime/internal";
import type { CommandSpec } from "./args.js";
import { defaultPlayers, playBot } from "./bots.js";
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";
import { findGame, loadGames } from "./games.js";
import type { Io } from "./io.js";
import { joinList, nameBots } from "../present/naming.js";
import { narrateDecision, narrateEvents } from "./narrate.js";
import { renderResult } from "./render.js";

/** Moves told of a match by default: every game's random play so far ends well within it, but for
 *  games that end when one player is left (Keys to Knowledge), whose random play runs long. */
const DEMO_MOVES = 1_000;

const spec = {
  name: "demo",
  summary: "play one narrated match between random bots for every compiled game",
  positionals: [],
  options: [
    { name: "seed", kind: "int", placeholder: "S", description: "seed of every match (default 1)" },
    { name: "game", kind: "string", placeholder: "ID", description: "only this game" },
    { name: "moves", kind: "int", min: 1, placeholder: "N", description: `moves told of each match at most (default ${DEMO_MOVES})` },
  ],
  notes: [
    "Each match has 4 players, or the nearest count the game allows; one line per move and, under it, what the " +
      "move did, then scores and winners. Nobody sits at a demo's table, so everything is told, hidden cards included.",
    "After --moves moves a match is played on to its end without being told, then its scores and winners are " +
      "printed: random bots can play a game that ends only when one player is left for thousands of moves. A match " +
      "still going after 100,000 moves is stopped there.",
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
      narrateMatch(game, args.options.seed ?? 1, io, args.options.moves ?? DEMO_MOVES);
    } catch (error) {
      // One broken game must not hide the others' demos.
      if (!(error instanceof GameFault)) throw error;
      io.warn(`${game.title} broke: ${error.code}: ${error.message}`);
      failed = true;
    }
  }
  return failed ? EXIT_PROBLEMS : EXIT_OK;
});

/** Plays one seeded bot match, printing a line per move for its first `maxMoves` moves (the rest is
 *  played untold), then the final standing. */
export function narrateMatch(game: Game, seed: number, terminal: Io, maxMoves: number = DEMO_MOVES): void {
  const players = defaultPlayers(game);
  // Seats the rules play (a game's `bot`) are told by their label, as in `rules play`.
  const plan = seatPlan(game.meta, players);
  const io: Io = { ...terminal, print: (line) => terminal.print(nameBots(line, plan)) };
  const played = plan.seats > players ? ` and ${joinList(plan.list.flatMap((seat) => (seat.bot ? [seat.bot.label] : [])))}` : "";
  io.print(`== ${game.title} (${game.id}): ${players} random bots${played}, seed ${seed} ==`);
  let match = createMatch(game, { players, seed });
  // The events as they are, unfiltered: the demo tells everything, as no seat is the reader's.
  for (const line of narrateEvents(game, match.unfilteredEvents, { viewer: null })) io.print(`      ${line}`);
  const bots = new Rng(seed).fork();
  let moves = 0;
  for (let activity = whoMayAct(match); activity.kind !== "over"; activity = whoMayAct(match)) {
    if (moves === maxMoves) io.print(`Told the first ${moves} moves; the match is played on untold (--moves tells more).`);
    if (moves === DECISION_CAP) {
      // As `rules simulate` counts such a game: unfinished, not broken (a long game and an endless
      // loop of decisions look alike from here).
      io.print(`No end after ${moves} moves: the match is stopped.`);
      return;
    }
    const bot = playBot(match, activity.players, bots);
    moves++;
    match = bot.match;
    if (moves > maxMoves) continue;
    const [line, ...story] = narrateDecision(game, bot, bot.match.unfilteredEvents, null);
    io.print(`${String(moves).padStart(4)}. ${line}`);
    for (const sentence of story) io.print(`    ${sentence}`);
  }
  io.print(`Game over after ${moves} moves.`);
  for (const line of renderResult(resultOf(match)!)) io.print(line);
}
