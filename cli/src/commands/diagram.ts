// `rules diagram <game> [--format mermaid|svg] [--out FILE]`: the picture of a game's compiled flow
// (cli/src/diagram), printed or written to a file.
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { UsageError, type CommandSpec } from "./args.js";
import { defineCommand, EXIT_OK } from "./command.js";
import { CompileFailed, findGameRef, GAME_ARGUMENT } from "./game-lookup.js";

const spec = {
  name: "diagram",
  summary: "draw a game's flow as a state machine: decisions with their options, tests, phases (Mermaid or SVG)",
  positionals: [{ name: "game", description: GAME_ARGUMENT }],
  options: [
    { name: "format", kind: "string", choices: ["mermaid", "svg"], description: "mermaid (default): a flowchart for Markdown; svg: a picture laid out by dagre" },
    { name: "out", kind: "string", placeholder: "FILE", description: "write the picture to FILE instead of printing it" },
  ],
  notes: ["Each game's page in docs/games/ shows its picture; `node cli/scripts/update-diagrams.mjs` redraws them and a test fails when one is stale."],
} as const satisfies CommandSpec;

export const diagramCommand = defineCommand(spec, async (args, io) => {
  const { diagramOf } = await import("../diagram/diagram.js");
  const ref = await findGameRef(args.positionals[0]!, io.cwd, spec.name);
  if (ref.kind !== "rules") throw new UsageError(`no rules found for '${ref.id}': a diagram is drawn from a game's rules`, spec.name);
  const result = diagramOf(ref.id, ref.sources, args.options.format ?? "mermaid");
  if ("diagnostics" in result) throw new CompileFailed(ref.id, result.diagnostics, new Map(ref.sources.map((s) => [s.path, s.text])));
  if (args.options.out !== undefined) {
    await writeFile(resolve(io.cwd, args.options.out), result.text);
    io.print(`wrote ${args.options.out}`);
  } else io.write(result.text);
  return EXIT_OK;
});
