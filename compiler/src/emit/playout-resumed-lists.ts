// An option offered while some value of its domain meets the parameter's own requirements is
// searched up to the first such value (playout-decisions.ts `listing`); once the option is drawn,
// the list of every such value is filled for the draw. The values before the first match failed
// those tests, and the first match passed them, in the same state: nothing is written between the
// listing and the draw (the shared pass of playout-shared-search.ts keeps its lists on the same
// ground). So the search keeps the position where it stopped, and the fill starts its list with
// that value and walks on from the next one, instead of testing the domain again from its start:
// the same list, in the same order. Only a domain walked by position (`indexed`: a zone's cards, a
// list kept, the seats) resumes so. The fill counts its values in a local (the list's size is a
// cell of an array: a load and a store per value kept), the size set once after the walk.
import type { KernelCode } from "./playout-statements.js";
import type { KernelDomain } from "./playout-domains.js";
import { searchLines, type SearchTest } from "./playout-shared-search.js";
import { seatsOutside } from "./playout-seat-masks.js";

/** A search of an indexed domain and the list its draw fills, resumed where the search stopped. */
export interface ResumedSearch {
  readonly domain: KernelDomain;
  readonly binder: string;
  readonly tests: readonly SearchTest[];
  readonly found: string;
  readonly block: string;
  /** Where the search stopped: the position of the first value meeting the tests (a `let` of the
   *  decision, declared by `resumeDeclaration`, as the fill runs outside the listing block). */
  readonly at: string;
}

/** An option's search of a parameter's domain up to the first value meeting `search.tests`, and
 *  the lines that fill the draw's list (`kept`) once the option is drawn: resumed where the search
 *  stopped (`at`, the position kept) for a domain walked by position, else walked again from its
 *  start. `alone`: over the seats, the seats the leading tests skip, left out by masks, and the
 *  tests left (playout-seat-masks.ts). */
export function searchAndFill(
  code: KernelCode,
  search: Omit<ResumedSearch, "at">,
  alone: { readonly skipped: string; readonly tests: readonly (readonly SearchTest[])[] } | null,
  kept: { readonly list: string; readonly size: string },
): { search: string[]; fill: string[]; at: string | null } {
  if (alone === null && search.domain.indexed) {
    const resumed = { ...search, at: code.temp("resume") };
    return { search: resumedSearchLines(resumed), fill: resumedFillLines(resumed, kept), at: resumed.at };
  }
  const walked = alone ? { ...search, domain: { ...search.domain, each: (binder: string, body: string[]) => seatsOutside(alone.skipped, binder, body) }, tests: alone.tests[0]! } : search;
  const tests = walked.tests.flatMap(({ pre, code }) => [...pre, `if (!(${code})) continue;`]);
  return { search: searchLines(walked), fill: [`${kept.size} = 0;`, ...walked.domain.each(walked.binder, [...tests, `${kept.list}[${kept.size}++] = ${walked.binder};`])], at: null };
}

export function resumeDeclaration(at: string): string {
  return `let ${at} = 0;`;
}

/** The search up to the first value meeting the tests, its position kept in `at`. */
export function resumedSearchLines(search: ResumedSearch): string[] {
  const { domain, binder, tests, found, block, at } = search;
  const i = `${at}$i`;
  return [
    `let ${found} = false;`,
    `for (let ${i} = 0; ${i} < ${domain.size}; ${i}++) {`,
    `const ${binder} = ${domain.valueAt(i)};`,
    ...tests.flatMap((t) => [...t.pre, `if (!(${t.code})) continue;`]),
    `${found} = true;`,
    `${at} = ${i};`,
    "break;",
    "}",
    `if (!${found}) break ${block};`,
  ];
}

/** The list of every value meeting the tests: the one found first, then those after it. */
export function resumedFillLines(search: ResumedSearch, kept: { readonly list: string; readonly size: string }): string[] {
  const { domain, binder, tests, at } = search;
  const i = `${at}$i`;
  const n = `${at}$n`;
  return [
    "{",
    `${kept.list}[0] = ${domain.valueAt(at)};`,
    `let ${n} = 1;`,
    `for (let ${i} = ${at} + 1; ${i} < ${domain.size}; ${i}++) {`,
    `const ${binder} = ${domain.valueAt(i)};`,
    ...tests.flatMap((t) => [...t.pre, `if (!(${t.code})) continue;`]),
    `${kept.list}[${n}++] = ${binder};`,
    "}",
    `${kept.size} = ${n};`,
    "}",
  ];
}
