// Diagnostics: what every phase of the toolchain (rules compiler, scenario parser and runner)
// reports to a designer. Each one has a stable code, a message in the game's words and a source
// range, and prints as `file:line:col: error code: message` above the offending line.

import { isAbsolute, relative } from "node:path";


export type Severity = "error" | "warning" | "note";

/** A source range: lines and columns count from 1; the end is exclusive (the column just past the range). */
export interface SourceSpan {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export interface Diagnostic extends SourceSpan {
  readonly file: string;
  readonly severity: Severity;
  /** Stable and namespaced by phase, e.g. `scenario/unknown-zone`; tests and tools match on it. */
  readonly code: string;
  /** One sentence for a designer: what is wrong, and when it helps, what would be right. */
  readonly message: string;
}

/** The longest message: one that quotes a name of 200,000 characters is cut, its length said. */
export const MAX_MESSAGE = 400;

export function error(file: string, span: SourceSpan, code: string, message: string): Diagnostic {
  if (message.length > MAX_MESSAGE) message = `${message.slice(0, MAX_MESSAGE)}… (${message.length} characters)`;
  return {
    file,
    line: span.line,
    column: span.column,
    endLine: span.endLine,
    endColumn: span.endColumn,
    severity: "error",
    code,
    message,
  };
}

/**
 * An exception that escaped a phase of the compiler: its bug, never the designer's, reported as a
 * diagnostic at the top of `file` instead of a stack trace. RULES_DEBUG=1 adds the stack.
 */
export function internalError(file: string, phase: string, thrown: unknown): Diagnostic {
  const text = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
  // Some libraries put pages of code in their messages: the first line says enough.
  const firstLine = text.split(LINE_BREAK)[0]!;
  const summary = firstLine.length > 200 ? `${firstLine.slice(0, 200)}…` : firstLine;
  const debug = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.RULES_DEBUG;
  const details = debug && thrown instanceof Error && thrown.stack ? `\n${thrown.stack}` : " (RULES_DEBUG=1 shows where)";
  const start = { line: 1, column: 1, endLine: 1, endColumn: 1 };
  return error(
    file,
    start,
    "compiler/internal",
    `the compiler failed while ${phase}, a bug in the compiler, not in your rules (please report it): ${summary}${details}`,
  );
}

/** The smallest span covering both. */
export function joinSpans(first: SourceSpan, last: SourceSpan): SourceSpan {
  return { line: first.line, column: first.column, endLine: last.endLine, endColumn: last.endColumn };
}

/**
 * Names longer than this get no "did you mean": no declared name is that long (names stop at
 * MAX_NAME_LENGTH), and each comparison costs the product of the two lengths.
 */
export const MAX_SUGGESTED_NAME = 64;
/** Known names compared at most for one suggestion, so that a game of 10,000 names stays quick. */
const MAX_CANDIDATES = 2_000;

/** The first of `known` at most `maxDistance` one-letter edits from `name`, if any (bounded cost). */
export function nearName(name: string, known: Iterable<string>, maxDistance = 2): string | undefined {
  if (name.length > MAX_SUGGESTED_NAME) return undefined;
  let compared = 0;
  for (const candidate of known) {
    if (Math.abs(candidate.length - name.length) > maxDistance || candidate.length > MAX_SUGGESTED_NAME) continue;
    if (++compared > MAX_CANDIDATES) return undefined;
    if (editDistance(name, candidate) <= maxDistance) return candidate;
  }
  return undefined;
}

/** " (did you mean 'x'?)" when a misspelt name is close to one of the known names, else "". */
export function didYouMean(name: string, known: readonly string[]): string {
  if (name.length > MAX_SUGGESTED_NAME) return "";
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known.slice(0, MAX_CANDIDATES)) {
    if (candidate.length > MAX_SUGGESTED_NAME) continue;
    const distance = editDistance(name, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  const near = bestDistance <= Math.max(2, Math.floor(name.length / 3)) && bestDistance < name.length;
  return best !== undefined && near ? ` (did you mean '${best}'?)` : "";
}

/** Characters of the input a message quotes at most: a 200,000-character name is shown by its start. */
export const MAX_QUOTED = 40;

/** `text` in single quotes, cut after MAX_QUOTED characters with its length said. */
export function quote(text: string): string {
  return text.length <= MAX_QUOTED ? `'${text}'` : `'${text.slice(0, MAX_QUOTED)}…' (${text.length} characters)`;
}

/** Where a line ends: LF, CRLF or a lone CR (old Mac files), as the lexers count lines. */
export const LINE_BREAK = /\r\n|\r|\n/;

/** Source lines longer than this are shown cut to this many characters around the range. */
const EXCERPT_WIDTH = 160;

/**
 * `file:line:col: error code: message`, then the source line and a caret line under the range.
 * A range running over several lines is underlined to the end of its first line; a very long line
 * is cut around the range, marked with '…'.
 */
export function formatDiagnostic(d: Diagnostic, sourceText: string): string {
  const header = `${d.file}:${d.line}:${d.column}: ${d.severity} ${d.code}: ${d.message}`;
  const lines = sourceText.split(LINE_BREAK);
  const whole = lines[d.line - 1];
  if (whole === undefined) return header;
  const wholeStart = Math.min(Math.max(d.column, 1), whole.length + 1);
  const wholeEnd = d.endLine > d.line ? whole.length + 1 : Math.min(d.endColumn, whole.length + 1);
  const { source, start, end } = excerpt(whole, wholeStart, wholeEnd);
  const gutter = String(d.line);
  // Tabs before the range are kept so that the carets line up under a tab-indented line.
  const indent = source.slice(0, start - 1).replace(/[^\t]/g, " ");
  const carets = "^".repeat(Math.max(end - start, 1));
  return [header, `${gutter} | ${source}`, `${" ".repeat(gutter.length)} | ${indent}${carets}`].join("\n");
}

/** The line itself, or, past EXCERPT_WIDTH, the part from a little before the range, with columns moved to match. */
function excerpt(line: string, start: number, end: number): { source: string; start: number; end: number } {
  if (line.length <= EXCERPT_WIDTH) return { source: line, start, end };
  const from = Math.max(0, Math.min(start - 1 - 40, line.length - EXCERPT_WIDTH));
  const to = from + EXCERPT_WIDTH;
  const before = from > 0 ? "…" : "";
  const source = before + line.slice(from, to) + (to < line.length ? "…" : "");
  const shift = before.length - from;
  return { source, start: start + shift, end: Math.min(end + shift, before.length + EXCERPT_WIDTH + 1) };
}

/** Several diagnostics of one file, each formatted, separated by blank lines. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], sourceText: string): string {
  return diagnostics.map((d) => formatDiagnostic(d, sourceText)).join("\n\n");
}

/** Levenshtein distance: how many one-letter edits turn `a` into `b` (for "did you mean" hints). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

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

export const isError = (diagnostic: Diagnostic): boolean => diagnostic.severity === "error";
