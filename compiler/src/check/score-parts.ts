// A score told in parts where results are told: several `score` lines, summed, each named by its label
// (`score p: coins[p] "coins"`), and a line whose label shows the element of its sum, told as one part
// per element (Freak Shop's `score p: sum(o in objectives: objective_points(o, p)) "{o}"`: each
// Objective's points). Read by the checker and by the emitters of scores.
import type * as A from "../syntax/ast.js";
import { subExpressions } from "../syntax/walk.js";

/** The sum a score line is told element by element: its value is `sum(x in C: e)` and its label shows `x`. */
export function splitSum(
  line: A.ScoreDeclaration,
): A.AggregateExpression | null {
  const value = line.value;
  if (
    value.kind !== "aggregate" ||
    value.callee.name !== "sum" ||
    value.value === null ||
    line.template === null
  )
    return null;
  const binder = value.binder.name;
  const reads = (e: A.Expression): boolean =>
    (e.kind === "name" && e.name === binder) || subExpressions(e).some(reads);
  return line.template.parts.some(
    (part) => typeof part !== "string" && reads(part),
  )
    ? value
    : null;
}

/** Whether results tell the score in parts: several lines, or a line split by its sum's elements. */
export function hasScoreParts(lines: readonly A.ScoreDeclaration[]): boolean {
  return lines.length > 1 || lines.some((line) => splitSum(line) !== null);
}
