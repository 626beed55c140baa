// The playout kernel's position hints: a move's parameter drawn from a zone is the card at the drawn
// position of that zone, so the move of that card (`move card to offer[p]`) looks there first and
// searches the zone only when the card is not there (the zone changed since the draw). Only a hint:
// a card lies in one place, so the card found there is the one the search would find, and the
// check reads live positions only (a removed card's old copy past the zone's end is never read).
import type { LocalSlot } from "../check/types.js";

export class PositionHints {
  private readonly hints = new Map<LocalSlot, string>();

  /** Writes `body` with each parameter slot's hint (code of a position, or null) in force. */
  within<T>(slots: readonly LocalSlot[], hints: readonly (string | null)[], body: () => T): T {
    const set = slots.filter((slot, j) => hints[j] != null && !this.hints.has(slot));
    set.forEach((slot) => this.hints.set(slot, hints[slots.indexOf(slot)]!));
    try {
      return body();
    } finally {
      set.forEach((slot) => this.hints.delete(slot));
    }
  }

  /** The code of the position a card parameter was drawn at, or null. */
  of(slot: LocalSlot): string | null {
    return this.hints.get(slot) ?? null;
  }

  /** The search for `wanted` in the zone at `seg` into `let $at` (-1: not there), the hint's
   *  position tried first. `cardAt` writes the card at a position. */
  static search(seg: string, hint: string | null, cardAt: (i: string) => string): string[] {
    const scan = `for (let $i = 0; $i < N[${seg}]!; $i++) if (${cardAt("$i")} === $wanted) { $at = $i; break; }`;
    if (hint === null) return ["let $at = -1;", scan];
    return [`let $at = ${hint};`, `if (!($at >= 0 && $at < N[${seg}]! && ${cardAt("$at")} === $wanted)) {`, "$at = -1;", scan, "}"];
  }
}
