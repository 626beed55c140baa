// What `compileAll` remembers between runs, so that an up-to-date tree is confirmed without
// compiling: for a game's exact sources under this exact compiler (its code, the runtime's
// declarations it type-checks against, the Prettier and ts-morph that lay its output out), the
// content hashes of the files it wrote and the warnings it gave. When the files on disk still have
// those hashes, they are what compiling would write again. The records live in the user's cache
// folder (beside the loaded games'), never in the repository: CI, on a clean clone, always compiles.

import { createHash, randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Diagnostic } from "./diagnostics.js";
import { compilerFingerprint, defaultCacheDir, refuseForeignCache } from "./loading/load-game.js";
import { sourcesHash, type SourceFile } from "./sources.js";

/** Bumped when a record's layout changes. */
const RECORD_FORMAT = 1;

export interface CompileRecord {
  /** Each file the game compiled to, relative to its output folder, with the sha256 of its text. */
  readonly files: readonly { readonly path: string; readonly sha256: string }[];
  readonly diagnostics: readonly Diagnostic[];
  readonly notes: readonly string[];
}

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

let toolchain: Promise<string> | undefined;

/** A hash of everything besides the sources that decides what a game compiles to. */
function toolchainFingerprint(): Promise<string> {
  toolchain ??= (async () => {
    const require = createRequire(import.meta.url);
    const hash = createHash("sha256").update(await compilerFingerprint());
    for (const name of ["prettier", "ts-morph", "typescript"]) {
      hash.update(`\0${name}@${(require(`${name}/package.json`) as { version: string }).version}`);
    }
    const runtime = dirname(fileURLToPath(import.meta.resolve("@rules/runtime/internal")));
    const declarations = (await fs.readdir(runtime, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && e.name.endsWith(".d.ts"))
      .map((e) => join(e.parentPath, e.name))
      .sort();
    for (const file of declarations) hash.update(`\0${file.slice(runtime.length)}\0`).update(await fs.readFile(file));
    return hash.digest("hex");
  })();
  return toolchain;
}

async function recordPath(gameId: string, sources: readonly SourceFile[]): Promise<string> {
  const hash = sourcesHash({ format: RECORD_FORMAT, toolchain: await toolchainFingerprint(), gameId }, sources);
  return join(defaultCacheDir(), "compiled", `${hash.slice(0, 40)}.json`);
}

/** The record of this game's sources, or null when there is none (or it cannot be read). */
export async function readRecord(gameId: string, sources: readonly SourceFile[]): Promise<CompileRecord | null> {
  try {
    await refuseForeignCache(defaultCacheDir());
    return JSON.parse(await fs.readFile(await recordPath(gameId, sources), "utf8")) as CompileRecord;
  } catch {
    return null;
  }
}

/** Remembers what these sources compiled to. A record that cannot be written is only a slower next run. */
export async function writeRecord(gameId: string, sources: readonly SourceFile[], record: CompileRecord): Promise<void> {
  try {
    const file = await recordPath(gameId, sources);
    await refuseForeignCache(defaultCacheDir());
    await fs.mkdir(dirname(file), { recursive: true, mode: 0o700 });
    const partial = `${file}.${process.pid}-${randomBytes(4).toString("hex")}`;
    await fs.writeFile(partial, JSON.stringify(record));
    await fs.rename(partial, file);
  } catch {
    // The cache is an optimisation: the compile itself succeeded.
  }
}

/**
 * The game's files as they are on disk in `folder`, when each has the hash its record gives; null
 * when one is missing or differs (then the game is compiled again).
 */
export async function unchangedFiles(record: CompileRecord, folder: string): Promise<{ path: string; text: string }[] | null> {
  const files: { path: string; text: string }[] = [];
  for (const file of record.files) {
    const text = await fs.readFile(join(folder, file.path), "utf8").catch(() => null);
    if (text === null || sha256(text) !== file.sha256) return null;
    files.push({ path: file.path, text });
  }
  return files;
}
