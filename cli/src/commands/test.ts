// `rules test <paths…>`: runs scenario files against the games they name, compiled from their rules.

import { statSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { dirname, extname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import type { Game } from "@rules/runtime/internal";
import { formatDiagnostics } from "@rules/compiler";
import { error } from "@rules/compiler/language";
import type { Scenario } from "@rules/compiler/scenario";
import type { CommandSpec } from "./args.js";
import { displayPath } from "@rules/compiler";
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";
import { CompileFailed, findScenarioGameRef, loadGame, sourcePaths, type GameRef } from "./game-lookup.js";
import { loadGames } from "@rules/compiler/loading";
import type { Io } from "./io.js";
import { junitReport, type CaseResult, type FileResult } from "./junit.js";
import { watchRuns } from "./watch.js";

type ScenarioModule = typeof import("@rules/compiler/scenario");

const spec = {
  name: "test",
  summary: "run scenario files against their games",
  positionals: [
    {
      name: "path",
      description: "scenario files, or folders searched for .scenario files (subfolders too); one or more",
      variadic: true,
    },
  ],
  options: [
    {
      name: "reporter",
      kind: "string",
      choices: ["text", "junit"],
      description: "text (default): a line per scenario and a tally; junit: JUnit XML, one testcase per scenario",
    },
    {
      name: "output",
      kind: "string",
      placeholder: "FILE",
      description: "write the report to FILE instead of stdout (which then shows the text report)",
    },
    {
      name: "watch",
      kind: "flag",
      description: "run again whenever a rules or scenario file is saved; Enter reruns, Ctrl-C or end of input stops",
    },
  ],
  notes: [
    "Each scenario names its game (`game pig`). The game is compiled from the .rules files beside the scenario " +
      "file, or else from those of the nearest folder above it that holds .rules files or a rules/ folder " +
      "having that game; only when no rules have it is the built package @rules/generated used.",
    "Prints a line per scenario, the problems of each failed one, and a last line 'N passed, N failed'. " +
      "Exit status 1 on any failure, including a file that cannot be read or whose game does not compile.",
  ],
} as const satisfies CommandSpec;

export const testCommand = defineCommand(spec, async (args, io) => {
  const report = async (): Promise<TestRun> => {
    const junit = args.options.reporter === "junit";
    const toFile = args.options.output !== undefined;
    // The text report is on stdout unless the JUnit XML is.
    const run = await runScenarioFiles(args.positionals, junit && !toFile ? quiet(io) : io);
    if (junit || toFile) {
      const output = junit ? junitReport(run.files) : run.text.join("\n") + "\n";
      if (toFile) await writeFile(resolve(io.cwd, args.options.output!), output);
      else io.write(output);
    }
    return run;
  };
  if (!args.options.watch) return (await report()).status;
  return watchRuns(report, io, isWatched, "Watching for changes to .rules and .scenario files");
});

export interface TestRun {
  readonly status: number;
  readonly passed: number;
  readonly failed: number;
  readonly files: FileResult[];
  /** What was printed, line by line (for `--output` with the text reporter). */
  readonly text: string[];
  /** The folders of the scenario files and of the rules they ran, for `--watch`. */
  readonly folders: Set<string>;
}

/** Runs the scenarios of these files and folders, printing as it goes; returns the tally and the results. */
export async function runScenarioFiles(paths: readonly string[], io: Io): Promise<TestRun> {
  // Loaded here, not at start-up: the scenario parser brings in Chevrotain, which other commands do not need.
  const scenarios = await import("@rules/compiler/scenario");
  const text: string[] = [];
  const print = (line: string): void => {
    text.push(line);
    io.print(line);
  };
  const games = new GamesOfRun(io, print);
  const files: FileResult[] = [];
  for (const given of paths) {
    // A rules file read as a scenario file gave a page of "has no meaning in a scenario" errors.
    const rulesFile = extname(given) === ".rules";
    const found = rulesFile ? [] : await scenarioFiles(resolve(io.cwd, given));
    if (found.length === 0) {
      // A folder without scenarios is a mistake (a wrong path), not a pass.
      const summary = rulesFile
        ? "a rules file, not a scenario file: give the game's scenarios (.scenario files, or a folder holding them)"
        : "no .scenario file in this folder";
      print(`FAILED: ${given}: ${summary}`);
      files.push({ file: given, cases: [{ name: given, passed: false, summary, details: summary, seconds: 0 }] });
    }
    for (const path of found) {
      games.folders.add(dirname(path));
      files.push(await runFile(scenarios, displayPath(path, io.cwd), path, games, print));
    }
  }
  for (const given of paths) if (isFolder(resolve(io.cwd, given))) games.folders.add(resolve(io.cwd, given));
  const all = files.flatMap((f) => f.cases);
  const passed = all.filter((c) => c.passed).length;
  const failed = all.length - passed;
  print(`${passed} passed, ${failed} failed`);
  return { status: failed > 0 ? EXIT_PROBLEMS : EXIT_OK, passed, failed, files, text, folders: games.folders };
}

/** A path's scenario files: the file itself, or a folder's `.scenario` files at any depth, in name order. */
async function scenarioFiles(path: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch (error) {
    // Not a folder: a file, read (or reported unreadable) as a scenario file.
    if ((error as NodeJS.ErrnoException).code === "ENOTDIR" || (error as NodeJS.ErrnoException).code === "ENOENT") return [path];
    throw error;
  }
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(path, entry.name);
    if (entry.isFile() && extname(entry.name) === ".scenario") found.push(full);
    else if (entry.isDirectory() && !SKIPPED.has(entry.name) && !entry.name.startsWith(".")) found.push(...(await scenarioFiles(full)));
  }
  return found;
}

const SKIPPED = new Set(["node_modules", "dist"]);

/** The games of one run: each looked up and compiled once, its diagnostics printed once. */
class GamesOfRun {
  readonly folders = new Set<string>();
  private readonly loads = new Map<string, Promise<Game | CompileFailed>>();

  constructor(
    private readonly io: Io,
    private readonly print: (line: string) => void,
  ) {}

  /** A compile failure's diagnostics, files named from the working folder. */
  describe(failure: CompileFailed): string {
    return failure.format(this.io.cwd).join("\n");
  }

  /** The game a scenario names, a compile failure, or null when nothing has it. */
  async forScenario(file: string, id: string): Promise<Game | CompileFailed | null> {
    const ref = await findScenarioGameRef(file, id);
    if (!ref) return null;
    const key = JSON.stringify([ref.id, ...sourcePaths(ref)]);
    let load = this.loads.get(key);
    if (!load) {
      load = this.load(ref);
      this.loads.set(key, load);
    }
    return load;
  }

  private async load(ref: GameRef): Promise<Game | CompileFailed> {
    for (const path of sourcePaths(ref)) this.folders.add(dirname(resolve(this.io.cwd, path)));
    try {
      return await loadGame(ref, this.io);
    } catch (error) {
      if (!(error instanceof CompileFailed)) throw error;
      for (const line of error.format(this.io.cwd)) this.print(line);
      return error;
    }
  }
}

/** Runs every scenario of one file; a file that cannot be read or parsed is one failed case. */
async function runFile(
  { parseScenarioFile, runScenario, formatOutcome }: ScenarioModule,
  file: string,
  path: string,
  games: GamesOfRun,
  print: (line: string) => void,
): Promise<FileResult> {
  const fileProblem = (summary: string, details = ""): FileResult => {
    print(`FAILED: ${file}: ${summary}${details ? `\n${details}` : ""}`);
    return { file, cases: [{ name: file, passed: false, summary, details: details || summary, seconds: 0 }] };
  };
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    return fileProblem(`cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  const { scenarios, diagnostics } = parseScenarioFile(text, file);
  if (diagnostics.length > 0) return fileProblem("the file has mistakes", formatDiagnostics(diagnostics, text));
  const cases: CaseResult[] = [];
  for (const scenario of scenarios) {
    const start = performance.now();
    const game = await games.forScenario(path, scenario.game.text);
    const seconds = () => (performance.now() - start) / 1000;
    if (game === null || game instanceof CompileFailed) {
      const details = game === null ? formatDiagnostics([await unknownGame(scenario)], text) : games.describe(game);
      const summary =
        game === null ? `there is no game '${scenario.game.text}'` : `the rules of '${scenario.game.text}' do not compile`;
      print(`FAILED: ${file}: ${scenario.title}\n${game === null ? details : `${summary} (see above)`}`);
      cases.push({ name: scenario.title, line: scenario.span.line, passed: false, summary, details, seconds: seconds() });
      continue;
    }
    const outcome = runScenario(scenario, { [scenario.game.text]: game });
    const details = formatOutcome(outcome, text);
    print(details);
    const first = outcome.diagnostics[0];
    cases.push({
      name: scenario.title,
      line: scenario.span.line,
      passed: outcome.passed,
      summary: first ? `${file}:${first.line}:${first.column}: ${first.message}` : "",
      details: outcome.diagnostics.length > 0 ? formatDiagnostics(outcome.diagnostics, text) : "",
      seconds: seconds(),
    });
  }
  return { file, cases };
}

/** A scenario naming a game that no rules near it and no built game has. */
async function unknownGame(scenario: Scenario) {
  const compiled = Object.keys(await loadGames().catch(() => ({}))).sort();
  const also = compiled.length > 0 ? `, nor among the built games (${compiled.join(", ")})` : "";
  return error(
    scenario.file,
    scenario.game.span,
    "scenario/unknown-game",
    `there is no game '${scenario.game.text}' in the .rules files beside this file or in a folder above it${also}`,
  );
}

function isFolder(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

const isWatched = (file: string): boolean => file.endsWith(".rules") || file.endsWith(".scenario");

/** The same Io, with stdout silenced (the JUnit XML goes there instead of the text report). */
function quiet(io: Io): Io {
  return { ...io, print: () => undefined, write: () => undefined };
}
