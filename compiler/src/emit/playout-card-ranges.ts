// The card ids of a card type are numbered in one run (emit/context.ts numbers the types' cards one
// after the other), so a loop over a type's cards at the setup of every game is a loop over a range
// of numbers, not a walk over the `ALL_<Type>` array (`for (const $c of ALL_Property)`: an iterator
// over an array read through the module's binding) nor, for per-card variables of any card, over an
// array made afresh each game (`CARDS.map((_, $c) => $c)`). A hand-written engine resets its
// per-card arrays by index.

/** The ids of the cards of `cardType` (`"card"`: every card), as a half-open range [from, to), when
 *  they run without a gap; null otherwise (no card, or ids out of order). */
export function cardIdRange(cardIds: ReadonlyMap<string, readonly number[]>, cardType: string): { from: number; to: number } | null {
  const ids = cardType === "card" ? [...cardIds.values()].flat().sort((a, b) => a - b) : cardIds.get(cardType);
  if (!ids || ids.length === 0) return null;
  for (let i = 1; i < ids.length; i++) if (ids[i] !== ids[0]! + i) return null;
  return { from: ids[0]!, to: ids[0]! + ids.length };
}

/** The head of a loop binding `binder` to every card of `cardType` (by number where the ids run
 *  without a gap, else over `fallback`, an expression for the list of ids). */
export function eachCardHead(cardIds: ReadonlyMap<string, readonly number[]>, cardType: string, binder: string, fallback: string): string {
  const range = cardIdRange(cardIds, cardType);
  return range ? `for (let ${binder} = ${range.from}; ${binder} < ${range.to}; ${binder}++)` : `for (const ${binder} of ${fallback})`;
}
