// Which game a name or path means, and loading it (the CLI, simulations and the language server all
// load games here): a path to a `.rules` file or a folder compiles that;
// a game's id compiles it from the rules here or in the nearest `rules/` folder, and only when no
// rules have it falls back to the compiled package `@rules/generated`. Rules always win over a
// build, so a game is never played from stale JavaScript.

import { readdirSync, statSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import type { Game } from "@rules/runtime/internal";
import { displayPath, formatDiagnosticList, type Diagnostic } from "../diagnostics.js";
import { findRulesDir, gamePlace, gamesAt, rulesFolderGames, type GameSources, type SourceFile } from "../sources.js";
import { loadGames, type Games } from "./compiled-games.js";
import { loadGameFromSources } from "./load-game.js";

/** A game to load: from its rules sources, or from the compiled package. */
export type GameRef =
  | { readonly kind: "rules"; readonly id: string; readonly sources: readonly SourceFile[] }
  | { readonly kind: "compiled"; readonly id: string };

/** No game has that name, or the path holds no game (or several): the message says which. */
export class GameNotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GameNotFound";
  }
}

/** A game's rules do not compile: the CLI prints the diagnostics and exits 1. */
export class CompileFailed extends Error {
  constructor(
    readonly gameId: string,
    readonly diagnostics: readonly Diagnostic[],
    /** Source texts by path, for the excerpts. */
    readonly texts: ReadonlyMap<string, string>,
  ) {
    super(`the rules of '${gameId}' do not compile`);
    this.name = "CompileFailed";
  }

  /** The diagnostics, each with its excerpt, and the count. */
  format(cwd: string): string[] {
    return formatDiagnosticList(this.diagnostics, (file) => this.texts.get(file) ?? "", cwd);
  }
}

/**
 * Whether a command-line argument is a path rather than a game's id: it ends in `.rules`, has a
 * slash, is `.` or `..`, or names a folder here that holds `.rules` files (directly or in a subfolder).
 */
export function isPathArgument(arg: string, cwd: string): boolean {
  if (arg.endsWith(".rules") || arg.includes("/") || arg.includes(sep) || arg === "." || arg === "..") return true;
  const full = resolve(cwd, arg);
  return isFolder(full) && holdsRules(full);
}

/** The games a path (a `.rules` file, a game folder, a rules folder) holds, at least one; throws GameNotFound. */
export async function readGamesAt(arg: string, cwd: string): Promise<GameSources> {
  const games = await gamesAt(resolve(cwd, arg)).catch((error: NodeJS.ErrnoException) => {
    throw new GameNotFound(`cannot read ${arg}: ${error.code === "ENOENT" ? "no such file or folder" : error.message}`);
  });
  if (games.size === 0) throw new GameNotFound(`${arg} holds no .rules file`);
  return games;
}

/** Every game an argument means: each game a path holds, or the one game an id names; throws GameNotFound. */
export async function findGameRefs(arg: string, cwd: string): Promise<GameRef[]> {
  if (!isPathArgument(arg, cwd)) return [await findGameRef(arg, cwd)];
  return [...(await readGamesAt(arg, cwd))].map(([id, sources]) => ({ kind: "rules", id, sources }));
}

/** The one game an argument (of `play`, `simulate`, `bench`…) means; throws GameNotFound. */
export async function findGameRef(arg: string, cwd: string): Promise<GameRef> {
  if (isPathArgument(arg, cwd)) {
    const games = await readGamesAt(arg, cwd);
    if (games.size > 1) {
      const places = [...games.values()].map((sources) => displayPath(gamePlace(sources), cwd));
      throw new GameNotFound(`${arg} holds ${games.size} games; give one of them: ${places.join(", ")}`);
    }
    const [[id, sources]] = games;
    return { kind: "rules", id, sources };
  }
  for (const games of await rulesNear(cwd)) {
    const sources = games.get(arg);
    if (sources) return { kind: "rules", id: arg, sources };
  }
  const compiled = await compiledGames();
  if (Object.hasOwn(compiled, arg)) return { kind: "compiled", id: arg };
  const known = new Set(Object.keys(compiled));
  for (const games of await rulesNear(cwd)) for (const id of games.keys()) known.add(id);
  throw new GameNotFound(
    known.size === 0
      ? `unknown game '${arg}': no rules here or in a rules/ folder above, and no compiled game; give a .rules file or a folder`
      : `unknown game '${arg}'; known games: ${[...known].sort().join(", ")}`,
  );
}

/**
 * The game a scenario names: from the rules of the nearest folder, from the scenario's own up,
 * that holds `.rules` files (beside the scenario) or a `rules/` folder having that game; else the
 * compiled package; null when nothing has it.
 */
export async function findScenarioGameRef(scenarioFile: string, id: string): Promise<GameRef | null> {
  for (let dir = dirname(resolve(scenarioFile)); ; dir = dirname(dir)) {
    const sources = (await rulesIn(dir)).find((games) => games.has(id))?.get(id);
    if (sources) return { kind: "rules", id, sources };
    if (dirname(dir) === dir) break;
  }
  return Object.hasOwn(await compiledGames(), id) ? { kind: "compiled", id } : null;
}

/**
 * Loads a game: compiles its rules (or takes them from the cache) and gives their warnings, each
 * line with paths shown from `cwd`, to `warn`; throws CompileFailed when they do not compile.
 */
export async function loadGame(ref: GameRef, warn: (line: string) => void, cwd: string): Promise<Game> {
  if (ref.kind === "compiled") return (await compiledGames())[ref.id]!;
  const texts = new Map(ref.sources.map((s) => [s.path, s.text]));
  const outcome = await loadGameFromSources(ref.id, ref.sources);
  if (!outcome.ok) throw new CompileFailed(ref.id, outcome.diagnostics, texts);
  if (outcome.diagnostics.length > 0) {
    for (const line of formatDiagnosticList(outcome.diagnostics, (file) => texts.get(file) ?? "", cwd)) warn(line);
  }
  return outcome.game;
}

/** The source files of a game, to watch. */
export const sourcePaths = (ref: GameRef): string[] => (ref.kind === "rules" ? ref.sources.map((s) => s.path) : []);

/** The games a name may mean, nearest first: the working folder's own `.rules` files, then the nearest `rules/`. */
async function rulesNear(cwd: string): Promise<GameSources[]> {
  const found: GameSources[] = hasRulesFiles(cwd) ? [await gamesAt(cwd)] : [];
  const rulesDir = findRulesDir(cwd);
  if (isFolder(rulesDir) && resolve(rulesDir) !== resolve(cwd)) found.push(await rulesFolderGames(rulesDir));
  return found;
}

/** The games of a folder's own `.rules` files, then those of its `rules/` subfolder. */
async function rulesIn(dir: string): Promise<GameSources[]> {
  const found: GameSources[] = hasRulesFiles(dir) ? [await gamesAt(dir)] : [];
  if (isFolder(join(dir, "rules"))) found.push(await rulesFolderGames(join(dir, "rules")));
  return found;
}

/** The compiled package's games; none when it cannot be loaded (outside a built checkout). */
async function compiledGames(): Promise<Games> {
  return loadGames().catch(() => ({}));
}

function isFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function hasRulesFiles(dir: string): boolean {
  try {
    return readdirSync(dir).some((name) => name.endsWith(".rules"));
  } catch {
    return false;
  }
}

/** `.rules` files directly in the folder or in one of its subfolders. */
function holdsRules(dir: string): boolean {
  return hasRulesFiles(dir) || subfoldersWithRules(dir);
}

function subfoldersWithRules(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).some((e) => e.isDirectory() && hasRulesFiles(join(dir, e.name)));
}
