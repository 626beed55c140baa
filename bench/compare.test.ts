// `npm run bench:compare` measures two checkouts only when each loads its own compiled games: a copy
// whose node_modules is a link to another checkout's would measure that checkout against itself. Each
// measurement warms up for the CPU time asked for (--warm-up), or by default twice its time, at most 2 s.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { THIS_CHECKOUT, notOwnBuild } from "./measure.js";

const scratch = mkdtempSync(join(tmpdir(), "bench-compare-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A folder that looks built (its bench/dist/engine-process.js exists), node_modules as given. */
function builtCopy(name: string, nodeModules: (folder: string) => void): string {
  const folder = join(scratch, name);
  mkdirSync(join(folder, "bench", "dist"), { recursive: true });
  writeFileSync(join(folder, "bench", "dist", "engine-process.js"), "");
  nodeModules(folder);
  return folder;
}

function compare(...args: string[]) {
  return spawnSync(process.execPath, [join(THIS_CHECKOUT, "bench", "dist", "compare.js"), ...args], { cwd: THIS_CHECKOUT, encoding: "utf8" });
}

describe("which checkouts can be a baseline", () => {
  test("this checkout, built with its own packages, can", () => {
    expect(notOwnBuild(THIS_CHECKOUT)).toBeNull();
  });

  test("a copy whose node_modules is a link to this checkout's cannot: it would load this checkout's games", () => {
    const linked = builtCopy("linked", (folder) => symlinkSync(join(THIS_CHECKOUT, "node_modules"), join(folder, "node_modules")));
    expect(notOwnBuild(linked)).toMatch(/loads @rules\/runtime from .*: give it node_modules of its own/);
  });

  test("a copy with its own @rules links, pointing into another checkout, cannot", () => {
    const elsewhere = builtCopy("elsewhere", (folder) => {
      mkdirSync(join(folder, "node_modules", "@rules"), { recursive: true });
      mkdirSync(join(folder, "runtime"));
      symlinkSync(join(folder, "runtime"), join(folder, "node_modules", "@rules", "runtime"));
      symlinkSync(join(THIS_CHECKOUT, "generated"), join(folder, "node_modules", "@rules", "generated"));
    });
    expect(notOwnBuild(elsewhere)).toMatch(/loads @rules\/generated from /);
  });

  test("a folder that is not built, or not there, cannot", () => {
    const unbuilt = join(scratch, "unbuilt");
    mkdirSync(unbuilt);
    expect(notOwnBuild(unbuilt)).toMatch(/has no bench\/dist\/engine-process\.js: build it first/);
    expect(notOwnBuild(join(scratch, "missing"))).toMatch(/is not a folder here/);
  });
});

describe("npm run bench:compare", () => {
  test("refuses a baseline that is not its own build, with the reason and exit status 2", () => {
    const linked = builtCopy("refused", (folder) => symlinkSync(join(THIS_CHECKOUT, "node_modules"), join(folder, "node_modules")));
    const run = compare("--baseline", linked, "--only", "for-sale:3", "--rounds", "1", "--seconds", "0.05");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("give it node_modules of its own");
    expect(run.stdout).toBe("");
  });

  test("says so when a baseline built before --warm-up would ignore it, rather than measure it warmed up otherwise", () => {
    // A build whose engine-process.js reports what a build of before --warm-up reported.
    const old = builtCopy("before-warm-up", (folder) => {
      for (const name of ["runtime", "generated"]) mkdirSync(join(folder, "node_modules", "@rules", name), { recursive: true });
    });
    writeFileSync(join(old, "bench", "dist", "engine-process.js"), `console.log(JSON.stringify({ playouts: 100, decisions: 4900, seconds: 0.1, wallSeconds: 0.1, checkedDecisions: 4900 }));\n`);
    const run = compare("--baseline", old, "--only", "for-sale:3", "--rounds", "1", "--seconds", "0.05", "--warm-up", "0.1", "--json");
    expect(run.status, run.stderr).toBe(0);
    const [c] = (JSON.parse(run.stdout) as { cases: { baseline: number[]; missing: string[] }[] }).cases;
    expect(c!.baseline).toEqual([]);
    expect(c!.missing).toEqual([`baseline: ${old} was built before --warm-up (its engine-process.js warms up as it always did): measure without --warm-up, or build a later commit there`]);
  });

  test("refuses a warm-up that is not a number of seconds", () => {
    const run = compare("--baseline", THIS_CHECKOUT, "--only", "for-sale:3", "--warm-up", "soon");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--warm-up soon is not valid");
  });

  test("against itself: both checkouts measured every round, the same games, a paired ratio", () => {
    const run = compare("--baseline", THIS_CHECKOUT, "--only", "for-sale:3", "--rounds", "2", "--seconds", "0.05", "--warm-up", "0.1", "--json");
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { warmUpSeconds: number; cases: { game: string; players: number; baseline: number[]; current: number[]; pairedRatio: number; ahead: number; sameGames: boolean; missing: string[] }[] };
    expect(report.cases.map((c) => [c.game, c.players])).toEqual([["for-sale", 3]]);
    expect(report.warmUpSeconds).toBe(0.1);
    const [c] = report.cases;
    expect(c!.missing).toEqual([]);
    expect(c!.baseline).toHaveLength(2);
    expect(c!.current).toHaveLength(2);
    expect(c!.sameGames).toBe(true);
    expect(c!.pairedRatio).toBeGreaterThan(0);
    expect(c!.ahead).toBeLessThanOrEqual(2);
  }, 60_000);
});

describe("a measurement's warm-up", () => {
  /** engine-process.js's report, with the arguments after the seed as given. */
  const measured = (...rest: string[]) => {
    const run = spawnSync(process.execPath, [join(THIS_CHECKOUT, "bench", "dist", "engine-process.js"), "generated", "for-sale", "3", "0.1", "1", ...rest], { cwd: THIS_CHECKOUT, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as { warmUpSeconds: number; playouts: number };
  };

  test("is twice the measured time, at most 2 s, unless told: here 0.2 s", () => {
    const m = measured("");
    expect(m.warmUpSeconds).toBeGreaterThanOrEqual(0.2);
    expect(m.warmUpSeconds).toBeLessThan(0.5);
  });

  test("lasts the CPU time asked for: 0.4 s", () => {
    const m = measured("", "0.4");
    expect(m.warmUpSeconds).toBeGreaterThanOrEqual(0.4);
    expect(m.warmUpSeconds).toBeLessThan(0.7);
    expect(m.playouts).toBeGreaterThan(0);
  });
});
