// Loading a game straight from its rules: compile in memory (on the interactive path: neither
// formatted nor type-checked, see CompileOptions.strict), transpile the emitted TypeScript to
// JavaScript (transpile.ts) in a cache folder, and import it. No build step, and never a stale build:
// the cache is keyed by the sources, the compiler's own code and the runtime, so any change makes a
// new folder (and so a fresh module, which `--watch` needs), while unchanged sources load without compiling.

import { createHash, randomBytes } from "node:crypto";
import { promises as fs, readdirSync, readFileSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Game } from "@rules/runtime/internal";
import { bundled } from "../bundled.js";
import type { Diagnostic } from "../diagnostics.js";
import type { CompileResult, EmittedFile, SourceFile } from "../index.js";
import { RUNTIME, transpile } from "./transpile.js";
import { sourcesHash } from "../sources.js";

export { transpile } from "./transpile.js";

/** Bumped when the layout of a cache entry, the transpile settings or the compile mode change. */
const CACHE_FORMAT = 3;
/** Cache entries older than this are removed when a new one is written. */
const CACHE_LIFETIME_MS = 7 * 24 * 3600 * 1000;

export type LoadOutcome =
  | {
      readonly ok: true;
      readonly game: Game;
      /** Warnings of the compile (kept in the cache, so a cached load reports them too). */
      readonly diagnostics: readonly Diagnostic[];
      /** Loaded from the cache, without compiling. */
      readonly cached: boolean;
    }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

export interface LoadOptions {
  /** Where compiled games are kept (default: `$RULES_CACHE_DIR`, else a per-user folder in the temp folder). */
  readonly cacheDir?: string;
  /** The compiler (default: `compileGame`); tests pass a counting one. */
  readonly compile?: (gameId: string, sources: readonly SourceFile[]) => Promise<CompileResult>;
  /** Format and type-check the emitted code as `rules compile` does (default false: a game loaded to
   *  be run is compiled on the interactive path; see CompileOptions.strict). */
  readonly strict?: boolean;
}

/** Compiles (or finds in the cache) and imports one game from its rules sources. */
export async function loadGameFromSources(
  gameId: string,
  sources: readonly SourceFile[],
  options: LoadOptions = {},
): Promise<LoadOutcome> {
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  await refuseForeignCache(cacheDir);
  const runtime = runtimeUrl();
  const strict = options.strict ?? false;
  const key = await cacheKey(gameId, sources, runtime, strict);
  const entry = join(cacheDir, key);
  const stored = await readDiagnostics(entry);
  if (stored) return { ok: true, game: await importGame(entry), diagnostics: stored, cached: true };

  // Rules with errors are reported by the parser and the checker alone: no need to load the emitter.
  const { checkGame } = await import("../check-game.js");
  const checked = checkGame(gameId, sources);
  if (checked.diagnostics.some((d) => d.severity === "error")) return { ok: false, diagnostics: checked.diagnostics };
  const compileGame = (await import("../index.js")).compileGame;
  const compile = options.compile ?? ((id: string, files: readonly SourceFile[]) => compileGame(id, files, { strict }));
  const result = await compile(gameId, sources);
  // The hook where the pipeline rejects a game: every check of compileGame (and any later one, such
  // as type-checking the emitted code) reports errors here, and only code it accepted is loaded.
  if (result.files.length === 0 || result.diagnostics.some((d) => d.severity === "error")) {
    return { ok: false, diagnostics: result.diagnostics };
  }
  const javascript = await transpile(result.files, runtime);
  await store(cacheDir, key, javascript, result.diagnostics);
  return { ok: true, game: await importGame(entry), diagnostics: result.diagnostics, cached: false };
}

/** `$RULES_CACHE_DIR`, else `<temp>/rules-cache-<user>`: per user, as the temp folder may be shared. */
export function defaultCacheDir(): string {
  if (process.env.RULES_CACHE_DIR) return process.env.RULES_CACHE_DIR;
  const user = process.getuid?.() ?? userInfo().username;
  return join(tmpdir(), `rules-cache-${user}`);
}

/**
 * The code in the cache is run, so a folder that another user could write (someone may create
 * `/tmp/rules-cache-<you>` before you do) is refused rather than trusted.
 */
export async function refuseForeignCache(cacheDir: string): Promise<void> {
  const stat = await fs.stat(cacheDir).catch(() => null);
  const uid = process.getuid?.();
  if (!stat || uid === undefined) return;
  if (stat.uid !== uid || (stat.mode & 0o022) !== 0) {
    throw new Error(
      `the cache folder ${cacheDir} belongs to another user or others may write to it: ` +
        "remove it, or set RULES_CACHE_DIR to a folder of your own",
    );
  }
}

/**
 * The URL of the runtime module this CLI itself runs with: the loaded game imports that very module,
 * so there is one runtime, and its errors are the CLI's (`instanceof GameFault` holds).
 */
export function runtimeUrl(): string {
  return bundled ? new URL(bundled.runtimeModule, import.meta.url).href : import.meta.resolve(RUNTIME);
}

async function cacheKey(gameId: string, sources: readonly SourceFile[], runtime: string, strict: boolean): Promise<string> {
  const hash = sourcesHash({ format: CACHE_FORMAT, compiler: await compilerFingerprint(), runtime, gameId, strict }, sources);
  return `${gameId.replace(/[^A-Za-z0-9_-]/g, "_")}-${hash.slice(0, 24)}`;
}

let fingerprint: Promise<string> | undefined;

/**
 * Gives this thread the fingerprint another thread of the same process computed (hashing the
 * compiler's code takes a while): the worker threads of a simulation get it from their pool.
 */
export function primeCompilerFingerprint(value: string): void {
  fingerprint ??= Promise.resolve(value);
}

/**
 * A hash of the compiler's own code (the folder this CLI runs from: `dist/`, or `src/` under the
 * tests; its files by their paths inside that folder), so that a rebuilt compiler never serves games
 * compiled by its previous version. The versions of ts-morph and Prettier are left out: a new one
 * changes the layout of the code, not what it does.
 */
export function compilerFingerprint(): Promise<string> {
  fingerprint ??= new Promise((resolve) => {
    // Read synchronously: some 180 small files, a few milliseconds from the page cache, where as
    // many reads one after another through the thread pool took two to four times as long on a
    // loaded machine, on the way of every load that compiles.
    const root = dirname(dirname(fileURLToPath(import.meta.url)));
    const files = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(js|ts)$/.test(e.name) && !/\.(d|test)\.ts$/.test(e.name))
      .map((e) => join(e.parentPath, e.name))
      .sort();
    const hash = createHash("sha256");
    // Paths from the compiler's folder, not from the disk's root: the same compiler in another place
    // (a scratch copy of the workspace, another clone) compiles the same, and may read its records.
    for (const file of files) hash.update(`\0${file.slice(root.length)}\0`).update(readFileSync(file));
    resolve(hash.digest("hex"));
  });
  return fingerprint;
}

const DIAGNOSTICS = "diagnostics.json";

/** A complete entry, or null. Entries are renamed into place whole, so one that exists is complete. */
async function readDiagnostics(entry: string): Promise<Diagnostic[] | null> {
  try {
    return JSON.parse(await fs.readFile(join(entry, DIAGNOSTICS), "utf8")) as Diagnostic[];
  } catch {
    return null;
  }
}

/** Writes an entry beside its place and renames it in, so a concurrent reader never sees half of one. */
async function store(
  cacheDir: string,
  key: string,
  files: readonly EmittedFile[],
  diagnostics: readonly Diagnostic[],
): Promise<void> {
  await fs.mkdir(cacheDir, { recursive: true, mode: 0o700 });
  const partial = join(cacheDir, `${key}.partial-${process.pid}-${randomBytes(4).toString("hex")}`);
  await fs.mkdir(partial);
  for (const file of files) {
    await fs.mkdir(dirname(join(partial, file.path)), { recursive: true });
    await fs.writeFile(join(partial, file.path), file.text);
  }
  await fs.writeFile(join(partial, DIAGNOSTICS), JSON.stringify(diagnostics));
  try {
    await fs.rename(partial, join(cacheDir, key));
  } catch (error) {
    // Another process stored the same entry first: theirs is as good as ours.
    await fs.rm(partial, { recursive: true, force: true });
    if (!(await readDiagnostics(join(cacheDir, key)))) throw error;
  }
  await prune(cacheDir, key);
}

/** Removes old entries (and partial ones left by a killed process); a failure here costs nothing. */
async function prune(cacheDir: string, keep: string): Promise<void> {
  const now = Date.now();
  for (const name of await fs.readdir(cacheDir).catch(() => [] as string[])) {
    if (name === keep) continue;
    const full = join(cacheDir, name);
    const stat = await fs.stat(full).catch(() => null);
    const age = stat ? now - stat.mtimeMs : 0;
    if (age > CACHE_LIFETIME_MS || (name.includes(".partial-") && age > 3600 * 1000)) {
      await fs.rm(full, { recursive: true, force: true }).catch(() => undefined);
    }
  }
}

async function importGame(entry: string): Promise<Game> {
  // search.js: the game with what tools use besides play (`sample` for search bots, `enter` for scenarios).
  const module = (await import(pathToFileURL(join(entry, "search.js")).href)) as { game?: Game };
  if (!module.game) throw new Error(`the compiled game in ${entry} exports no \`game\``);
  return module.game;
}
