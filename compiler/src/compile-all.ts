// Compiling every game of a rules folder into an output folder (`rules compile`): each game through
// `compileGame`, unless its record shows that the files on disk are already what it would write, then
// the registry of games and the package's exports. The emitter is loaded only when a game compiles.

import { promises as fs } from "node:fs";
import * as path from "node:path";
import type { Diagnostic } from "./diagnostics.js";
import { findGames } from "./sources.js";
import { withGameExports } from "./package-exports.js";
import { readRecord, sha256, unchangedFiles, writeRecord } from "./compile-record.js";
import { LAYOUT } from "./emit/layout.js";
import type { CompileResult } from "./compile.js";
import type { SourceFile } from "./sources.js";

export interface CompileAllOptions {
  readonly rulesDir: string;
  readonly outDir: string;
  readonly check: boolean;
  /** How one game compiles: `compileGame` (loaded only when a game compiles). Tests pass one that
   *  reuses a compile of the same sources made elsewhere in their process. */
  readonly compile?: (gameId: string, sources: readonly SourceFile[]) => Promise<CompileResult>;
}

export interface CompileReport {
  readonly diagnostics: Diagnostic[];
  /** Source texts by path, to print diagnostics with excerpts. */
  readonly sources: Map<string, string>;
  /** Files written (compile) or that would change (check). */
  readonly written: string[];
  readonly stale: string[];
  readonly games: string[];
  /** One line per game that compiled without a playout kernel, saying why. */
  readonly notes: string[];
}

/** Compiles every game in `rulesDir` into `outDir/<game>/`, plus `outDir/index.ts` listing them and,
 *  when `outDir` holds a package.json, its `exports` (an entry per game; see package-exports.ts).
 *  With `check`, writes nothing and reports which files differ from what compiling would write. */
export async function compileAll(options: CompileAllOptions): Promise<CompileReport> {
  const games = await findGames(options.rulesDir);
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, string>();
  const outputs = new Map<string, string>();
  const notes: string[] = [];
  for (const [gameId, files] of games) {
    for (const f of files) sources.set(f.path, f.text);
    // The same sources under the same compiler, and the files on disk still what it wrote: nothing to compile.
    const record = await readRecord(gameId, files);
    const kept = record && (await unchangedFiles(record, path.join(options.outDir, gameId)));
    const result = kept
      ? { diagnostics: [...record.diagnostics], notes: [...record.notes], files: kept }
      : await (options.compile ?? (await import("./compile.js")).compileGame)(gameId, files);
    diagnostics.push(...result.diagnostics);
    notes.push(...(result.notes ?? []));
    for (const f of result.files) outputs.set(path.join(options.outDir, gameId, f.path), f.text);
    if (!kept && result.files.length > 0) {
      const written = result.files.map((f) => ({ path: f.path, sha256: sha256(f.text) }));
      await writeRecord(gameId, files, { files: written, diagnostics: result.diagnostics, notes: result.notes ?? [] });
    }
  }
  const written: string[] = [];
  const stale: string[] = [];
  if (diagnostics.some((d) => d.severity === "error")) return { diagnostics, sources, written, stale, games: [...games.keys()], notes };
  outputs.set(path.join(options.outDir, "index.ts"), await registryFile([...games.keys()]));
  const manifestPath = path.join(options.outDir, "package.json");
  const manifest = await fs.readFile(manifestPath, "utf8").catch(() => null);
  if (manifest !== null) {
    try {
      outputs.set(manifestPath, withGameExports(manifest, [...games.keys()]));
    } catch (error) {
      const message = `cannot add the games' entries to this package.json: it is not JSON (${(error as Error).message})`;
      diagnostics.push({ file: manifestPath, line: 1, column: 1, endLine: 1, endColumn: 1, severity: "error", code: "compile/package-json", message });
      return { diagnostics, sources, written, stale, games: [...games.keys()], notes };
    }
  }
  for (const [file, text] of outputs) {
    const current = await fs.readFile(file, "utf8").catch(() => null);
    if (current === text) continue;
    stale.push(file);
    if (!options.check) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, text);
      written.push(file);
    }
  }
  // Generated files of games that no longer exist are stale too.
  for (const leftover of await generatedFiles(options.outDir)) {
    if (outputs.has(leftover)) continue;
    stale.push(leftover);
    if (!options.check) await fs.rm(leftover);
  }
  return { diagnostics, sources, written, stale, games: [...games.keys()], notes };
}

async function generatedFiles(outDir: string): Promise<string[]> {
  const found: string[] = [];
  const entries = await fs.readdir(outDir, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name === "dist" || entry.name === "node_modules") continue;
    for (const f of await fs.readdir(path.join(outDir, entry.name))) {
      if (f.endsWith(".ts")) found.push(path.join(outDir, entry.name, f));
    }
  }
  return found;
}

async function registryFile(gameIds: string[]): Promise<string> {
  const names = gameIds.map((id) => ({ id, local: id.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, "") }));
  const text = [
    "// Generated by `rules compile`: every compiled game, by id. DO NOT EDIT.",
    'import type { Game } from "@rules/runtime/internal";',
    // Each game as tools use it (search.ts: with `sample`, `enter` and `nextActor`); apps import one game.
    ...names.map((n) => `import { game as ${n.local} } from ${JSON.stringify(`./${n.id}/search.js`)};`),
    "",
    "export const games: Readonly<Record<string, Game>> = {",
    ...names.map((n) => `  ${JSON.stringify(n.id)}: ${n.local} as unknown as Game,`),
    "};",
    "",
  ].join("\n");
  const prettier = await import("prettier");
  return prettier.format(text, LAYOUT);
}
