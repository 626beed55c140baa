// `rules check <path…>`: the diagnostics of rules files, game folders or rules folders, without
// writing anything. Only the parser and the checker are loaded (no ts-morph, no Prettier), and
// each game of a rules folder is checked on its own.

import { displayPath, formatDiagnosticList, gamePlace, isError, type Diagnostic } from "@rules/compiler";
import type { CommandSpec } from "./args.js";
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";
import { readGamesAt } from "./game-lookup.js";
import type { Io } from "./io.js";

const spec = {
  name: "check",
  summary: "check rules files and print their diagnostics (writes nothing)",
  positionals: [
    {
      name: "path",
      description: "a .rules file, a game folder or a rules folder (one game per file or subfolder); one or more",
      variadic: true,
    },
  ],
  options: [
    {
      name: "format",
      kind: "string",
      choices: ["text", "json"],
      description: "text (default): each diagnostic with its source line; json: one JSON array of diagnostics",
    },
  ],
  notes: [
    "A folder whose .rules files hold one `game` header is one game; any other folder is a rules folder, " +
      "whose .rules files and subfolders are each a game, checked on its own. Exit status 1 on any error.",
    "JSON: an array of {file, line, column, endLine, endColumn, severity, code, message}; lines and columns " +
      "count from 1 and the end column is just past the range.",
  ],
} as const satisfies CommandSpec;

export const checkCommand = defineCommand(spec, async (args, io) => {
  // Loaded here, not at start-up, so that other commands do not pay for the parser.
  const { checkGame } = await import("@rules/compiler");
  const clean: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const texts = new Map<string, string>();
  for (const given of args.positionals) {
    const games = await readGamesAt(given, io.cwd, spec.name);
    for (const [id, sources] of games) {
      for (const s of sources) texts.set(s.path, s.text);
      const found = checkGame(id, sources).diagnostics;
      if (found.length === 0) clean.push(displayPath(gamePlace(sources), io.cwd));
      diagnostics.push(...found);
    }
  }
  if (args.options.format === "json") io.print(diagnosticsJson(diagnostics, io));
  else {
    for (const place of clean) io.print(`${place}: no problems`);
    for (const line of formatDiagnosticList(diagnostics, (file) => texts.get(file) ?? "", io.cwd)) io.print(line);
  }
  return diagnostics.some(isError) ? EXIT_PROBLEMS : EXIT_OK;
});

/** The diagnostics as a JSON array, fields in a fixed order, files named as in the text format. */
export function diagnosticsJson(diagnostics: readonly Diagnostic[], io: Pick<Io, "cwd">): string {
  const rows = diagnostics.map((d) => ({
    file: displayPath(d.file, io.cwd),
    line: d.line,
    column: d.column,
    endLine: d.endLine,
    endColumn: d.endColumn,
    severity: d.severity,
    code: d.code,
    message: d.message,
  }));
  return JSON.stringify(rows, null, 2);
}


