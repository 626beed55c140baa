// @rules/compiler: parse, check and compile rules files; diagnostics and where games' sources are.
// Checking loads only the parser and checker: the emitter (ts-morph, TypeScript) and Prettier are
// loaded the first time something compiles or formats, so `rules check` and editors stay quick.

import type { SourceFile } from "./sources.js";
import type { CompileOptions, CompileResult } from "./compile.js";
import type { CompileAllOptions, CompileReport } from "./compile-all.js";

export type { Diagnostic, Severity, SourceSpan } from "./diagnostics.js";
export { displayPath, formatDiagnostic, formatDiagnosticList, formatDiagnostics, isError } from "./diagnostics.js";
export { checkGame, type CheckResult } from "./check-game.js";
export { findGames, findRulesDir, gamePlace, gamesAt, rulesFolderGames, type GameSources, type SourceFile } from "./sources.js";
export type { EmittedFile } from "./emit/emit.js";
export type { CompileOptions, CompileResult } from "./compile.js";
export type { CompileAllOptions, CompileReport } from "./compile-all.js";

/**
 * Compiles one game from its source files (one, or several that form one game). Never throws: an
 * exception in a phase is the compiler's bug, reported as `compiler/internal`, and nothing is written.
 */
export async function compileGame(gameId: string, sources: readonly SourceFile[], options?: CompileOptions): Promise<CompileResult> {
  return (await import("./compile.js")).compileGame(gameId, sources, options);
}

/** Compiles every game of `rulesDir` into `outDir` (with `check`, writes nothing and lists what is stale). */
export async function compileAll(options: CompileAllOptions): Promise<CompileReport> {
  return (await import("./compile-all.js")).compileAll(options);
}

/** A rules or scenario text in the canonical layout; throws with `line:column: problem` when it cannot be read. */
export async function formatWithPrettier(text: string, kind: "rules" | "scenario" = "rules"): Promise<string> {
  return (await import("./format/run.js")).formatWithPrettier(text, kind);
}
