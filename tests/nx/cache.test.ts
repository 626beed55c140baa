// The Nx task graph tells the truth: a rule change reaches the tests through compile-rules →
// generated:build → tests:test, never a cached pass of the old build. Proven on a scratch copy of
// the workspace with its own cache, running the For Sale golden scenarios (`tests:test:scenarios`,
// which is tests:test with its inputs and dependencies, on tests/scenarios.test.ts only, so the
// inner run cannot include this file).
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { copyWorkspace, removeWorkspace, runNx, summaryOf, type NxRun } from "./scratch.js";

if (process.env["RULES_NX_INNER_RUN"]) {
  throw new Error("tests/nx/cache.test.ts ran inside its own nested Nx run: the inner target must not include it");
}

const root = fileURLToPath(new URL("../../", import.meta.url));
const scenarios = ["run", "tests:test:scenarios", "--testNamePattern=tests/for-sale/"];
const rulesFile = "rules/for-sale.rules";
const compiledMoves = "generated/for-sale/moves.ts";
const builtMoves = "generated/dist/for-sale/moves.js";
// The rulebook: a passer "gets back half of their bid (rounded down)". The change gives nothing back,
// which tests/for-sale/bidding.scenario refutes (bid 3, pass, 1 back).
const halfBack = "transfer bid[bidder] - bid[bidder] / 2 from coins[bidder] to bank";
const nothingBack = "transfer bid[bidder] from coins[bidder] to bank";
const refutingScenario = "tests/for-sale/bidding.scenario > The rulebook's example: a player who bid 3 and passes gets 1 back";
// Every task of the inner run: the scenarios and what they are built from (bench too: the tests'
// fuzz test reads its hostile inputs from bench/hostile.ts).
const graph = ["runtime:build", "table:build", "server:build", "client:build", "compiler:build", "language-server:build", "cli:build", "generated:compile-rules", "generated:build", "bench:build", "tests:test:scenarios"];

/** The run's output, indented so that its summary line cannot pass for the outer run's. */
const shown = (run: NxRun) => run.output.replace(/^/gm, "  | ");

describe("Nx caching of the compiled games", () => {
  let scratch = "";
  let rules = "";
  let moves = "";
  let built = "";

  beforeAll(async () => {
    scratch = await copyWorkspace(root);
    rules = await readFile(join(scratch, rulesFile), "utf8");
    moves = await readFile(join(scratch, compiledMoves), "utf8");
    const warm = await runNx(scratch, scenarios);
    expect(warm.status, shown(warm)).toBe(0);
    expect([...warm.tasks.keys()].sort(), shown(warm)).toEqual([...graph].sort());
    built = await readFile(join(scratch, builtMoves), "utf8");
  }, 300_000);

  afterAll(async () => {
    if (scratch) await removeWorkspace(scratch);
  });

  test("a rerun with nothing changed is read from the cache", async () => {
    const rerun = await runNx(scratch, scenarios);
    expect(rerun.status, shown(rerun)).toBe(0);
    expect(Object.fromEntries(rerun.tasks), shown(rerun)).toEqual(Object.fromEntries(graph.map((id) => [id, "cache"])));
    expect(summaryOf(rerun.output)?.failed, shown(rerun)).toBe(0);
  }, 300_000);

  test("a rule change a golden scenario refutes fails the rerun: compile, build and test run again", async () => {
    expect(rules).toContain(halfBack);
    await writeFile(join(scratch, rulesFile), rules.replace(halfBack, nothingBack));
    const changed = await runNx(scratch, scenarios);
    expect(changed.status, shown(changed)).not.toBe(0);
    for (const id of ["generated:compile-rules", "generated:build", "tests:test:scenarios"]) {
      expect(changed.tasks.get(id), `${id}\n${shown(changed)}`).toBe("ran");
    }
    expect(changed.output).toContain(refutingScenario);
    expect(summaryOf(changed.output)?.failed, shown(changed)).toBeGreaterThan(0);
    expect(await readFile(join(scratch, compiledMoves), "utf8")).not.toBe(moves);
    expect(await readFile(join(scratch, builtMoves), "utf8")).not.toBe(built);
  }, 300_000);

  test("undoing the change restores the earlier compiled games from the cache, and passes", async () => {
    await writeFile(join(scratch, rulesFile), rules);
    const undone = await runNx(scratch, scenarios);
    expect(undone.status, shown(undone)).toBe(0);
    expect(Object.fromEntries(undone.tasks), shown(undone)).toEqual(Object.fromEntries(graph.map((id) => [id, "cache"])));
    expect(await readFile(join(scratch, compiledMoves), "utf8")).toBe(moves);
    expect(await readFile(join(scratch, builtMoves), "utf8")).toBe(built);
    expect(summaryOf(undone.output)?.failed, shown(undone)).toBe(0);
  }, 300_000);
});
