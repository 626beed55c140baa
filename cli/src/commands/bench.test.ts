// `rules bench`, run as a designer runs it: the built command (cli/dist/commands/main.js, so `npx tsc -b`
// first) on rules files of their own in an empty folder, each engine measured in child processes.
// Rates depend on the machine: only their presence and the games played are checked, never a speed.

import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { compileGame } from "@rules/compiler";

const main = fileURLToPath(new URL("../../dist/commands/main.js", import.meta.url));

// A game the kernel writer handles: 30 coins, 1 to 3 taken per turn until 3 or fewer are left, so
// a game takes 9 to 27 decisions.
const COINS = `game "Coin Race" {
  players 2..4
  variant quick "take 1 to 6"
}

per player var coins: int public = 0 "coins"
var pile: int public = 30 "coins in the pile"
var turn: player public = 0

flow {
  while pile > 3 {
    ask turn {
      take(amount in 1..(if variant(quick) then 6 else 3)) "take {amount}" {
        coins[turn] += amount
        pile -= amount
      }
    }
    turn = next(turn)
  }
}

score p: coins[p]
`;

// A game with what the kernel writer lacks (a die, a variant): measured on its state machine alone.
const DICE = `game "Dice Race" {
  players 2..3
  variant long "to 40"
}

per player var points: int public = 0 "points"
var turn: player public = 0

flow {
  while points[turn] < (if variant(long) then 40 else 20) {
    turn = next(turn)
    ask turn {
      roll_die "roll the die" {
        points[turn] += roll(6)
      }
      stop "stop" {
      }
    }
  }
  // A pause, which the kernel writer does not write yet: this game has no kernel.
  pause "the scores"
}

score p: points[p]
`;

let folder = "";

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "rules-bench-"));
  await writeFile(join(folder, "coins.rules"), COINS);
  await writeFile(join(folder, "dice.rules"), DICE);
});

function rules(...args: string[]): Promise<{ status: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [main, ...args], { cwd: folder, timeout: 120_000 }, (error, out, err) => {
      done({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, out, err });
    });
  });
}

const QUICK = ["--seconds", "0.05", "--rounds", "2"];

describe("rules bench", () => {
  it("measures the kernel and the state machine of a designer's rules file, playing the same games", async () => {
    const { status, out, err } = await rules("bench", "coins.rules", "--players", "3", ...QUICK, "--json");
    expect(err).toBe("");
    expect(status).toBe(0);
    const report = JSON.parse(out);
    // Warmed up for twice the timed seconds by default.
    expect(report).toMatchObject({ game: "coins", title: "Coin Race", players: 3, rounds: 2, secondsPerRound: 0.05, warmUpSeconds: 0.1, noKernel: null, sameGames: true });
    for (const engine of [report.kernel, report.stateMachine]) {
      expect(engine.playoutsPerSec).toBeGreaterThan(0);
      expect(engine.roundPlayoutsPerSec).toHaveLength(2);
      // At least the checked first playouts in each round.
      expect(engine.playouts).toBeGreaterThanOrEqual(2 * 16);
      expect(engine.meanDecisions).toBeGreaterThanOrEqual(9);
      expect(engine.meanDecisions).toBeLessThanOrEqual(27);
    }
    expect(report.ratio).toBeGreaterThan(0);
    expect(report.loadAverage).toHaveLength(3);
  }, 120_000);

  it("warms each engine up for the CPU time --warm-up gives, before timing it", async () => {
    const started = performance.now();
    const { status, out } = await rules("bench", "coins.rules", "--players", "3", ...QUICK, "--warm-up", "0.3", "--json");
    const elapsed = (performance.now() - started) / 1000;
    expect(status).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ warmUpSeconds: 0.3, sameGames: true });
    // Two engines, two rounds, each process playing 0.3 s of CPU untimed before its 0.05 s: at least
    // 0.2 s of the wall clock each, should V8's compiler threads have run beside it on another core
    // (by default the four would warm up for 0.4 s in all).
    expect(elapsed).toBeGreaterThanOrEqual(4 * 0.2);
    const text = (await rules("bench", "coins.rules", "--seconds", "0.05", "--rounds", "1", "--warm-up", "0.1")).out;
    expect(text).toMatch(/^Coin Race \(coins\), 2 players: 1 round × 0\.05 s per engine after 0\.1 s of warm-up/);
  }, 120_000);

  it("refuses a negative warm-up", async () => {
    const { status, err } = await rules("bench", "coins.rules", "--warm-up", "-1");
    expect(status).not.toBe(0);
    expect(err).toContain("--warm-up");
  });

  it("plays a variant in both engines: the same, shorter games", async () => {
    const { status, out } = await rules("bench", "coins.rules", "--players", "3", "--variant", "quick", ...QUICK, "--json");
    expect(status).toBe(0);
    const report = JSON.parse(out);
    expect(report.sameGames).toBe(true);
    // 1 to 6 coins a turn (3.5 on average) from 27 to take: 5 to 27 decisions, fewer than the plain game's 9 to 27.
    for (const engine of [report.kernel, report.stateMachine]) {
      expect(engine.meanDecisions).toBeGreaterThanOrEqual(5);
      expect(engine.meanDecisions).toBeLessThan(12);
    }
  }, 120_000);

  it("prints a row per engine and the load average", async () => {
    const { status, out } = await rules("bench", "coins.rules", ...QUICK);
    expect(status).toBe(0);
    expect(out).toMatch(/^Coin Race \(coins\), 2 players: 2 rounds × 0\.05 s per engine/);
    expect(out).toMatch(/^load average [\d.]+ [\d.]+ [\d.]+ on \d+ CPUs/m);
    expect(out).toMatch(/^playout kernel +[\d,]+ +\d+\.\d$/m);
    expect(out).toMatch(/^state machine +[\d,]+ +\d+\.\d$/m);
    expect(out).toMatch(/^kernel ÷ state machine: \d+\.\d\d/m);
  }, 120_000);

  it("says why a game has no kernel, in the kernel writer's words, and measures its state machine", async () => {
    const compiled = await compileGame("dice", [{ path: "dice.rules", text: DICE }]);
    const note = compiled.notes?.find((n) => n.includes("no playout kernel"));
    expect(note, "the test game must be one the kernel writer refuses").toBeDefined();
    const reason = note!.slice(note!.lastIndexOf("): ") + 3);
    const { status, out } = await rules("bench", "dice.rules", "--variant", "long", ...QUICK);
    expect(status).toBe(0);
    expect(out).toContain(`no playout kernel: ${reason}`);
    expect(out).toMatch(/^state machine +[\d,]+ /m);
    expect(out).not.toMatch(/^playout kernel/m);
    const json = JSON.parse((await rules("bench", "dice.rules", ...QUICK, "--json")).out);
    expect(json).toMatchObject({ game: "dice", kernel: null, ratio: null, noKernel: reason });
    expect(json.stateMachine.playoutsPerSec).toBeGreaterThan(0);
  }, 120_000);

  it("measures every game of a folder, one JSON object per line", async () => {
    const { status, out } = await rules("bench", ".", "--seconds", "0.05", "--rounds", "1", "--json");
    expect(status).toBe(0);
    expect(out.trim().split("\n").map((line) => JSON.parse(line).game).sort()).toEqual(["coins", "dice"]);
  }, 120_000);

  it("refuses bad input with a clear message and no stack", async () => {
    for (const [args, message] of [
      [["missing.rules"], "cannot read missing.rules"],
      [["coins.rules", "--players", "7"], "Coin Race is for 2 to 4 players, not 7"],
      [["coins.rules", "--rounds", "0"], "--rounds must be at least 1"],
      [["dice.rules", "--variant", "short"], "Dice Race has no such variant"],
    ] as const) {
      const { status, out, err } = await rules("bench", ...args);
      expect(status, args.join(" ")).toBe(2);
      expect(out).toBe("");
      expect(err).toContain(message);
      expect(err).not.toMatch(/^\s+at /m);
    }
  }, 120_000);
});
