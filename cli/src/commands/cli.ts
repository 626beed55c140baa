// The `rules` command line: picks the command, parses its arguments, and turns errors into
// messages and exit statuses. Commands never call process.exit; they return a status.

import { readFile } from "node:fs/promises";
import { GameFault, MatchError, describeFault } from "@rules/runtime/internal";
import { formatHelp, parseArgs, UsageError } from "./args.js";
import { EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, type Command } from "./command.js";
import { CompileFailed } from "./game-lookup.js";
import type { Io } from "./io.js";

/**
 * Every command by name, each loaded only when it runs (or for the overall help): a command's module
 * brings what it needs (the search bots, the simulation pool, the web server), and `rules check`
 * should not wait for the others. cli.test.ts checks that each name is its command's.
 */
export const COMMANDS: readonly { readonly name: string; readonly load: () => Promise<Command> }[] = [
  { name: "compile", load: async () => (await import("./compile.js")).compileCommand },
  { name: "check", load: async () => (await import("./check.js")).checkCommand },
  { name: "test", load: async () => (await import("./test.js")).testCommand },
  { name: "play", load: async () => (await import("./play.js")).playCommand },
  { name: "simulate", load: async () => (await import("./simulate.js")).simulateCommand },
  { name: "worker", load: async () => (await import("./worker.js")).workerCommand },
  { name: "strength", load: async () => (await import("./strength.js")).strengthCommand },
  { name: "report", load: async () => (await import("./balance-report.js")).reportCommand },
  { name: "bench", load: async () => (await import("./bench.js")).benchCommand },
  { name: "demo", load: async () => (await import("./demo.js")).demoCommand },
  { name: "format", load: async () => (await import("./format.js")).formatCommand },
  { name: "lsp", load: async () => (await import("./lsp.js")).lspCommand },
  { name: "diagram", load: async () => (await import("./diagram.js")).diagramCommand },
  { name: "serve", load: async () => (await import("./serve.js")).serveCommand },
  { name: "bots", load: async () => (await import("./remote-bots.js")).remoteBotsCommand },
];

export async function overallHelp(): Promise<string> {
  const commands = await Promise.all(COMMANDS.map((entry) => entry.load()));
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
    io.warn(await overallHelp());
    return EXIT_USAGE;
  }
  if (name === "--help" || name === "-h" || (name === "help" && rest.length === 0)) {
    io.print(await overallHelp());
    return EXIT_OK;
  }
  if (name === "help") return runCli([rest[0]!, "--help"], io);
  if (name === "--version" || name === "-V") {
    io.print(`rules ${await version()}`);
    return EXIT_OK;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (!entry) {
    const { editDistance } = await import("@rules/compiler/language");
    const near = COMMANDS.find((c) => editDistance(c.name, name) <= 2);
    io.warn(`rules: unknown command '${name}'${near ? ` (did you mean '${near.name}'?)` : ""}`);
    io.warn(`Commands: ${COMMANDS.map((c) => c.name).join(", ")}. Run \`rules --help\` for more.`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
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
