// How the playout kernel makes its running counts (playout-counts.ts) afresh: by a pass over a zone's
// segments (a resumed state: the zones are loaded whole), or, at a fresh start, by zeroing them. Before
// a game's setup rules run, the only zones holding cards are those declared with every card of a type
// (`zone deck: Card stack = all Card`); every other zone is empty, so its counts are 0 and the kernel
// writes them as 0 instead of passing over empty segments (a counted zone that starts full is still
// counted card by card). The counts by a key that reads per-card variables are made once there, after
// the variables have their first values: made before, they would be made again for nothing.
import type { Counted } from "./playout-count-registry.js";

/** The masks of the seats holding each member, for the counts named `name`. */
export function holdingName(name: string): string {
  return `$holding_${name.replace(/^\$/, "")}`;
}

/** The counts `c` made afresh by a pass over its zone's segments as they lie. */
export function recountLines(c: Counted): string[] {
  return [
    `${c.name}.fill(0);`,
    ...(c.holding ? [`${holdingName(c.name)}.fill(0);`] : []),
    `for (let $s = 0; $s < ${c.segments}; $s++) {`,
    `const $seg = ${c.zone.constant} + $s;`,
    "for (let $i = 0; $i < N[$seg]!; $i++) {",
    `const $member = ${c.key("C[$seg * CAP + $i]!")};`,
    // The seat's bit in the mask of the member, where kept, as its count leaves 0.
    c.holding ? `if ($member >= 0 && ${c.name}[$s * ${c.members} + $member]!++ === 0) ${holdingName(c.name)}[$member]! |= 1 << $s;` : `if ($member >= 0) ${c.name}[$s * ${c.members} + $member]!++;`,
    "}",
    "}",
  ];
}

/** The counts `counted` at a fresh start, where only the zones named in `filled` hold cards (those
 *  that start with every card of a type): theirs counted, every other one's zeroed. */
function freshCountLines(counted: readonly Counted[], filled: readonly string[]): string[] {
  return counted.flatMap((c) =>
    filled.includes(c.zone.declaration.name.name) ? recountLines(c) : [zeroed(c.name, c.segments * c.members), ...(c.holding ? [zeroed(holdingName(c.name), c.members)] : [])],
  );
}

/** The closure's functions that make the counts at a fresh start: those by a printed field (`fields`)
 *  and those by a key that reads per-card variables (`keyed`), each in the order of their names.
 *  Functions, not lines in `play`: `play` holds the kernel's loop (Keys to Knowledge, its counted zones
 *  that start full recounted in `play` itself, measured 3% slower). */
export function freshFunctions(fields: readonly Counted[], keyed: readonly Counted[], filled: readonly string[]): string[] {
  return [
    ...(fields.length === 0 ? [] : ["/** The counts at a fresh start, before the setup's rules. */", "function $freshCounts(): void {", ...freshCountLines(fields, filled), "}"]),
    ...(keyed.length === 0 ? [] : ["/** The counts by a key at a fresh start, the variables at their first values. */", "function $freshKeyed(): void {", ...freshCountLines(keyed, filled), "}"]),
  ];
}

/** The calls of `freshFunctions` at a fresh start: for the counts by a key (`keyed`) or the others. */
export function freshCalls(all: readonly Counted[], keyed: boolean): string[] {
  const some = all.some((c) => (c.variables.size > 0) === keyed);
  return !some ? [] : [keyed ? "$freshKeyed();" : "$freshCounts();"];
}

/** An array of counts set to 0 by a loop: a typed array's fill is a call into the runtime, dearer
 *  than these few stores (as the hand-written Foreclosed! engine found; here +1.2% over fill, 12 rounds). */
function zeroed(name: string, length: number): string {
  return `for (let $i = 0; $i < ${length}; $i++) ${name}[$i] = 0;`;
}
