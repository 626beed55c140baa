// `npm run size` keeps working: a row per compiled game, each bundle holding the runtime plus that
// game alone (the figures themselves are read from the command, not asserted here).
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

interface Row {
  bundle: string;
  minified: number;
  gzipped: number;
}

test("prints, for every game, runtime + that game minified and gzipped", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ["scripts/size.mjs", "--json"], { cwd: root });
  const { api, rows } = JSON.parse(stdout) as { api: string[]; rows: Row[] };
  expect(api).toEqual(expect.arrayContaining(["createMatch", "applyMove", "legalMoves", "viewFor"]));
  const games = [...readFileSync(`${root}generated/index.ts`, "utf8").matchAll(/from "\.\/([\w-]+)\/index\.js"/g)].map((m) => m[1]);
  expect(rows.map((r) => r.bundle)).toEqual(["runtime alone", ...games.map((g) => `runtime + ${g}`)]);
  const [runtime, ...withGame] = rows;
  for (const row of rows) expect(row.gzipped).toBeLessThan(row.minified);
  for (const row of withGame) expect(row.minified).toBeGreaterThan(runtime!.minified);
  // One game each: no bundle holds the largest game's code unless it is that game.
  const largest = withGame.reduce((a, b) => (b.minified > a.minified ? b : a));
  for (const row of withGame) if (row !== largest) expect(row.minified * 2).toBeLessThan(largest.minified);
});
