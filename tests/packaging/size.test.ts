// `npm run size` keeps working: a row per compiled game, each bundle holding the runtime plus that
// game alone (the figures themselves are read from the command, not asserted here).
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));

interface Size {
  minified: number;
  gzipped: number;
}
type Row = { bundle: string; full: Size; play: Size };
type Report = { apis: { full: string[]; play: string[] }; rows: Row[]; present: Size; presentInOtherBundles: number };

test("prints, for every game, runtime + that game minified and gzipped", async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ["scripts/size.mjs", "--json"], { cwd: root });
  const { apis, rows, present, presentInOtherBundles } = JSON.parse(stdout) as Report;
  expect(apis.full).toEqual(expect.arrayContaining(["createMatch", "applyMove", "legalMoves", "viewFor", "serializeMatch"]));
  expect(apis.full).toEqual(expect.arrayContaining(apis.play));
  const games = [...readFileSync(`${root}generated/index.ts`, "utf8").matchAll(/from "\.\/([\w-]+)\/search\.js"/g)].map((m) => m[1]);
  expect(rows.map((r) => r.bundle)).toEqual(["runtime alone", ...games.map((g) => `runtime + ${g}`)]);
  const [runtime, ...withGame] = rows;
  for (const row of rows) {
    for (const size of [row.full, row.play]) expect(size.gzipped).toBeLessThan(size.minified);
    // Fewer calls, less code: the bundler leaves out what the app does not import.
    expect(row.play.minified).toBeLessThan(row.full.minified);
  }
  for (const row of withGame) expect(row.full.minified).toBeGreaterThan(runtime!.full.minified);
  // One game each: no bundle holds the largest game's code unless it is that game (a bundle that held it
  // as well as its own game would be at least as large as the largest game's bundle).
  const largest = withGame.reduce((a, b) => (b.full.minified > a.full.minified ? b : a));
  for (const row of withGame) if (row !== largest) expect(row.full.minified).toBeLessThan(largest.full.minified);
  // The present entry is measured on its own; the bundles above do not import it and hold none of it
  // (the script fails when one does).
  expect(present.gzipped).toBeGreaterThan(0);
  expect(present.gzipped).toBeLessThan(present.minified);
  expect(presentInOtherBundles).toBe(0);
});
