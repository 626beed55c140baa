// What the language server shows when analysing a document fails (a compiler bug, or a document
// past what the analysis can hold): one diagnostic at 1:1 saying so, and nothing else known about
// the file, so that hover, completion and the rest answer with nothing instead of failing.
import { type Diagnostic } from "@rules/compiler";
import { error } from "@rules/compiler/language";
import type { Analysis } from "./analysis.js";
import type { ScenarioAnalysis } from "./scenario.js";

export const ANALYSIS_FAILED = "lsp/analysis-failed";

/** The diagnostic at 1:1 of a document the server could not analyse. */
export function analysisFailed(file: string, why: string): Diagnostic {
  const message = `the language server could not analyse this file (${why}); \`rules check\` may say more, and the next edit tries again`;
  return error(file, { line: 1, column: 1, endLine: 1, endColumn: 1 }, ANALYSIS_FAILED, message);
}

/** One line saying what was thrown: no stack, no page of text. */
export function describeThrown(thrown: unknown): string {
  const text = thrown instanceof Error ? `${thrown.name}: ${thrown.message}` : String(thrown);
  const line = text.split(/\r\n|\r|\n/)[0]!;
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}

/** `analyse()`, or when it throws, an analysis holding only the failure. */
export function guardedAnalysis(file: string, text: string, analyse: () => Analysis): Analysis {
  try {
    return analyse();
  } catch (thrown) {
    return {
      text,
      diagnostics: [analysisFailed(file, describeThrown(thrown))],
      symbols: [],
      allSymbols: [],
      occurrences: [],
      checked: false,
      game: null,
      program: { file, game: null, declarations: [] },
    };
  }
}

/** `analyseScenario()`, or when it throws, a scenario analysis holding only the failure. */
export function guardedScenario(file: string, text: string, analyse: () => ScenarioAnalysis): ScenarioAnalysis {
  try {
    return analyse();
  } catch (thrown) {
    return { file, text, diagnostics: [analysisFailed(file, describeThrown(thrown))], scenarios: [], symbols: [], game: null };
  }
}
