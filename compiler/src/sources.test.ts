import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findGames, gamesAt, hasGameHeader } from "./sources.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "rules-sources-"));
});
afterEach(() => rm(dir, { recursive: true }));

const header = (title: string) => `game "${title}" {\n  players 2..4\n}\n`;

async function write(files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, ".."), { recursive: true });
    await writeFile(join(dir, name), text);
  }
}

/** Each game's id and its files, named from `dir`. */
async function games(path: string): Promise<Record<string, string[]>> {
  const found = await gamesAt(path);
  return Object.fromEntries([...found].map(([id, sources]) => [id, sources.map((s) => s.path.slice(dir.length + 1))]));
}

describe("hasGameHeader", () => {
  it("sees a header at the start of a line, not in a comment or inside another word", () => {
    expect(hasGameHeader('// Pig\ngame "Pig" {\n  players 2..6\n}')).toBe(true);
    expect(hasGameHeader('  game"Pig" { players 2..6 }')).toBe(true);
    expect(hasGameHeader('// game "Pig" {\nvar game: int public = 0\n')).toBe(false);
    expect(hasGameHeader('var endgame: int public = 0 // game "x"\n')).toBe(false);
  });
});

describe("gamesAt", () => {
  it("reads a .rules file as one game named after the file", async () => {
    await write({ "pig.rules": header("Pig") });
    expect(await games(join(dir, "pig.rules"))).toEqual({ pig: ["pig.rules"] });
  });

  it("reads a folder whose files hold one header as one game, named after the folder", async () => {
    await write({ "pig/board.rules": "var x: int public = 0\n", "pig/main.rules": header("Pig") });
    expect(await games(join(dir, "pig"))).toEqual({ pig: ["pig/board.rules", "pig/main.rules"] });
  });

  it("names a folder's only game after its file, whatever the folder is called", async () => {
    await write({ "my designs/pig.rules": header("Pig"), "my designs/pig.scenario": "game pig\n" });
    expect(await games(join(dir, "my designs"))).toEqual({ pig: ["my designs/pig.rules"] });
  });

  it("reads a folder whose files hold several headers as a rules folder, one game per file", async () => {
    await write({ "rules/a.rules": header("A"), "rules/b.rules": header("B") });
    expect(await games(join(dir, "rules"))).toEqual({ a: ["rules/a.rules"], b: ["rules/b.rules"] });
  });

  it("reads a folder with a game subfolder as a rules folder, even when it has a single file", async () => {
    await write({ "rules/a.rules": header("A"), "rules/b/main.rules": header("B"), "rules/b/more.rules": "" });
    expect(await games(join(dir, "rules"))).toEqual({ a: ["rules/a.rules"], b: ["rules/b/main.rules", "rules/b/more.rules"] });
  });

  it("finds no game in a folder without .rules files, and throws ENOENT for a missing path", async () => {
    await write({ "empty/notes.txt": "" });
    expect(await games(join(dir, "empty"))).toEqual({});
    await expect(gamesAt(join(dir, "missing.rules"))).rejects.toMatchObject({ code: "ENOENT" });
  });
});

describe("findGames", () => {
  it("names sources from the rules folder's parent, whatever the working folder", async () => {
    await write({ "rules/a.rules": header("A"), "rules/b/main.rules": header("B") });
    const found = await findGames(join(dir, "rules"));
    expect([...found].map(([id, s]) => [id, s.map((f) => f.path)])).toEqual([
      ["a", ["rules/a.rules"]],
      ["b", ["rules/b/main.rules"]],
    ]);
  });
});
