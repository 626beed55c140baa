// The options of a decision that search one domain for a value meeting their requirements (the
// deeds of the seat deciding, the seats) share one pass over it: each value is bound once and
// tested for every option still searching, the pass ends when each has found one, and a
// requirement written alike in several options (the same code about the same parameter name) is
// worked out once per value. Whether an option is on offer does not depend on the order its
// requirements are tested in (the listing writes nothing), and each option's requirements are
// tested on the same values as alone, up to its first match: the same options are offered, and
// the same draws follow (playout-decisions.ts `constrainedSampler`).
//
// The shared pass goes on to the end of the domain and keeps, for each option, every value meeting
// its requirements, in order, in the list its draw picks from (`kept`): the list the draw would fill
// by walking the domain again (the same tests on the same values in the same state: nothing is
// written between the listing and the draw). The draw then reads the list as it is (`collected`).
// A requirement is thereby tested on values past an option's first match even where it is not
// drawn: a requirement that faults there faults here (legalMoves, the preferred draw's listing,
// tests them all too).
import { failing } from "./playout-flags.js";
import type * as A from "../syntax/ast.js";
import type { SeatSets } from "./playout-seat-sets.js";
import type { KernelCode } from "./playout-statements.js";
import type { KernelDomain } from "./playout-domains.js";
import { seatsOutside, sharedSeatSkips } from "./playout-seat-masks.js";
import { commonLeadingTests } from "./playout-common-tests.js";
import { freshSeatReads } from "./playout-seat-totals.js";
import { branchOnSharedTests } from "./playout-test-branches.js";

/** A requirement tested on each value of a search: `pre` runs first, `code` must hold. */
export interface SearchTest {
  readonly pre: readonly string[];
  readonly code: string;
  /** The requirement's rules text and how its names read, where the pass is over the seats: the
   *  test may then be read as a set of seats (playout-seat-sets.ts). */
  readonly source?: { readonly test: A.Expression; readonly sets: SeatSets };
}

/** An option's first search, in its listing block (`open`, lines start..end) */
export interface OptionSearch {
  readonly start: number;
  readonly end: number;
  readonly domain: KernelDomain;
  readonly binder: string;
  readonly tests: readonly SearchTest[];
  readonly found: string;
  readonly block: string;
  /** The list the option's draw picks this parameter from (filled at the draw unless `collected`). */
  readonly kept: { readonly list: string; readonly size: string };
}

/** What playout-decisions.ts `listing` writes for an option: lines that declare its domains and
 *  flag, its listing block, and the first search in it. */
export interface OptionListing {
  readonly declarations: readonly string[];
  readonly open: readonly string[];
  readonly search: OptionSearch | null;
}

/** The search alone, as `offered` writes it in the listing block: a loop up to the first match. */
export function searchLines(search: Omit<OptionSearch, "start" | "end" | "kept">): string[] {
  const tests = search.tests.flatMap((t) => [...t.pre, `if (!(${t.code})) continue;`]);
  return [
    `let ${search.found} = false;`,
    ...search.domain.each(search.binder, [...tests, `${search.found} = true;`, "break;"]),
    `if (!${search.found}) break ${search.block};`,
  ];
}

/**
 * The listings of a decision's options, in order: each option's block as written, except where two
 * or more options search the same domain first. Those are split: the tests before the search (into
 * a gate), one pass over the domain for all of them, then the rest of each block. The searches whose
 * lists that pass fills are added to `collected`.
 */
export function sharedListings(code: KernelCode, listings: readonly OptionListing[], collected: Set<OptionSearch>): string[] {
  const groups = new Map<string, number[]>();
  listings.forEach((listing, i) => {
    const key = listing.search?.domain.shares;
    if (key === undefined) return;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  const shared = new Set([...groups.values()].filter((members) => members.length > 1).flat());
  const lines: string[] = [];
  const gates = new Map<number, string>();
  listings.forEach((listing, i) => {
    lines.push(...listing.declarations);
    if (!shared.has(i)) {
      lines.push(...listing.open);
      return;
    }
    const search = listing.search!;
    const gate = code.temp("gate");
    gates.set(i, gate);
    // The tests before the search: the gate opens where the search would start.
    lines.push(`let ${gate} = false;`, `let ${search.found} = false;`, ...listing.open.slice(0, search.start), `${gate} = true;`, "}");
  });
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const searches = members.map((i) => ({ search: listings[i]!.search!, gate: gates.get(i)! }));
    lines.push(...onePass(code, searches));
    for (const { search } of searches) collected.add(search);
  }
  listings.forEach((listing, i) => {
    if (!shared.has(i)) return;
    const search = listing.search!;
    // The rest of the block: on offer only where the search found a value.
    lines.push(`${search.block}: {`, `if (!${search.found}) break ${search.block};`, ...listing.open.slice(search.end));
  });
  return lines;
}

/** One pass over the domain the members search, each keeping every value meeting its requirements. */
function onePass(code: KernelCode, members: readonly { search: OptionSearch; gate: string }[]): string[] {
  const value = code.temp("value");
  // Over the seats, the seats every member's first tests skip are left out of the pass by masks.
  const seats = members[0]!.search.domain.shares === "seats" ? sharedSeatSkips(code.heldTable, members.map(({ search }) => search)) : null;
  const masked = (i: number): readonly SearchTest[] => seats?.tests[i] ?? members[i]!.search.tests;
  // The leading tests every member makes alike: once per value, before the members' own.
  const common = commonLeadingTests(members.map(({ search }, i) => ({ binder: search.binder, tests: masked(i) })));
  const testsOf = (i: number): readonly SearchTest[] => common?.rest[i] ?? masked(i);
  // Requirements written alike, about the same parameter name, calling a function: worked out once
  // per value, when first tested (0 not yet, 1 holds, 2 does not).
  const uses = new Map<string, number>();
  // Only a call is worth keeping: a read of an array costs what the look-up would.
  const keyOf = (binder: string, t: SearchTest): string | null => (t.pre.length === 0 && /[\w$]\(/.test(t.code) ? `${binder}\n${t.code}` : null);
  members.forEach(({ search }, i) => {
    for (const key of new Set((common ? testsOf(i) : search.tests).map((t) => keyOf(search.binder, t)))) if (key !== null) uses.set(key, (uses.get(key) ?? 0) + 1);
  });
  const once = new Map<string, string>();
  for (const [key, n] of uses) if (n > 1) once.set(key, code.temp("same"));
  const body: string[] = [];
  // Each member's count of kept values, in a local through the pass (its list's size, a variable
  // of the closure in a split kernel, would be a load and a store at each value kept), its list's size set once after it.
  const keptCount = (i: number): string => `${value}$kept${i}`;
  if (common) body.push(`const ${common.binder} = ${value};`, ...common.common.flatMap((t) => [...t.pre, `if (${failing(t.code)}) continue;`]));
  // The requirements worked out once that a member still tests (the others became branches).
  const tested = new Set<string>();
  const block = (i: number, tests: readonly SearchTest[]): string[] => {
    const { search, gate } = members[i]!;
    const label = `${search.found.slice(1)}$test`;
    const lines = [`${label}: if (${gate}) {`, ...(common ? [] : [`const ${search.binder} = ${value};`])];
    for (const t of tests) {
      const same = once.get(keyOf(search.binder, t) ?? "");
      if (same === undefined) lines.push(...t.pre, `if (${failing(t.code)}) break ${label};`);
      else {
        tested.add(same);
        lines.push(`if (${same} === 0) ${same} = (${t.code}) ? 1 : 2;`, `if (${same} !== 1) break ${label};`);
      }
    }
    lines.push(`${search.kept.list}[${keptCount(i)}++] = ${search.binder};`, "}");
    return lines;
  };
  // A test of the value that several members make (or negate) is one branch (playout-test-branches.ts).
  const blocks = branchOnSharedTests(value, members.map(({ search }, i) => ({ binder: search.binder, tests: testsOf(i) })), block);
  body.unshift(...[...once.values()].filter((same) => tested.has(same)).map((same) => `let ${same} = 0;`));
  body.push(...blocks);
  // The pass writes nothing: the totals over the seats it reads are made fresh once, before it.
  const fresh = freshSeatReads(body);
  return [
    ...members.map(({ search }) => `${search.kept.size} = 0;`),
    `if (${members.map(({ gate }) => gate).join(" || ")}) {`,
    ...members.map((_, i) => `let ${keptCount(i)} = 0;`),
    ...fresh.before,
    ...(seats ? seatsOutside(seats.skipped, value, fresh.code) : members[0]!.search.domain.each(value, fresh.code)),
    ...members.map(({ search }, i) => `${search.kept.size} = ${keptCount(i)};`),
    ...members.map(({ search }, i) => `${search.found} = ${keptCount(i)} > 0;`),
    "}",
  ];
}
