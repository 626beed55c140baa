// The deeds of a Keys to Knowledge game and what a seat may do with them, for
// keys-to-knowledge-fast.ts (its base class): who holds each deed, in each seat's compiled order,
// the buildings and mortgages on it, and `scan`, which works out in one pass over a seat's deeds
// which of them each option of the window before a roll (or of raising money) may take, as the
// compiled game lists them for its random policy.

import {
  DEEDS, DEED_GROUP, DEED_LIFT, DEED_MORTGAGE, DEED_STACK_HALF, DEED_STACK_PRICE, GROUPS, STANDARD_BOARD, type Board,
} from "./keys-to-knowledge-board.js";

export const MAX_SEATS = 6;

// What a deed of the seat deciding allows, one bit per option of the window before a roll.
export const BUILD = 1;
export const BUY_KEY = 2;
export const SELL_STACK = 4;
export const SELL_KEY = 8;
export const MORTGAGE = 16;
export const LIFT = 32;
export const SELLABLE = 64;

export class KeysToKnowledgeHoldings {
  players = 4;
  protected board: Board = STANDARD_BOARD;
  readonly cash = new Int32Array(MAX_SEATS);
  /** 0 while in the game; 1 for the first to retire, 2 for the next, ... */
  readonly eliminated = new Int32Array(MAX_SEATS);
  /** Seat s's deeds in the compiled zone's order: deeds[s*DEEDS .. s*DEEDS+deedCount[s]). */
  protected readonly deeds = new Int8Array(MAX_SEATS * DEEDS);
  protected readonly deedCount = new Int32Array(MAX_SEATS);
  /** Seat s's deeds of group g: held[s * GROUPS + g]. */
  protected readonly held = new Int32Array(MAX_SEATS * GROUPS);
  /** Seat s's deeds with buildings: none, and the window's choices need no group's levels. */
  protected readonly developed = new Int32Array(MAX_SEATS);
  /** The seat holding each deed; -1 the bank, -2 seized on its way to auction, -3 in the box. */
  protected readonly owner = new Int8Array(DEEDS);
  /** Stacks of Books on each deed, 5 for a Key (which replaces the four Stacks). */
  protected readonly level = new Int8Array(DEEDS);
  protected readonly mortgaged = new Uint8Array(DEEDS);
  protected stacksLeft = 0;
  protected keysLeft = 0;

  /** Scratch, sized once: options a deed allows (by position in the seat's deeds), by option. */
  protected readonly mask = new Int32Array(DEEDS);
  protected readonly counts = new Int32Array(7);
  protected readonly groupLowest = new Int32Array(GROUPS);
  protected readonly groupHighest = new Int32Array(GROUPS);
  protected readonly groupMortgaged = new Int32Array(GROUPS);

  /** Whether seat p holds every deed of group g. */
  protected holdsGroup(p: number, g: number): boolean {
    return this.held[p * GROUPS + g] === this.board.groupSize[g];
  }

  /** Deed d goes to the end of seat p's deeds. */
  protected give(d: number, p: number): void {
    this.deeds[p * DEEDS + this.deedCount[p]!++] = d;
    this.owner[d] = p;
    this.held[p * GROUPS + DEED_GROUP[d]!]++;
  }

  /** Takes deed d out of seat p's deeds, the later ones moving up. */
  protected take(d: number, p: number): void {
    const deeds = this.deeds;
    const base = p * DEEDS;
    const last = base + --this.deedCount[p]!;
    this.held[p * GROUPS + DEED_GROUP[d]!]--;
    let i = base;
    while (deeds[i] !== d) i++;
    for (; i < last; i++) deeds[i] = deeds[i + 1]!;
  }

  // --- What a seat may do with its deeds ---

  /** Fills `mask` (by position in p's deeds) with what each deed allows and `counts` with how many
   *  deeds allow each option; the options of the window before a roll when `window`, else only
   *  those of raising money. Returns the union of the masks. */
  protected scan(p: number, window: boolean): number {
    if (this.developed[p] === 0) return this.scanUndeveloped(p, window);
    const level = this.level;
    const mortgaged = this.mortgaged;
    const deeds = this.deeds;
    const mask = this.mask;
    const lowest = this.groupLowest;
    const highest = this.groupHighest;
    const anyMortgaged = this.groupMortgaged;
    const base = p * DEEDS;
    const end = base + this.deedCount[p]!;
    // The seat's deeds of each group it holds: their lowest and highest level, any mortgaged.
    for (let i = base; i < end; i++) {
      const g = DEED_GROUP[deeds[i]!]!;
      lowest[g] = 5;
      highest[g] = 0;
      anyMortgaged[g] = 0;
    }
    for (let i = base; i < end; i++) {
      const d = deeds[i]!;
      const g = DEED_GROUP[d]!;
      const l = level[d]!;
      if (l < lowest[g]!) lowest[g] = l;
      if (l > highest[g]!) highest[g] = l;
      anyMortgaged[g] |= mortgaged[d]!;
    }
    const cash = this.cash[p]!;
    const stacksLeft = this.stacksLeft;
    let build = 0;
    let buyKey = 0;
    let sellStack = 0;
    let sellKey = 0;
    let mortgage = 0;
    let lift = 0;
    let sellable = 0;
    let all = 0;
    for (let i = base; i < end; i++) {
      const d = deeds[i]!;
      const g = DEED_GROUP[d]!;
      const l = level[d]!;
      let m = 0;
      if (l === 0) {
        if (highest[g] === 0 && !mortgaged[d]) (m |= MORTGAGE), mortgage++;
      } else if (l === 5) {
        if (stacksLeft >= 4) (m |= SELL_KEY), sellKey++;
      } else if (l === highest[g]) (m |= SELL_STACK), sellStack++;
      if (window) {
        if (l === 0) (m |= SELLABLE), sellable++;
        if (mortgaged[d]) {
          if (cash >= DEED_LIFT[d]!) (m |= LIFT), lift++;
        } else if (!anyMortgaged[g] && this.holdsGroup(p, g) && cash >= DEED_STACK_PRICE[d]!) {
          if (l < 4) {
            if (l === lowest[g] && stacksLeft > 0) (m |= BUILD), build++;
          } else if (l === 4 && lowest[g]! >= 4 && this.keysLeft > 0) (m |= BUY_KEY), buyKey++;
        }
      }
      mask[i - base] = m;
      all |= m;
    }
    const counts = this.counts;
    counts[0] = build;
    counts[1] = buyKey;
    counts[2] = sellStack;
    counts[3] = sellKey;
    counts[4] = mortgage;
    counts[5] = lift;
    counts[6] = sellable;
    return all;
  }

  /** `scan` for a seat without buildings: no Stack or Key to sell, every deed may be sold, and
   *  mortgaged unless it is; a Stack may be built only on a whole group, none of it mortgaged. */
  protected scanUndeveloped(p: number, window: boolean): number {
    const mortgaged = this.mortgaged;
    const deeds = this.deeds;
    const mask = this.mask;
    const base = p * DEEDS;
    const n = this.deedCount[p]!;
    const cash = this.cash[p]!;
    let build = 0;
    let mortgage = 0;
    let lift = 0;
    const sellable = window ? SELLABLE : 0;
    let all = 0;
    for (let i = 0; i < n; i++) {
      const d = deeds[base + i]!;
      let m = sellable;
      if (!mortgaged[d]) {
        m |= MORTGAGE;
        mortgage++;
        if (window && cash >= DEED_STACK_PRICE[d]! && this.stacksLeft > 0 && this.wholeUnmortgaged(p, DEED_GROUP[d]!)) (m |= BUILD), build++;
      } else if (window && cash >= DEED_LIFT[d]!) (m |= LIFT), lift++;
      mask[i] = m;
      all |= m;
    }
    const counts = this.counts;
    counts[0] = build;
    counts[1] = 0;
    counts[2] = 0;
    counts[3] = 0;
    counts[4] = mortgage;
    counts[5] = lift;
    counts[6] = window ? n : 0;
    return all;
  }

  /** Whether seat p holds all of group g, none of it mortgaged. */
  protected wholeUnmortgaged(p: number, g: number): boolean {
    const board = this.board;
    const size = board.groupSize[g]!;
    if (this.held[p * GROUPS + g] !== size) return false;
    for (let k = 0; k < size; k++) if (this.mortgaged[board.members[g * 3 + k]!]) return false;
    return true;
  }

  /** The deed at the r-th position of p's deeds whose mask has `bit`. */
  protected nth(p: number, bit: number, r: number): number {
    const mask = this.mask;
    for (let i = 0; ; i++) {
      if (mask[i]! & bit && r-- === 0) return this.deeds[p * DEEDS + i]!;
    }
  }

  /** Builds, buys a Key, sells back, mortgages or lifts the mortgage on deed d, by option bit. */
  protected improve(q: number, d: number, option: number): void {
    switch (option) {
      case 0:
        this.cash[q] -= DEED_STACK_PRICE[d]!;
        if (this.level[d]++ === 0) this.developed[q]++;
        this.stacksLeft--;
        break;
      case 1:
        // The four Stacks go back to the bank.
        this.cash[q] -= DEED_STACK_PRICE[d]!;
        this.level[d] = 5;
        this.stacksLeft += 4;
        this.keysLeft--;
        break;
      case 2:
        if (--this.level[d]! === 0) this.developed[q]--;
        this.stacksLeft++;
        this.cash[q] += DEED_STACK_HALF[d]!;
        break;
      case 3:
        // Four Stacks of Books from the bank replace the Key.
        this.level[d] = 4;
        this.keysLeft++;
        this.stacksLeft -= 4;
        this.cash[q] += DEED_STACK_HALF[d]!;
        break;
      case 4:
        this.mortgaged[d] = 1;
        this.cash[q] += DEED_MORTGAGE[d]!;
        break;
      default:
        this.cash[q] -= DEED_LIFT[d]!;
        this.mortgaged[d] = 0;
    }
  }

  /** Cash and what selling every building back and mortgaging every deed would raise. */
  protected canPay(p: number, amount: number): boolean {
    let total = this.cash[p]!;
    const base = p * DEEDS;
    for (let i = 0; i < this.deedCount[p]!; i++) {
      const d = this.deeds[base + i]!;
      total += this.level[d]! * DEED_STACK_HALF[d]! + (this.mortgaged[d] ? 0 : DEED_MORTGAGE[d]!);
    }
    return total >= amount;
  }
}
