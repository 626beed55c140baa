// `npm run bench:warm-up` plays each engine from a cold start and reads how its rate grows: the
// arithmetic of the curve (medians per slice, the settled rate, from when it stays near it) on slices
// made by hand, a real run's report, and its refusals.

import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { THIS_CHECKOUT } from "./measure.js";
import { deoptimizations } from "./deopt-trace.js";
import { medianCurve, settledRate, staysFrom } from "./settling.js";

function warmUp(...args: string[]) {
  return spawnSync(process.execPath, [join(THIS_CHECKOUT, "bench", "dist", "warm-up.js"), ...args], { cwd: THIS_CHECKOUT, encoding: "utf8" });
}

describe("the curve's arithmetic", () => {
  test("per slice, the median over the processes of the rate and of where the slice ended; the shortest process ends the curve", () => {
    const runs = [
      [{ at: 0.5, playouts: 100, seconds: 0.5 }, { at: 1.0, playouts: 400, seconds: 0.5 }, { at: 1.5, playouts: 450, seconds: 0.5 }],
      [{ at: 0.6, playouts: 60, seconds: 0.6 }, { at: 1.1, playouts: 300, seconds: 0.5 }],
      [{ at: 0.4, playouts: 120, seconds: 0.4 }, { at: 0.9, playouts: 500, seconds: 0.5 }, { at: 1.4, playouts: 500, seconds: 0.5 }],
    ];
    // Rates of the first slice: 200, 100, 300 a second; of the second: 800, 600, 1000.
    expect(medianCurve(runs)).toEqual([
      { at: 0.5, rate: 200 },
      { at: 1.0, rate: 800 },
    ]);
  });

  test("the settled rate is the median of the last quarter of the slices, and at least the last", () => {
    expect(settledRate([10, 50, 90, 96, 100, 104, 98, 102])).toBe(100); // the median of 98 and 102 (the last 2 of 8)
    expect(settledRate([10, 20, 30])).toBe(30);
  });

  test("it stays near the settled rate from the first slice after which no slice falls below the fraction", () => {
    // 95% of 100 is 95: the slice at index 4 dips to 90, so the curve stays near from index 5.
    expect(staysFrom([10, 96, 97, 99, 90, 98, 100, 101], 100, 0.95)).toBe(5);
    expect(staysFrom([96, 97, 99], 100, 0.95)).toBe(0);
    expect(staysFrom([96, 97, 80], 100, 0.95)).toBeNull();
  });
});

describe("V8's --trace-deopt read", () => {
  test("counts each function's deoptimizations, an anonymous one as such, and skips every other line", () => {
    const printed = [
      "[bailout (kind: deopt-eager, reason: Insufficient type feedback for compare operation): begin. deoptimizing 0x2e39 <JSFunction decide434 (sfi = 0x18dd)>, 0x1f39 <Code TURBOFAN>, opt id 115, bytecode offset 239, deopt exit 48, FP to SP delta 136]",
      "[bailout end. took 1.954 ms]",
      "[bailout (kind: deopt-eager, reason: lost precision): begin. deoptimizing 0x2e39 <JSFunction decide774 (sfi = 0x18dd)>, 0x0a0b <Code TURBOFAN>, opt id 96]",
      "            ;;; deoptimize at <file:///x/playout.js:7297:38>",
      "[bailout (kind: deopt-soft, reason: Insufficient type feedback for call): begin. deoptimizing 0x2e39 <JSFunction decide434 (sfi = 0x18dd)>, 0x1f39 <Code TURBOFAN>]",
      "[bailout (kind: deopt-eager, reason: not a Smi): begin. deoptimizing 0x07d4 <JSFunction (sfi = 0x7d41)>, 0x34c5 <Code TURBOFAN>]",
      '{"slices":[]}',
    ].join("\n");
    expect([...deoptimizations(printed)]).toEqual([
      ["decide434", 2],
      ["decide774", 1],
      ["(anonymous)", 1],
    ]);
  });
});

describe("npm run bench:warm-up", () => {
  test("For Sale at 3 players: both engines from a cold start, slice by slice, settled rates and the ratio", () => {
    const run = warmUp("--only", "for-sale:3", "--seconds", "0.6", "--slice", "0.2", "--rounds", "2", "--json");
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as {
      rounds: number;
      slice: number;
      cases: { game: string; players: number; missing: string[]; engines: { engine: string; curve: { at: number; rate: number }[]; settled: number; nearFrom: number | null }[] }[];
    };
    expect(report.rounds).toBe(2);
    expect(report.cases.map((c) => [c.game, c.players])).toEqual([["for-sale", 3]]);
    const [c] = report.cases;
    expect(c!.missing).toEqual([]);
    expect(c!.engines.map((e) => e.engine)).toEqual(["reference", "generated"]);
    for (const e of c!.engines) {
      // 0.6 s of CPU in slices of 0.2 s: three on an idle machine, more on a busy one (a slice is cut
      // on the wall clock, and holds less CPU time when the process waits its turn).
      expect(e.curve.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < e.curve.length; i++) expect(e.curve[i]!.at).toBeGreaterThan(e.curve[i - 1]!.at);
      expect(e.curve.every((s) => s.rate > 0)).toBe(true);
      expect(e.settled).toBe(settledRate(e.curve.map((s) => s.rate)));
    }
  }, 60_000);

  test("the table names the engines, the settled rates and where each stays near its own", () => {
    const run = warmUp("--only", "for-sale:3", "--seconds", "0.4", "--slice", "0.2", "--rounds", "1");
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/For Sale, 3 players: playouts per CPU second from a cold start, by slice of 0\.2 s; one process per engine/);
    expect(run.stdout).toMatch(/CPU s\s+reference\s+kernel\s+kernel\/ref/);
    expect(run.stdout).toMatch(/settled\s+[\d,]+\s+[\d,]+\s+\d\.\d\d/);
    expect(run.stdout).toMatch(/within 5% of its settled rate: reference (from [\d.]+ s|never), kernel (from [\d.]+ s|never)/);
  }, 60_000);

  test("with --deopts, how often each engine's optimized code was thrown away, read from its process's trace", () => {
    const run = warmUp("--only", "for-sale:3", "--seconds", "0.4", "--slice", "0.2", "--rounds", "1", "--deopts", "--json");
    expect(run.status, run.stderr).toBe(0);
    const [c] = (JSON.parse(run.stdout) as { cases: { engines: { engine: string; deopts: { perProcess: number; byFunction: [string, number][] } | null }[] }[] }).cases;
    for (const e of c!.engines) {
      expect(e.deopts).not.toBeNull();
      const { perProcess, byFunction } = e.deopts!;
      expect(Number.isInteger(perProcess) && perProcess >= 0).toBe(true);
      // One process: the functions listed are at most all of its deoptimizations.
      expect(byFunction.reduce((sum, [, n]) => sum + n, 0)).toBeLessThanOrEqual(perProcess);
      expect(byFunction.length).toBeLessThanOrEqual(5);
    }
    const plain = JSON.parse(warmUp("--only", "for-sale:3", "--seconds", "0.2", "--slice", "0.2", "--rounds", "1", "--json").stdout) as { cases: { engines: { deopts: unknown }[] }[] };
    expect(plain.cases[0]!.engines.map((e) => e.deopts)).toEqual([null, null]);
  }, 60_000);

  test("refuses a slice longer than the run, a slice of nothing and an unknown case, with the usage and exit status 2", () => {
    for (const [args, reason] of [
      [["--seconds", "1", "--slice", "2"], "--slice 2 is not valid"],
      [["--slice", "0"], "--slice 0 is not valid"],
      [["--only", "chess"], "--only chess matches no case"],
    ] as const) {
      const run = warmUp(...args);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(reason);
      expect(run.stderr).toContain("usage: node bench/dist/warm-up.js");
      expect(run.stdout).toBe("");
    }
  });
});
