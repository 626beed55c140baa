// `rules compile [--check]`: every game in rules/ compiled into generated/.

import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { UsageError, type CommandSpec } from "./args.js";
import { displayPath, findRulesDir, formatDiagnosticList, isError } from "@rules/compiler";
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";

const spec = {
  name: "compile",
  summary: "compile every game in rules/ into generated/",
  positionals: [],
  options: [
    { name: "check", kind: "flag", description: "write nothing; fail if generated/ is not what compiling would write" },
    { name: "verbose", kind: "flag", description: "also print the compiler's notes (which games have no playout kernel, and why)" },
    {
      name: "rules",
      kind: "string",
      placeholder: "DIR",
      description: "the rules folder (default: rules/ in this folder or the nearest one above)",
    },
    {
      name: "out",
      kind: "string",
      placeholder: "DIR",
      description: "the output folder (default: generated/ beside the rules folder)",
    },
  ],
  notes: [
    "A game is a <game>.rules file or a <game>/ folder of .rules files. Exit status 1 on any error, or with --check when a file is stale.",
  ],
} as const satisfies CommandSpec;

export const compileCommand = defineCommand(spec, async (args, io) => {
  const rulesDir = args.options.rules ? resolve(io.cwd, args.options.rules) : findRulesDir(io.cwd);
  const outDir = args.options.out ? resolve(io.cwd, args.options.out) : join(dirname(rulesDir), "generated");
  if (!existsSync(rulesDir))
    throw new UsageError(`there is no rules folder at ${displayPath(rulesDir, io.cwd)}`, spec.name);
  const check = args.options.check ?? false;
  // Loaded here, not at start-up: the compiler brings in Prettier and ts-morph, which `play` does not need.
  const { compileAll } = await import("@rules/compiler");
  const report = await compileAll({ rulesDir, outDir, check });
  for (const line of formatDiagnosticList(report.diagnostics, (file) => report.sources.get(file) ?? "", io.cwd))
    io.warn(line);
  // Notes say what the compiler left out without failing (a playout kernel): for the designer who asks.
  if (!check && args.options.verbose) for (const note of report.notes) io.print(note);
  const failed = report.diagnostics.some(isError);
  const out = displayPath(outDir, io.cwd);
  if (check && report.stale.length > 0) {
    io.warn(`${out} is out of date; these files differ from what the rules compile to:`);
    for (const file of report.stale) io.warn(`  ${displayPath(file, io.cwd)}`);
    io.warn("Run `rules compile` to regenerate them.");
    return EXIT_PROBLEMS;
  }
  if (failed) return EXIT_PROBLEMS;
  const games = `${report.games.length} ${report.games.length === 1 ? "game" : "games"} (${report.games.join(", ")})`;
  if (check) io.print(`${out} is up to date: ${games}`);
  else if (report.written.length === 0 && report.stale.length === 0)
    io.print(`${out} was already up to date: ${games}`);
  else {
    io.print(
      `compiled ${games}: ${report.written.length} ${report.written.length === 1 ? "file" : "files"} written to ${out}`,
    );
    io.print("Run `npm run build` (tsc -b) to build the package @rules/generated from them.");
  }
  return EXIT_OK;
});

