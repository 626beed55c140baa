// Running counts of a zone's cards by a printed enum field paired with a test of the card's own
// variables: `all(e in deeds[p] where e.group == g: level(e) == 0)` (a seat's deeds of a group all
// undeveloped) asks, per seat and group, how many deeds fail the test, as a hand-written engine keeps
// "developed deeds per seat and group" beside its zones. The count's member is the field's member
// index times two, plus one where the test holds; playout-counts.ts keeps it as it keeps its counts by
// a key (every move in or out of the zone, every write of a variable the test reads: see
// playout-keyed-counts.ts), and reads `any(...)` as "some card of that member passes", `all(...)` as
// "none of that member fails". The test must read only the card (`cardTest`), the value compared
// with the field nothing that can fault: the read evaluates it even where the zone holds no card.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { plain, readsSlot } from "./playout-memo-reads.js";
import { writtenMember } from "./playout-enum-codes.js";
import { rowPlus } from "./playout-segment-offsets.js";

/** The field test of a paired count: `c.F == v`, F an enum field printed on the card bound to the
 *  binder, v a value that reads neither the card nor anything that can fault. */
export interface FieldTest {
  readonly cardType: string;
  readonly field: string;
  readonly enumName: string;
  readonly value: A.Expression;
  /** The member's index when the rules name it (`Group.brown`), else null. */
  readonly member: number | null;
}

/** The field test `condition` makes of the card bound to `slot`, or null. */
export function fieldTestOf(game: CheckedGame, condition: A.Expression, slot: unknown): FieldTest | null {
  if (condition.kind !== "binary" || condition.operator !== "==") return null;
  for (const [side, other] of [[condition.left, condition.right], [condition.right, condition.left]] as const) {
    if (side.kind !== "member" || side.target.kind !== "name") continue;
    const target = game.names.get(side.target);
    const cardType = game.types.get(side.target);
    const enumType = game.types.get(side);
    if (target?.kind !== "local" || target.slot !== slot || cardType?.kind !== "card" || enumType?.kind !== "enum") continue;
    if (readsSlot(game, other, slot) || !plain(other)) continue;
    const named = writtenMember(game, other);
    return { cardType: cardType.cardType, field: side.member.name, enumName: enumType.name, value: other, member: named?.enumName === enumType.name ? named.index : null };
  }
  return null;
}

/** Whether a member index's code is a whole number (a member named in the rules, given as an
 *  argument's index) or reads an array of a printed field's member indexes by card
 *  (`Deed_group$index[l_d]!`): a field's value is always a member, so the index is never -1 and a
 *  count is read at it directly, with no call to `$countOf` or `$pairOf` (a listing's function is
 *  often too large for V8 to inline them). */
export function fieldIndexRead(index: string): boolean {
  return /^(?:\d+|[\w$]+\$index\[[\w$]+\]!)$/.test(index);
}

/** The read of a paired count `counts` at `at` (its segment's start) for `any` (some card of the member
 *  passes the test) or `all` (none fails it): `member` a named member's index, else `index` the code of
 *  the value's index (-1 for a value that is no member: no card). */
export function pairedRead(callee: "any" | "all", counts: string, at: string, member: number | null, index: string): string {
  const bit = callee === "any" ? 1 : 0;
  const matching =
    member !== null ? `${counts}[${rowPlus(at, member * 2 + bit)}]!` : fieldIndexRead(index) ? `${counts}[${rowPlus(at, `${index} * 2 + ${bit}`)}]!` : `$pairOf(${counts}, ${at}, ${index}, ${bit})`;
  return callee === "any" ? `(${matching} > 0)` : `(${matching} === 0)`;
}

/** The closure's reader of a paired count (see `pairedRead`). */
export const PAIR_OF_FUNCTION = [
  "/** A segment's paired count of one member (-1 for a value that is no member: none) with the test's value `bit`. */",
  "function $pairOf(counts: Int32Array, at: number, member: number, bit: number): number {",
  "return member < 0 ? 0 : counts[at + member * 2 + bit]!;",
  "}",
];
