// A pass over the seats that walks only the seats its first tests can let through, by bit masks:
// a hand-written engine keeps its `passed` flags as a mask and loops over `open & ~passed & ~me`
// rather than testing every seat. The leading tests of each option searching the seats (in one
// shared pass, playout-shared-search.ts) that skip a seat are `p != e` (e a name: the seat e) and
// `not X[p]` (X a per-player `bool` kept as a seat mask by playout-held-counts.ts); the seats every
// option skips alike are left out of the pass, lowest seat first, and those tests are not written.
// A seat skipped so fails a test the option makes before any other, which reads nothing that can
// fault or draw: the same values pass, in the same order, and the same lists are kept.
import { escapeRegExp } from "./code.js";
import type { KernelHeldCounts } from "./playout-held-counts.js";
import type { SearchTest } from "./playout-shared-search.js";
import { ALL_SEATS, complement, seatsIn, seatsPassing } from "./playout-seat-sets.js";
import { closesAtEnd } from "./playout-segment-offsets.js";

/** The seats a leading test of a search over binder `binder` lets through no seat of, by test:
 *  a mask expression per test, and what keeps the masks it reads, up to the first test of another
 *  kind. A test whose rules text is known is read as a set of seats (playout-seat-sets.ts). */
function leadingSkips(held: KernelHeldCounts, binder: string, tests: readonly SearchTest[]): { skip: string; keep: (() => void) | null }[] {
  const skips: { skip: string; keep: (() => void) | null }[] = [];
  for (const t of tests) {
    if (t.pre.length > 0) break;
    const other = new RegExp(`^(?:${escapeRegExp(binder)} !== ([\\w$]+)|([\\w$]+) !== ${escapeRegExp(binder)})$`).exec(unwrapped(t.code));
    if (other) {
      skips.push({ skip: `(1 << ${other[1] ?? other[2]})`, keep: null });
      continue;
    }
    const negated = t.code.startsWith("!") ? unwrapped(t.code.slice(1)) : null;
    const flag = negated === null ? null : new RegExp(`^(v_\\w+)\\[${escapeRegExp(binder)}\\]!?$`).exec(negated);
    const mask = flag ? held.seatMask(flag[1]!, false) : null;
    if (mask) {
      skips.push({ skip: mask, keep: () => held.seatMask(flag![1]!) });
      continue;
    }
    const seats = t.source ? seatsPassing(t.source.sets, t.source.test) : null;
    if (!seats) break;
    skips.push({ skip: complement(seats.mask), keep: seats.keep });
  }
  return skips;
}

/** A test's code without the parentheses around it, where they hold no others. */
function unwrapped(code: string): string {
  return /^\([^()]*\)$/.test(code) ? code.slice(1, -1) : code;
}

/** For searches over the seats in one pass: the seats every search skips alike by its leading tests
 *  (a mask expression), and each search's tests without those; null where none is skipped alike. */
export function sharedSeatSkips(held: KernelHeldCounts | null, searches: readonly { binder: string; tests: readonly SearchTest[] }[]): { skipped: string; tests: SearchTest[][] } | null {
  if (!held) return null;
  const each = searches.map((s) => leadingSkips(held, s.binder, s.tests));
  const common = each[0]!.filter(({ skip }) => each.every((skips) => skips.some((s) => s.skip === skip)));
  if (common.length === 0) return null;
  // The masks read are kept from here on.
  for (const { keep } of common) keep?.();
  // A search's leading tests that every search makes are left out; the others stay, in order.
  const tests = searches.map((s, i) => s.tests.filter((_, j) => !(j < each[i]!.length && common.some(({ skip }) => skip === each[i]![j]!.skip))));
  return { skipped: common.map(({ skip }) => skip).join(" | "), tests };
}

/** The seats not in `skipped` (a mask expression, or several joined by ` | `): one skip that is
 *  itself a complement (`~$above_x`, from a test read as a set of seats) is read without it. */
function notIn(skipped: string): string {
  return /^~[\w$]+$/.test(skipped) || (skipped.startsWith("~(") && closesAtEnd(skipped.slice(1))) ? complement(skipped) : `~(${skipped})`;
}

/** The loop over the seats not in `skipped`, lowest first, binding `binder` to each: of every seat,
 *  or of the mask `within`. */
export function seatsOutside(skipped: string, binder: string, body: readonly string[], within = ALL_SEATS): string[] {
  return seatsIn(`${within} & ${notIn(skipped)}`, binder, body);
}

/** The loop over the seats not in `skipped` in turn order from seat `start` (`players_from`): the
 *  seats from `start` up, then those below it, each part lowest first, binding `binder` to each. */
export function seatsOutsideFrom(skipped: string, start: string, binder: string, body: readonly string[]): string[] {
  const left = `${binder}$left`;
  const low = `${binder}$low`;
  return [
    "{",
    `const ${binder}$all = ${ALL_SEATS} & ${notIn(skipped)};`,
    `for (let ${left} = ${binder}$all & (-1 << ${start}), ${low} = ${binder}$all & ~(-1 << ${start}); ; ) {`,
    `if (${left} === 0) { if (${low} === 0) break; ${left} = ${low}; ${low} = 0; }`,
    `const ${binder} = 31 - Math.clz32(${left} & -${left});`,
    `${left} &= ${left} - 1;`,
    ...body,
    "}",
    "}",
  ];
}
