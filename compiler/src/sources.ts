// Where a game's rules come from: a `.rules` file, a game folder (several files, one game) or a
// rules folder (one game per file or subfolder, as `rules/`). Only the file system is read here:
// no parser, so that finding a game's sources (and a cached build of them) stays cheap.
import { createHash } from "node:crypto";
import { existsSync, promises as fs } from "node:fs";
import * as path from "node:path";

export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

/** The sha256 (hex) of a header, as JSON, and of a game's sources, each path and text: what compiled
 *  games are kept by (the loaded games' cache, the compile records, the tests' compiles). */
export function sourcesHash(header: unknown, sources: readonly SourceFile[]): string {
  const hash = createHash("sha256").update(JSON.stringify(header));
  for (const source of sources) hash.update(`\0${source.path}\0${source.text}`);
  return hash.digest("hex");
}

/** The games of one place, by id, each with its source files. */
export type GameSources = Map<string, SourceFile[]>;

const RULES = ".rules";

/** Reads the sources of every game in a rules folder: `<game>.rules` or a `<game>/` folder of them. */
export async function findGames(rulesDir: string): Promise<GameSources> {
  // Paths as `rules/<game>.rules`, whatever the working folder, so generated headers are reproducible.
  const parent = path.dirname(path.resolve(rulesDir));
  return readRulesFolder(rulesDir, (full) => path.relative(parent, path.resolve(full)).split(path.sep).join("/"));
}

async function readRulesFolder(rulesDir: string, pathOf: (full: string) => string): Promise<GameSources> {
  const games: GameSources = new Map();
  const entries = (await fs.readdir(rulesDir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(rulesDir, entry.name);
    if (entry.isFile() && entry.name.endsWith(RULES)) {
      games.set(gameIdOfFile(entry.name), [{ path: pathOf(full), text: await fs.readFile(full, "utf8") }]);
    } else if (entry.isDirectory()) {
      // A subfolder that cannot be read holds no game we could compile.
      const files = await rulesFilesIn(full).catch(() => []);
      if (files.length > 0) games.set(entry.name, files.map((f) => ({ path: pathOf(f.path), text: f.text })));
    }
  }
  return games;
}

/**
 * The games a path holds, with source paths as given (joined to `target`):
 * - a `.rules` file is one game, named after the file;
 * - a *game folder*, whose `.rules` files hold exactly one `game` header and none of whose subfolders
 *   holds any, is one game named after the folder (or after its file when it holds only one, so that
 *   `pig/pig.rules` is the game `pig` whatever the folder is called, as `rules/pig.rules` is);
 * - any other folder is a *rules folder*, as `rules/` is: each `.rules` file or subfolder of them is a game.
 * Throws the file system's error (ENOENT …) for a path that cannot be read.
 */
export async function gamesAt(target: string): Promise<GameSources> {
  const stat = await fs.stat(target);
  if (!stat.isDirectory()) {
    return new Map([[gameIdOfFile(target), [{ path: target, text: await fs.readFile(target, "utf8") }]]]);
  }
  const files = await rulesFilesIn(target);
  if (!(await hasGameSubfolder(target))) {
    if (files.length === 1) return new Map([[gameIdOfFile(files[0]!.path), files]]);
    if (files.filter((f) => hasGameHeader(f.text)).length === 1) return new Map([[path.basename(path.resolve(target)), files]]);
  }
  return rulesFolderGames(target);
}

/** The games of a rules folder, with source paths joined to `rulesDir` as given. */
export function rulesFolderGames(rulesDir: string): Promise<GameSources> {
  return readRulesFolder(rulesDir, (full) => full);
}

async function hasGameSubfolder(dir: string): Promise<boolean> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const names = await fs.readdir(path.join(dir, entry.name)).catch(() => [] as string[]);
    if (names.some((f) => f.endsWith(RULES))) return true;
  }
  return false;
}

/** The `.rules` files directly in a folder, in name order. */
export async function rulesFilesIn(dir: string): Promise<SourceFile[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isFile() && e.name.endsWith(RULES)).map((e) => e.name).sort();
  return Promise.all(names.map(async (n) => ({ path: path.join(dir, n), text: await fs.readFile(path.join(dir, n), "utf8") })));
}

/** Where a game is, to name it: its file, or its folder when it has several. */
export function gamePlace(sources: readonly SourceFile[]): string {
  return sources.length === 1 ? sources[0]!.path : path.dirname(sources[0]!.path);
}

/** `pig` for `games/pig.rules`. */
export function gameIdOfFile(file: string): string {
  const base = path.basename(file);
  return base.endsWith(RULES) ? base.slice(0, -RULES.length) : base;
}

/**
 * Whether a rules text declares the game (`game "Title" {`). A look at the text, not a parse: a
 * comment runs to the end of its line and a string cannot span lines, so a line that starts with
 * `game "` outside a comment is the header (a soft keyword followed by a string is nothing else).
 */
export function hasGameHeader(text: string): boolean {
  return /^[ \t]*game[ \t]*"/m.test(text.replace(/\/\/[^\n]*/g, ""));
}

/** The `rules` folder in `cwd` or the nearest folder above it; `cwd/rules` when there is none (the compiler reports it). */
export function findRulesDir(cwd: string): string {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "rules"))) return path.join(dir, "rules");
    if (path.dirname(dir) === dir) return path.join(path.resolve(cwd), "rules");
  }
}
