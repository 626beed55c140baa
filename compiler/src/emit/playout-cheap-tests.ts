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
  const faultless = (e: A.Expression): boolean => faultlessIn(game, e);
  const cheap = (e: A.Expression): boolean => cheapIn(game, e);
  let run = 0;
  while (run < requirements.length && faultless(requirements[run]!.condition)) run++;
  const front = requirements.slice(0, run);
  return [...front.filter((r) => cheap(r.condition)), ...front.filter((r) => !cheap(r.condition)), ...requirements.slice(run)];
}

/** Passes that give a value for any collection, the empty one too (`min` or `first` of nothing faults). */
const TOTAL_AGGREGATES = new Set(["count", "sum", "any", "all", "distinct"]);

/** Whether an expression can neither fault nor call a rules function: values, names, card fields,
 *  index reads, arithmetic without division, comparisons, and count/sum/any/all/distinct of such. */
function faultlessIn(game: CheckedGame, e: A.Expression): boolean {
  const faultless = (x: A.Expression): boolean => faultlessIn(game, x);
  switch (e.kind) {
    case "integer":
    case "boolean":
    case "string":
    case "name":
      return true;
    case "index":
      return faultless(e.target) && faultless(e.index);
    case "member":
      return faultless(e.target);
    case "unary":
      return faultless(e.operand);
    case "binary":
      return e.operator !== "/" && e.operator !== "%" && faultless(e.left) && faultless(e.right);
    case "conditional":
      return faultless(e.condition) && faultless(e.then) && faultless(e.otherwise);
    case "aggregate":
      return TOTAL_AGGREGATES.has(e.callee.name) && faultless(e.source) && (e.condition === null || faultless(e.condition)) && (e.value === null || faultless(e.value));
    case "call":
      // `count(x)`: the built-in, not a rules function.
      return e.callee.name === "count" && e.args.length === 1 && game.names.get(e)?.kind !== "function" && faultless(e.args[0]!);
    default:
      return false;
  }
}

/** Whether a faultless expression passes over no collection: the count of a zone, or of a list of
 *  cards (a set drawn), is its size. */
function cheapIn(game: CheckedGame, e: A.Expression): boolean {
  const cheap = (x: A.Expression): boolean => cheapIn(game, x);
  switch (e.kind) {
    case "index":
      return cheap(e.target) && cheap(e.index);
    case "member":
      return cheap(e.target);
    case "unary":
      return cheap(e.operand);
    case "binary":
      return cheap(e.left) && cheap(e.right);
    case "conditional":
      return cheap(e.condition) && cheap(e.then) && cheap(e.otherwise);
    case "aggregate":
      return false;
    case "call": {
      if (e.callee.name !== "count" || e.args.length !== 1) return false;
      const counted = e.args[0]!;
      const type = game.types.get(counted);
      const sized = type?.kind === "zone" || (type?.kind === "list" && type.element.kind === "card");
      return (counted.kind === "name" || counted.kind === "index") && sized && cheap(counted);
    }
    default:
      return true;
  }
}
