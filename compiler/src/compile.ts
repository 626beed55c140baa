// Compiling: one phase after another, each stopping the pipeline on errors so that a later phase
// never sees a broken earlier result. Loaded by the package's entry only when something compiles.
import { promises as fs } from "node:fs";
import * as path from "node:path";
import * as prettier from "prettier";
import { internalError, type Diagnostic } from "./diagnostics.js";
import { checkGame } from "./check-game.js";
import { findGames, type SourceFile } from "./sources.js";
import { lowerFlow } from "./lower/lower.js";
import { emitGame, type EmittedFile } from "./emit/emit.js";
import { typeErrors } from "./verify/typecheck.js";
import { withGameExports } from "./package-exports.js";

export interface CompileResult {
  readonly diagnostics: Diagnostic[];
  /** Generated files, relative to the game's output folder; empty when there are errors. */
  readonly files: EmittedFile[];
  /** What the compiler tells without failing: a game without a playout kernel, and why. */
  readonly notes?: string[];
}

/**
 * Compiles one game from its source files (one, or several that form one game). Never throws: an
 * exception in a phase is the compiler's bug, reported as `compiler/internal`, and nothing is written.
 */
export async function compileGame(gameId: string, sources: readonly SourceFile[]): Promise<CompileResult> {
  const checked = checkGame(gameId, sources);
  if (!checked.game) return { diagnostics: checked.diagnostics, files: [] };
  const game = checked.game;
  const file = sources[0]?.path ?? `${gameId}.rules`;
  let phase = "turning the flow into a state machine";
  try {
    const machine = lowerFlow(game);
    phase = "writing the TypeScript";
    const notes: string[] = [];
    let files = await emitGame(game, machine, gameId, sources, notes);
    phase = "type-checking the TypeScript it wrote";
    // Emitted code that tsc refuses is the compiler's fault: say so, and write and run nothing.
    let refused = typeErrors(files);
    if (refused.length > 0 && refused.every((e) => e.startsWith("playout.ts"))) {
      // Only the playout kernel is refused: the game goes without one (it is an optimisation).
      notes.push(`${gameId}: no playout kernel (simulations use the state machine): the kernel writer's code does not type-check (${refused[0]})`);
      files = await emitGame(game, machine, gameId, sources, [], false);
      refused = typeErrors(files);
    }
    if (refused.length > 0) return { diagnostics: [...checked.diagnostics, emittedCodeRefused(file, refused)], files: [] };
    return { diagnostics: checked.diagnostics, files, notes };
  } catch (thrown) {
    return { diagnostics: [...checked.diagnostics, internalError(file, phase, thrown)], files: [] };
  }
}

function emittedCodeRefused(file: string, errors: readonly string[]): Diagnostic {
  const shown = errors.slice(0, 5).join("; ") + (errors.length > 5 ? `; and ${errors.length - 5} more` : "");
  return {
    file,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    severity: "error",
    code: "compiler/invalid-output",
    message: `the compiler wrote TypeScript that does not type-check, a bug in the compiler, not in your rules (please report it): ${shown}`,
  };
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
export async function compileAll(options: { rulesDir: string; outDir: string; check: boolean }): Promise<CompileReport> {
  const games = await findGames(options.rulesDir);
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, string>();
  const outputs = new Map<string, string>();
  const notes: string[] = [];
  for (const [gameId, files] of games) {
    for (const f of files) sources.set(f.path, f.text);
    const result = await compileGame(gameId, files);
    diagnostics.push(...result.diagnostics);
    notes.push(...(result.notes ?? []));
    for (const f of result.files) outputs.set(path.join(options.outDir, gameId, f.path), f.text);
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
  return prettier.format(text, { parser: "typescript", printWidth: 110 });
}
