// End to end, the designer's loop outside the repository: a temporary folder holding only a .rules
// file and a .scenario file, and the real `rules` command (cli/bin/rules.js, the built CLI)
// run in it as a child process. Needs `npx tsc -b` to have run.

import { spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const bin = fileURLToPath(new URL("../../bin/rules.js", import.meta.url));
const repo = fileURLToPath(new URL("../../../", import.meta.url));
const fixtures = new URL("../../../compiler/src/__fixtures__/last-stone/", import.meta.url);

let root: string;
/** The designer's folder: last-stone.rules and last-stone.scenario, nothing else. */
let folder: string;
let rulesText: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "rules-designer-"));
  expect(root.startsWith(repo)).toBe(false);
  rulesText = await readFile(new URL("last-stone.rules", fixtures), "utf8");
  folder = await designerFolder("game");
});
afterAll(() => rm(root, { recursive: true }));

/** A fresh folder with the two files (a test that edits the rules gets its own). */
async function designerFolder(name: string): Promise<string> {
  const dir = join(root, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir);
  await copyFile(new URL("last-stone.rules", fixtures), join(dir, "last-stone.rules"));
  await copyFile(new URL("last-stone.scenario", fixtures), join(dir, "last-stone.scenario"));
  return dir;
}

interface Child {
  /** Everything written so far. */
  out: string;
  err: string;
  stdin: NodeJS.WritableStream;
  /** Resolves with the exit status. */
  exit: Promise<number | null>;
  /** Resolves when stdout contains the text, counted from `from`. */
  waitFor(text: string, from?: number): Promise<void>;
  /** The same on stderr, where a watching command says it is watching. */
  waitForErr(text: string, from?: number): Promise<void>;
  kill(signal: NodeJS.Signals): void;
}

/** How long a command may take to print what a test waits for (under the test's own timeout). */
const WAIT_MS = 150_000;

/** `rules …` in `cwd`, with its own cache of compiled games (shared by the tests of this file). */
function start(cwd: string, args: string[], nodeOptions: string[] = []): Child {
  const child = spawn(process.execPath, [...nodeOptions, bin, ...args], {
    cwd,
    env: { ...process.env, RULES_CACHE_DIR: join(root, "cache") },
  });
  const waiters: { text: string; from: number; stream: "out" | "err"; done: () => void }[] = [];
  // A wait that never ends says what the command printed, so that a failure can be read.
  const waitOn = (stream: "out" | "err", text: string, from: number): Promise<void> =>
    new Promise((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no '${text}' after ${WAIT_MS / 1000} s; stdout: ${JSON.stringify(result.out)}; stderr: ${JSON.stringify(result.err)}`)), WAIT_MS);
      waiters.push({ text, from, stream, done: () => (clearTimeout(timer), done()) });
      check();
    });
  const result: Child = {
    out: "",
    err: "",
    stdin: child.stdin,
    exit: new Promise((done) => child.on("close", done)),
    waitFor: (text, from = 0) => waitOn("out", text, from),
    waitForErr: (text, from = 0) => waitOn("err", text, from),
    kill: (signal) => child.kill(signal),
  };
  function check(): void {
    for (const w of waiters.splice(0)) {
      if (result[w.stream].indexOf(w.text, w.from) >= 0) w.done();
      else waiters.push(w);
    }
  }
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    result.out += chunk;
    check();
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    result.err += chunk;
    check();
  });
  return result;
}

async function rules(cwd: string, ...args: string[]): Promise<{ status: number | null; out: string; err: string }> {
  const child = start(cwd, args);
  child.stdin.end();
  const status = await child.exit;
  return { status, out: child.out, err: child.err };
}

describe("the rules command in a folder outside the repository", () => {
  it("prints its version", async () => {
    const { version } = JSON.parse(await readFile(new URL("../../package.json", import.meta.url), "utf8"));
    expect(await rules(folder, "--version")).toEqual({ status: 0, out: `rules ${version}\n`, err: "" });
  });

  it("checks the rules file, and the folder as a game", async () => {
    expect(await rules(folder, "check", "last-stone.rules")).toEqual({
      status: 0,
      out: "last-stone.rules: no problems\n",
      err: "",
    });
    expect((await rules(folder, "check", ".")).out).toBe("last-stone.rules: no problems\n");
  });

  it("tests the scenarios against the rules beside them", async () => {
    const { status, out } = await rules(folder, "test", "last-stone.scenario");
    expect(out).toBe(
      [
        "passed: last-stone.scenario: Whoever takes the last stone wins",
        "passed: last-stone.scenario: Nobody takes more than the heap holds",
        "2 passed, 0 failed",
        "",
      ].join("\n"),
    );
    expect(status).toBe(0);
    // The folder itself works too.
    expect((await rules(folder, "test", ".")).out).toContain("2 passed, 0 failed");
  });

  it("plays the game with answers piped in, by the game's id", async () => {
    // Always take 1 stone: the heap of 10 runs out after at most 10 of your moves.
    const answers = "1\n1\n".repeat(10);
    const child = start(folder, ["play", "last-stone", "--players", "2", "--seed", "1"]);
    child.stdin.end(answers);
    expect(await child.exit).toBe(0);
    expect(child.out).toContain("Last Stone: 2 players, you are seat 0, seed 1");
    expect(child.out).toContain("  1) take amount 1..3");
    expect(child.out).toContain("you take 1");
    expect(child.out).toContain("Game over.");
    expect(child.out).toMatch(/^Winner: (you|seat 1)$/m);
  });

  it("simulates random games", async () => {
    const { status, out } = await rules(folder, "simulate", "last-stone.rules", "--players", "3", "--games", "50", "--json");
    expect(status).toBe(0);
    const summary = JSON.parse(out);
    expect(summary).toMatchObject({ game: "last-stone", players: 3, games: 50, completed: 50, errors: 0 });
    // 10 stones, 1 to 3 a take: at least 4 takes (3 + 3 + 3 + 1), at most 10.
    expect(summary.minDecisions).toBeGreaterThanOrEqual(4);
    expect(summary.maxDecisions).toBeLessThanOrEqual(10);
    // Exactly one seat takes the last stone, so the win rates add up to 1.
    expect(summary.winRateBySeat.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(1, 10);
  });

  it("fails the scenarios when the rules change under them, with exit 1", async () => {
    await writeFile(join(folder, "last-stone.rules"), rulesText.replace("min(3, heap)", "min(2, heap)"));
    try {
      const { status, out } = await rules(folder, "test", "last-stone.scenario");
      expect(status).toBe(1);
      // Takes are now 1 to 2, so the first `take(amount: 3)` (line 6) is refused.
      expect(out).toContain(
        "FAILED: last-stone.scenario: Whoever takes the last stone wins\nlast-stone.scenario:6:1: error scenario/move-refused:",
      );
      expect(out).toContain("0 passed, 2 failed");
    } finally {
      await writeFile(join(folder, "last-stone.rules"), rulesText);
    }
  });

  it("prints diagnostics as JSON with --format json", async () => {
    const dir = await designerFolder("json");
    await writeFile(join(dir, "last-stone.rules"), rulesText.replace("transfer amount from heap", "transfer amount from heaps"));
    const { status, out } = await rules(dir, "check", "last-stone.rules", "--format", "json");
    expect(status).toBe(1);
    // `        transfer amount from heaps to taken[turn]` is line 18; the name runs from column 30 to 35.
    expect(JSON.parse(out)).toEqual([
      {
        file: "last-stone.rules",
        line: 18,
        column: 30,
        endLine: 18,
        endColumn: 35,
        severity: "error",
        code: "check/unknown-name",
        message: "unknown name 'heaps'; did you mean 'heap'?",
      },
    ]);
  });

  it("prints a compile error as a diagnostic, never a stack trace, when a command needs the game", async () => {
    const dir = await designerFolder("broken");
    await writeFile(join(dir, "last-stone.rules"), rulesText.replace("transfer amount from heap", "transfer amount from heaps"));
    const { status, err } = await rules(dir, "play", "last-stone.rules");
    expect(status).toBe(1);
    expect(err).toContain("last-stone.rules:18:30: error check/unknown-name: unknown name 'heaps'; did you mean 'heap'?");
    expect(err).toContain("rules play: the rules of 'last-stone' do not compile");
    expect(err).not.toMatch(/^\s+at /m);
  });

  it("reports JUnit XML with --reporter junit", async () => {
    const { status, out } = await rules(folder, "test", "last-stone.scenario", "--reporter", "junit");
    expect(status).toBe(0);
    expect(out).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="rules test" tests="2" failures="0"/);
    expect(out.match(/<testcase /g)).toHaveLength(2);
    expect(out).toContain('name="Whoever takes the last stone wins" file="last-stone.scenario" line="4"');
  });

  it("checks, and simulates saved rules, without loading ts-morph, TypeScript or Prettier; compile loads them", async () => {
    // A module hook that refuses to load them: `check` and a game compiled to be run pass under it
    // (the interactive path writes with code-block-writer and transpiles with esbuild), `compile` does not.
    const hook = join(root, "refuse-emitters.mjs");
    const resolver =
      "export async function resolve(specifier, context, next) {" +
      "  if (/^(ts-morph|prettier|typescript)(\\/|$)/.test(specifier)) throw new Error(`loaded ${specifier}`);" +
      "  return next(specifier, context);" +
      "}";
    await writeFile(
      hook,
      `import { register } from "node:module";\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(resolver)}`)});\n`,
    );
    const check = start(folder, ["check", "last-stone.rules"], ["--import", hook]);
    check.stdin.end();
    expect(await check.exit).toBe(0);
    expect(check.out).toBe("last-stone.rules: no problems\n");
    // Changed rules are not in the cache: simulate compiles them, on the interactive path.
    const dir = await designerFolder("hooked");
    await writeFile(join(dir, "last-stone.rules"), rulesText.replace('"Last Stone"', '"Last Stone, hooked"'));
    const simulate = start(dir, ["simulate", "last-stone.rules", "--players", "2", "--games", "3"], ["--import", hook]);
    simulate.stdin.end();
    expect(await simulate.exit).toBe(0);
    expect(simulate.out).toContain("Last Stone, hooked: 3 games of 2 players");
    // The control: `rules compile` writes code laid out and type-checked, and the hook stops it.
    const compile = start(dir, ["compile", "--rules", dir, "--out", join(dir, "out")], ["--import", hook]);
    compile.stdin.end();
    expect(await compile.exit).toBe(1);
    expect(compile.err + compile.out).toMatch(/loaded (ts-morph|prettier|typescript)/);
  });

  it("simulates saved rules without loading Prettier: the interactive path neither lays out nor type-checks", async () => {
    const hook = join(root, "refuse-prettier.mjs");
    const resolver = "export async function resolve(s, c, next) { if (/^prettier(\\/|$)/.test(s)) throw new Error(`loaded ${s}`); return next(s, c); }";
    await writeFile(hook, `import { register } from "node:module";\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(resolver)}`)});\n`);
    const dir = await designerFolder("unformatted");
    await writeFile(join(dir, "last-stone.rules"), rulesText.replace('"Last Stone"', '"Last Stone, unformatted"'));
    const simulate = start(dir, ["simulate", "last-stone.rules", "--players", "2", "--games", "5"], ["--import", hook]);
    simulate.stdin.end();
    expect(await simulate.exit).toBe(0);
    expect(simulate.out).toContain("Last Stone, unformatted: 5 games of 2 players");
  });

  it("simulates again when the rules file is saved with simulate --watch, and waits past rules that do not compile", async () => {
    const dir = await designerFolder("simulate-watch");
    const child = start(dir, ["simulate", "last-stone.rules", "--players", "2", "--games", "20", "--watch"]);
    await child.waitFor("Last Stone: 20 games of 2 players");
    await child.waitForErr("Watching the rules: each save simulates again");
    let from = child.out.length;
    await writeFile(join(dir, "last-stone.rules"), rulesText.replace('"Last Stone"', '"Last Stone II"'));
    await child.waitFor("── last-stone.rules changed: running again ──", from);
    await child.waitFor("Last Stone II: 20 games of 2 players", from);
    from = child.err.length;
    await writeFile(join(dir, "last-stone.rules"), rulesText.replace("transfer amount from heap", "transfer amount from heaps"));
    await child.waitForErr("unknown name 'heaps'", from);
    await child.waitForErr("Watching the rules", from + 1);
    child.stdin.end();
    expect(await child.exit).toBe(1);
    expect(child.err).toContain("Stopped watching.");
  });

  it("runs the scenarios again when the rules file is saved with --watch, until the input ends", async () => {
    const child = start(folder, ["test", "--watch", "."]);
    await child.waitFor("2 passed, 0 failed");
    // The folders are watched once the run has ended, which the command says on stderr: a save before
    // that would go unnoticed (the race that made this test time out on a busy machine).
    await child.waitForErr("Watching for changes");
    try {
      await writeFile(join(folder, "last-stone.rules"), rulesText.replace("min(3, heap)", "min(2, heap)"));
      const rerun = child.out.length;
      await child.waitFor("── last-stone.rules changed: running again ──", rerun);
      await child.waitFor("0 passed, 2 failed", rerun);
    } finally {
      await writeFile(join(folder, "last-stone.rules"), rulesText);
    }
    // Saved back: the scenarios pass again.
    await child.waitFor("2 passed, 0 failed", child.out.lastIndexOf("0 passed, 2 failed"));
    child.stdin.end();
    expect(await child.exit).toBe(0);
    expect(child.err).toContain("Stopped watching.");
  });

  it("stops watching on Ctrl-C", async () => {
    const child = start(folder, ["test", "--watch", "last-stone.scenario"]);
    await child.waitFor("2 passed, 0 failed");
    await child.waitForErr("Watching for changes");
    child.kill("SIGINT");
    expect(await child.exit).toBe(0);
    expect(child.err).toContain("Stopped watching.");
  });

  it("goes on with saved rules in play --watch, replaying the moves so far", async () => {
    const dir = folder;
    const child = start(dir, ["play", "last-stone", "--players", "2", "--seed", "1", "--watch"]);
    await child.waitFor("Your move [1-1]: ");
    child.stdin.write("1\n1\n"); // take 1 stone; seat 1 then takes 1 to 3
    const second = child.out.length;
    await child.waitFor("Your move [1-1]: ", second);
    // A new title changes no move: both moves so far replay under the saved rules.
    await writeFile(join(dir, "last-stone.rules"), rulesText.replace('"Last Stone"', '"Last Stone II"'));
    await child.waitFor("── last-stone.rules saved: the 2 moves so far replayed with the new rules ──", second);
    await writeFile(join(dir, "last-stone.rules"), rulesText);
    child.stdin.end();
    expect(await child.exit).toBe(0);
    expect(child.out).toContain("Input ended: leaving the game.");
  });
});
