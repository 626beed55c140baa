// Walking the expression tree: the one place that knows which parts of each node are expressions.
import type * as A from "./ast.js";

/** The direct sub-expressions of an expression. */
export function subExpressions(e: A.Expression): A.Expression[] {
  switch (e.kind) {
    case "index":
      return [e.target, e.index];
    case "member":
      return [e.target];
    case "unary":
      return [e.operand];
    case "binary":
      return [e.left, e.right];
    case "conditional":
      return [e.condition, e.then, e.otherwise];
    case "call":
      return [...e.args];
    case "aggregate":
      return [e.source, ...(e.condition ? [e.condition] : []), ...(e.value ? [e.value] : [])];
    case "list":
    case "tuple":
      return [...e.elements];
    case "range":
      return [e.low, e.high];
    default:
      return [];
  }
}

/** The blocks a statement holds (a branch, a loop's body, an option's body), in order. */
export function innerBlocks(s: A.Statement): A.Block[] {
  switch (s.kind) {
    case "if":
      return s.otherwise ? [s.then, s.otherwise] : [s.then];
    case "while":
    case "for":
    case "phase":
    case "inlined":
      return [s.body];
    case "ask":
      return s.options.map((option) => option.body);
    default:
      return [];
  }
}

/** The same expression written twice: equal nodes, where each was written aside. */
export function sameExpression(a: A.Expression, b: A.Expression): boolean {
  return sameNode(a, b);
}

function sameNode(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = (o: object): string[] => Object.keys(o).filter((k) => k !== "range" && (o as Record<string, unknown>)[k] !== undefined).sort();
  const ka = keys(a);
  const kb = keys(b);
  return ka.length === kb.length && ka.every((k, i) => k === kb[i] && sameNode((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
