// The ends a requirement sets on a range parameter (`amount > high`, `amount <= coins[p] and amount >= 2`),
// so that a range is narrowed rather than drawn from and refused. Shared by the state machine's option
// listing and the playout kernel, which write the bounds' expressions each in their own way.
import type * as A from "../syntax/ast.js";

const COMPARISONS = new Set(["<", "<=", ">", ">=", "=="]);
const FLIPPED: Record<string, string> = { "<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==" };

export interface RangeBounds {
  /** Lower ends (the range starts at the highest), as code. */
  readonly low: string[];
  /** Upper ends (the range stops at the lowest), as code. */
  readonly high: string[];
}

/**
 * The bounds a condition sets when it is a bound or a conjunction of bounds on the parameter, each
 * bound's other side written by `write`; null for anything else (it is then tested on each value).
 * `isParameter` tells the parameter's name; `readsParameter` an other side that reads it (not a bound).
 */
export function rangeBounds(
  condition: A.Expression,
  isParameter: (e: A.Expression) => boolean,
  readsParameter: (e: A.Expression) => boolean,
  write: (e: A.Expression) => string,
): RangeBounds | null {
  const low: string[] = [];
  const high: string[] = [];
  const visit = (e: A.Expression): boolean => {
    if (e.kind !== "binary") return false;
    if (e.operator === "and") return visit(e.left) && visit(e.right);
    if (!COMPARISONS.has(e.operator)) return false;
    const [operator, other] = isParameter(e.left) ? [e.operator, e.right] : isParameter(e.right) ? [FLIPPED[e.operator]!, e.left] : [null, null];
    if (!operator || !other || readsParameter(other)) return false;
    const value = write(other);
    if (operator === ">") low.push(`(${value}) + 1`);
    if (operator === ">=" || operator === "==") low.push(value);
    if (operator === "<") high.push(`(${value}) - 1`);
    if (operator === "<=" || operator === "==") high.push(value);
    return true;
  };
  return visit(condition) ? { low, high } : null;
}
