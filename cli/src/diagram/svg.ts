// A flow graph as a standalone SVG picture, laid out by dagre (@dagrejs/dagre: layered graph layout,
// with each phase a cluster). Text is monospace, so box sizes follow from character counts and the
// picture is the same on every machine, byte for byte.
import dagre from "@dagrejs/dagre";
import type { FlowGraph, FlowNode } from "./graph.js";

const FONT_SIZE = 13;
const CHAR_WIDTH = 7.9;
const LINE_HEIGHT = 18;
const PAD_X = 12;
const PAD_Y = 8;

const FILL: Record<FlowNode["kind"], string> = {
  start: "#e8e8e8",
  end: "#e8e8e8",
  test: "#fff6d5",
  ask: "#dcecff",
  simultaneous: "#e3f5e1",
  race: "#fde2e2",
  window: "#efe3fb",
};

const KIND_NOTE: Partial<Record<FlowNode["kind"], string>> = {
  simultaneous: "simultaneous, secret",
  race: "race: first claim wins",
  window: "window: each in turn",
};

const n = (x: number) => (Math.round(x * 10) / 10).toString();
const esc = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const textWidth = (lines: readonly string[]) => Math.max(...lines.map((l) => l.length)) * CHAR_WIDTH;

function nodeLines(node: FlowNode): string[] {
  const [head, ...options] = node.lines;
  const note = KIND_NOTE[node.kind];
  return [head!, ...(note ? [`(${note})`] : []), ...options.map((o) => `• ${o}`)];
}

export function toSvg(graph: FlowGraph): string {
  const g = new dagre.graphlib.Graph({ compound: true, multigraph: true });
  g.setGraph({ rankdir: "TB", nodesep: 28, ranksep: 44, edgesep: 14, marginx: 16, marginy: 16 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const phase of graph.phases) g.setNode(`phase:${phase}`, { label: `phase ${phase}`, paddingTop: 28 });
  for (const node of graph.nodes) {
    const lines = nodeLines(node);
    const extra = node.kind === "test" ? 2 * 14 : 0;
    g.setNode(node.id, { width: textWidth(lines) + 2 * PAD_X + extra, height: lines.length * LINE_HEIGHT + 2 * PAD_Y });
    if (node.phase !== null && graph.phases.includes(node.phase)) g.setParent(node.id, `phase:${node.phase}`);
  }
  graph.edges.forEach((e, i) => {
    const label = e.label;
    g.setEdge(e.from, e.to, { label, width: label ? label.length * CHAR_WIDTH + 8 : 0, height: label ? LINE_HEIGHT : 0, labelpos: "c" }, `e${i}`);
  });
  dagre.layout(g);

  const size = g.graph();
  const width = size.width ?? 0;
  const height = size.height ?? 0;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}" font-family="ui-monospace, Menlo, Consolas, monospace" font-size="${FONT_SIZE}">`,
    `<title>${esc(graph.title)}: the flow</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker></defs>',
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
  ];
  for (const phase of graph.phases) {
    const c = g.node(`phase:${phase}`);
    const x = c.x - c.width / 2;
    const y = c.y - c.height / 2;
    out.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(c.width)}" height="${n(c.height)}" rx="8" fill="#fafafa" stroke="#bbbbbb" stroke-dasharray="5 4"/>`);
    out.push(`<text x="${n(x + 10)}" y="${n(y + 18)}" font-weight="bold" fill="#666666">phase ${esc(phase)}</text>`);
  }
  graph.edges.forEach((e, i) => {
    const edge = g.edge({ v: e.from, w: e.to, name: `e${i}` });
    const points = edge.points ?? [];
    const d = points.map((p: { x: number; y: number }, k: number) => `${k === 0 ? "M" : "L"} ${n(p.x)} ${n(p.y)}`).join(" ");
    out.push(`<path d="${d}" fill="none" stroke="#555555" stroke-width="1.3" marker-end="url(#arrow)"/>`);
    if (e.label && edge.x !== undefined && edge.y !== undefined) {
      const w = e.label.length * CHAR_WIDTH + 8;
      out.push(`<rect x="${n(edge.x - w / 2)}" y="${n(edge.y - LINE_HEIGHT / 2)}" width="${n(w)}" height="${LINE_HEIGHT}" fill="#ffffff" opacity="0.9"/>`);
      out.push(`<text x="${n(edge.x)}" y="${n(edge.y + 4.5)}" text-anchor="middle" fill="#333333">${esc(e.label)}</text>`);
    }
  });
  for (const node of graph.nodes) {
    const box = g.node(node.id);
    const x = box.x - box.width / 2;
    const y = box.y - box.height / 2;
    const fill = FILL[node.kind];
    if (node.kind === "test") {
      const s = 14;
      const pts = [[x + s, y], [x + box.width - s, y], [x + box.width, box.y], [x + box.width - s, y + box.height], [x + s, y + box.height], [x, box.y]];
      out.push(`<polygon points="${pts.map(([px, py]) => `${n(px!)},${n(py!)}`).join(" ")}" fill="${fill}" stroke="#8a7a3a"/>`);
    } else {
      const rx = node.kind === "start" || node.kind === "end" ? box.height / 2 : 6;
      out.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(box.width)}" height="${n(box.height)}" rx="${n(rx)}" fill="${fill}" stroke="#4a5a7a"/>`);
    }
    const lines = nodeLines(node);
    const left = node.kind === "start" || node.kind === "end" || node.kind === "test";
    lines.forEach((line, k) => {
      const ty = y + PAD_Y + LINE_HEIGHT * k + FONT_SIZE;
      const weight = k === 0 ? ' font-weight="bold"' : "";
      if (left) out.push(`<text x="${n(box.x)}" y="${n(ty)}" text-anchor="middle"${weight}>${esc(line)}</text>`);
      else out.push(`<text x="${n(x + PAD_X)}" y="${n(ty)}"${weight}>${esc(line)}</text>`);
    });
  }
  out.push("</svg>");
  return `${out.join("\n")}\n`;
}
