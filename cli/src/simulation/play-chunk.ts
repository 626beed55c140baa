// One chunk of a run, played where it is asked to be (this thread, a worker thread, a machine of
// a Redis fleet): each game from the run's seed and its own index, summed into a Tally.

import { DECISION_CAP, GameFault, chooseRandomMove, choosePreferredMove, describeFault, endingOf, playRandomGame, playRandomScores, rankPlayers, seatPlan, type BaseState, type Game, type Move, type RandomScores, type Seat } from "@rules/runtime/internal";
import { playBotGame, type BotSpec } from "@rules/runtime/search";
import type { FaultGroup } from "./tally.js";
import { gameRng, type Chunk } from "./chunks.js";
import { firstToAct } from "./first-to-act.js";
import { HistogramCounter } from "./histogram.js";
import { MESSAGES_KEPT, type EndGroup, type Tally } from "./tally.js";

/** The match options of a run: plain data, sent to workers as they are. */
export interface RunOptions {
  readonly players: number;
  readonly variants: readonly string[];
  /** The run's seed; each game's own seed is drawn from it and the game's index. */
  readonly seed: number;
  /** One bot per seat (the rules' own seats included); all random when absent. */
  readonly bots?: readonly BotSpec[];
  /**
   * Game i seats the players' bots turned i places round the table (bot b at seat (b + i) mod
   * players), so each bot plays every seat equally; the rules' own seats stay where they are.
   */
  readonly rotate?: boolean;
  /** Follow the sole leader by score after each decision (lead changes, leader at two thirds): a score reading per decision. */
  readonly leads?: boolean;
  /** A game still going after this many decisions is counted unfinished (default DECISION_CAP). */
  readonly maxDecisions?: number;
  /** Random players ignore the rules' playout preferences (`prefer N`) and pick uniformly. */
  readonly uniform?: boolean;
}

/** The bot list's place of the bot at `seat` in game `index` (see RunOptions.rotate). */
export function botIndexAt(options: RunOptions, seat: Seat, index: number): number {
  if (!options.rotate || seat >= options.players) return seat;
  return (seat - (index % options.players) + options.players) % options.players;
}

/** Plays games `chunk.start` to `chunk.end - 1`; `onGame` hears of each game as it ends. */
export function playChunk(game: Game, options: RunOptions, chunk: Pick<Chunk, "start" | "end">, onGame?: () => void): Tally {
  // Every seat is counted, the rules' bots (after the people) included.
  const seats = seatPlan(game.meta, options.players).seats;
  const perSeat = () => Array.from({ length: seats }, () => new Array<number>(seats).fill(0));
  const winsShared = perSeat();
  const botWinsShared = perSeat();
  const scoreTotals = new Array<number>(seats).fill(0);
  const lengths = new HistogramCounter();
  const scores = Array.from({ length: seats }, () => new HistogramCounter());
  const leadChanges = new HistogramCounter();
  let leaderGames = 0;
  const leaderWinsShared = new Array<number>(seats).fill(0);
  const firstBySeat = new Array<number>(seats).fill(0);
  const firstWinsShared = new Array<number>(seats).fill(0);
  let completed = 0;
  let unfinished = 0;
  const ends = new Map<string | null, EndGroup>();
  const cap = options.maxDecisions ?? DECISION_CAP;
  let decisionsTotal = 0;
  let decisionsMin: number | null = null;
  let decisionsMax = 0;
  let errors = 0;
  const errorMessages: string[] = [];
  const faults = new Map<string, FaultGroup>();
  // Random bots take the fast path; search bots play through the same loop with their own moves.
  const searching = options.bots?.some((bot) => bot.kind !== "random") ?? false;
  // Random games whose moves nobody follows run on the game's playout kernel when it has one (the
  // same games; its cap is the default one). Random players follow the rules' preferences unless
  // told to play uniformly, and so does the kernel then.
  const choose = options.uniform || !game.preferences ? chooseRandomMove : choosePreferredMove;
  const fast = !searching && !options.leads && cap === DECISION_CAP;
  for (let i = chunk.start; i < chunk.end; i++) {
    const bots = gameRng(options.seed, i);
    const gameSeed = bots.int(2 ** 31);
    try {
      const matchOptions = { players: options.players, variants: [...options.variants], seed: gameSeed };
      const leaders: (number | null)[] = [];
      const onMove = options.leads ? (_seat: Seat, _move: Move, state: BaseState) => leaders.push(soleLeader(game.scores(state))) : undefined;
      const played = fast
        ? playRandomScores(game, matchOptions, bots, choose === choosePreferredMove)
        : statePlayed(game, searching ? playBotGame(game, matchOptions, seatedBots(options, i, seats), bots, onMove, cap) : playRandomGame(game, matchOptions, bots, onMove, cap, choose));
      const ending = played.ending;
      const rule = ending === undefined ? "unknown" : ending && `${ending.file}:${ending.line}:${ending.column}`;
      const end = ends.get(rule);
      ends.set(rule, { rule, text: ending?.text ?? null, games: (end?.games ?? 0) + 1 });
      const result = rankPlayers(played.scores);
      const k = result.winners.length - 1;
      for (const winner of result.winners) {
        winsShared[winner]![k]! += 1;
        botWinsShared[botIndexAt(options, winner, i)]![k]! += 1;
      }
      result.scores.forEach((keys, seat) => {
        scoreTotals[seat]! += keys[0]!;
        scores[seat]!.add(keys[0]!);
      });
      // Who went first: only followed with the lead (a balance report), as it sets the game up again.
      const first = options.leads ? firstToAct(game, matchOptions) : null;
      if (first !== null) {
        firstBySeat[first]! += 1;
        if (result.winners.includes(first)) firstWinsShared[k]! += 1;
      }
      if (options.leads) {
        leadChanges.add(changesOf(leaders));
        const leader = leaders.length === 0 ? null : leaders[Math.max(0, Math.ceil((leaders.length * 2) / 3) - 1)]!;
        if (leader !== null) {
          leaderGames++;
          if (result.winners.includes(leader)) leaderWinsShared[k]! += 1;
        }
      }
      completed++;
      lengths.add(played.decisions);
      decisionsTotal += played.decisions;
      decisionsMin = Math.min(decisionsMin ?? Infinity, played.decisions);
      decisionsMax = Math.max(decisionsMax, played.decisions);
    } catch (error) {
      // Anything else than a GameFault (a MatchError for a bad player count, a bug) stops the run.
      if (!(error instanceof GameFault)) throw error;
      if (error.code === "fault/decision-cap") {
        unfinished++;
        onGame?.();
        continue;
      }
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
    ends: [...ends.values()],
    unfinished,
    decisionsTotal,
    decisionsMin,
    decisionsMax,
    winsShared,
    scoreTotals,
    botWinsShared,
    lengths: lengths.histogram(),
    scores: scores.map((h) => h.histogram()),
    leadChanges: leadChanges.histogram(),
    leaderGames,
    leaderWinsShared,
    firstBySeat,
    firstWinsShared,
    errors,
    errorMessages,
    faults: [...faults.values()],
  };
}

/** A game played on a state, told as `playRandomScores` tells one. */
function statePlayed(game: Game, played: { readonly state: BaseState; readonly decisions: number }): RandomScores {
  return { scores: game.scores(played.state), decisions: played.decisions, ending: endingOf(played.state) };
}

/** Game `index`'s bot at each seat. */
function seatedBots(options: RunOptions, index: number, seats: number): BotSpec[] {
  return Array.from({ length: seats }, (_, seat) => options.bots?.[botIndexAt(options, seat, index)] ?? { kind: "random" });
}

/** The seat alone at the top by the first score key, or null when several share it. */
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

/** Times the sole leader passed from one seat to another (ties at the top in between do not count). */
function changesOf(leaders: readonly (number | null)[]): number {
  let changes = 0;
  let last: number | null = null;
  for (const leader of leaders) {
    if (leader === null) continue;
    if (last !== null && leader !== last) changes++;
    last = leader;
  }
  return changes;
}
