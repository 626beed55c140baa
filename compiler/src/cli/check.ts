// `rules check <file>`: a rules file's diagnostics, without writing anything.

import { access } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import { formatDiagnostic, type Diagnostic } from "../diagnostics.js";
import { UsageError, type CommandSpec } from "./args.js";
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";

const spec = {
  name: "check",
  summary: "check a rules file and print its diagnostics (writes nothing)",
  positionals: [{ name: "file", description: "a .rules file, or a game's folder of .rules files" }],
  options: [],
} as const satisfies CommandSpec;

export const checkCommand = defineCommand(spec, async (args, io) => {
  const path = resolve(io.cwd, args.positionals[0]!);
  await access(path).catch(() => {
    throw new UsageError(`cannot read ${args.positionals[0]}: no such file`, spec.name);
  });
  // Loaded here, not at start-up: the compiler brings in Prettier and ts-morph, which `play` does not need.
  const { checkFile } = await import("../index.js");
  const { diagnostics, sources } = await checkFile(path);
  for (const line of formatDiagnosticList(diagnostics, (file) => sources.get(file) ?? "", io.cwd)) io.print(line);
  if (diagnostics.length === 0) io.print(`${displayPath(path, io.cwd)}: no problems`);
  return diagnostics.some(isError) ? EXIT_PROBLEMS : EXIT_OK;
});

export const isError = (diagnostic: Diagnostic): boolean => diagnostic.severity === "error";

/**
 * Each diagnostic with its source excerpt (files named relative to `cwd`), a blank line between,
 * then a count like "2 errors, 1 warning".
 */
export function formatDiagnosticList(
  diagnostics: readonly Diagnostic[],
  sourceOf: (file: string) => string,
  cwd: string,
): string[] {
  if (diagnostics.length === 0) return [];
  const lines = diagnostics.flatMap((d, i) => [
    ...(i > 0 ? [""] : []),
    formatDiagnostic({ ...d, file: displayPath(d.file, cwd) }, sourceOf(d.file)),
  ]);
  const errors = diagnostics.filter(isError).length;
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  lines.push(
    "",
    `${errors} ${errors === 1 ? "error" : "errors"}, ${warnings} ${warnings === 1 ? "warning" : "warnings"}`,
  );
  return lines;
}

/** A path as the user would type it from here: an absolute one inside the working folder becomes relative. */
export function displayPath(path: string, cwd: string): string {
  if (!isAbsolute(path)) return path;
  const rel = relative(cwd, path);
  return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? path : rel;
}
