// Options that share a pass over a domain (playout-shared-search.ts) often open with the same
// requirements about the value (Foreclosed's offer and buy: `not exchanged(active, target)` and
// `not shielded(target)`, written in place, before their own). Those leading tests, written alike
// under the same binder, are tested once per value before the options' own: a value failing one is
// skipped by every option, as each would skip it at the same test; a value passing them is tested
// by each option from its next requirement on. Every option still searching tests its leading
// requirements on every value, first, so the same values pass, in the same order, with the same
// faults: the lists kept and the draws are the same.
import type { SearchTest } from "./playout-shared-search.js";

/** The leading tests every search makes alike under one binder, and each search's tests after
 *  them; null where they do not start alike. */
export function commonLeadingTests(searches: readonly { binder: string; tests: readonly SearchTest[] }[]): { binder: string; common: SearchTest[]; rest: SearchTest[][] } | null {
  const binder = searches[0]!.binder;
  if (searches.length < 2 || searches.some((s) => s.binder !== binder)) return null;
  const alike = (a: SearchTest, b: SearchTest): boolean => a.code === b.code && a.pre.length === b.pre.length && a.pre.every((line, i) => line === b.pre[i]);
  let n = 0;
  while (searches.every((s) => n < s.tests.length && alike(s.tests[n]!, searches[0]!.tests[n]!))) n++;
  if (n === 0) return null;
  return { binder, common: searches[0]!.tests.slice(0, n), rest: searches.map((s) => s.tests.slice(n)) };
}
