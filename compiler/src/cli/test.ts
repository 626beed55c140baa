// `rules test <files…>`: runs scenario files against the compiled games.

import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { CommandSpec } from "./args.js";
import { displayPath } from "./check.js";
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";
import { loadGames, type Games } from "./games.js";
import type { Io } from "./io.js";

type ScenarioModule = typeof import("../scenario/index.js");

const spec = {
  name: "test",
  summary: "run scenario files against the compiled games",
  positionals: [{ name: "file", description: "scenario files (.scenario), one or more", variadic: true }],
  options: [],
  notes: [
    "Prints a line per scenario, the problems of each failed one, and a last line 'N passed, N failed'. Exit status 1 on any failure or diagnostic.",
  ],
} as const satisfies CommandSpec;

export const testCommand = defineCommand(spec, (args, io) => runScenarioFiles(args.positionals, loadGames, io));

/** Runs the files' scenarios, loading the games only when a scenario needs them; returns the exit status. */
export async function runScenarioFiles(files: readonly string[], load: () => Promise<Games>, io: Io): Promise<number> {
  // Loaded here, not at start-up: the scenario parser brings in Chevrotain, which other commands do not need.
  const scenarios = await import("../scenario/index.js");
  let games: Games | undefined;
  let passed = 0;
  let failed = 0;
  for (const given of files) {
    const tally = await runFile(
      scenarios,
      displayPath(given, io.cwd),
      resolve(io.cwd, given),
      async () => (games ??= await load()),
      io,
    );
    passed += tally.passed;
    failed += tally.failed;
  }
  io.print(`${passed} passed, ${failed} failed`);
  return failed > 0 ? EXIT_PROBLEMS : EXIT_OK;
}

/** Runs every scenario of one file; a file that cannot be read or parsed counts as one failure. */
async function runFile(
  { parseScenarioFile, runScenario, formatOutcome, formatDiagnostics }: ScenarioModule,
  file: string,
  path: string,
  games: () => Promise<Games>,
  io: Io,
): Promise<{ passed: number; failed: number }> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    io.print(`FAILED: ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    return { passed: 0, failed: 1 };
  }
  const { scenarios, diagnostics } = parseScenarioFile(text, file);
  if (diagnostics.length > 0) {
    io.print(`FAILED: ${file}: the file has mistakes\n${formatDiagnostics(diagnostics, text)}`);
    return { passed: 0, failed: 1 };
  }
  const tally = { passed: 0, failed: 0 };
  for (const scenario of scenarios) {
    const outcome = runScenario(scenario, await games());
    io.print(formatOutcome(outcome, text));
    if (outcome.passed) tally.passed++;
    else tally.failed++;
  }
  return tally;
}
