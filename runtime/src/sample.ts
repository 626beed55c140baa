// Helpers for the compiled games' `sample` functions (determinization for search bots): a full
// state drawn from what one seat knows. Every helper decides from the seat's share of the state
// only, so two states that look the same to the seat give the same sample for the same draws.

import type { CardId, RandomState } from "./contract.js";
import { seedRandom } from "./random.js";

/**
 * Deals the cards lying at positions the seat cannot identify afresh among those same positions
 * (each zone keeps its count). The cards are pooled in id order first, so where they lay before
 * leaves no trace. `known` cards (shown to the seat) stay put. Returns the pooled cards.
 */
export function redealUnknown(draw: (n: number) => number, known: readonly CardId[], piles: readonly CardId[][]): CardId[] {
  // Each slot as its pile and place in two lists (a search samples at every iteration).
  const slotPiles: CardId[][] = [];
  const slotPlaces: number[] = [];
  const pool: CardId[] = [];
  for (const pile of piles) {
    for (let i = 0; i < pile.length; i++) {
      if (known.length > 0 && known.includes(pile[i]!)) continue;
      slotPiles.push(pile);
      slotPlaces.push(i);
      pool.push(pile[i]!);
    }
  }
  inIdOrder(pool);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = draw(i + 1);
    const card = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = card;
  }
  for (let k = 0; k < pool.length; k++) slotPiles[k]![slotPlaces[k]!] = pool[k]!;
  return pool;
}

/** How many of each card id `inIdOrder` has met (all zero between calls), grown as ids need. */
let counts = new Int32Array(256);

/**
 * Puts the cards in id order. A compiled game's ids are 0 to the number of cards less one, so they are
 * counted into a table and read back in order; a sort (with a comparator, or of a typed array made for
 * it) was most of a sample's time, which a search draws at every iteration. Ids of another kind (a
 * hand-written game's) are sorted.
 */
function inIdOrder(cards: CardId[]): void {
  let low = Infinity;
  let high = -1;
  for (const card of cards) {
    if (!Number.isInteger(card) || card < 0 || card > 1_000_000) {
      cards.sort((a, b) => a - b);
      return;
    }
    if (card < low) low = card;
    if (card > high) high = card;
  }
  if (high >= counts.length) counts = new Int32Array(Math.max(high + 1, counts.length * 2));
  for (const card of cards) counts[card]!++;
  let k = 0;
  for (let id = low; id <= high; id++) {
    for (let n = counts[id]!; n > 0; n--) cards[k++] = id;
    counts[id] = 0;
  }
}

/**
 * Splits an amount the seat cannot see (a conserved total less what it sees) over the slots that
 * hold it unseen. A slot with a guess (a hidden bank: what it held at setup) gets it while the
 * amount lasts; the slots without one (other seats' purses) share the rest evenly, the remainder
 * going one coin each to slots drawn at random. With a guess for every slot, all share the rest.
 */
export function spreadAmount(draw: (n: number) => number, amount: number, guesses: readonly (number | null)[]): number[] {
  const shares = guesses.map(() => 0);
  if (guesses.length === 0) return shares;
  let left = Math.max(0, amount);
  guesses.forEach((guess, i) => {
    if (guess === null) return;
    shares[i] = Math.min(Math.max(0, guess), left);
    left -= shares[i]!;
  });
  const open = guesses.flatMap((guess, i) => (guess === null ? [i] : []));
  const takers = open.length > 0 ? open : guesses.map((_, i) => i);
  const base = Math.floor(left / takers.length);
  let remainder = left - base * takers.length;
  for (const i of takers) shares[i]! += base;
  const drawn = [...takers];
  while (remainder > 0) {
    const [i] = drawn.splice(draw(drawn.length), 1);
    shares[i!]! += 1;
    remainder--;
  }
  return shares;
}

/** A fresh random generator: the future shuffles and dice of a sample are unknown to the seat. */
export function sampleRandom(draw: (n: number) => number): RandomState {
  return seedRandom(draw(2 ** 30) * 2 ** 20 + draw(2 ** 20));
}
