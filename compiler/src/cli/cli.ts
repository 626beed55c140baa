// The `rules` command line: picks the command, parses its arguments, and turns errors into
// messages and exit statuses. Commands never call process.exit; they return a status.

import { readFile } from "node:fs/promises";
import { GameFault, MatchError, describeFault } from "@rules/runtime/internal";
import { editDistance } from "../diagnostics.js";
import { formatHelp, parseArgs, UsageError } from "./args.js";
import { benchCommand } from "./bench.js";
import { checkCommand } from "./check.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, type Command } from "./command.js";
import { compileCommand } from "./compile.js";
import { demoCommand } from "./demo.js";
import { diagramCommand } from "./diagram.js";
import { formatCommand } from "./format.js";
import { lspCommand } from "./lsp.js";
import { CompileFailed } from "./game-lookup.js";
import type { Io } from "./io.js";
import { playCommand } from "./play.js";
import { simulateCommand } from "./simulate.js";
import { strengthCommand } from "./strength.js";
import { reportCommand } from "./balance-report.js";
import { remoteBotsCommand } from "./remote-bots.js";
import { serveCommand } from "./serve.js";
import { testCommand } from "./test.js";
import { workerCommand } from "./worker.js";

export const commands: readonly Command[] = [
  compileCommand,
  checkCommand,
  testCommand,
  playCommand,
  simulateCommand,
  workerCommand,
  strengthCommand,
  reportCommand,
  benchCommand,
  demoCommand,
  formatCommand,
  lspCommand,
  diagramCommand,
  serveCommand,
  remoteBotsCommand,
];

export function overallHelp(): string {
  const width = Math.max(...commands.map((c) => c.spec.name.length));
  return [
    "rules — compile board-game rules into TypeScript state machines, and play them",
    "",
    "Usage: rules <command> [arguments] [options]",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.spec.name.padEnd(width)}  ${c.spec.summary}`),
    "",
    "Run `rules <command> --help` for a command's arguments and options, `rules --version` for the version.",
    "Exit status: 0 done; 1 problems found (errors, failed scenarios, stale files, broken games); 2 bad usage.",
    "Set RULES_DEBUG=1 to see the stack of an unexpected error.",
  ].join("\n");
}

/** Runs one command line (without `node` and the script) and returns the exit status. */
export async function runCli(argv: readonly string[], io: Io): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.warn(overallHelp());
    return EXIT_USAGE;
  }
  if (name === "--help" || name === "-h" || (name === "help" && rest.length === 0)) {
    io.print(overallHelp());
    return EXIT_OK;
  }
  if (name === "help") return runCli([rest[0]!, "--help"], io);
  if (name === "--version" || name === "-V") {
    io.print(`rules ${await version()}`);
    return EXIT_OK;
  }
  const command = commands.find((c) => c.spec.name === name);
  if (!command) {
    const near = commands.find((c) => editDistance(c.spec.name, name) <= 2);
    io.warn(`rules: unknown command '${name}'${near ? ` (did you mean '${near.spec.name}'?)` : ""}`);
    io.warn(`Commands: ${commands.map((c) => c.spec.name).join(", ")}. Run \`rules --help\` for more.`);
    return EXIT_USAGE;
  }
  try {
    const args = parseArgs(command.spec, rest);
    if (args.help) {
      io.print(formatHelp(command.spec));
      return EXIT_OK;
    }
    return await command.run(args, io);
  } catch (error) {
    return reportError(error, name, io);
  }
}

function reportError(error: unknown, command: string, io: Io): number {
  if (error instanceof UsageError) {
    io.warn(`rules ${command}: ${error.message}`);
    io.warn(`Run \`rules ${command} --help\` for usage.`);
    return EXIT_USAGE;
  }
  if (error instanceof CompileFailed) {
    for (const line of error.format(io.cwd)) io.warn(line);
    io.warn(`rules ${command}: ${error.message}`);
    return EXIT_PROBLEMS;
  }
  // A player count or variant the game does not have is a usage mistake too.
  if (error instanceof MatchError) {
    io.warn(`rules ${command}: ${error.message}`);
    return EXIT_USAGE;
  }
  if (error instanceof GameFault) {
    io.warn(`rules ${command}: the game broke: ${describeFault(error)}`);
    return EXIT_PROBLEMS;
  }
  io.warn(`rules ${command}: ${error instanceof Error ? error.message : String(error)}`);
  if (error instanceof Error && process.env.RULES_DEBUG) io.warn(error.stack ?? "");
  return EXIT_PROBLEMS;
}

/** The compiler package's version (compiler/package.json, two folders up from this module in dist/ or src/). */
export async function version(): Promise<string> {
  const text = await readFile(new URL("../../package.json", import.meta.url), "utf8");
  return (JSON.parse(text) as { version: string }).version;
}
