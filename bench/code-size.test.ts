// `npm run bench:code-size` weighs V8's optimized code: the blocks of `--print-opt-code` read (a
// function's last version counted, two functions of one name kept apart), a real run's report, and its refusals.

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { THIS_CHECKOUT } from "./measure.js";
import { optimizedCodeSizes } from "./optimized-code.js";
import { sumOf } from "./tally.js";

/** One block as V8 prints it, the disassembly left out. */
const block = (name: string, position: number, size: number | null): string =>
  [
    "",
    "--- Optimized code ---",
    "optimization_id = 3",
    `source_position = ${position}`,
    "kind = TURBOFAN",
    `name = ${name}`,
    "stack_slots = 6",
    "compiler = turbofan",
    "",
    ...(size === null ? [] : [`Instructions (size = ${size})`, "0x7f6c780def00     0  488b59f8             REX.W movq rbx,[rcx-0x8]"]),
    "--- End code ---",
  ].join("\n");

describe("the optimized code's sizes", () => {
  test("a function optimized twice counts its last version; two of one name are kept apart; a block without code is skipped", () => {
    const printed = [
      "--- Raw source ---\n(seat) {\n}\n",
      block("decide7", 1200, 4000),
      block("play", 300, 9000),
      block("decide7", 1200, 5200),
      block("play", 88, 292),
      block("step3", 900, null),
      '{"games":64,"decisions":3900}',
    ].join("\n");
    const sizes = optimizedCodeSizes(printed);
    expect([...sizes]).toEqual([
      ["decide7", 5200],
      ["play (at 300)", 9000],
      ["play (at 88)", 292],
    ]);
    expect(sumOf(sizes)).toBe(5200 + 9000 + 292);
  });
});

describe("bench:code-size", () => {
  const codeSize = (...args: string[]) => spawnSync(process.execPath, [join(THIS_CHECKOUT, "bench", "dist", "code-size.js"), ...args], { cwd: THIS_CHECKOUT, encoding: "utf8" });

  test("weighs the kernel and the reference of a game, the largest functions first", () => {
    const run = codeSize("--only", "for-sale:3", "--seconds", "0.3", "--top", "3", "--json");
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as { cases: { game: string; reference: number; kernel: number; ratio: number; largest: Record<"reference" | "kernel", [string, number][]> }[] };
    expect(report.cases).toHaveLength(1);
    const [c] = report.cases;
    expect(c!.game).toBe("for-sale");
    expect(c!.kernel).toBeGreaterThan(0);
    expect(c!.reference).toBeGreaterThan(0);
    expect(c!.ratio).toBeCloseTo(c!.kernel / c!.reference, 10);
    for (const side of ["reference", "kernel"] as const) {
      const sizes = c!.largest[side].map(([, size]) => size);
      expect(sizes).toHaveLength(3);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    }
    // Each engine's own game loop is among what V8 optimized.
    expect(c!.largest.kernel.map(([name]) => name).some((name) => name.startsWith("play"))).toBe(true);
    expect(c!.largest.reference.map(([name]) => name).some((name) => name.startsWith("play"))).toBe(true);
  });

  test("refuses a baseline built before count-process.js, which it runs there", () => {
    const scratch = mkdtempSync(join(tmpdir(), "bench-code-size-"));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));
    // A built checkout with its own packages, as bench:compare accepts, but without count-process.js.
    const old = join(scratch, "old");
    cpSync(join(THIS_CHECKOUT, "bench", "dist", "engine-process.js"), join(old, "bench", "dist", "engine-process.js"));
    for (const name of ["runtime", "generated"]) cpSync(join(THIS_CHECKOUT, "package.json"), join(old, "node_modules", "@rules", name, "package.json"));
    const run = codeSize("--baseline", old, "--only", "foreclosed");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${old} has no bench/dist/count-process.js`);
    expect(run.stdout).toBe("");
    const engine = codeSize("--engine", "fastest");
    expect(engine.status).toBe(2);
    expect(engine.stderr).toMatch(/^--engine fastest is not one of generated, reference, state-machine\nusage: /);
  });

  test("refuses a count of functions that is not a whole number, and a case that does not exist", () => {
    const top = codeSize("--top", "1.5");
    expect(top.status).toBe(2);
    expect(top.stderr).toMatch(/^--top 1\.5 is not valid\nusage: /);
    const only = codeSize("--only", "chess");
    expect(only.status).toBe(2);
    expect(only.stderr).toMatch(/^--only chess matches no case\nusage: /);
  });
});
