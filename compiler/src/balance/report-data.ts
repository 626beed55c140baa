// The figures of a balance report, read off a run's game records: everything the page shows is
// here, as JSON, so the page and the JSON cannot disagree.

import type { GameRecord, Run } from "./run.js";
import { summarize, wilson, type Proportion, type Summary } from "./stats.js";

export interface SeatFigures {
  readonly seat: number;
  readonly bot: string;
  /** A shared win counts 1/k to each of its k winners. */
  readonly winRate: Proportion;
  readonly score: Summary;
}

export interface ReportData {
  readonly format: "rules-balance-report";
  readonly version: 1;
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
  /** Seat 0's win rate against a fair share (1 / seats): the advantage of sitting first. */
  readonly firstPlayer: { readonly winRate: Proportion; readonly fairShare: number; readonly advantage: number };
  readonly length: Summary;
  readonly leadChanges: Summary;
  /** Games with a sole leader by score after two thirds of their decisions, and how often that leader won. */
  readonly leaderAtTwoThirds: { readonly games: number; readonly wins: Proportion };
  /** Per game: decisions, lead changes and each seat's final score (what the plots draw). */
  readonly perGame: readonly { readonly decisions: number; readonly leadChanges: number; readonly scores: readonly number[]; readonly winners: readonly number[] }[];
}

export interface ReportSetting {
  readonly game: string;
  readonly title: string;
  readonly players: number;
  readonly seats: number;
  readonly variants: readonly string[];
  readonly seed: number;
  readonly games: number;
}

export function reportData(setting: ReportSetting, run: Run): ReportData {
  const records = run.records;
  const n = records.length;
  const wins = new Array<number>(setting.seats).fill(0);
  for (const r of records) for (const w of r.winners) wins[w]! += 1 / r.winners.length;
  const bySeat = wins.map((won, seat) => ({
    seat,
    bot: records[0]?.bots[seat] ?? "random",
    winRate: wilson(won, n),
    score: summarize(records.map((r) => r.scores[seat]!)),
  }));
  const led = records.filter((r): r is GameRecord & { leaderAtTwoThirds: number } => r.leaderAtTwoThirds !== null);
  const fairShare = 1 / setting.seats;
  return {
    format: "rules-balance-report",
    version: 1,
    ...setting,
    variants: [...setting.variants],
    completed: n,
    faults: run.faults.length,
    bySeat,
    firstPlayer: { winRate: bySeat[0]!.winRate, fairShare, advantage: bySeat[0]!.winRate.rate - fairShare },
    length: summarize(records.map((r) => r.decisions)),
    leadChanges: summarize(records.map((r) => r.leadChanges)),
    leaderAtTwoThirds: {
      games: led.length,
      wins: wilson(led.reduce((sum, r) => sum + (r.winners.includes(r.leaderAtTwoThirds) ? 1 / r.winners.length : 0), 0), led.length),
    },
    perGame: records.map((r) => ({ decisions: r.decisions, leadChanges: r.leadChanges, scores: [...r.scores], winners: [...r.winners] })),
  };
}
