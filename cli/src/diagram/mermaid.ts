// A flow graph as a Mermaid flowchart (GitHub shows it in Markdown): decisions as boxes listing their
// options, tests as diamonds, each phase a subgraph.
import type { FlowGraph, FlowNode } from "./graph.js";

// Mermaid's entity codes: a quote would end the label, < and > would be read as HTML.
const escape = (text: string) => text.replace(/#/g, "#35;").replace(/"/g, "#quot;").replace(/</g, "#lt;").replace(/>/g, "#gt;");

function shape(node: FlowNode): string {
  const [head, ...options] = node.lines;
  const label = escape(head!) + (options.length > 0 ? `<br/>${options.map((o) => `• ${escape(o)}`).join("<br/>")}` : "");
  switch (node.kind) {
    case "start":
    case "end":
      return `${node.id}(["${label}"])`;
    case "test":
      return `${node.id}{"${label}"}`;
    case "simultaneous":
    case "race":
    case "window":
      return `${node.id}[["${label}"]]`;
    default:
      return `${node.id}["${label}"]`;
  }
}

export function toMermaid(graph: FlowGraph): string {
  const lines = ["flowchart TD"];
  for (const node of graph.nodes.filter((n) => n.phase === null)) lines.push(`  ${shape(node)}`);
  for (const phase of graph.phases) {
    lines.push(`  subgraph phase_${phase} ["phase ${phase}"]`);
    for (const node of graph.nodes.filter((n) => n.phase === phase)) lines.push(`    ${shape(node)}`);
    lines.push("  end");
  }
  // Nodes of a phase that never begins (none in practice) still appear.
  for (const node of graph.nodes.filter((n) => n.phase !== null && !graph.phases.includes(n.phase))) lines.push(`  ${shape(node)}`);
  for (const e of graph.edges) lines.push(e.label === "" ? `  ${e.from} --> ${e.to}` : `  ${e.from} -->|"${escape(e.label)}"| ${e.to}`);
  return `${lines.join("\n")}\n`;
}
