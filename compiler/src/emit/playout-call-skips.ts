// A pass over the seats for an aggregate or a loop whose filter starts with tests a seat mask
// answers walks only the seats that can pass, as the shared pass of options does
// (playout-seat-masks.ts): `any(q in players: reachable(a, q))`, where the rules' function begins
// `q != a and not passed_over[q] and ...`, looks only at the seats other than a that are not passed
// over (a hand-written engine combines its masks: `open & ~passed`). The leading tests are read
// through calls of the rules' functions too, their parameters standing for the call's arguments.
//
// A seat left out fails a leading test, which reads nothing that can fault or draw, and every test
// before it is such a test: the filter is false there, without a fault, so an aggregate or loop
// whose items failing the filter do not count (`count`, `sum`, `any`, `first`, a loop's `where`)
// gives the same result, the seats passing in the same order (lowest first).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { KernelHeldCounts } from "./playout-held-counts.js";
import type { KernelCounts } from "./playout-counts.js";
import { namesSlot, plainSource, readsSlot } from "./playout-memo-reads.js";
import { varName } from "./playout-zones.js";
import { complement, seatsPassing, type SeatMeaning } from "./playout-seat-sets.js";

/** What a name in the tests stands for: the seat of the pass, or the code of a value. */
type Meaning = SeatMeaning;

/** The seats the leading tests of `test` (over the seat of binder slot `slot`) leave out, as a mask
 *  expression, where one of them is a flag kept as a seat mask; null otherwise. `write` writes an
 *  expression of the caller. */
export function seatSkips(game: CheckedGame, held: KernelHeldCounts, counts: KernelCounts | null, test: A.Expression, slot: unknown, write: (e: A.Expression) => string): string | null {
  const skips: { skip: string; mask: boolean }[] = [];
  const meaningOf = (e: A.Expression): Meaning | null => {
    if (namesSlot(game, e, slot)) return { seat: true };
    return plainSource(e) && !readsSlot(game, e, slot) ? { code: write(e) } : null;
  };
  leading(game, held, counts, test, meaningOf, skips, 0);
  // Only where a mask is read: a pass leaving out one seat is no faster than testing it.
  return skips.some((s) => s.mask) ? skips.map((s) => s.skip).join(" | ") : null;
}

/** Adds the skips of the leading tests of `test` to `skips`; false where a test of another kind
 *  stops them (no later test is then read). */
function leading(game: CheckedGame, held: KernelHeldCounts, counts: KernelCounts | null, test: A.Expression, meaningOf: (e: A.Expression) => Meaning | null, skips: { skip: string; mask: boolean }[], depth: number): boolean {
  if (test.kind === "binary" && test.operator === "and") {
    return leading(game, held, counts, test.left, meaningOf, skips, depth) && leading(game, held, counts, test.right, meaningOf, skips, depth);
  }
  if (test.kind === "binary" && test.operator === "!=") {
    const left = meaningOf(test.left);
    const right = meaningOf(test.right);
    const other = left && "seat" in left && right && "code" in right ? right : right && "seat" in right && left && "code" in left ? left : null;
    if (!other) return false;
    skips.push({ skip: `(1 << ${other.code})`, mask: false });
    return true;
  }
  if (test.kind === "unary" && test.operator === "not" && test.operand.kind === "index" && test.operand.target.kind === "name") {
    const at = meaningOf(test.operand.index);
    const variable = game.names.get(test.operand.target);
    if (!at || !("seat" in at) || variable?.kind !== "var") return false;
    const mask = held.seatMask(varName(variable.declaration.name.name));
    if (!mask) return false;
    skips.push({ skip: mask, mask: true });
    return true;
  }
  if (test.kind === "call" && depth < 4) {
    const f = game.names.get(test);
    if (f?.kind !== "function") return false;
    const params = f.declaration.parameters;
    if (params.length !== test.args.length) return false;
    const bound = new Map<string, Meaning>();
    for (let i = 0; i < params.length; i++) {
      const meaning = meaningOf(test.args[i]!);
      if (!meaning) return false;
      bound.set(params[i]!.name.name, meaning);
    }
    // A name of the body that is a parameter stands for its argument; any other for itself, where
    // it names no local of the body (an aggregate's binder).
    const inBody = (e: A.Expression): Meaning | null => {
      if (e.kind === "name") {
        const binding = game.names.get(e);
        if (binding?.kind === "local") return bound.get(e.name) ?? null;
        return plainSource(e) ? meaningOf(e) : null;
      }
      return null;
    };
    leading(game, held, counts, f.declaration.body, inBody, skips, depth + 1);
    // The call's later tests are not read: the outer tests after it neither.
    return false;
  }
  // Any other test read as a set of seats (playout-seat-sets.ts).
  const seats = seatsPassing({ game, held, counts, meaningOf }, test);
  if (!seats) return false;
  seats.keep();
  skips.push({ skip: complement(seats.mask), mask: true });
  return true;
}
