// compileAll's records: an up-to-date tree is confirmed from them without compiling, and neither a
// hand-edited generated file nor changed rules ever pass for up to date.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile, copyFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compileAll } from "./compile-all.js";

const lastStone = fileURLToPath(new URL("./__fixtures__/last-stone/last-stone.rules", import.meta.url));

let dir = "";
let rulesDir = "";
let outDir = "";
let cache = "";
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "rules-records-"));
  rulesDir = join(dir, "rules");
  outDir = join(dir, "generated");
  cache = join(dir, "cache");
  process.env.RULES_CACHE_DIR = cache;
  await mkdir(rulesDir);
  await copyFile(lastStone, join(rulesDir, "last-stone.rules"));
});
afterEach(async () => {
  delete process.env.RULES_CACHE_DIR;
  await rm(dir, { recursive: true, force: true });
});

/** The one record written so far, as a path and its JSON. */
async function theRecord(): Promise<{ file: string; record: { notes: string[] } }> {
  const names = await readdir(join(cache, "compiled"));
  expect(names).toHaveLength(1);
  const file = join(cache, "compiled", names[0]!);
  return { file, record: JSON.parse(await readFile(file, "utf8")) as { notes: string[] } };
}

describe("compile records", () => {
  it("confirms an up-to-date tree from the record, without compiling the game again", async () => {
    const first = await compileAll({ rulesDir, outDir, check: false });
    expect(first.written.map((f) => f.slice(outDir.length + 1))).toContain("last-stone/moves.ts");
    // A note only the record holds: if the check below compiled the game, it would not be there.
    const { file, record } = await theRecord();
    await writeFile(file, JSON.stringify({ ...record, notes: ["from the record"] }));
    const check = await compileAll({ rulesDir, outDir, check: true });
    expect(check.stale).toEqual([]);
    expect(check.notes).toEqual(["from the record"]);
  }, 120_000);

  it("compiles again when a generated file was edited by hand, and --check reports it stale", async () => {
    await compileAll({ rulesDir, outDir, check: false });
    const moves = join(outDir, "last-stone/moves.ts");
    await writeFile(moves, (await readFile(moves, "utf8")) + "// edited by hand\n");
    const check = await compileAll({ rulesDir, outDir, check: true });
    expect(check.stale).toEqual([moves]);
  }, 120_000);

  it("compiles again when the rules change: the record is for other sources", async () => {
    await compileAll({ rulesDir, outDir, check: false });
    const rules = join(rulesDir, "last-stone.rules");
    await writeFile(rules, (await readFile(rules, "utf8")).replace("var heap: int public = 10", "var heap: int public = 12"));
    const check = await compileAll({ rulesDir, outDir, check: true });
    expect(check.stale.map((f) => f.slice(outDir.length + 1))).toContain("last-stone/flow.ts");
    expect((await readdir(join(cache, "compiled"))).length).toBe(2);
  }, 120_000);
});
