// Compiled output is a function of the game alone: not of which games this process compiled before,
// nor of how many times. (A parser counter once numbered each window's hidden flag across files, so
// Foreclosed compiled after Keys to Knowledge came out different.)
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { compileGame, findGames } from "../index.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));

test("compiling every game in two orders, twice each, gives identical bytes", async () => {
  const games = await findGames(path.join(root, "rules"));
  const ids = [...games.keys()];
  expect(ids.length).toBeGreaterThanOrEqual(5);
  const compileIn = async (order: readonly string[]): Promise<Map<string, string>> => {
    const out = new Map<string, string>();
    for (const id of order) {
      // Unlaid and unchecked (strict: false): what is compared is what the compiler writes, and Prettier and
      // tsc, which take three quarters of a compile, only lay it out and read it.
      const result = await compileGame(id, games.get(id)!, { strict: false });
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      for (const f of result.files) out.set(`${id}/${f.path}`, f.text);
    }
    return out;
  };
  const forwards = await compileIn(ids);
  const backwards = await compileIn([...ids].reverse());
  const forwardsAgain = await compileIn(ids);
  const backwardsAgain = await compileIn([...ids].reverse());
  expect(forwards.size).toBeGreaterThan(0);
  for (const other of [backwards, forwardsAgain, backwardsAgain]) {
    expect([...other.keys()].sort()).toEqual([...forwards.keys()].sort());
    for (const [file, text] of forwards) expect(other.get(file), file).toBe(text);
  }
}, 600_000);
