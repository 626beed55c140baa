// A test of a pass over the seats as the set of seats passing it, a bit mask worked out once before
// the pass, as a hand-written engine combines its masks (`open & ~passed & ~robbedBy[me]`) rather
// than testing seat by seat. The tests read so are made of `and`, `or`, `not`, `q == e` and `q != e`
// (q the seat of the pass, e a value that does not read it), `X[q]` (X a per-player `bool` kept as a
// seat mask), `N[q] > 0` and `N[q] == 0` (N a per-player `int`, kept as the masks of the seats above
// 0 and at 0), `T[q] == e` (T a per-player `player`, kept as the masks of the seats naming each seat),
// tests that do not read q at all (all seats or none), and calls of the rules' functions made of
// those, their parameters standing for the call's arguments: Foreclosed!'s `not exchanged(a, q)`,
// `(has_taken[a] and took_from[a] == q) or (has_taken[q] and took_from[q] == a)`, is the mask
// `(has_taken[a] ? 1 << took_from[a] : 0) | ($mask_has_taken & $naming_took_from[a])`.
//
// Such a test reads only variables at seats and names: nothing that can fault or draw, so it may be
// worked out for every seat at once, before the pass, where the rules test it seat by seat.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { KernelHeldCounts } from "./playout-held-counts.js";
import type { KernelCounts } from "./playout-counts.js";
import { namesSlot, plainSource, readsSlot } from "./playout-memo-reads.js";
import { varName } from "./playout-zones.js";
import { byteFlagSet } from "./playout-flags.js";
import type { KernelDomain } from "./playout-domains.js";

/** What a name stands for: the seat of the pass, or the code of a value. */
export type SeatMeaning = { seat: true } | { code: string };

/** How the masks of a test are found: the variables whose masks it reads are kept only by `keep`. */
export interface SeatSets {
  readonly game: CheckedGame;
  readonly held: KernelHeldCounts;
  /** The running counts of the zones' cards, where kept: `any(c in Z[q]: c.F == E.m)` is then a mask. */
  readonly counts: KernelCounts | null;
  /** What an expression of the caller stands for, where it is the seat or a plain value; else null. */
  readonly meaningOf: (e: A.Expression) => SeatMeaning | null;
}

/** The mask of the seats `test` lets through, with `keep` keeping the masks it reads from then on;
 *  null where a part of it is of another kind. */
export function seatsPassing(sets: SeatSets, test: A.Expression): { mask: string; keep: () => void } | null {
  const kept: (() => void)[] = [];
  const mask = passing(sets, test, sets.meaningOf, kept, 0);
  return mask === null ? null : { mask, keep: () => kept.forEach((k) => k()) };
}

/** The seat sets of an aggregate over the seats (`any(q in players: …)`, `first(q in players where …)`),
 *  its binder read as the seat; null for an aggregate over anything else. */
export function setsOverSeats(sets: Omit<SeatSets, "meaningOf">, e: A.AggregateExpression, write: (e: A.Expression) => string): SeatSets | null {
  const players = e.source.kind === "name" ? sets.game.names.get(e.source) : undefined;
  const binder = sets.game.names.get(e.binder);
  if (players?.kind !== "builtin" || players.name !== "players" || binder?.kind !== "local") return null;
  return { ...sets, meaningOf: callerMeaning(sets.game, binder.slot, write) };
}

/** The meaning of the names of a caller's expressions: the seat of binder slot `slot`, or a plain
 *  value not reading it, written by `write`. */
export function callerMeaning(game: CheckedGame, slot: unknown, write: (e: A.Expression) => string): (e: A.Expression) => SeatMeaning | null {
  return (e) => {
    if (namesSlot(game, e, slot)) return { seat: true };
    return plainSource(e) && !readsSlot(game, e, slot) ? { code: write(e) } : null;
  };
}

/** Every seat of the game, as a mask (bits above the seats are never walked). */
export const ALL_SEATS = "((1 << players) - 1)";

/** The complement of a mask expression (only the seats in play are walked: bits above stay unread). */
export function complement(mask: string): string {
  return mask.startsWith("~") ? mask.slice(1) : `~${mask}`;
}

function passing(sets: SeatSets, test: A.Expression, meaningOf: (e: A.Expression) => SeatMeaning | null, kept: (() => void)[], depth: number): string | null {
  const { game, held, counts } = sets;
  const sub = (e: A.Expression): string | null => passing(sets, e, meaningOf, kept, depth);
  switch (test.kind) {
    case "binary": {
      if (test.operator === "and" || test.operator === "or") {
        const left = sub(test.left);
        const right = left === null ? null : sub(test.right);
        return right === null ? null : `(${left} ${test.operator === "and" ? "&" : "|"} ${right})`;
      }
      if (test.operator === "==" || test.operator === "!=") {
        const equal = equalSeats(game, held, test.left, test.right, meaningOf, kept) ?? equalSeats(game, held, test.right, test.left, meaningOf, kept);
        const zero = equal ?? signSeats(game, held, test.left, test.right, "zero", meaningOf, kept) ?? signSeats(game, held, test.right, test.left, "zero", meaningOf, kept);
        if (zero === null) break;
        return test.operator === "==" ? zero : complement(zero);
      }
      if (test.operator === ">" || test.operator === "<") {
        const above = test.operator === ">" ? signSeats(game, held, test.left, test.right, "above", meaningOf, kept) : signSeats(game, held, test.right, test.left, "above", meaningOf, kept);
        if (above === null) break;
        return above;
      }
      break;
    }
    case "unary":
      if (test.operator === "not") {
        const operand = sub(test.operand);
        return operand === null ? null : complement(operand);
      }
      break;
    case "index": {
      // `X[q]`: a flag kept as a seat mask.
      const at = meaningOf(test.index);
      if (at && "seat" in at && test.target.kind === "name" && perPlayer(game, test.target) && game.types.get(test)?.kind === "bool") {
        const array = varName(test.target.name);
        const mask = held.seatMask(array, false);
        if (mask === null) return null;
        kept.push(() => held.seatMask(array));
        return mask;
      }
      break;
    }
    case "call": {
      if (depth >= 4) return null;
      const f = game.names.get(test);
      if (f?.kind !== "function") return null;
      const params = f.declaration.parameters;
      if (params.length !== test.args.length) return null;
      const bound = new Map<string, SeatMeaning>();
      for (let i = 0; i < params.length; i++) {
        const meaning = meaningOf(test.args[i]!);
        if (!meaning) return null;
        bound.set(params[i]!.name.name, meaning);
      }
      // A name of the body that is a parameter stands for its argument; a local of the body (an
      // aggregate's binder) for nothing known; any other name for itself.
      const inBody = (e: A.Expression): SeatMeaning | null => {
        if (e.kind !== "name") return null;
        if (game.names.get(e)?.kind === "local") return bound.get(e.name) ?? null;
        return meaningOf(e);
      };
      return passing(sets, f.declaration.body, inBody, kept, depth + 1);
    }
    case "aggregate": {
      // `any(c in Z[q]: c.F == E.m)`: the seats whose segment holds such a card, by the counts.
      const isSeat = (x: A.Expression): boolean => {
        const at = meaningOf(x);
        return at !== null && "seat" in at;
      };
      const value = (x: A.Expression): string | null => valueCode(game, x, meaningOf);
      const mask = counts?.seatsHolding(test, isSeat, false, value) ?? null;
      if (mask === null) return null;
      kept.push(() => counts!.seatsHolding(test, isSeat, true, value));
      return mask;
    }
  }
  // A test that does not read the seat: every seat or none.
  if (game.types.get(test)?.kind !== "bool") return null;
  const value = valueCode(game, test, meaningOf);
  return value === null ? null : `(${value} ? -1 : 0)`;
}

/** The mask of the seats q where `left == right`: `q == e` is e's bit, `T[q] == e` the seats naming e. */
function equalSeats(game: CheckedGame, held: KernelHeldCounts, left: A.Expression, right: A.Expression, meaningOf: (e: A.Expression) => SeatMeaning | null, kept: (() => void)[]): string | null {
  const value = valueCode(game, right, meaningOf);
  if (value === null || game.types.get(right)?.kind !== "player") return null;
  const seat = meaningOf(left);
  if (seat && "seat" in seat) return `(1 << ${value})`;
  if (left.kind !== "index" || left.target.kind !== "name" || !perPlayer(game, left.target)) return null;
  const at = meaningOf(left.index);
  if (!at || !("seat" in at)) return null;
  const array = varName(left.target.name);
  const masks = held.seatsNaming(array, false);
  if (masks === null) return null;
  kept.push(() => held.seatsNaming(array));
  return `${masks}[${value}]!`;
}

/** The mask of the seats q where `X[q] > 0` (`above`) or `X[q] == 0` (`zero`), `zero` the literal 0
 *  and X a per-player `int` kept as such masks. */
function signSeats(game: CheckedGame, held: KernelHeldCounts, left: A.Expression, zero: A.Expression, sign: "above" | "zero", meaningOf: (e: A.Expression) => SeatMeaning | null, kept: (() => void)[]): string | null {
  if (zero.kind !== "integer" || zero.value !== 0) return null;
  if (left.kind !== "index" || left.target.kind !== "name" || !perPlayer(game, left.target)) return null;
  const at = meaningOf(left.index);
  if (!at || !("seat" in at)) return null;
  const array = varName(left.target.name);
  const mask = held.signMask(array, sign, false);
  if (mask === null) return null;
  kept.push(() => held.signMask(array, sign));
  return mask;
}

/** The code of a value that does not read the seat of the pass: a name standing for a value, a whole
 *  number, or a per-player variable read at such a value; null for anything else. */
function valueCode(game: CheckedGame, e: A.Expression, meaningOf: (e: A.Expression) => SeatMeaning | null): string | null {
  if (e.kind === "integer") return String(e.value);
  if (e.kind === "name") {
    const meaning = meaningOf(e);
    return meaning && "code" in meaning ? meaning.code : null;
  }
  if (e.kind === "index" && e.target.kind === "name" && perPlayer(game, e.target)) {
    const at = valueCode(game, e.index, meaningOf);
    if (at === null) return null;
    const read = `${varName(e.target.name)}[${at}]!`;
    // A flag per seat is a byte (playout-flags.ts).
    return game.types.get(e)?.kind === "bool" ? byteFlagSet(read) : read;
  }
  return null;
}

/** Whether `name` is a variable kept per player only. */
function perPlayer(game: CheckedGame, name: A.NameExpression): boolean {
  const variable = game.names.get(name);
  return variable?.kind === "var" && variable.declaration.perPlayer && !variable.declaration.perCard && !variable.declaration.perKey;
}

/** The loop over the seats of the mask `seats` (code read once), lowest first, binding `binder` to each. */
export function seatsIn(seats: string, binder: string, body: readonly string[]): string[] {
  const left = `${binder}$left`;
  return [`for (let ${left} = ${seats}; ${left} !== 0; ${left} &= ${left} - 1) {`, `const ${binder} = 31 - Math.clz32(${left} & -${left});`, ...body, "}"];
}

/** The seats of a mask (code `seats`) as a parameter's domain: its size, its k-th seat lowest first,
 *  and a walk over its seats in that order. */
export function seatMaskDomain(seats: string): KernelDomain {
  return {
    mask: seats,
    nonEmpty: `${seats} !== 0`,
    size: `maskSeats(${seats})`,
    valueAt: (digit) => `nthMaskSeat(${seats}, ${digit})`,
    each: (binder, body) => seatsIn(seats, binder, body),
  };
}
