// The balance report: figures worked out by hand for a few games, and a page whose every marked
// figure is the JSON's value as the page prints it.

import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseBotSpec } from "@rules/runtime/search";
import { gemAuction } from "../commands/fake-game.js";
import { writeReport } from "../commands/balance-report.js";
import { games } from "@rules/generated";
import { createMatch, whoMayAct } from "@rules/runtime/internal";
import { gameRng } from "../simulation/chunks.js";
import { firstToAct } from "../simulation/first-to-act.js";
import { playChunk } from "../simulation/play-chunk.js";
import { emptyTally, type Tally } from "../simulation/tally.js";
import { reportData, type ReportData } from "./report-data.js";
import { decimal, percent } from "./report-html.js";

const setting = { game: "gems", title: "Gem Auction", players: 2, seats: 2, bots: ["mcts:10", "random"], variants: [], seed: 1, games: 4 };

describe("reportData", () => {
  it("reads win rates, the first player's edge, the leader at two thirds and the summaries off the tally", () => {
    // Four games, worked by hand:
    //   game 0: scores 9-5, seat 0 wins, 10 decisions, 1 lead change, seat 0 led at two thirds
    //   game 1: scores 4-8, seat 1 wins, 12 decisions, 2 lead changes, seat 0 led (the lead lost)
    //   game 2: scores 6-6, shared win, 14 decisions, 0 lead changes, nobody alone in the lead
    //   game 3: scores 7-3, seat 0 wins, 16 decisions, 3 lead changes, seat 0 led
    const tally: Tally = {
      ...emptyTally(2),
      games: 4,
      completed: 4,
      // Seat 0: two wins alone and one shared by two; seat 1: one alone and one shared.
      winsShared: [[2, 1], [1, 1]],
      lengths: [[10, 1], [12, 1], [14, 1], [16, 1]],
      scores: [[[4, 1], [6, 1], [7, 1], [9, 1]], [[3, 1], [5, 1], [6, 1], [8, 1]]],
      leadChanges: [[0, 1], [1, 1], [2, 1], [3, 1]],
      // Three games had a sole leader at two thirds; it won two of them alone.
      leaderGames: 3,
      leaderWinsShared: [2, 0],
      // Seat 1 went first in games 0, 1 and 2, seat 0 in game 3: the first player won game 1 alone
      // and shared game 2.
      firstBySeat: [1, 3],
      firstWinsShared: [1, 1],
    };
    const data = reportData(setting, tally);
    // Seat 0: 1 + 0 + 1/2 + 1 = 2.5 of 4; seat 1: 0 + 1 + 1/2 + 0 = 1.5 of 4.
    expect(data.bySeat.map((s) => s.winRate.rate)).toEqual([0.625, 0.375]);
    expect(data.bySeat.map((s) => s.bot)).toEqual(["mcts:10", "random"]);
    // The first player by turn order, not seat 0: 0 + 1 + 1/2 + 0 = 1.5 of 4, 12.5 points below the
    // fair share of 1/2 (seat 0 is 12.5 points above it).
    expect(data.firstPlayer.by).toBe("turn order");
    expect(data.firstPlayer.bySeat).toEqual([1, 3]);
    expect(data.firstPlayer.winRate.rate).toBe(0.375);
    expect(data.firstPlayer.fairShare).toBe(0.5);
    expect(data.firstPlayer.advantage).toBeCloseTo(-0.125, 10);
    expect(data.leaderAtTwoThirds.games).toBe(3);
    expect(data.leaderAtTwoThirds.wins.rate).toBeCloseTo(2 / 3, 10);
    // Lengths 10, 12, 14, 16: mean 13, median (12 + 14) / 2 = 13, sd sqrt((9 + 1 + 1 + 9) / 4) = sqrt(5).
    expect(data.length).toMatchObject({ mean: 13, median: 13, min: 10, max: 16 });
    expect(data.length.sd).toBeCloseTo(Math.sqrt(5), 10);
    // Lead changes 1, 2, 0, 3: mean 1.5.
    expect(data.leadChanges).toMatchObject({ mean: 1.5, median: 1.5, min: 0, max: 3 });
    // Seat 0's scores 9, 4, 6, 7: mean 6.5, median (6 + 7) / 2.
    expect(data.bySeat[0]!.score).toMatchObject({ mean: 6.5, median: 6.5, min: 4, max: 9 });
  });

  it("follows the lead in played games: every game with a sole leader at two thirds counted once", () => {
    const bots = [parseBotSpec("random"), parseBotSpec("random")];
    const tally = playChunk(gemAuction, { players: 2, variants: [], seed: 3, bots, leads: true }, { start: 0, end: 40 });
    expect(tally.completed).toBe(40);
    expect(tally.leadChanges.reduce((n, [, games]) => n + games, 0)).toBe(40);
    expect(tally.leaderGames).toBeGreaterThan(0);
    expect(tally.leaderGames).toBeLessThanOrEqual(40);
    // Without `leads` nothing is followed.
    const unfollowed = playChunk(gemAuction, { players: 2, variants: [], seed: 3, bots }, { start: 0, end: 40 });
    expect(unfollowed).toMatchObject({ leadChanges: [], leaderGames: 0, lengths: tally.lengths, scores: tally.scores });
  });
});

describe("the first player", () => {
  const forSale = games["for-sale"]!;

  it("is the first seat to act, which For Sale draws: the seat each new match asks first", () => {
    const firsts = Array.from({ length: 30 }, (_, seed) => firstToAct(forSale, { players: 4, variants: [], seed }));
    const asked = Array.from({ length: 30 }, (_, seed) => whoMayAct(createMatch(forSale, { players: 4, seed })).players);
    expect(firsts).toEqual(asked.map((seats) => seats[0]));
    expect(asked.every((seats) => seats.length === 1)).toBe(true);
    // Drawn: not always seat 0.
    expect(new Set(firsts).size).toBeGreaterThan(1);
  });

  it("is counted in played games, and the page says it goes by turn order", async () => {
    const options = { players: 3, variants: [], seed: 5, leads: true };
    const tally = playChunk(forSale, options, { start: 0, end: 24 });
    expect(tally.completed).toBe(24);
    // Each game's first seat, found again from the game's own seed (as the run draws it).
    const expected = [0, 0, 0];
    for (let i = 0; i < 24; i++) expected[whoMayAct(createMatch(forSale, { players: 3, seed: gameRng(5, i).int(2 ** 31) })).players[0]!]! += 1;
    expect(tally.firstBySeat).toEqual(expected);
    expect(expected.filter((n) => n > 0).length).toBeGreaterThan(1);
    const dir = await mkdtemp(join(tmpdir(), "rules-first-"));
    const data = reportData({ ...setting, game: "for-sale", title: "For Sale", players: 3, seats: 3, bots: ["random", "random", "random"], games: 24 }, tally);
    await writeReport(data, join(dir, "report.html"));
    const html = await readFile(join(dir, "report.html"), "utf8");
    expect(html).toContain("first player (by turn order) win rate");
    expect(html).toContain("the first seat to act (the first asked alone), not seat 0");
    expect(html).not.toContain("(seat 0)");
  });
});

/** The JSON value a `data-figure` names (`bySeat.0.winRate.rate`), as the page prints it. */
function expectedText(data: ReportData, figure: string): string {
  const path = figure.split(".");
  const last = path[path.length - 1]!;
  const parent = path.slice(0, -1).reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], data) as Record<string, unknown>;
  if (last === "interval") return `${percent(parent["low"] as number)} – ${percent(parent["high"] as number)}`;
  const value = parent[last];
  if (typeof value === "string") return value;
  if (figure === "firstPlayer.advantage") return `${(value as number) >= 0 ? "+" : ""}${((value as number) * 100).toFixed(1)} points`;
  if (last === "rate" || last === "fairShare") return percent(value as number);
  if (["mean", "median", "sd"].includes(last)) return decimal(value as number);
  return String(value);
}

describe("the report page", () => {
  it("shows each marked figure as the JSON has it, embeds that JSON, and draws four SVG plots", async () => {
    const bots = [parseBotSpec("mcts:10"), parseBotSpec("random")];
    const tally = playChunk(gemAuction, { players: 2, variants: [], seed: 3, bots, leads: true }, { start: 0, end: 12 });
    expect(tally.completed).toBe(12);
    const data = reportData({ ...setting, games: 12, seed: 3 }, tally);
    // Win shares of all seats add up to one win per game.
    expect(data.bySeat.reduce((sum, s) => sum + s.winRate.rate, 0)).toBeCloseTo(1, 10);

    const folder = await mkdtemp(join(tmpdir(), "rules-report-"));
    const written = await writeReport(data, join(folder, "gems.html"));
    const html = await readFile(written.html, "utf8");
    expect(JSON.parse(await readFile(written.json, "utf8"))).toEqual(data);

    const embedded = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(embedded![1]!)).toEqual(data);
    const cells = [...html.matchAll(/<td data-figure="([^"]+)">([^<]*)<\/td>/g)];
    // Two seats of seven figures each (bot, rate, interval, mean, sd, min, max), six balance figures,
    // two rows of five summaries.
    expect(cells).toHaveLength(2 * 7 + 6 + 2 * 5);
    for (const [, figure, text] of cells) expect(text, figure).toBe(expectedText(data, figure!));

    for (const id of ["win-rates", "scores", "length", "lead-changes"]) expect(html).toContain(`<figure id="plot-${id}"><svg`);
    expect(html.match(/<svg/g)).toHaveLength(4);
    // Self-contained: nothing is loaded from elsewhere.
    expect(html).not.toMatch(/<script[^>]+src=|<link |<img /);
  });
});
