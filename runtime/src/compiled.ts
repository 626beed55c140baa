// Small helpers that compiled games call from their transition functions. Each guards an
// invariant of the rules language (a card is in the zone it is taken from, a transfer never
// drives a resource negative) and fails with a GameFault naming the rule's own words.
import type { CardId, Move, MoveOption, Value } from "./contract.js";
import { GameFault, type RuleSite } from "./errors.js";

/** Moves every card of `from` onto the end of `to`, or on top of it keeping their order. */
export function moveAllCards(from: CardId[], to: CardId[], onTop = false): void {
  if (from === to) return;
  if (onTop) to.unshift(...from);
  else for (const card of from) to.push(card);
  // pop, not `from.length = 0`: the length setter is a slow runtime call, pop is inlined.
  while (from.length > 0) from.pop();
}

/** Removes `card` from `zone`; the card must be there. */
export function takeCard(zone: CardId[], card: CardId, zoneName: string, rule?: RuleSite): void {
  const at = zone.indexOf(card);
  if (at < 0) throw new GameFault("fault/card-not-in-zone", `card ${card} is not in ${zoneName}`, rule);
  removeAt(zone, at);
}

/** Removes the item at `at`, the later ones moving up: what `splice(at, 1)` does, without
 *  allocating the array of removed items that splice returns. */
function removeAt(zone: CardId[], at: number): CardId {
  const card = zone[at]!;
  const last = zone.length - 1;
  for (let i = at; i < last; i++) zone[i] = zone[i + 1]!;
  zone.pop();
  return card;
}

/** Puts `card` into `zone`: on top (index 0) of a stack, at the end of anything else. */
export function placeCard(zone: CardId[], card: CardId, onTop: boolean, limit: number, zoneName: string, rule?: RuleSite): void {
  if (zone.length >= limit) throw new GameFault("fault/zone-full", `${zoneName} can hold at most ${limit} cards`, rule);
  if (onTop) zone.unshift(card);
  else zone.push(card);
}

export function topCard(zone: readonly CardId[], zoneName: string, rule?: RuleSite): CardId {
  if (zone.length === 0) throw new GameFault("fault/empty-zone", `${zoneName} is empty: it has no top card`, rule);
  return zone[0]!;
}

/** Checks a transfer before it happens: the amount is not negative and the source can pay it. */
export function checkTransfer(amount: number, available: number, sourceName: string, rule?: RuleSite): number {
  if (amount < 0)
    throw new GameFault("fault/negative-transfer", `cannot transfer a negative amount (${amount}) from ${sourceName}`, rule);
  if (available < amount)
    throw new GameFault("fault/insufficient", `${sourceName} has ${available}, not the ${amount} to transfer`, rule);
  return amount;
}

/** Integer division rounded down, as the rules language defines `/`. */
export function floorDiv(a: number, b: number, rule?: RuleSite): number {
  if (b === 0) throw new GameFault("fault/division-by-zero", "division by zero", rule);
  return Math.floor(a / b);
}

export function floorMod(a: number, b: number, rule?: RuleSite): number {
  if (b === 0) throw new GameFault("fault/division-by-zero", "remainder of a division by zero", rule);
  return a - b * Math.floor(a / b);
}

/** The whole numbers from `low` to `high` inclusive. */
export function integers(low: number, high: number): number[] {
  const values: number[] = [];
  for (let v = low; v <= high; v++) values.push(v);
  return values;
}

export function tableValue<K extends number | string, V>(table: ReadonlyMap<K, V>, key: K, tableName: string, rule?: RuleSite): V {
  const value = table.get(key);
  return value === undefined ? missingTableKey(tableName, key, rule) : value;
}

/** The fault of a table read at a key it lacks (a playout kernel reads the table in place). */
export function missingTableKey(tableName: string, key: unknown, rule?: RuleSite): never {
  throw new GameFault("fault/missing-table-key", `table ${tableName} has no entry for ${String(key)}`, rule);
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
export function minOf<T>(items: readonly T[], value: (item: T) => number, what: string, rule?: RuleSite): number {
  return value(items[bestIndex(items, value, -1, what, rule)]!);
}

export function maxOf<T>(items: readonly T[], value: (item: T) => number, what: string, rule?: RuleSite): number {
  return value(items[bestIndex(items, value, 1, what, rule)]!);
}

/** The item with the least key; ties go to the first in order. */
export function lowestOf<T>(items: readonly T[], key: (item: T) => number, what: string, rule?: RuleSite): T {
  return items[bestIndex(items, key, -1, what, rule)]!;
}

/** The item with the greatest key; ties go to the first in order. */
export function highestOf<T>(items: readonly T[], key: (item: T) => number, what: string, rule?: RuleSite): T {
  return items[bestIndex(items, key, 1, what, rule)]!;
}

/** Where the item with the least key is (ties: the first), so a move can take it without a search. */
export function lowestIndex<T>(items: readonly T[], key: (item: T) => number, what: string, rule?: RuleSite): number {
  return bestIndex(items, key, -1, what, rule);
}

/** Where the item with the greatest key is (ties: the first). */
export function highestIndex<T>(items: readonly T[], key: (item: T) => number, what: string, rule?: RuleSite): number {
  return bestIndex(items, key, 1, what, rule);
}

/** Removes and returns the card at `index` of `zone`. */
export function takeCardAt(zone: CardId[], index: number): CardId {
  return removeAt(zone, index);
}

function bestIndex<T>(items: readonly T[], key: (item: T) => number, sign: 1 | -1, what: string, rule?: RuleSite): number {
  if (items.length === 0) throw new GameFault("fault/empty-aggregate", `${what} of nothing: the collection is empty`, rule);
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

/** A copy of the items sorted by key (stable: equal keys keep their order). Insertion sort in
 *  place: the lists the rules sort (players, a hand) are short. */
export function sortedBy<T>(items: readonly T[], key: (item: T) => number, descending: boolean): T[] {
  const n = items.length;
  const sorted: T[] = new Array<T>(n);
  const keys: number[] = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const item = items[i]!;
    const k = descending ? -key(item) : key(item);
    let at = i;
    while (at > 0 && keys[at - 1]! > k) {
      sorted[at] = sorted[at - 1]!;
      keys[at] = keys[at - 1]!;
      at--;
    }
    sorted[at] = item;
    keys[at] = k;
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

/** A per-card variable's values: one for each of these cards (a card type's), keyed by card id. */
export function perCard<T>(cards: readonly CardId[], make: (card: CardId) => T): Record<CardId, T> {
  const values: Record<CardId, T> = {};
  for (const card of cards) values[card] = make(card);
  return values;
}

/** Moves the top `count` cards of `from` into `to`: onto the top of a stack one by one (as when
 *  dealing by hand), or at the bottom (`to bottom of`) or end of anything else, keeping their order. */
export function dealInto(from: CardId[], to: CardId[], count: number, where: "top" | "end", fromName: string, rule?: RuleSite): CardId[] {
  if (!Number.isInteger(count) || count < 0 || count > from.length) {
    throw new GameFault("fault/not-enough-cards", `cannot deal ${count} cards from ${fromName}: it holds ${from.length}`, rule);
  }
  // By hand rather than `splice(0, count)`: one array (the dealt cards, for the caller's events)
  // instead of splice's work, and pops instead of the length setter.
  const cards: CardId[] = new Array<CardId>(count);
  for (let i = 0; i < count; i++) cards[i] = from[i]!;
  const rest = from.length - count;
  for (let i = 0; i < rest; i++) from[i] = from[i + count]!;
  for (let i = 0; i < count; i++) from.pop();
  if (where === "top") for (const card of cards) to.unshift(card);
  else for (const card of cards) to.push(card);
  return cards;
}

/** The first item that passes the test (a fault when none does). */
export function firstOf<T>(items: readonly T[], test: (item: T) => boolean, what: string, rule?: RuleSite): T {
  for (const item of items) if (test(item)) return item;
  throw new GameFault("fault/empty-aggregate", `${what}: no item matches`, rule);
}

/** The distinct keys of the items, in order of first appearance. */
export function distinctOf<T, K>(items: readonly T[], key: (item: T) => K): K[] {
  const seen: K[] = [];
  for (const item of items) {
    const k = key(item);
    if (!seen.includes(k)) seen.push(k);
  }
  return seen;
}

/** The keys of the items, sorted (descending when asked). */
export function sortKeys<T>(items: readonly T[], key: (item: T) => number, descending: boolean): number[] {
  const keys = items.map(key);
  keys.sort((a, b) => (descending ? b - a : a - b));
  return keys;
}

/** The length of the longest run of consecutive whole numbers among the items' keys
 *  (each value counted once: 3, 4, 4, 5 is a run of 3). */
export function longestRun<T>(items: readonly T[], key: (item: T) => number): number {
  const values = [...new Set(items.map(key))].sort((a, b) => a - b);
  let best = 0;
  let current = 0;
  for (let i = 0; i < values.length; i++) {
    current = i > 0 && values[i] === values[i - 1]! + 1 ? current + 1 : 1;
    if (current > best) best = current;
  }
  return best;
}

/** The empty set of cards, as a set parameter's value: generated code asks whether giving nothing is allowed with it. */
export const NO_CARDS: readonly CardId[] = Object.freeze([]);

/** A random non-empty subset of the cards for a bot: its size k in 1..n with probability
 *  proportional to 2^-k (small sets first, as most constrained choices are small: redrawing
 *  is then rare), then k cards uniformly, one by one, each among the cards not yet chosen in
 *  the zone's order. Allocates only the result: it runs for every draw of a random bot's trade. */
export function randomSubset(cards: readonly CardId[], draw: (n: number) => number): CardId[] {
  const n = cards.length;
  if (n === 0) return [];
  const size = geometricSize(n, draw);
  const chosen: CardId[] = new Array<CardId>(size);
  // The positions chosen so far, ascending: the i-th draw's index among the n - i cards left maps
  // to a position of the zone by stepping over the chosen ones (as drawing from a copy of the zone
  // that loses each chosen card would, without the copy).
  const taken = TAKEN;
  for (let i = 0; i < size; i++) {
    let at = draw(n - i);
    let k = 0;
    while (k < i && taken[k]! <= at) {
      at++;
      k++;
    }
    for (let m = i; m > k; m--) taken[m] = taken[m - 1]!;
    taken[k] = at;
    chosen[i] = cards[at]!;
  }
  return chosen;
}

/** randomSubset's scratch: a set has at most 30 cards (geometricSize). */
const TAKEN = new Int32Array(30);

/** True when `value` is a list of distinct cards, all from `domain`. */
export function isCardSet(value: unknown, domain: readonly CardId[]): value is CardId[] {
  if (!Array.isArray(value)) return false;
  // Plain loops: the sets a random bot proposes are small, and it checks many of them.
  for (let i = 0; i < value.length; i++) {
    const card: unknown = value[i];
    if (typeof card !== "number" || !domain.includes(card)) return false;
    for (let j = 0; j < i; j++) if (value[j] === card) return false;
  }
  return true;
}

/** Per-seat score rows from their keys (score, then each tie-breaker), where a list tie-breaker
 *  is several numbers: each key is padded to its widest seat with -Infinity (a missing card ranks
 *  below any), so every seat's later keys line up. */
export function scoreRows(keysBySeat: number[][][]): number[][] {
  const widths: number[] = [];
  for (const keys of keysBySeat) keys.forEach((key, k) => (widths[k] = Math.max(widths[k] ?? 0, key.length)));
  return keysBySeat.map((keys) =>
    keys.flatMap((key, k) => [...key, ...new Array<number>(widths[k]! - key.length).fill(Number.NEGATIVE_INFINITY)]),
  );
}

/** One random concrete move of an option for a bot: each parameter drawn uniformly from its
 *  domain, a set of cards by `randomSubset`. The compiled game checks it and redraws if illegal. */
export function drawMove(option: MoveOption, draw: (n: number) => number): Move {
  const move: Record<string, Value | CardId[]> = { type: option.type };
  for (const name in option.parameters) {
    const domain = option.parameters[name]!;
    switch (domain.kind) {
      case "range":
        move[name] = domain.min + draw(domain.max - domain.min + 1);
        break;
      case "card":
        move[name] = domain.cards[draw(domain.cards.length)]!;
        break;
      case "cards":
        move[name] = randomSubset(domain.cards, draw);
        break;
      case "player":
        move[name] = domain.players[draw(domain.players.length)]!;
        break;
      case "choice":
        move[name] = domain.values[draw(domain.values.length)]!;
        break;
    }
  }
  return move as Move;
}

/** The card at `position` (1 is the first, the top) of a zone. */
export function nthCard(zone: readonly CardId[], position: number, zoneName: string, rule?: RuleSite): CardId {
  if (!Number.isInteger(position) || position < 1 || position > zone.length) {
    throw new GameFault("fault/no-such-position", `${zoneName} has no card at position ${position}: it holds ${zone.length}`, rule);
  }
  return zone[position - 1]!;
}

/** The last card of a zone (the bottom of a stack, the most recently added to a row or pile). */
export function lastCard(zone: readonly CardId[], zoneName: string, rule?: RuleSite): CardId {
  if (zone.length === 0) throw new GameFault("fault/empty-zone", `${zoneName} is empty: it has no last card`, rule);
  return zone[zone.length - 1]!;
}

/** From now on `seat` knows `card` (it has been shown it); views show it wherever it lies hidden,
 *  until the card moves or its zone is shuffled. */
export function learnCard(knowledge: CardId[][], seat: number, card: CardId): void {
  const known = knowledge[seat]!;
  if (!known.includes(card)) known.push(card);
}

/** `conceal CARD from PLAYER`: that seat no longer knows the card. */
export function concealCard(knowledge: CardId[][], seat: number, card: CardId): void {
  const known = knowledge[seat]!;
  const at = known.indexOf(card);
  if (at >= 0) known.splice(at, 1);
}

/** A card that moves leaves what anyone knew of its place: nobody knows it where it lands. */
export function forgetCard(knowledge: CardId[][], card: CardId): void {
  for (let seat = 0; seat < knowledge.length; seat++) concealCard(knowledge, seat, card);
}

/** Cards that move or are shuffled, all forgotten (see forgetCard). */
export function forgetCards(knowledge: CardId[][], cards: readonly CardId[]): void {
  for (const card of cards) forgetCard(knowledge, card);
}

/** k in 1..n with weight 2^(n-k) (n at most 30): one draw i below 2^n - 1, where k is the k-th
 *  block of sizes 2^(n-1), 2^(n-2), ..., 1, that is n minus the highest bit of 2^n - 1 - i. */
function geometricSize(n: number, draw: (n: number) => number): number {
  const bits = n < 30 ? n : 30;
  const draws = (1 << bits) - 1;
  return bits - 31 + Math.clz32(draws - draw(draws));
}

/** Removes a card from whichever zone holds it (for moves whose source the rules leave implicit),
 *  and says which zone that was. */
export function takeCardFromAnyZone(
  zones: Readonly<Record<string, CardId[] | CardId[][]>>,
  card: CardId,
  rule?: RuleSite,
): { zone: string; seat: number | null } {
  // Index loops over the zones' names: a search's state machine deals this way every round, and
  // Object.entries' pairs and the iterators were most of the time.
  const names = Object.keys(zones);
  for (let z = 0; z < names.length; z++) {
    const zone = zones[names[z]!]!;
    if (zone.length > 0 && Array.isArray(zone[0])) {
      for (let seat = 0; seat < zone.length; seat++) {
        const cards = zone[seat] as CardId[];
        const at = cards.indexOf(card);
        if (at >= 0) {
          cards.splice(at, 1);
          return { zone: names[z]!, seat };
        }
      }
      continue;
    }
    const at = (zone as CardId[]).indexOf(card);
    if (at >= 0) {
      (zone as CardId[]).splice(at, 1);
      return { zone: names[z]!, seat: null };
    }
  }
  throw new GameFault("fault/card-not-in-zone", `card ${card} is in no zone`, rule);
}

/** Iterations after which a loop without a decision is taken to never end. */
export const LOOP_LIMIT = 1_000_000;

/** Called on each pass of a loop that asks nobody: such a loop must end by itself. */
export function loopGuard(passes: number, rule?: RuleSite): void {
  if (passes >= LOOP_LIMIT) {
    throw new GameFault("fault/endless-loop", `this loop ran ${LOOP_LIMIT.toLocaleString("en")} times without ending or asking anyone`, rule);
  }
}

/** How games ended, beside their states rather than in them: saves, views and state hashes stay as they were. */
const endings = new WeakMap<object, RuleSite | null>();

/**
 * Ends the game: the flow's own end (no rule), or an `end game` statement (its rule). Tools read
 * which with `endingOf`, on the state the game ended in.
 */
export function endGame(state: { pc: string }, rule?: RuleSite): void {
  state.pc = "end";
  endings.set(state, rule ?? null);
}

/**
 * The `end game` statement that ended the game in `state`, null when its flow ran to its end, and
 * undefined when this state did not end through `endGame` (still going, a copy, a loaded save, or a
 * game written by hand).
 */
export function endingOf(state: object): RuleSite | null | undefined {
  return endings.get(state);
}
