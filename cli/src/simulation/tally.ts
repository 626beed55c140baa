// The figures of a run as sums over its games, kept as plain data (workers send them as JSON) and
// merged chunk by chunk in the order of the games: the result is the same however the chunks were shared out.

import { botName, type BotSpec } from "@rules/runtime/search";
import { DECISION_CAP } from "@rules/runtime/internal";
import { atMost, mergeHistograms, quantile, type Histogram } from "./histogram.js";

/** What a run tells: `rules simulate` prints it, or gives it as JSON with --json. */
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
  /** How they ended, most frequent first: by an `end game` statement (its rule), or the flow's end (rule null). */
  readonly ends: EndGroup[];
  /** Games still going after `maxDecisionsCap` decisions: neither completed nor errors. */
  readonly unfinished: number;
  readonly maxDecisionsCap: number;
  readonly meanDecisions: number;
  readonly medianDecisions: number;
  /** Nine games in ten ended within this many decisions. */
  readonly p90Decisions: number;
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

/** How many error messages a summary keeps (the first ones of the run). */
export const MESSAGES_KEPT = 5;

/** Games that ended the same way: by one `end game` statement, or by the flow's own end. */
export interface EndGroup {
  /** `rules/x.rules:193:5` for an `end game` statement, null for the flow's end, "unknown" when the game does not say. */
  readonly rule: string | null;
  /** The statement as written. */
  readonly text: string | null;
  readonly games: number;
}

/** The sums over some consecutive games of a run. */
export interface Tally {
  readonly games: number;
  readonly completed: number;
  /** How the completed games ended, in the order each way first happened in the run. */
  readonly ends: readonly EndGroup[];
  /** Games still going at the run's decision cap: neither completed nor faults. */
  readonly unfinished: number;
  readonly decisionsTotal: number;
  /** Null while no game has ended. */
  readonly decisionsMin: number | null;
  readonly decisionsMax: number;
  /**
   * `winsShared[seat][k - 1]`: games the seat won together with k - 1 others. Whole counts, so that
   * sums never depend on the order of adding; each counts 1/k in the win rate.
   */
  readonly winsShared: readonly (readonly number[])[];
  /** Sums of each seat's first score key over the ended games. */
  readonly scoreTotals: readonly number[];
  /**
   * `botWinsShared[b][k - 1]`: as winsShared, by the bot's place in the run's list rather than its
   * seat. The same unless the run turns the bots round the table (`rotate`).
   */
  readonly botWinsShared: readonly (readonly number[])[];
  /** Decisions per ended game. */
  readonly lengths: Histogram;
  /** Each seat's final score (first key) over the ended games. */
  readonly scores: readonly Histogram[];
  /** Only when the run follows the lead (`leads`): changes of sole leader per ended game. */
  readonly leadChanges: Histogram;
  /**
   * Only with `leads`: ended games with a sole leader after two thirds of their decisions, and
   * `leaderWinsShared[k - 1]`, those of them that leader won together with k - 1 others.
   */
  readonly leaderGames: number;
  readonly leaderWinsShared: readonly number[];
  /** `firstBySeat[seat]`: ended games in which that seat was the first asked alone (first-to-act.ts). */
  readonly firstBySeat: readonly number[];
  /** `firstWinsShared[k - 1]`: ended games that the first seat to act won together with k - 1 others. */
  readonly firstWinsShared: readonly number[];
  readonly errors: number;
  /** The first messages of faulted games, in game order. */
  readonly errorMessages: readonly string[];
  /** Faulted games by fault code and rule, in the order of their first game. */
  readonly faults: readonly FaultGroup[];
}

export function emptyTally(seats: number): Tally {
  return {
    games: 0,
    completed: 0,
    ends: [],
    unfinished: 0,
    decisionsTotal: 0,
    decisionsMin: null,
    decisionsMax: 0,
    winsShared: Array.from({ length: seats }, () => new Array<number>(seats).fill(0)),
    scoreTotals: new Array<number>(seats).fill(0),
    botWinsShared: Array.from({ length: seats }, () => new Array<number>(seats).fill(0)),
    lengths: [],
    scores: Array.from({ length: seats }, () => []),
    leadChanges: [],
    leaderGames: 0,
    leaderWinsShared: new Array<number>(seats).fill(0),
    firstBySeat: new Array<number>(seats).fill(0),
    firstWinsShared: new Array<number>(seats).fill(0),
    errors: 0,
    errorMessages: [],
    faults: [],
  };
}

/** The tally of `first`'s games followed by `then`'s (which come later in the run). */
export function mergeTallies(first: Tally, then: Tally): Tally {
  const faults = first.faults.map((group) => ({ ...group }));
  for (const group of then.faults) {
    const at = faults.findIndex((f) => f.code === group.code && f.rule === group.rule);
    // The earlier game stays the group's first; only the count grows.
    if (at >= 0) faults[at] = { ...faults[at]!, count: faults[at]!.count + group.count };
    else faults.push({ ...group });
  }
  const ends = first.ends.map((group) => ({ ...group }));
  for (const group of then.ends) {
    const at = ends.findIndex((e) => e.rule === group.rule);
    if (at >= 0) ends[at] = { ...ends[at]!, games: ends[at]!.games + group.games };
    else ends.push({ ...group });
  }
  const min = [first.decisionsMin, then.decisionsMin].filter((m): m is number => m !== null);
  return {
    games: first.games + then.games,
    completed: first.completed + then.completed,
    ends,
    unfinished: first.unfinished + then.unfinished,
    decisionsTotal: first.decisionsTotal + then.decisionsTotal,
    decisionsMin: min.length === 0 ? null : Math.min(...min),
    decisionsMax: Math.max(first.decisionsMax, then.decisionsMax),
    winsShared: first.winsShared.map((counts, seat) => counts.map((n, k) => n + then.winsShared[seat]![k]!)),
    scoreTotals: first.scoreTotals.map((total, seat) => total + then.scoreTotals[seat]!),
    botWinsShared: first.botWinsShared.map((counts, bot) => counts.map((n, k) => n + then.botWinsShared[bot]![k]!)),
    lengths: mergeHistograms(first.lengths, then.lengths),
    scores: first.scores.map((h, seat) => mergeHistograms(h, then.scores[seat]!)),
    leadChanges: mergeHistograms(first.leadChanges, then.leadChanges),
    leaderGames: first.leaderGames + then.leaderGames,
    leaderWinsShared: first.leaderWinsShared.map((n, k) => n + then.leaderWinsShared[k]!),
    firstBySeat: first.firstBySeat.map((n, seat) => n + then.firstBySeat[seat]!),
    firstWinsShared: first.firstWinsShared.map((n, k) => n + then.firstWinsShared[k]!),
    errors: first.errors + then.errors,
    errorMessages: [...first.errorMessages, ...then.errorMessages].slice(0, MESSAGES_KEPT),
    faults,
  };
}

/** Tallies of consecutive chunks, in order, as one. */
export function mergeInOrder(tallies: readonly Tally[], seats: number): Tally {
  return tallies.reduce(mergeTallies, emptyTally(seats));
}

/** What the run was: the summary's heading fields. */
export interface RunHeading {
  readonly game: string;
  readonly players: number;
  readonly variants: readonly string[];
  readonly games: number;
  readonly seed: number;
  /** Each seat's bot; all random when absent. */
  readonly bots?: readonly BotSpec[];
  /** The labels of the seats the rules play (a game's `bot` lines), after the people's seats. */
  readonly ruleSeats?: readonly string[];
  /** The run's decision cap, when not the default. */
  readonly maxDecisions?: number;
}

/** Shared wins (`counts[k - 1]`: won with k - 1 others) as a number of wins, 1/k each. */
export function sharedWins(counts: readonly number[]): number {
  return counts.reduce((sum, n, k) => sum + n / (k + 1), 0);
}

export function summarize(heading: RunHeading, tally: Tally): SimulationSummary {
  const { completed } = tally;
  const mean = (total: number) => (completed === 0 ? 0 : total / completed);
  return {
    game: heading.game,
    players: heading.players,
    variants: [...heading.variants],
    games: heading.games,
    seed: heading.seed,
    // A seat the rules play (Foreclosed!'s Merc) is no bot's: it is named for what plays it.
    bots: (heading.bots ?? new Array<BotSpec>(tally.scoreTotals.length).fill({ kind: "random" })).map((bot, seat) =>
      seat >= heading.players && heading.ruleSeats?.[seat - heading.players] !== undefined
        ? `rules (${heading.ruleSeats[seat - heading.players]})`
        : botName(bot),
    ),
    completed,
    ends: [...tally.ends].sort((a, b) => b.games - a.games),
    unfinished: tally.unfinished,
    maxDecisionsCap: heading.maxDecisions ?? DECISION_CAP,
    meanDecisions: mean(tally.decisionsTotal),
    medianDecisions: quantile(tally.lengths, 0.5),
    p90Decisions: atMost(tally.lengths, 0.9),
    minDecisions: tally.decisionsMin ?? 0,
    maxDecisions: tally.decisionsMax,
    winRateBySeat: tally.winsShared.map((counts) => mean(sharedWins(counts))),
    meanScoreBySeat: tally.scoreTotals.map(mean),
    errors: tally.errors,
    errorMessages: [...tally.errorMessages],
    // Most frequent first; a stable sort keeps equal counts in the order of their first game.
    faults: [...tally.faults].sort((a, b) => b.count - a.count),
  };
}
