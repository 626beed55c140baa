// Options that share a pass over a domain (playout-shared-search.ts) often test the same flag of the
// value, some wanting it and some not (Keys to Knowledge's deeds: `sell_key` wants `key[d]`, `build`,
// `buy_key` and `sell_stack` want `not key[d]`; `lift` wants `mortgaged[d]`, `mortgage` does not).
// Tested option by option, each value is asked the same question again and again; the reference
// engines branch once on the value's state. Here too: a test written alike in two or more options
// (or its negation, `!(X)`), about the value, becomes one branch per value, and each option is
// written in the branch where its test holds, without it.
//
// The same values pass each option, so the lists kept and the draws are the same: a test moved to
// the front of an option's tests is a read of arrays and values (no call, no property, no lines
// before it), and so is every test it moves ahead of: none of them can fault or write, so their
// order does not change what the option keeps. Options are independent of each other's order
// within a value (each keeps its own list; a requirement worked out once per value is worked out
// at its first test, wherever that is).
import type * as A from "../syntax/ast.js";
import type { SearchTest } from "./playout-shared-search.js";
import { freshSeatReads } from "./playout-seat-totals.js";
import { closesAtEnd } from "./playout-segment-offsets.js";

/** A requirement's conjuncts (`a and b and c`), left to right: each is tested alone, in order, as
 *  `and` tests them, so that each may be shared or branched on by itself. */
export function conjuncts(e: A.Expression): A.Expression[] {
  return e.kind === "binary" && e.operator === "and" ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/** An option of the pass: its binder (a local bound to the value) and its tests, in order. */
export interface BranchMember {
  readonly binder: string;
  readonly tests: readonly SearchTest[];
}

/**
 * The members' blocks for one value, branching on the tests they share: `write(i, tests)` writes
 * member i's block with the tests left to it. Members that share no test are written as they come.
 */
export function branchOnSharedTests(value: string, members: readonly BranchMember[], write: (i: number, tests: readonly SearchTest[]) => string[]): string[] {
  const tests = members.map((m) => [...m.tests]);
  const tree = (indices: readonly number[]): string[] => {
    const shared = mostShared(value, indices.map((i) => ({ i, binder: members[i]!.binder, tests: tests[i]! })));
    if (shared === null) return indices.flatMap((i) => write(i, tests[i]!));
    for (const { i, at } of [...shared.holds, ...shared.fails]) tests[i]!.splice(at, 1);
    const holds = shared.holds.map((m) => m.i);
    const fails = shared.fails.map((m) => m.i);
    const rest = indices.filter((i) => !holds.includes(i) && !fails.includes(i));
    const branch =
      fails.length === 0
        ? [`if (${shared.code}) {`, ...tree(holds), "}"]
        : holds.length === 0
          ? [`if (!(${shared.code})) {`, ...tree(fails), "}"]
          : [`if (${shared.code}) {`, ...tree(holds), "} else {", ...tree(fails), "}"];
    return [...tree(rest), ...branch];
  };
  return tree(members.map((_, i) => i));
}

interface Placed {
  readonly i: number;
  /** The test's place in the member's tests. */
  readonly at: number;
}

/** The test about the value that most members may move to their front, as `X` (the value's name
 *  in place of each binder): the members wanting X and those wanting `!(X)`; null when no test is
 *  shared by two members. */
function mostShared(value: string, members: readonly { i: number; binder: string; tests: readonly SearchTest[] }[]): { code: string; holds: Placed[]; fails: Placed[] } | null {
  const found = new Map<string, { holds: Placed[]; fails: Placed[] }>();
  for (const { i, binder, tests } of members) {
    const seen = new Set<string>();
    for (let at = 0; at < tests.length && movable(tests[at]!); at++) {
      const code = renamed(tests[at]!.code, binder, value);
      if (code === null) continue;
      const inner = negated(code);
      const key = inner ?? code;
      // An option testing the same thing twice moves its first test only.
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = found.get(key) ?? { holds: [], fails: [] };
      (inner === null ? entry.holds : entry.fails).push({ i, at });
      found.set(key, entry);
    }
  }
  let best: { code: string; holds: Placed[]; fails: Placed[] } | null = null;
  for (const [code, entry] of found) {
    const n = entry.holds.length + entry.fails.length;
    if (n >= 2 && (best === null || n > best.holds.length + best.fails.length)) best = { code, ...entry };
  }
  return best;
}

/** Whether a test may be tested earlier or skipped without a difference: no lines before it, no
 *  call (a seat total made fresh before the pass is a plain read), no property read (of a value that
 *  may be undefined) and no assignment. */
function movable(test: SearchTest): boolean {
  if (test.pre.length > 0) return false;
  const code = freshSeatReads([test.code]).code[0]!;
  return !/[\w$]\s*\(/.test(code) && !/\.[A-Za-z_$]/.test(code) && !/(^|[^=!<>])=(?!=)|\+\+|--/.test(code);
}

/** The test with the value's name in place of the binder; null when it does not read the binder
 *  (a test about other things is not the value's to branch on). */
function renamed(code: string, binder: string, value: string): string | null {
  const name = new RegExp(`(?<![\\w$])${binder.replace(/\$/g, "\\$")}(?![\\w$])`, "g");
  const read = code.replace(name, () => value);
  return read === code ? null : read;
}

/** X for a test written `!(X)`, the parentheses around the whole of X; else null (also where a
 *  quote may hide a parenthesis from `closesAtEnd`). */
function negated(code: string): string | null {
  return code.startsWith("!(") && closesAtEnd(code.slice(1)) && !/["'`]/.test(code) ? code.slice(2, -1) : null;
}
