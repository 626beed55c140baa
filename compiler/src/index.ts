// The compiler's entry points: one phase after another, each stopping the pipeline on errors so
// that a later phase never sees a broken earlier result.
import { promises as fs } from "node:fs";
import * as path from "node:path";
import * as prettier from "prettier";
import type { Diagnostic } from "./diagnostics.js";
import { parseRules } from "./syntax/parser.js";
import type * as A from "./syntax/ast.js";
import { checkProgram } from "./check/checker.js";
import { lowerFlow } from "./lower/lower.js";
import { emitGame, type EmittedFile } from "./emit/emit.js";
import { typeErrors } from "./verify/typecheck.js";

export type { Diagnostic } from "./diagnostics.js";
export { formatDiagnostic } from "./diagnostics.js";

export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

export interface CompileResult {
  readonly diagnostics: Diagnostic[];
  /** Generated files, relative to the game's output folder; empty when there are errors. */
  readonly files: EmittedFile[];
}

/** Compiles one game from its source files (one, or several that form one game). */
export async function compileGame(gameId: string, sources: readonly SourceFile[]): Promise<CompileResult> {
  const diagnostics: Diagnostic[] = [];
  const declarations: A.Declaration[] = [];
  const fileOf = new Map<A.Declaration, string>();
  let game: A.GameHeader | null = null;
  for (const source of sources) {
    const { program, errors } = parseRules(source.text, source.path);
    for (const e of errors) {
      diagnostics.push({
        file: source.path,
        line: e.range.start.line,
        column: e.range.start.column,
        endLine: e.range.end.line,
        endColumn: e.range.end.column + 1,
        severity: "error",
        code: e.code,
        message: e.message,
      });
    }
    game ??= program.game;
    for (const d of program.declarations) {
      declarations.push(d);
      fileOf.set(d, source.path);
    }
  }
  if (diagnostics.length > 0) return { diagnostics, files: [] };
  const program: A.Program = { file: sources[0]?.path ?? `${gameId}.rules`, game, declarations };
  const checked = checkProgram(program, fileOf);
  if (!checked.game) return { diagnostics: checked.diagnostics, files: [] };
  const machine = lowerFlow(checked.game);
  const files = await emitGame(checked.game, machine, gameId, sources);
  // Emitted code that tsc refuses is the compiler's fault: say so, and write and run nothing.
  const refused = typeErrors(files);
  if (refused.length > 0) return { diagnostics: [...checked.diagnostics, emittedCodeRefused(program.file, refused)], files: [] };
  return { diagnostics: checked.diagnostics, files };
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

/** Reads the sources of every game in a rules folder: `<game>.rules` or a `<game>/` folder of them. */
export async function findGames(rulesDir: string): Promise<Map<string, SourceFile[]>> {
  const games = new Map<string, SourceFile[]>();
  // Paths as `rules/<game>.rules`, whatever the working folder, so generated headers are reproducible.
  const display = (full: string): string => path.relative(path.dirname(path.resolve(rulesDir)), path.resolve(full)).split(path.sep).join("/");
  const entries = (await fs.readdir(rulesDir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const full = path.join(rulesDir, entry.name);
    if (entry.isFile() && entry.name.endsWith(".rules")) {
      games.set(entry.name.slice(0, -".rules".length), [{ path: display(full), text: await fs.readFile(full, "utf8") }]);
    } else if (entry.isDirectory()) {
      const files = (await fs.readdir(full)).filter((f) => f.endsWith(".rules")).sort();
      if (files.length === 0) continue;
      games.set(
        entry.name,
        await Promise.all(files.map(async (f) => ({ path: display(path.join(full, f)), text: await fs.readFile(path.join(full, f), "utf8") }))),
      );
    }
  }
  return games;
}

export interface CompileReport {
  readonly diagnostics: Diagnostic[];
  /** Source texts by path, to print diagnostics with excerpts. */
  readonly sources: Map<string, string>;
  /** Files written (compile) or that would change (check). */
  readonly written: string[];
  readonly stale: string[];
  readonly games: string[];
}

/** Compiles every game in `rulesDir` into `outDir/<game>/`, plus `outDir/index.ts` listing them.
 *  With `check`, writes nothing and reports which files differ from what compiling would write. */
export async function compileAll(options: { rulesDir: string; outDir: string; check: boolean }): Promise<CompileReport> {
  const games = await findGames(options.rulesDir);
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, string>();
  const outputs = new Map<string, string>();
  for (const [gameId, files] of games) {
    for (const f of files) sources.set(f.path, f.text);
    const result = await compileGame(gameId, files);
    diagnostics.push(...result.diagnostics);
    for (const f of result.files) outputs.set(path.join(options.outDir, gameId, f.path), f.text);
  }
  const written: string[] = [];
  const stale: string[] = [];
  if (diagnostics.some((d) => d.severity === "error")) return { diagnostics, sources, written, stale, games: [...games.keys()] };
  outputs.set(path.join(options.outDir, "index.ts"), await registryFile([...games.keys()]));
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
  return { diagnostics, sources, written, stale, games: [...games.keys()] };
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
    'import type { Game } from "@rules/runtime";',
    ...names.map((n) => `import { game as ${n.local} } from ${JSON.stringify(`./${n.id}/index.js`)};`),
    "",
    "export const games: Readonly<Record<string, Game>> = {",
    ...names.map((n) => `  ${JSON.stringify(n.id)}: ${n.local} as unknown as Game,`),
    "};",
    "",
  ].join("\n");
  return prettier.format(text, { parser: "typescript", printWidth: 110 });
}

/** Diagnostics for one rules file (or a game folder), without writing anything. */
export async function checkFile(file: string): Promise<{ diagnostics: Diagnostic[]; sources: Map<string, string> }> {
  const stat = await fs.stat(file);
  let sources: SourceFile[];
  if (stat.isDirectory()) {
    const names = (await fs.readdir(file)).filter((f) => f.endsWith(".rules")).sort();
    sources = await Promise.all(names.map(async (n) => ({ path: path.join(file, n), text: await fs.readFile(path.join(file, n), "utf8") })));
  } else {
    sources = [{ path: file, text: await fs.readFile(file, "utf8") }];
  }
  const gameId = path.basename(file).replace(/\.rules$/, "");
  const result = await compileGame(gameId, sources);
  return { diagnostics: result.diagnostics, sources: new Map(sources.map((s) => [s.path, s.text])) };
}
