// One chunk of a run, played where it is asked to be (this thread, a worker thread, a machine of
// a Redis fleet): each game from the run's seed and its own index, summed into a Tally.

import { GameFault, describeFault, playRandomScores, rankPlayers, seatPlan, type Game } from "@rules/runtime/internal";
import { playBotGame, type BotSpec } from "@rules/runtime/search";
import type { FaultGroup } from "../cli/simulate.js";
import { gameRng, type Chunk } from "./chunks.js";
import { MESSAGES_KEPT, type Tally } from "./tally.js";

/** The match options of a run: plain data, sent to workers as they are. */
export interface RunOptions {
  readonly players: number;
  readonly variants: readonly string[];
  /** The run's seed; each game's own seed is drawn from it and the game's index. */
  readonly seed: number;
  /** One bot per seat (the rules' own seats included); all random when absent. */
  readonly bots?: readonly BotSpec[];
}

/** Plays games `chunk.start` to `chunk.end - 1`; `onGame` hears of each game as it ends. */
export function playChunk(game: Game, options: RunOptions, chunk: Pick<Chunk, "start" | "end">, onGame?: () => void): Tally {
  // Every seat is counted, the rules' bots (after the people) included.
  const seats = seatPlan(game.meta, options.players).seats;
  const winsShared = Array.from({ length: seats }, () => new Array<number>(seats).fill(0));
  const scoreTotals = new Array<number>(seats).fill(0);
  let completed = 0;
  let decisionsTotal = 0;
  let decisionsMin: number | null = null;
  let decisionsMax = 0;
  let errors = 0;
  const errorMessages: string[] = [];
  const faults = new Map<string, FaultGroup>();
  for (let i = chunk.start; i < chunk.end; i++) {
    const bots = gameRng(options.seed, i);
    const gameSeed = bots.int(2 ** 31);
    try {
      const matchOptions = { players: options.players, variants: [...options.variants], seed: gameSeed };
      // Random bots take the fast path (the game's playout kernel when it has one); search bots play
      // through the same loop with their own moves.
      const played = options.bots ? botGameScores(game, playBotGame(game, matchOptions, options.bots, bots)) : playRandomScores(game, matchOptions, bots);
      const result = rankPlayers(played.scores);
      for (const winner of result.winners) winsShared[winner]![result.winners.length - 1]! += 1;
      result.scores.forEach((keys, seat) => (scoreTotals[seat]! += keys[0]!));
      completed++;
      decisionsTotal += played.decisions;
      decisionsMin = Math.min(decisionsMin ?? Infinity, played.decisions);
      decisionsMax = Math.max(decisionsMax, played.decisions);
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
    onGame?.();
  }
  return {
    games: chunk.end - chunk.start,
    completed,
    decisionsTotal,
    decisionsMin,
    decisionsMax,
    winsShared,
    scoreTotals,
    errors,
    errorMessages,
    faults: [...faults.values()],
  };
}


/** A bot game's scores and decisions, as `playRandomScores` gives them for a random one. */
function botGameScores(game: Game, played: ReturnType<typeof playBotGame>): { scores: number[][]; decisions: number } {
  return { scores: game.scores(played.state), decisions: played.decisions };
}
