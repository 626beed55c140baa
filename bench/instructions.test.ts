// `npm run bench:instructions` refuses, with the reason and its usage (exit 2), what it cannot count
// rightly: a baseline from before the command (no count-process.js to run there) and malformed options.
// These refusals come before valgrind is looked for, so they hold on a machine without it.

import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { THIS_CHECKOUT } from "./measure.js";

const scratch = mkdtempSync(join(tmpdir(), "bench-instructions-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function instructions(...args: string[]) {
  return spawnSync(process.execPath, [join(THIS_CHECKOUT, "bench", "dist", "instructions.js"), ...args], { cwd: THIS_CHECKOUT, encoding: "utf8" });
}

describe("what bench:instructions refuses", () => {
  test("a baseline built before the command: it has no count-process.js to run", () => {
    // A built checkout with its own packages, as bench:compare accepts, but without count-process.js.
    const old = join(scratch, "old");
    cpSync(join(THIS_CHECKOUT, "bench", "dist", "engine-process.js"), join(old, "bench", "dist", "engine-process.js"));
    for (const name of ["runtime", "generated"]) cpSync(join(THIS_CHECKOUT, "package.json"), join(old, "node_modules", "@rules", name, "package.json"));
    const run = instructions("--baseline", old, "--only", "foreclosed");
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${old} has no bench/dist/count-process.js: it predates bench:instructions`);
    expect(run.stdout).toBe("");
  });

  test("a count of lines or of functions that is not a whole number, and a case that does not exist", () => {
    const lines = instructions("--by-line", "ten");
    expect(lines.status).toBe(2);
    expect(lines.stderr).toMatch(/^--by-line ten is not valid\nusage: /);
    const misses = instructions("--misses", "1.5");
    expect(misses.status).toBe(2);
    expect(misses.stderr).toMatch(/^--misses 1\.5 is not valid\nusage: /);
    expect(misses.stderr).toContain("--misses N");
    const only = instructions("--only", "chess");
    expect(only.status).toBe(2);
    expect(only.stderr).toMatch(/^--only chess matches no case\nusage: /);
  });
});
