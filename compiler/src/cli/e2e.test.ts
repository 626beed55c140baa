// End to end: the built `rules` command (compiler/dist/cli/main.js) in the repository, where a
// game's id means its rules in rules/ (compiled in memory). Needs `npx tsc -b` to have run.

import { execFile, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const main = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

function rules(...args: string[]): Promise<{ status: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [main, ...args], { cwd: root, timeout: 60_000 }, (error, out, err) => {
      done({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, out, err });
    });
  });
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("rules simulate", () => {
  it("prints one JSON summary of random For Sale games", async () => {
    const { status, out, err } = await rules(
      "simulate",
      "for-sale",
      "--players",
      "4",
      "--games",
      "20",
      "--seed",
      "1",
      "--json",
    );
    expect(err).toBe("");
    expect(status).toBe(0);
    const summary = JSON.parse(out);
    expect(summary).toMatchObject({ game: "for-sale", players: 4, games: 20, seed: 1, errors: 0 });
    // With 4 players 28 properties and 28 currency cards are used: 7 auctions, each needing at
    // least 3 passes, and 7 sales of 4 secret choices, so at least 7 * 3 + 28 = 49 decisions.
    // Coins only ever go to the bank while buying, so no bid exceeds 18: at most 18 raises an auction.
    expect(summary.minDecisions).toBeGreaterThanOrEqual(49);
    expect(summary.maxDecisions).toBeLessThanOrEqual(7 * (18 + 3) + 28);
    expect(summary.minDecisions).toBeLessThanOrEqual(summary.meanDecisions);
    expect(summary.meanDecisions).toBeLessThanOrEqual(summary.maxDecisions);
    expect(summary.winRateBySeat).toHaveLength(4);
    expect(sum(summary.winRateBySeat)).toBeCloseTo(1, 10);
    // Scores are currency plus coins: the 28 dealt currency cards are worth 238 less the two
    // removed ones (0 to 30), and the players' coins are 0 to the 72 they start with.
    expect(summary.meanScoreBySeat).toHaveLength(4);
    expect(sum(summary.meanScoreBySeat)).toBeGreaterThanOrEqual(208);
    expect(sum(summary.meanScoreBySeat)).toBeLessThanOrEqual(238 + 72);
  });

  it("names the known games when the game is unknown, with exit 2", async () => {
    const { status, err } = await rules("simulate", "monopoly", "--players", "4", "--games", "1");
    expect(status).toBe(2);
    expect(err).toMatch(/unknown game 'monopoly'; known games: .*for-sale/);
  });

  it("refuses a player count the game does not allow, with exit 2", async () => {
    const { status, err } = await rules("simulate", "for-sale", "--players", "7", "--games", "1");
    expect(status).toBe(2);
    expect(err).toContain("For Sale is for 3 to 6 players, not 7");
  });
});

describe("rules bench", () => {
  it("prints one JSON object with the playout rate", async () => {
    const { status, out } = await rules("bench", "for-sale", "--players", "4", "--seconds", "0.3", "--json");
    expect(status).toBe(0);
    const result = JSON.parse(out);
    expect(result).toMatchObject({ game: "for-sale", players: 4 });
    expect(result.playouts).toBeGreaterThanOrEqual(1);
    expect(result.seconds).toBeGreaterThanOrEqual(0.3);
    expect(result.playoutsPerSec).toBeCloseTo(result.playouts / result.seconds, 6);
    expect(result.meanDecisions).toBeGreaterThanOrEqual(49);
  });
});

describe("rules demo", () => {
  it("narrates a For Sale match between 4 bots and names the winners", async () => {
    const { status, out } = await rules("demo");
    expect(status).toBe(0);
    expect(out).toContain("== For Sale (for-sale): 4 random bots, seed 1 ==");
    expect(out).toMatch(/seat \d sells card Property \d+/);
    expect(out).toMatch(/^Winners?: seat \d/m);
  });
});

describe("rules check", () => {
  it("finds no problem in the For Sale rules", async () => {
    const { status, out } = await rules("check", "rules/for-sale.rules");
    expect(status).toBe(0);
    expect(out).toContain("rules/for-sale.rules: no problems");
  });

  it("checks each game of the rules folder on its own", async () => {
    // Not as one game: three headers and their shared names would be duplicate definitions.
    const { status, out } = await rules("check", "rules/");
    expect(out).toBe(
      "rules/for-sale.rules: no problems\nrules/freak-shop.rules: no problems\nrules/lady-richmond.rules: no problems\n",
    );
    expect(status).toBe(0);
  });
});

describe("rules play", () => {
  it("plays a whole game of For Sale with answers written to a pipe as the questions come", async () => {
    const child = spawn(process.execPath, [main, "play", "for-sale", "--players", "3", "--seed", "2"], { cwd: root });
    let out = "";
    let answered = 0;
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      out += chunk;
      // A question ends the output so far with ": " and waits for a line.
      if (!out.endsWith(": ") || out.length === answered) return;
      answered = out.length;
      const menu = out.slice(out.lastIndexOf("Your moves:"));
      // Always pass in the auctions; sell the first property listed.
      child.stdin.write(out.endsWith("]: ") && /\d\) pass/.test(menu) ? "pass\n" : "1\n");
    });
    const status = await new Promise<number | null>((done) => child.on("close", done));
    expect(status).toBe(0);
    expect(out).toContain("For Sale: 3 players, you are seat 0, seed 2");
    expect(out).toContain("you pass");
    expect(out).toMatch(/you sell card Property \d+/);
    expect(out).toContain("Game over.");
    expect(out).toMatch(/^Winners?: /m);
  });
});
