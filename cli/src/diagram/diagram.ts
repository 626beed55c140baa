// A game's picture from its sources: check, lower, graph, then Mermaid or SVG.
import { checkGame } from "@rules/compiler";
import type { Diagnostic } from "@rules/compiler";
import { lowerFlow } from "@rules/compiler/language";
import type { SourceFile } from "@rules/compiler";
import { flowGraph } from "./graph.js";
import { toMermaid } from "./mermaid.js";
import { toSvg } from "./svg.js";

export type DiagramFormat = "mermaid" | "svg";

export function diagramOf(id: string, sources: readonly SourceFile[], format: DiagramFormat): { text: string } | { diagnostics: Diagnostic[] } {
  const checked = checkGame(id, sources);
  if (!checked.game) return { diagnostics: checked.diagnostics };
  const game = checked.game;
  // The flow's expressions are quoted from the file that holds the flow block.
  const flow = game.program.declarations.find((d) => d.kind === "flow");
  const file = (flow && game.fileOf.get(flow)) ?? sources[0]?.path;
  const text = sources.find((s) => s.path === file)?.text ?? sources[0]?.text ?? "";
  const graph = flowGraph(game, lowerFlow(game), text);
  return { text: format === "svg" ? toSvg(graph) : toMermaid(graph) };
}
