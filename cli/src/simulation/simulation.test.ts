import { execFile } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { GameFault } from "@rules/runtime/internal";
import { describe, expect, it } from "vitest";
import { gemAuction } from "../commands/fake-game.js";
import { ChunkResults } from "./chunk-results.js";
import { chunksOf, gameRng, MAX_CHUNKS } from "./chunks.js";
import { playChunk } from "./play-chunk.js";
import { emptyTally, mergeInOrder, summarize } from "./tally.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const main = fileURLToPath(new URL("../../dist/commands/main.js", import.meta.url));

const rules_ = rules;

function rules(...args: string[]): Promise<{ status: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [main, ...args], { cwd: root, timeout: 120_000 }, (error, out, err) => {
      done({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, out, err });
    });
  });
}

describe("chunksOf", () => {
  it("cuts a run into consecutive chunks that cover every game once, at most MAX_CHUNKS of them", () => {
    for (const games of [1, 7, MAX_CHUNKS, MAX_CHUNKS + 1, 10_000]) {
      const chunks = chunksOf(games);
      expect(chunks.length).toBeLessThanOrEqual(MAX_CHUNKS);
      expect(chunks[0]!.start).toBe(0);
      expect(chunks.at(-1)!.end).toBe(games);
      chunks.forEach((chunk, i) => {
        expect(chunk.index).toBe(i);
        expect(chunk.end).toBeGreaterThan(chunk.start);
        if (i > 0) expect(chunk.start).toBe(chunks[i - 1]!.end);
      });
    }
    // 10 000 games: chunks of ceil(10000 / 512) = 20 games, the last one of 10000 - 499 * 20 = 20.
    expect(chunksOf(10_000)).toHaveLength(500);
  });
});

describe("gameRng", () => {
  it("depends on the run's seed and the game's index alone", () => {
    const draws = (seed: number, index: number) => Array.from({ length: 4 }, ((rng) => () => rng.int(1000))(gameRng(seed, index)));
    expect(draws(7, 3)).toEqual(draws(7, 3));
    expect(draws(7, 3)).not.toEqual(draws(7, 4));
    expect(draws(7, 3)).not.toEqual(draws(8, 3));
    // Seeds beyond 32 bits and negative ones are told apart too.
    expect(draws(2 ** 40 + 7, 3)).not.toEqual(draws(7, 3));
    expect(draws(-7, 3)).not.toEqual(draws(7, 3));
  });
});

describe("playChunk and the merge", () => {
  it("gives the figures of the whole run whatever the chunks it is cut into", () => {
    const options = { players: 3, variants: [], seed: 5 };
    const whole = playChunk(gemAuction, options, { start: 0, end: 40 });
    const cuts = [0, 1, 13, 14, 39, 40];
    const parts = cuts.slice(1).map((end, i) => playChunk(gemAuction, options, { start: cuts[i]!, end }));
    expect(mergeInOrder(parts, 3)).toEqual(whole);
    expect(whole.games).toBe(40);
  });

  it("keeps the run's first fault messages and each fault group's first game across chunks", () => {
    // A game that breaks at every 5th move the bots make (so in some games and not others), in two
    // ways: one fault by a rule, one without.
    const breaking = () => {
      let calls = 0;
      return {
        ...gemAuction,
        apply: (...args: Parameters<typeof gemAuction.apply>) => {
          calls++;
          if (calls % 10 === 0) throw new GameFault("fault/a", "broke at a rule", { file: "g.rules", line: 3, column: 1, text: "x" });
          if (calls % 5 === 0) throw new GameFault("fault/b", "broke elsewhere");
          return gemAuction.apply(...args);
        },
      };
    };
    const options = { players: 2, variants: [], seed: 3 };
    const whole = playChunk(breaking(), options, { start: 0, end: 30 });
    const game = breaking();
    const parts = [playChunk(game, options, { start: 0, end: 4 }), playChunk(game, options, { start: 4, end: 30 })];
    const merged = mergeInOrder(parts, 2);
    expect(merged).toEqual(whole);
    expect(whole.errorMessages).toHaveLength(5);
    expect(whole.faults.map((f) => f.code)).toEqual(["fault/b", "fault/a"]);
    expect(whole.faults[0]!.firstGame).toBe(1);
    expect(whole.faults.reduce((n, f) => n + f.count, 0)).toBe(whole.errors);
  });

  it("turns whole counts of shared wins into win rates, 1/k to each of k winners", () => {
    const tally = { ...emptyTally(3), games: 3, completed: 3, winsShared: [[1, 0, 1], [0, 0, 1], [0, 1, 1]] };
    // Seat 0: one win alone and one three-way tie; seat 2: one two-way and one three-way tie.
    const summary = summarize({ game: "g", players: 3, variants: [], games: 3, seed: 1 }, tally);
    expect(summary.winRateBySeat).toEqual([(1 + 1 / 3) / 3, 1 / 3 / 3, (1 / 2 + 1 / 3) / 3]);
  });
});

describe("ChunkResults", () => {
  const tallyOf = (games: number) => ({ ...emptyTally(2), games, completed: games, decisionsTotal: games * 8, decisionsMin: 8, decisionsMax: 8 });

  it("merges chunks in their order whatever order they arrive in, and drops a chunk's second result", () => {
    const results = new ChunkResults(3, 2);
    expect(results.add(2, tallyOf(5))).toBe(true);
    expect(results.add(0, tallyOf(1))).toBe(true);
    // A retried job's result for chunk 2 arrives too: not counted again.
    expect(results.add(2, tallyOf(5))).toBe(false);
    expect(() => results.merged()).toThrow("chunk 1 of the run has no result");
    expect(results.add(1, tallyOf(2))).toBe(true);
    expect(results.done).toBe(3);
    expect(results.merged()).toMatchObject({ games: 8, completed: 8, decisionsTotal: 64 });
    expect(() => results.add(3, tallyOf(1))).toThrow("no chunk 3 in this run");
  });
});

describe("rules simulate --workers", () => {
  it("prints the same JSON, byte for byte, on 1, 2 and 4 worker threads", async () => {
    const run = (workers: number) =>
      rules("simulate", "for-sale", "--players", "4", "--games", "600", "--seed", "11", "--json", "--workers", String(workers));
    // The first run compiles the game into the cache (after a build, it is not there yet); the
    // others load it from there.
    const one = await run(1);
    const [two, four] = await Promise.all([run(2), run(4)]);
    expect(one.err).toBe("");
    expect(one.status).toBe(0);
    expect(JSON.parse(one.out)).toMatchObject({ game: "for-sale", games: 600, completed: 600, errors: 0 });
    expect(two).toEqual(one);
    expect(four).toEqual(one);
  }, 180_000);

  it("refuses a player count the game does not allow before starting any thread, with exit 2", async () => {
    const { status, err } = await rules("simulate", "for-sale", "--players", "9", "--games", "10", "--workers", "2");
    expect(status).toBe(2);
    expect(err).toMatch(/players/);
  });
});

describe("how games end", () => {
  // Last Stone with a second way to end: a heap left at exactly 1 stone ends the game at once
  // (line 16); a take that empties the heap ends the loop, and so the flow.
  const rules = `game "Two Ends" {
  players 2..3
}
var heap: int public = 10
per player var taken: int public = 0
var turn: player public = 0
flow {
  while heap > 0 {
    ask turn {
      take(amount in 1..min(3, heap)) {
        transfer amount from heap to taken[turn]
      }
    }
    turn = next(turn)
    if heap == 1 {
      end game
    }
  }
}
score p: taken[p]
`;

  it("counts each game under the end game statement or the flow's end that ended it", async () => {
    const folder = await mkdtemp(join(tmpdir(), "rules-ends-"));
    const file = join(folder, "two-ends.rules");
    await writeFile(file, rules);
    const { status, out, err } = await rules_("simulate", file, "--players", "2", "--games", "300", "--json", "--workers", "1");
    expect(err).toBe("");
    expect(status).toBe(0);
    const summary = JSON.parse(out);
    expect(summary.completed).toBe(300);
    expect(summary.unfinished).toBe(0);
    // Only these two ways, each counted once per game; with takes of 1 to 3 from 10 both happen.
    const rule = `${file}:16:7`;
    expect(summary.ends.map((e: { rule: string | null }) => e.rule).sort()).toEqual([rule, null].sort());
    expect(summary.ends.find((e: { rule: string | null }) => e.rule === rule)).toMatchObject({ text: "end game" });
    expect(summary.ends.reduce((n: number, e: { games: number }) => n + e.games, 0)).toBe(300);
  }, 60_000);

  it("counts games still going at --max-decisions as unfinished, not errors, and exits 0", () => {
    // Gem Auction takes 4 decisions per player: 12 with 3 players, so a cap of 11 stops every game
    // and a cap of 12 none.
    const capped = playChunk(gemAuction, { players: 3, variants: [], seed: 2, maxDecisions: 11 }, { start: 0, end: 20 });
    expect(capped).toMatchObject({ games: 20, completed: 0, unfinished: 20, errors: 0, ends: [] });
    const enough = playChunk(gemAuction, { players: 3, variants: [], seed: 2, maxDecisions: 12 }, { start: 0, end: 20 });
    expect(enough).toMatchObject({ games: 20, completed: 20, unfinished: 0, errors: 0 });
    // A game written by hand does not say how it ended.
    expect(enough.ends).toEqual([{ rule: "unknown", text: null, games: 20 }]);
    const summary = summarize({ game: "gems", players: 3, variants: [], games: 20, seed: 2, maxDecisions: 11 }, capped);
    expect(summary).toMatchObject({ unfinished: 20, maxDecisionsCap: 11, errors: 0 });
  });

  it("prints the unfinished games and exits 0 from the command", async () => {
    const { status, out } = await rules_("simulate", "for-sale", "--players", "3", "--games", "10", "--max-decisions", "5", "--workers", "1");
    expect(status).toBe(0);
    expect(out).toContain("no game ended within 5 decisions");
    expect(out).toContain("  10  unfinished: still going after 5 decisions");
  }, 60_000);
});
