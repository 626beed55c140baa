// The figures of a balance report, read off a run's tally (simulation/tally.ts): everything the
// page shows is here, as JSON, so the page and the JSON cannot disagree.

import type { Histogram } from "../simulation/histogram.js";
import { summaryOf } from "../simulation/histogram.js";
import { sharedWins, type Tally } from "../simulation/tally.js";
import { wilson, type Proportion, type Summary } from "./stats.js";

export interface SeatFigures {
  readonly seat: number;
  readonly bot: string;
  /** A shared win counts 1/k to each of its k winners. */
  readonly winRate: Proportion;
  readonly score: Summary;
}

export interface ReportData {
  readonly format: "rules-balance-report";
  readonly version: 3;
  readonly game: string;
  readonly title: string;
  readonly players: number;
  /** Every seat, the rules' own seats included. */
  readonly seats: number;
  readonly variants: readonly string[];
  readonly seed: number;
  readonly games: number;
  readonly completed: number;
  readonly faults: number;
  readonly bySeat: readonly SeatFigures[];
  /**
   * The first player's win rate against a fair share (1 / seats): the advantage of going first. The
   * first player is, game by game, the first seat to act (the first asked alone), whichever seat the
   * game gave the start to; `bySeat[seat]` counts the games each seat went first.
   */
  readonly firstPlayer: {
    readonly by: "turn order";
    readonly winRate: Proportion;
    readonly fairShare: number;
    readonly advantage: number;
    readonly bySeat: readonly number[];
  };
  readonly length: Summary;
  readonly leadChanges: Summary;
  /** Games with a sole leader by score after two thirds of their decisions, and how often that leader won. */
  readonly leaderAtTwoThirds: { readonly games: number; readonly wins: Proportion };
  /** What the plots draw, as `[value, games]` histograms: decisions, lead changes, each seat's final score. */
  readonly distributions: { readonly length: Histogram; readonly leadChanges: Histogram; readonly scores: readonly Histogram[] };
}

export interface ReportSetting {
  readonly game: string;
  readonly title: string;
  readonly players: number;
  readonly seats: number;
  /** Each seat's bot (`mcts:200`, `random`), the rules' own seats included. */
  readonly bots: readonly string[];
  readonly variants: readonly string[];
  readonly seed: number;
  readonly games: number;
}

export function reportData(setting: ReportSetting, tally: Tally): ReportData {
  const n = tally.completed;
  const bySeat = tally.winsShared.map((counts, seat) => ({
    seat,
    bot: setting.bots[seat] ?? "random",
    winRate: wilson(sharedWins(counts), n),
    score: summaryOf(tally.scores[seat]!),
  }));
  const fairShare = 1 / setting.seats;
  const firstWins = wilson(sharedWins(tally.firstWinsShared), tally.firstBySeat.reduce((a, b) => a + b, 0));
  const { bots: _bots, ...heading } = setting;
  return {
    format: "rules-balance-report",
    version: 3,
    ...heading,
    variants: [...setting.variants],
    completed: n,
    faults: tally.errors,
    bySeat,
    firstPlayer: { by: "turn order", winRate: firstWins, fairShare, advantage: firstWins.rate - fairShare, bySeat: [...tally.firstBySeat] },
    length: summaryOf(tally.lengths),
    leadChanges: summaryOf(tally.leadChanges),
    leaderAtTwoThirds: { games: tally.leaderGames, wins: wilson(sharedWins(tally.leaderWinsShared), tally.leaderGames) },
    distributions: { length: tally.lengths, leadChanges: tally.leadChanges, scores: tally.scores },
  };
}
