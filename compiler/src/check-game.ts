// The front of the pipeline: parse and check a game's sources. Kept apart from lowering and
// emission so that `rules check` loads only the parser and the checker (no ts-morph, no Prettier).
import { internalError, type Diagnostic } from "./diagnostics.js";
import { parseRules } from "./syntax/parser.js";
import type * as A from "./syntax/ast.js";
import { checkProgram, type CheckedGame } from "./check/checker.js";
import type { SourceFile } from "./sources.js";

export interface CheckResult {
  readonly diagnostics: Diagnostic[];
  /** The checked game, or null when there are errors: later phases never see a broken one. */
  readonly game: CheckedGame | null;
}

/**
 * Parses and checks one game from its source files (one, or several that form one game). Never
 * throws: whatever escapes the parser or the checker is reported as `compiler/internal`.
 */
export function checkGame(gameId: string, sources: readonly SourceFile[]): CheckResult {
  const diagnostics: Diagnostic[] = [];
  const declarations: A.Declaration[] = [];
  const fileOf = new Map<A.Declaration, string>();
  let game: A.GameHeader | null = null;
  for (const source of sources) {
    let parsed: ReturnType<typeof parseRules>;
    try {
      parsed = parseRules(source.text, source.path);
    } catch (thrown) {
      diagnostics.push(internalError(source.path, "reading this file", thrown));
      continue;
    }
    const { program, errors } = parsed;
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
  if (diagnostics.length > 0) return { diagnostics, game: null };
  const program: A.Program = { file: sources[0]?.path ?? `${gameId}.rules`, game, declarations };
  try {
    return checkProgram(program, fileOf);
  } catch (thrown) {
    return { diagnostics: [internalError(program.file, "checking the rules", thrown)], game: null };
  }
}
