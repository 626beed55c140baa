// A game's compiled flow as a graph for pictures: the states the game waits in (decisions, with
// their options), the tests that choose a way (while, if, for), the start and the end. The steps the
// machine runs straight through are folded into the edges between them; an edge says which option,
// which way of a test, or which phase begins along it.
import type { CheckedGame } from "@rules/compiler/language";
import type { ast as A } from "@rules/compiler/language";
import { END, type Exit, type FlowMachine, type Step } from "@rules/compiler/language";

export type NodeKind = "start" | "end" | "test" | "ask" | "simultaneous" | "race" | "window";

export interface FlowNode {
  readonly id: string;
  readonly kind: NodeKind;
  /** First line: who decides, or what is tested; then one line per option for decisions. */
  readonly lines: readonly string[];
  /** The phase it belongs to, if any: pictures group a phase's nodes. */
  readonly phase: string | null;
}

export interface FlowEdge {
  readonly from: string;
  readonly to: string;
  readonly label: string;
}

export interface FlowGraph {
  readonly title: string;
  readonly nodes: readonly FlowNode[];
  readonly edges: readonly FlowEdge[];
  /** Phases in the order they begin. */
  readonly phases: readonly string[];
}

export function flowGraph(game: CheckedGame, machine: FlowMachine, sourceText: string): FlowGraph {
  const text = (range: A.SourceRange) => balanced(sourceText, range.start.offset, range.end.offset + 1).replace(/\s+/g, " ");
  const steps = new Map(machine.steps.map((s) => [s.label, s]));
  const nodes: FlowNode[] = [];
  const edges: FlowEdge[] = [];
  const phases: string[] = [];
  const nodeOf = new Map<string, string>();
  const phaseOf = (label: string) => {
    const dot = label.indexOf(".");
    return dot > 0 ? label.slice(0, dot) : null;
  };

  nodes.push({ id: "start", kind: "start", lines: ["start"], phase: null });
  nodes.push({ id: "finish", kind: "end", lines: ["end: scores"], phase: null });
  nodeOf.set(END, "finish");
  // Short ids in order of the steps (`end` is a word of Mermaid's, so no id is taken from a label).
  const ids = new Map<string, string>();
  const id = (label: string) => ids.get(label) ?? (ids.set(label, `s${ids.size + 1}`), ids.get(label)!);

  // A step is a node when the machine stops or chooses there; otherwise it is part of an edge.
  for (const step of machine.steps) {
    const exit = step.exit;
    if (exit.kind === "branch") {
      nodes.push({ id: id(step.label), kind: "test", lines: [`${branchWord(step)} ${text(exit.condition.range)}`], phase: phaseOf(step.label) });
      nodeOf.set(step.label, id(step.label));
    } else if (exit.kind === "loop-branch") {
      const loop = exit.loop.statement;
      nodes.push({ id: id(step.label), kind: "test", lines: [`for ${loop.binder.name} in ${text(loop.source.range)}`], phase: phaseOf(step.label) });
      nodeOf.set(step.label, id(step.label));
    } else if (exit.kind === "decide") {
      const d = exit.decision;
      const ask = d.ask;
      const kind: NodeKind = ask.window ? "window" : ask.race ? "race" : ask.each ? "simultaneous" : "ask";
      const who = ask.each ? `${ask.race ? "race" : ask.window ? "window" : "ask each"} ${ask.each.binder.name} in ${text(ask.each.source.range)}` : `ask ${ask.player ? text(ask.player.range) : ""}`;
      nodes.push({ id: id(d.label), kind, lines: [who, ...ask.options.map((o) => optionLine(o, text))], phase: d.phase });
      nodeOf.set(step.label, id(d.label));
    }
  }

  /** Follows straight-through steps from `label` to the next node, noting the phases begun on the way. */
  const follow = (label: string, seen = new Set<string>()): { to: string; phases: string[]; mayEnd: boolean } => {
    const begun: string[] = [];
    let mayEnd = false;
    let current = label;
    for (;;) {
      if (current === END) return { to: "finish", phases: begun, mayEnd };
      const step = steps.get(current);
      if (!step || seen.has(current)) return { to: "finish", phases: begun, mayEnd };
      seen.add(current);
      for (const e of step.effects) {
        if (e.kind === "run" && holdsEndGame(e.statement)) mayEnd = true;
        // An `after_` step enters the enclosing phase again: not a phase that begins.
        if (e.kind === "enter-phase" && !/(^|\.)after_/.test(step.label)) {
          begun.push(e.name);
          if (!phases.includes(e.name)) phases.push(e.name);
        }
      }
      const node = nodeOf.get(current);
      if (node !== undefined) return { to: node, phases: begun, mayEnd };
      const next = gotoTarget(step.exit);
      if (next === null) return { to: "finish", phases: begun, mayEnd };
      current = next;
    }
  };
  const edge = (from: string, target: string, label: string) => {
    const { to, phases: begun, mayEnd } = follow(target);
    const parts = [label, ...begun.map((p) => `phase ${p}`)].filter((p) => p !== "");
    edges.push({ from, to, label: parts.join(", ") });
    // An `end game` on the way (inside an if that holds no decision) is a way out too.
    if (mayEnd && to !== "finish") edges.push({ from, to: "finish", label: [label, "end game"].filter((p) => p !== "").join(", ") });
  };

  edge("start", machine.start, "");
  for (const step of machine.steps) {
    const from = nodeOf.get(step.label);
    if (from === undefined) continue;
    const exit = step.exit;
    if (exit.kind === "branch") {
      edge(from, exit.then, "yes");
      edge(from, exit.otherwise, "no");
    } else if (exit.kind === "loop-branch") {
      edge(from, exit.then, "next");
      edge(from, exit.otherwise, "done");
    } else if (exit.kind === "decide") {
      const d = exit.decision;
      // Options whose bodies hold no decision all lead on to the same place: one edge for them.
      // An option whose body ends the game (`end game` among its own statements) leads to the end.
      const ending = d.ask.options.filter((o) => !d.optionEntries.has(o.name.name) && o.body.statements.some((st) => st.kind === "end-game"));
      for (const o of ending) edges.push({ from, to: "finish", label: o.name.name });
      const plain = d.ask.options.filter((o) => !d.optionEntries.has(o.name.name) && !ending.includes(o)).map((o) => o.name.name);
      // A long list would repeat the box: "any option" (or "other options") says the same.
      const listed = plain.join(" / ");
      const label = listed.length <= 24 ? listed : plain.length === d.ask.options.length ? "any option" : "other options";
      if (plain.length > 0) edge(from, d.resume, label);
      for (const [option, entry] of d.optionEntries) edge(from, entry, option);
    }
  }
  return { title: game.title, nodes, edges: dedupe(edges), phases };
}

/** The source of an expression, with the closing brackets its range leaves out (`(a or b)` ends inside them). */
function balanced(source: string, start: number, end: number): string {
  let text = source.slice(start, end);
  const open = (text.match(/[([]/g) ?? []).length - (text.match(/[)\]]/g) ?? []).length;
  for (let i = 0, at = end; i < open; i++) {
    while (at < source.length && /\s/.test(source[at]!)) at++;
    if (source[at] !== ")" && source[at] !== "]") break;
    at++;
    text = source.slice(start, at);
  }
  return text;
}

/** Whether a statement says `end game` anywhere inside it. */
function holdsEndGame(node: unknown): boolean {
  if (node === null || typeof node !== "object") return false;
  if ((node as { kind?: string }).kind === "end-game") return true;
  return Object.entries(node).some(([key, value]) => key !== "range" && key !== "procedure" && holdsEndGame(value));
}

function gotoTarget(exit: Exit): string | null {
  return exit.kind === "goto" ? exit.target : exit.kind === "end" ? END : null;
}

function branchWord(step: Step): string {
  const name = step.label.slice(step.label.indexOf(".") + 1);
  return name.startsWith("while") ? "while" : "if";
}

function optionLine(option: A.MoveOptionDeclaration, text: (r: A.SourceRange) => string): string {
  const parameters = option.parameters.map((p) => `${p.name.name} in ${text(p.domain.range)}`);
  return parameters.length > 0 ? `${option.name.name}(${parameters.join(", ")})` : option.name.name;
}

function dedupe(edges: FlowEdge[]): FlowEdge[] {
  const seen = new Set<string>();
  return edges.filter((e) => {
    const key = `${e.from}\u0000${e.to}\u0000${e.label}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
