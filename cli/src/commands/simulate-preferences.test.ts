// `rules simulate` on rules with playout preferences: the random players follow them, and the same
// games played uniformly are reported beside them (table and JSON).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "./cli.js";
import { recordingIo } from "./io.js";

// Each turn seat 0 plays on (three moves) or stops; by preference it stops 9 times in 10.
const LUCK = `game "Push your luck" {
  players 2..2
}

per player var points: int public = 0
var stopped: bool public = false

flow {
  while not stopped {
    ask 0 {
      go(n in 1..3) { points[0] += n }
      stop prefer 9 { stopped = true }
    }
  }
}

score p: points[p]
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "rules-prefer-"));
  await writeFile(join(dir, "luck.rules"), LUCK);
  await writeFile(join(dir, "plain.rules"), LUCK.replace(" prefer 9", ""));
});
afterAll(() => rm(dir, { recursive: true }));

async function rules(...argv: string[]) {
  const io = recordingIo(Readable.from([]), dir);
  const status = await runCli(argv, io);
  return { status, out: io.stdout, err: io.stderr };
}

describe("rules simulate with playout preferences", () => {
  it("reports the preferred games and, beside them, the same games played uniformly", async () => {
    const { status, out } = await rules("simulate", "luck.rules", "--players", "2", "--games", "400");
    expect(status).toBe(0);
    expect(out).toContain("400 games of 2 players, seed 1, random players by the rules' preferences (prefer)");
    expect(out).toContain("400 games of 2 players, seed 1, uniform random players, the same seeds: the preferences ignored");
    const json = JSON.parse((await rules("simulate", "luck.rules", "--players", "2", "--games", "400", "--json")).out) as {
      meanDecisions: number;
      preferences: boolean;
      uniform: { meanDecisions: number; games: number };
    };
    // Stopping is 9 in 10 by preference (10/9 decisions a game) and 1 in 4 uniformly (4 a game).
    expect(json.preferences).toBe(true);
    expect(json.meanDecisions).toBeGreaterThan(1);
    expect(json.meanDecisions).toBeLessThan(1.25);
    expect(json.uniform.games).toBe(400);
    expect(json.uniform.meanDecisions).toBeGreaterThan(3.5);
    expect(json.uniform.meanDecisions).toBeLessThan(4.5);
  });

  it("says nothing of preferences for rules that state none", async () => {
    const { status, out } = await rules("simulate", "plain.rules", "--players", "2", "--games", "50", "--json");
    expect(status).toBe(0);
    expect(JSON.parse(out)).not.toHaveProperty("uniform");
  });
});
