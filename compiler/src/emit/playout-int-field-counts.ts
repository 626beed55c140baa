// Running counts by a whole-number field printed on the cards (`space`, `value`), where the field's
// values over the card type's cards lie in a short run [low, low + members): each value is a member
// of the count, its index the value less `low`, as an enum field's member is its index in the enum
// (playout-counts.ts). `any(d in deeds[p]: d.space == i)` (does the seat hold the deed of space i?)
// is then a read of the seat's count at i, as a hand-written engine keeps an owner by space, not a
// pass over the seat's deeds. A value outside the run is no member: no card has it (count 0).
import type { CheckedGame } from "../check/checker.js";

/** The longest run of values counted: a count is an Int32Array of segments × members. */
const MOST_MEMBERS = 64;

export interface IntFieldRange {
  readonly low: number;
  readonly members: number;
}

/** The run of values of `cardType`'s whole-number field `field` over its cards, when short; else null. */
export function intFieldRange(game: CheckedGame, cardType: string, field: string): IntFieldRange | null {
  const type = game.cardTypes.get(cardType);
  if (!type || type.cards.length === 0) return null;
  let low = Infinity;
  let high = -Infinity;
  for (const card of type.cards) {
    const v = card[field];
    if (typeof v !== "number" || !Number.isInteger(v)) return null;
    if (v < low) low = v;
    if (v > high) high = v;
  }
  const members = high - low + 1;
  return members <= MOST_MEMBERS ? { low, members } : null;
}

/** The member index (-1: none) of a value of code `value` in a count of the run `range`. */
export function intMemberIndex(value: string, range: IntFieldRange): string {
  return `$intMember(${value}, ${range.low}, ${range.members})`;
}

/** The code of a card's member index (always a member: its own printed value). */
export function intCardKey(array: string, card: string, range: IntFieldRange): string {
  return range.low === 0 ? `${array}[${card}]!` : `(${array}[${card}]! - ${range.low})`;
}

/** The closure's function behind `intMemberIndex`. */
export const INT_MEMBER_FUNCTION = [
  "/** A whole number's index in a counted run of values [low, low + members) (-1 outside it). */",
  "function $intMember(v: number, low: number, members: number): number {",
  "const $m = v - low;",
  "return $m >= 0 && $m < members ? $m : -1;",
  "}",
];
