import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gemAuction } from "./fake-game.js";
import { recordingIo } from "./io.js";
import { runScenarioFiles } from "./test.js";

// Worked by hand from the rules in fake-game.ts: seat 0 bets all 3 coins, seat 1 bets 1, so the
// pot is 4; Gem 6 beats Gem 3, so seat 0 ends with 4 coins + 6 = 10 and seat 1 with 2 + 3 = 5.
const game = `game gems
players 2
play 0: take(gem: Gem 6)
play 1: take(gem: Gem 1)
play 0: take(gem: Gem 2)
play 1: take(gem: Gem 3)
play 0: bet(amount: 3)
play 1: bet(amount: 1)
play 0: show(gem: Gem 6)
play 1: show(gem: Gem 3)
expect over
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "rules-cli-test-"));
  await writeFile(
    join(dir, "good.scenario"),
    `scenario "Gem 6 takes the pot"\n${game}expect scores 10 5\nexpect winners 0\n`,
  );
  await writeFile(
    join(dir, "two.scenario"),
    `scenario "Right"\n${game}expect scores 10 5\n\nscenario "Wrong sum"\n${game}expect scores 9 5\n`,
  );
  await writeFile(join(dir, "broken.scenario"), `scenario "Broken"\ngame gems\nplayers two\n`);
});
afterAll(() => rm(dir, { recursive: true }));

async function run(files: string[]) {
  const io = recordingIo(Readable.from([]), dir);
  let loads = 0;
  const status = await runScenarioFiles(files, async () => (loads++, { gems: gemAuction }), io);
  return { status, lines: io.stdout.trimEnd().split("\n"), loads };
}

describe("runScenarioFiles", () => {
  it("prints a line per passing scenario and the tally, and exits 0", async () => {
    const { status, lines } = await run(["good.scenario"]);
    expect(lines).toEqual(["passed: good.scenario: Gem 6 takes the pot", "1 passed, 0 failed"]);
    expect(status).toBe(0);
  });

  it("counts every scenario of every file, shows why one failed, and exits 1", async () => {
    const { status, lines, loads } = await run([
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
    expect(status).toBe(1);
    expect(loads).toBe(1);
  });
});
