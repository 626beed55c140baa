// Small helpers that compiled games call from their transition functions. Each guards an
// invariant of the rules language (a card is in the zone it is taken from, a transfer never
// drives a resource negative) and fails with a GameFault naming the rule's own words.
import type { CardId } from "./contract.js";
import { GameFault } from "./errors.js";

/** Moves the top `count` cards of `from` (index 0 is the top) onto the end of `to`, in order. */
export function dealCards(from: CardId[], to: CardId[], count: number, fromName: string): void {
  if (!Number.isInteger(count) || count < 0 || count > from.length) {
    throw new GameFault(
      "fault/not-enough-cards",
      `cannot deal ${count} cards from ${fromName}: it holds ${from.length}`,
    );
  }
  for (let i = 0; i < count; i++) to.push(from[i]!);
  from.splice(0, count);
}

/** Moves every card of `from` onto the end of `to`. */
export function moveAllCards(from: CardId[], to: CardId[]): void {
  if (from === to) return; // pushing onto the array being read would never end
  for (const card of from) to.push(card);
  from.length = 0;
}

/** Removes `card` from `zone`; the card must be there. */
export function takeCard(zone: CardId[], card: CardId, zoneName: string): void {
  const at = zone.indexOf(card);
  if (at < 0) throw new GameFault("fault/card-not-in-zone", `card ${card} is not in ${zoneName}`);
  zone.splice(at, 1);
}

/** Puts `card` into `zone`: on top (index 0) of a stack, at the end of anything else. */
export function placeCard(zone: CardId[], card: CardId, onTop: boolean, limit: number, zoneName: string): void {
  if (zone.length >= limit) throw new GameFault("fault/zone-full", `${zoneName} can hold at most ${limit} cards`);
  if (onTop) zone.unshift(card);
  else zone.push(card);
}

export function topCard(zone: readonly CardId[], zoneName: string): CardId {
  if (zone.length === 0) throw new GameFault("fault/empty-zone", `${zoneName} is empty: it has no top card`);
  return zone[0]!;
}

/** Checks a transfer before it happens: the amount is not negative and the source can pay it. */
export function checkTransfer(amount: number, available: number, sourceName: string): number {
  if (amount < 0)
    throw new GameFault("fault/negative-transfer", `cannot transfer a negative amount (${amount}) from ${sourceName}`);
  if (available < amount)
    throw new GameFault("fault/insufficient", `${sourceName} has ${available}, not the ${amount} to transfer`);
  return amount;
}

/** Integer division rounded down, as the rules language defines `/`. */
export function floorDiv(a: number, b: number): number {
  if (b === 0) throw new GameFault("fault/division-by-zero", "division by zero");
  return Math.floor(a / b);
}

export function floorMod(a: number, b: number): number {
  if (b === 0) throw new GameFault("fault/division-by-zero", "remainder of a division by zero");
  return a - b * Math.floor(a / b);
}

/** The whole numbers from `low` to `high` inclusive. */
export function integers(low: number, high: number): number[] {
  const values: number[] = [];
  for (let v = low; v <= high; v++) values.push(v);
  return values;
}

export function tableValue<K extends number | string, V>(table: ReadonlyMap<K, V>, key: K, tableName: string): V {
  const value = table.get(key);
  if (value === undefined)
    throw new GameFault("fault/missing-table-key", `table ${tableName} has no entry for ${String(key)}`);
  return value;
}

export function sumOf<T>(items: readonly T[], value: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += value(item);
  return total;
}

export function countOf<T>(items: readonly T[], test: (item: T) => boolean): number {
  let count = 0;
  for (const item of items) if (test(item)) count++;
  return count;
}

export function anyOf<T>(items: readonly T[], test: (item: T) => boolean): boolean {
  for (const item of items) if (test(item)) return true;
  return false;
}

export function allOf<T>(items: readonly T[], test: (item: T) => boolean): boolean {
  for (const item of items) if (!test(item)) return false;
  return true;
}

/** The least value over the items (a fault when there are none). */
export function minOf<T>(items: readonly T[], value: (item: T) => number, what: string): number {
  return value(items[bestIndex(items, value, -1, what)]!);
}

export function maxOf<T>(items: readonly T[], value: (item: T) => number, what: string): number {
  return value(items[bestIndex(items, value, 1, what)]!);
}

/** The item with the least key; ties go to the first in order. */
export function lowestOf<T>(items: readonly T[], key: (item: T) => number, what: string): T {
  return items[bestIndex(items, key, -1, what)]!;
}

/** The item with the greatest key; ties go to the first in order. */
export function highestOf<T>(items: readonly T[], key: (item: T) => number, what: string): T {
  return items[bestIndex(items, key, 1, what)]!;
}

/** Where the item with the least key is (ties: the first), so a move can take it without a search. */
export function lowestIndex<T>(items: readonly T[], key: (item: T) => number, what: string): number {
  return bestIndex(items, key, -1, what);
}

/** Where the item with the greatest key is (ties: the first). */
export function highestIndex<T>(items: readonly T[], key: (item: T) => number, what: string): number {
  return bestIndex(items, key, 1, what);
}

/** Removes and returns the card at `index` of `zone`. */
export function takeCardAt(zone: CardId[], index: number): CardId {
  return zone.splice(index, 1)[0]!;
}

function bestIndex<T>(items: readonly T[], key: (item: T) => number, sign: 1 | -1, what: string): number {
  if (items.length === 0) throw new GameFault("fault/empty-aggregate", `${what} of nothing: the collection is empty`);
  let best = 0;
  let bestKey = key(items[0]!) * sign;
  for (let i = 1; i < items.length; i++) {
    const k = key(items[i]!) * sign;
    if (k > bestKey) {
      best = i;
      bestKey = k;
    }
  }
  return best;
}

/** A copy of the items sorted by key (stable: equal keys keep their order). Insertion sort:
 *  the lists the rules sort (players, a hand) are short, and this allocates only the result. */
export function sortedBy<T>(items: readonly T[], key: (item: T) => number, descending: boolean): T[] {
  const sorted: T[] = [];
  const keys: number[] = [];
  for (const item of items) {
    const k = descending ? -key(item) : key(item);
    let at = sorted.length;
    while (at > 0 && keys[at - 1]! > k) at--;
    sorted.splice(at, 0, item);
    keys.splice(at, 0, k);
  }
  return sorted;
}

const SEAT_LISTS: readonly (readonly number[])[] = Array.from({ length: 33 }, (_, n) =>
  Object.freeze(Array.from({ length: n }, (_, seat) => seat)),
);

/** The seats 0..players-1 in clockwise order: a shared frozen list, so loops over players allocate nothing. */
export function seatList(players: number): readonly number[] {
  return SEAT_LISTS[players] ?? Array.from({ length: players }, (_, seat) => seat);
}

/** Per-seat values, one for each of `players` seats. */
export function perSeat<T>(players: number, make: (seat: number) => T): T[] {
  const values: T[] = [];
  for (let seat = 0; seat < players; seat++) values.push(make(seat));
  return values;
}
