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
