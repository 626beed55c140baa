// A move drawn by rejection (playout-decisions.ts `constrainedSampler`: Freak Shop's trades, two sets
// drawn until the requirements hold) tests its requirements on every draw, and most draws fail. The
// reference engine tests the cheap ones first (are the two sets the same size?) and passes over the
// sets only for the draws left. Here too: among the requirements at the front that can neither fault
// nor call, those that pass over no collection are tested first, the others after them in their
// order. None of them can fault or draw, so the draws kept, and so the games, are the same; a
// requirement that may fault (`top(give)` of an empty set) keeps its place, and so do all after it.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";

/** The requirements in the order to test them: the cheap ones of the faultless run at the front first. */
export function cheapFirst(game: CheckedGame, requirements: readonly A.Requirement[]): A.Requirement[] {
  const costs = requirements.map((r) => costOf(game, r.condition));
  let run = 0;
  while (run < requirements.length && costs[run]! !== MAY_FAULT) run++;
  const front = requirements.slice(0, run);
  return [...front.filter((_, i) => costs[i] === CHEAP), ...front.filter((_, i) => costs[i] === PASSES), ...requirements.slice(run)];
}

/** What testing an expression costs: values read only; a pass over a collection, that can neither
 *  fault nor call; anything that may fault or calls a function (of the rules or a builtin such as `top`). */
const CHEAP = 0;
const PASSES = 1;
const MAY_FAULT = 2;

/** Passes that give a value for any collection, the empty one too (`min` or `first` of nothing faults). */
const TOTAL_AGGREGATES = new Set(["count", "sum", "any", "all", "distinct"]);

/** The cost of an expression, the dearest of its parts: values, names, card fields, index reads,
 *  arithmetic and comparisons are cheap; division may fault (by 0); count/sum/any/all/distinct pass
 *  over their collection, except the count of a zone or of a list of cards (a set drawn): its size. */
function costOf(game: CheckedGame, e: A.Expression): number {
  const of = (...parts: (A.Expression | null)[]): number => Math.max(CHEAP, ...parts.map((x) => (x === null ? CHEAP : costOf(game, x))));
  switch (e.kind) {
    case "integer":
    case "boolean":
    case "string":
    case "name":
      return CHEAP;
    case "index":
      return of(e.target, e.index);
    case "member":
      return of(e.target);
    case "unary":
      return of(e.operand);
    case "binary":
      return e.operator === "/" || e.operator === "%" ? MAY_FAULT : of(e.left, e.right);
    case "conditional":
      return of(e.condition, e.then, e.otherwise);
    case "aggregate":
      return TOTAL_AGGREGATES.has(e.callee.name) ? Math.max(PASSES, of(e.source, e.condition, e.value)) : MAY_FAULT;
    case "call": {
      // `count(x)`: the builtin, not a rules function.
      if (e.callee.name !== "count" || e.args.length !== 1 || game.names.get(e)?.kind === "function") return MAY_FAULT;
      const counted = e.args[0]!;
      const type = game.types.get(counted);
      const sized = (counted.kind === "name" || counted.kind === "index") && (type?.kind === "zone" || (type?.kind === "list" && type.element.kind === "card"));
      return sized ? of(counted) : Math.max(PASSES, of(counted));
    }
    default:
      return MAY_FAULT;
  }
}
