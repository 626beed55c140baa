import { games } from "@rules/generated";
import { GameFault, type Game } from "@rules/runtime/internal";
import { parseBotSpec } from "@rules/runtime/search";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { narrateMatch } from "./demo.js";
import { gemAuction } from "./fake-game.js";
import { recordingIo } from "./io.js";
import { renderSummary, simulate } from "./simulate.js";

// Gem Auction always takes the same number of decisions: each player takes 2 gems, bets once and
// shows once, so 4 per player.
const DECISIONS_PER_PLAYER = 4;

describe("simulate", () => {
  it("counts decisions, shares win rates and averages scores over the games", () => {
    const summary = simulate(gemAuction, { players: 3, seed: 7 }, 50);
    expect(summary).toMatchObject({
      game: "gems",
      players: 3,
      games: 50,
      seed: 7,
      completed: 50,
      errors: 0,
      errorMessages: [],
    });
    expect([summary.minDecisions, summary.meanDecisions, summary.maxDecisions]).toEqual([12, 12, 12]);
    expect(summary.winRateBySeat).toHaveLength(3);
    expect(summary.winRateBySeat.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    // Coins never leave the table (9 in all) and the three shown gems are worth 6 to 15.
    const total = summary.meanScoreBySeat.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(9 + 6);
    expect(total).toBeLessThanOrEqual(9 + 15);
  });

  it("gives the same summary for the same seed", () => {
    expect(simulate(gemAuction, { players: 2, seed: 3 }, 20)).toEqual(
      simulate(gemAuction, { players: 2, seed: 3 }, 20),
    );
  });

  it("counts a shared win as 1/k to each of the k winners", () => {
    const allTie = { ...gemAuction, scores: () => [[1], [1], [1]] };
    const summary = simulate(allTie, { players: 3, seed: 1 }, 4);
    summary.winRateBySeat.forEach((rate) => expect(rate).toBeCloseTo(1 / 3, 10));
  });

  it("counts games that break with a GameFault and keeps their first messages", () => {
    const broken = {
      ...gemAuction,
      apply: () => {
        throw new GameFault("fault/test", "the pot went negative");
      },
    };
    const summary = simulate(broken, { players: 2, seed: 1 }, 7);
    expect(summary.errors).toBe(7);
    expect(summary.completed).toBe(0);
    expect(summary.errorMessages).toHaveLength(5);
    expect(summary.errorMessages[0]).toMatch(/^game 1 \(seed \d+\): fault\/test: the pot went negative$/);
    expect(renderSummary(broken, summary)).toContain("errors: 7 (none of the 7 games completed)");
    // No game ended: no made-up "mean 0.0" decisions, and no table of zeros.
    expect(renderSummary(broken, summary)[1]).toBe("no game ended: every one broke (see the faults below)");
    expect(renderSummary(broken, summary).some((line) => line.includes("win rate"))).toBe(false);
  });

  it("groups faulted games apart by the rule that broke, with its place and line", () => {
    const rule = { file: "rules/gems.rules", line: 12, column: 5, text: "deal 8 from bag to hand[p]" };
    let calls = 0;
    const broken = {
      ...gemAuction,
      apply: (...args: Parameters<typeof gemAuction.apply>) => {
        // Every third game breaks at the rules' deal; the others play on.
        if (calls++ % 3 === 0) throw new GameFault("fault/not-enough-cards", "cannot deal 8 cards from bag: it holds 3", rule);
        return gemAuction.apply(...args);
      },
    };
    const summary = simulate(broken, { players: 2, seed: 1 }, 6);
    expect(summary.faults).toHaveLength(1);
    expect(summary.faults[0]).toMatchObject({ code: "fault/not-enough-cards", rule: "rules/gems.rules:12:5", text: "deal 8 from bag to hand[p]", count: summary.errors });
    const lines = renderSummary(broken, summary);
    expect(lines).toContain(`  ${summary.errors} × rules/gems.rules:12:5: fault/not-enough-cards: cannot deal 8 cards from bag: it holds 3 (first: game 1, seed ${summary.faults[0]!.firstSeed})`);
    expect(lines).toContain("      deal 8 from bag to hand[p]");
  });

  it("reports a progress bar only through the status line it is given", () => {
    const shown: string[] = [];
    simulate(gemAuction, { players: 2, seed: 1 }, 4, (text) => shown.push(text));
    expect(shown).toEqual([
      "[########······················] 1/4 games",
      "[###############···············] 2/4 games",
      "[#######################·······] 3/4 games",
      "[##############################] 4/4 games",
      "",
    ]);
  });
});

describe("renderSummary", () => {
  it("prints decisions, how the games ended, a row per seat and the tie rule", () => {
    const lines = renderSummary(gemAuction, {
      game: "gems",
      players: 2,
      variants: [],
      games: 10,
      seed: 1,
      bots: ["random", "random"],
      completed: 10,
      ends: [
        { rule: "rules/gems.rules:30:5", text: "end game", games: 7 },
        { rule: null, text: null, games: 3 },
      ],
      unfinished: 2,
      maxDecisionsCap: 100,
      meanDecisions: 8,
      medianDecisions: 8,
      p90Decisions: 8,
      minDecisions: 8,
      maxDecisions: 8,
      winRateBySeat: [0.75, 0.25],
      meanScoreBySeat: [9.5, 6],
      errors: 0,
      errorMessages: [],
      faults: [],
    });
    expect(lines).toEqual([
      "Gem Auction: 10 games of 2 players, seed 1",
      "decisions per game (over the 10 games that ended): mean 8.0, median 8, 90% within 8, min 8, max 8",
      "how the games ended:",
      "  7  rules/gems.rules:30:5: end game",
      "  3  the flow's end",
      "  2  unfinished: still going after 100 decisions",
      "",
      "seat  win rate  mean score",
      "   0     75.0%        9.50",
      "   1     25.0%        6.00",
      "",
      "(a shared win counts 1/k to each of its k winners)",
      "errors: 0",
    ]);
  });
});

describe("a seat the rules play", () => {
  it("is named for what plays it, in the summary and its table: Foreclosed!'s Merc at two players is no random bot", () => {
    const foreclosed = games.foreclosed as unknown as Game;
    const summary = simulate(foreclosed, { players: 2, seed: 3 }, 2);
    expect(summary.bots).toEqual(["random", "random", "rules (Wealthy Nephew Merc)"]);
    const lines = renderSummary(foreclosed, summary);
    expect(lines[0]).toBe("Foreclosed!: 2 games of 2 players, seed 3");
    expect(lines.find((line) => line.startsWith("2 (Wealthy Nephew Merc)"))).toBeDefined();
  });
});

describe("simulate with search bots", () => {
  it("seats the bots given, names them, and gives the same figures for the same seed", () => {
    const bots = [parseBotSpec("mcts:20"), parseBotSpec("random")];
    const first = simulate(gemAuction, { players: 2, seed: 5 }, 6, undefined, bots);
    expect(first.bots).toEqual(["mcts:20", "random"]);
    expect(first.completed).toBe(6);
    expect(simulate(gemAuction, { players: 2, seed: 5 }, 6, undefined, bots)).toEqual(first);
  });

  it("prints each seat's bot and its win rate's 95% interval", () => {
    const lines = renderSummary(gemAuction, {
      game: "gems",
      players: 2,
      variants: [],
      games: 10,
      seed: 1,
      bots: ["mcts:100", "random"],
      completed: 10,
      ends: [{ rule: null, text: null, games: 10 }],
      unfinished: 0,
      maxDecisionsCap: 100,
      meanDecisions: 8,
      medianDecisions: 8,
      p90Decisions: 8,
      minDecisions: 8,
      maxDecisions: 8,
      winRateBySeat: [0.5, 0.5],
      meanScoreBySeat: [9.5, 6],
      errors: 0,
      errorMessages: [],
      faults: [],
    });
    // Wilson's interval for 5 of 10 is 23.7%–76.3% (a textbook value: p = 0.5, n = 10, z = 1.96).
    expect(lines.slice(0, 8)).toEqual([
      "Gem Auction: 10 games of 2 players, seed 1, bots mcts:100, random",
      "decisions per game (over the 10 games that ended): mean 8.0, median 8, 90% within 8, min 8, max 8",
      "how the games ended:",
      "  10  the flow's end",
      "",
      "seat  bot       win rate  95% interval  mean score",
      "   0  mcts:100     50.0%  23.7–76.3%          9.50",
      "   1  random       50.0%  23.7–76.3%          6.00",
    ]);
  });
});

describe("narrateMatch", () => {
  it("narrates a seeded bot match a line per move, then the standing", () => {
    const io = recordingIo(Readable.from([]));
    narrateMatch(gemAuction, 1, io);
    const lines = io.stdout.trimEnd().split("\n");
    // Gem Auction allows 2 or 3 players, so the demo seats 3.
    expect(lines[0]).toBe("== Gem Auction (gems): 3 random bots, seed 1 ==");
    const moves = lines.filter((l) => /^ +\d+\. seat \d /.test(l));
    expect(moves).toHaveLength(3 * DECISIONS_PER_PLAYER);
    expect(moves.slice(0, 6).every((l) => / takes Gem \d$/.test(l))).toBe(true);
    expect(lines).toContain("Game over after 12 moves.");
    expect(lines.some((l) => /^Winners?: seat \d/.test(l))).toBe(true);
    const again = recordingIo(Readable.from([]));
    narrateMatch(gemAuction, 1, again);
    expect(again.stdout).toBe(io.stdout);
  });
});
