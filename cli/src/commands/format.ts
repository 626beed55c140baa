// `rules format [--check] <path…>`: lays out rules and scenario files in the canonical layouts (docs/tooling.md),
// through the Prettier plugin of @rules/compiler (compiler/src/format). --check writes nothing and fails on a file
// that is not laid out so, as CI runs it.
import { promises as fs } from "node:fs";
import * as path from "node:path";
import { UsageError, type CommandSpec } from "./args.js";
import { defineCommand, EXIT_OK, EXIT_PROBLEMS } from "./command.js";

const spec = {
  name: "format",
  summary: "lay out rules and scenario files in the canonical layout (--check: only report the ones that differ)",
  positionals: [{ name: "path", description: "a .rules or .scenario file or a folder (every such file under it); one or more", variadic: true }],
  options: [{ name: "check", kind: "flag", description: "write nothing; exit status 1 if a file is not formatted" }],
  notes: [
    "Formatting keeps every token and comment and the author's line breaks; it sets indentation, spaces " +
      "between tokens and blank lines (at most one in a row). The same plugin works from Prettier: " +
      "`prettier --plugin compiler/dist/format/prettier-plugin.js --write rules/ tests/`.",
  ],
} as const satisfies CommandSpec;

export const formatCommand = defineCommand(spec, async (args, io) => {
  const { formatWithPrettier } = await import("@rules/compiler");
  const files: string[] = [];
  for (const given of args.positionals) files.push(...(await formattedFilesUnder(path.resolve(io.cwd, given), given)));
  let changed = 0;
  let failed = 0;
  for (const file of files) {
    const shown = path.relative(io.cwd, file) || file;
    const text = await fs.readFile(file, "utf8");
    let formatted: string;
    try {
      formatted = await formatWithPrettier(text, file.endsWith(".scenario") ? "scenario" : "rules");
    } catch (error) {
      failed++;
      io.warn(`${shown}:${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (formatted === text) continue;
    changed++;
    if (args.options.check) io.print(`${shown}: not formatted`);
    else {
      await fs.writeFile(file, formatted);
      io.print(`${shown}: formatted`);
    }
  }
  const what = `${files.length} file${files.length === 1 ? "" : "s"}`;
  if (args.options.check) io.print(changed === 0 && failed === 0 ? `${what} formatted` : `${changed} of ${what} not formatted (run \`rules format\` on them)`);
  else io.print(`${what}, ${changed} changed`);
  return failed > 0 || (args.options.check && changed > 0) ? EXIT_PROBLEMS : EXIT_OK;
});

const FORMATTED = [".rules", ".scenario"];

async function formattedFilesUnder(target: string, given: string): Promise<string[]> {
  const stat = await fs.stat(target).catch(() => {
    throw new UsageError(`cannot read ${given}: no such file or folder`, spec.name);
  });
  if (stat.isFile()) return [target];
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = (await fs.readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (e.name.startsWith(".") || e.name === "node_modules" || e.name === "dist") continue;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile() && FORMATTED.some((ext) => e.name.endsWith(ext))) found.push(full);
    }
  };
  await walk(target);
  if (found.length === 0) throw new UsageError(`${given} holds no .rules or .scenario file`, spec.name);
  return found;
}
