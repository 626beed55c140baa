import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./cli.js";
import { recordingIo } from "./io.js";
import { runScenarioFiles } from "./test.js";

// Last Stone (compiler/src/__fixtures__/last-stone): a heap of 10 stones, takes of 1 to 3, the last taker wins.
// 3 + 3 + 3 leave 1 stone, which seat 1 takes: seat 1 wins.
const game = `game last-stone
players 2
play 0: take(amount: 3)
play 1: take(amount: 3)
play 0: take(amount: 3)
play 1: take(amount: 1)
expect over
`;

const fixtures = new URL("../../../compiler/src/__fixtures__/last-stone/", import.meta.url);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "rules-cli-test-"));
  // Games compiled here are cached here, not in the user's cache, and go with the folder.
  process.env.RULES_CACHE_DIR = join(dir, ".cache");
  await copyFile(new URL("last-stone.rules", fixtures), join(dir, "last-stone.rules"));
  await writeFile(join(dir, "good.scenario"), `scenario "Seat 1 takes the last stone"\n${game}expect winners 1\n`);
  await writeFile(
    join(dir, "two.scenario"),
    `scenario "Right"\n${game}expect taken = 6 4\n\nscenario "Wrong sum"\n${game}expect taken = 6 3\n`,
  );
  await writeFile(join(dir, "broken.scenario"), `scenario "Broken"\ngame last-stone\nplayers two\n`);
  await mkdir(join(dir, "more", "node_modules"), { recursive: true });
  await writeFile(join(dir, "more", "again.scenario"), `scenario "Again"\n${game}expect winners 1\n`);
  await writeFile(join(dir, "more", "node_modules", "skipped.scenario"), "not a scenario at all");
  await mkdir(join(dir, "bad"));
  await writeFile(join(dir, "bad", "bad.rules"), "game \"Bad\" {\n  players 2..2\n}\nvar x: int public = nothing\n");
  await writeFile(join(dir, "bad", "a.scenario"), 'game bad\nplayers 2\nscenario "One"\nexpect turn 0\nscenario "Two"\nexpect turn 0\n');
  await writeFile(join(dir, "unknown.scenario"), 'scenario "Nowhere"\ngame monopoly\nplayers 2\nexpect turn 0\n');
});
afterAll(async () => {
  delete process.env.RULES_CACHE_DIR;
  await rm(dir, { recursive: true });
});

async function run(paths: string[]) {
  const io = recordingIo(Readable.from([]), dir);
  const result = await runScenarioFiles(paths, io);
  return { ...result, lines: io.stdout.trimEnd().split("\n") };
}

describe("runScenarioFiles", () => {
  it("plays each scenario against its game compiled from the rules beside it, and prints the tally", async () => {
    const { status, lines } = await run(["good.scenario"]);
    expect(lines).toEqual(["passed: good.scenario: Seat 1 takes the last stone", "1 passed, 0 failed"]);
    expect(status).toBe(0);
  });

  it("counts every scenario of every file, shows why one failed, and exits 1", async () => {
    const { status, lines, passed, failed } = await run([
      "good.scenario",
      "two.scenario",
      "missing.scenario",
      "broken.scenario",
    ]);
    expect(lines).toContain("passed: two.scenario: Right");
    expect(lines).toContain("FAILED: two.scenario: Wrong sum");
    expect(lines).toContain("FAILED: missing.scenario: cannot read it (ENOENT)");
    expect(lines).toContain("FAILED: broken.scenario: the file has mistakes");
    expect(lines.some((l) => l.startsWith("broken.scenario:3:"))).toBe(true);
    expect(lines.at(-1)).toBe("2 passed, 3 failed");
    expect([passed, failed, status]).toEqual([2, 3, 1]);
  });

  it("runs a folder's scenario files, subfolders included but not node_modules", async () => {
    const { lines } = await run(["more"]);
    expect(lines).toEqual(["passed: more/again.scenario: Again", "1 passed, 0 failed"]);
  });

  it("fails a folder that holds no scenario file", async () => {
    await mkdir(join(dir, "empty"), { recursive: true });
    const { lines, status } = await run(["empty"]);
    expect(lines).toEqual(["FAILED: empty: no .scenario file in this folder", "0 passed, 1 failed"]);
    expect(status).toBe(1);
  });

  it("fails a rules file given as a scenario file, saying what to give instead", async () => {
    const { lines, status } = await run(["last-stone.rules"]);
    expect(lines).toEqual([
      "FAILED: last-stone.rules: a rules file, not a scenario file: give the game's scenarios (.scenario files, or a folder holding them)",
      "0 passed, 1 failed",
    ]);
    expect(status).toBe(1);
  });

  it("fails each scenario of a game whose rules do not compile, printing the diagnostics once", async () => {
    const { lines, failed } = await run(["bad/a.scenario"]);
    expect(failed).toBe(2);
    expect(lines.filter((l) => l.startsWith("bad/bad.rules:4:21: error check/unknown-name"))).toHaveLength(1);
    expect(lines).toContain("FAILED: bad/a.scenario: One");
    expect(lines).toContain("FAILED: bad/a.scenario: Two");
    expect(lines.filter((l) => l === "the rules of 'bad' do not compile (see above)")).toHaveLength(2);
  });

  it("fails a scenario whose game no rules near it and no build have", async () => {
    const { lines } = await run(["unknown.scenario"]);
    expect(lines[0]).toBe("FAILED: unknown.scenario: Nowhere");
    expect(lines[1]).toMatch(
      /^unknown\.scenario:2:6: error scenario\/unknown-game: there is no game 'monopoly' in the \.rules files beside this file or in a folder above it/,
    );
  });
});

describe("rules test --reporter junit", () => {
  it("writes JUnit XML to stdout instead of the text report", async () => {
    const io = recordingIo(Readable.from([]), dir);
    const status = await runCli(["test", "two.scenario", "--reporter", "junit"], io);
    expect(status).toBe(1);
    expect(io.stdout).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="rules test" tests="2" failures="1"/);
    expect(io.stdout).toContain('<testcase classname="two.scenario" name="Right" file="two.scenario" line="1" time="');
    expect(io.stdout).toMatch(/<testcase classname="two.scenario" name="Wrong sum" file="two.scenario" line="11" time="[\d.]+">\n {6}<failure message="two\.scenario:19:1: /);
    expect(io.stdout).not.toContain("passed:");
  });

  it("writes the report to --output, keeping the text report on stdout", async () => {
    const io = recordingIo(Readable.from([]), dir);
    expect(await runCli(["test", "good.scenario", "--reporter", "junit", "--output", "report.xml"], io)).toBe(0);
    expect(io.stdout).toBe("passed: good.scenario: Seat 1 takes the last stone\n1 passed, 0 failed\n");
    expect(await readFile(join(dir, "report.xml"), "utf8")).toContain('tests="1" failures="0"');
  });
});
