// Games between bots, each kept as a small record a balance figure can be read from: who sat
// where, the final scores, the winners, how long it lasted and how the lead went.

import { GameFault, rankPlayers, Rng, seatPlan, type Game, type MatchOptions } from "@rules/runtime/internal";
import { botName, botsForSeats, playBotGame, type BotSpec } from "@rules/runtime/search";

export interface GameRecord {
  /** The game's number in the run, from 0, and its setup seed (to replay it). */
  readonly index: number;
  readonly seed: number;
  /** Each seat's bot (`mcts:200`, `random`), the rules' own seats included. */
  readonly bots: readonly string[];
  readonly decisions: number;
  /** Each seat's final score (the first key; tie-breakers left out). */
  readonly scores: readonly number[];
  readonly winners: readonly number[];
  /** Times the sole leader by score changed from one seat to another. */
  readonly leadChanges: number;
  /** The sole leader by score after two thirds of the decisions, or null when tied then. */
  readonly leaderAtTwoThirds: number | null;
}

export interface RunOptions extends Omit<MatchOptions, "seed"> {
  /** The run's seed: game i's setup seed and its bots' generator are drawn from it. */
  readonly seed: number;
  /** One bot per player (human seat). */
  readonly bots: readonly BotSpec[];
  /** Game i seats the bots turned i places to the right, so each bot plays every seat equally. */
  readonly rotate?: boolean;
}

export interface Run {
  readonly records: GameRecord[];
  /** Games that broke (a GameFault), by their number and message; left out of the records. */
  readonly faults: { readonly index: number; readonly seed: number; readonly message: string }[];
}

/** Plays `count` games; the same options give the same records on every machine (budgets in ms aside). */
export function runGames(game: Game, options: RunOptions, count: number, progress?: (done: number) => void): Run {
  const run = new Rng(options.seed);
  const records: GameRecord[] = [];
  const faults: Run["faults"] = [];
  for (let index = 0; index < count; index++) {
    const rng = run.fork();
    const seed = rng.int(2 ** 31);
    const shift = options.rotate ? index % options.players : 0;
    const specs = options.bots.map((_, seat) => options.bots[(seat - shift + options.players) % options.players]!);
    try {
      records.push(playRecorded(game, { players: options.players, variants: options.variants ?? [], seed }, specs, rng, index));
    } catch (error) {
      if (!(error instanceof GameFault)) throw error;
      faults.push({ index, seed, message: error.message });
    }
    progress?.(index + 1);
  }
  return { records, faults };
}

function playRecorded(game: Game, options: MatchOptions, specs: readonly BotSpec[], rng: Rng, index: number): GameRecord {
  const bots = botsForSeats(specs, game.meta, options.players);
  // The sole leader after each decision (null: tied at the top).
  const leaders: (number | null)[] = [];
  const played = playBotGame(game, options, bots, rng, (_seat, _move, state) => leaders.push(soleLeader(game.scores(state))));
  const result = rankPlayers(game.scores(played.state));
  let leadChanges = 0;
  let last: number | null = null;
  for (const leader of leaders) {
    if (leader === null) continue;
    if (last !== null && leader !== last) leadChanges++;
    last = leader;
  }
  const twoThirds = leaders.length === 0 ? null : leaders[Math.max(0, Math.ceil((leaders.length * 2) / 3) - 1)]!;
  return {
    index,
    seed: options.seed,
    bots: bots.map(botName),
    decisions: played.decisions,
    scores: result.scores.map((keys) => keys[0]!),
    winners: [...result.winners],
    leadChanges,
    leaderAtTwoThirds: twoThirds,
  };
}

function soleLeader(scores: readonly (readonly number[])[]): number | null {
  let best = -Infinity;
  let leader: number | null = null;
  scores.forEach((keys, seat) => {
    const score = keys[0]!;
    if (score > best) [best, leader] = [score, seat];
    else if (score === best) leader = null;
  });
  return leader;
}

/** Seats a match of `players` people has, the rules' own seats included. */
export function seatCountOf(game: Game, players: number): number {
  return seatPlan(game.meta, players).seats;
}
