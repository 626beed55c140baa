// Which decisions the random policy samples directly (docs/language.md, "The random policy"): those
// whose options are either without parameters or choose one or two sets of cards under requirements
// the runtime's `SetChoices` can count (runtime/src/set-choices.ts). Read from the rules' shape, for
// both the state machine's sampler (moves-file.ts) and the kernel's (playout-decisions.ts), so the
// two draw the same moves.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { DecisionCode } from "./decision-code.js";

/** A card's key or weight as the rules write it: `c.value` in `distinct(c in give: c.value)`. */
export interface CardTerm {
  readonly binder: A.Identifier;
  readonly value: A.Expression;
}

/** How one option's sets are counted: the runtime shape, each set's key and weight, and the
 *  requirements about the situation (not the sets) that decide whether it is on offer. */
export interface SetChoicePlan {
  readonly sets: readonly A.ParameterDeclaration[];
  readonly shape: {
    readonly sets: { nonEmpty: boolean; oneKey: boolean }[];
    sameCount: boolean;
    sameSum: boolean;
    differentKeys: boolean;
  };
  readonly keys: (CardTerm | null)[];
  readonly weights: (CardTerm | null)[];
  readonly situation: readonly A.Requirement[];
}

/** Per option, its plan (null for an option without parameters); null when some option has a
 *  parameter or a requirement the direct sampler does not count: the decision keeps redrawing. */
export function setChoicePlans(game: CheckedGame, decisions: DecisionCode, options: readonly A.MoveOptionDeclaration[]): (SetChoicePlan | null)[] | null {
  if (!options.some((o) => o.parameters.length > 0)) return null;
  const plans: (SetChoicePlan | null)[] = [];
  for (const option of options) {
    if (option.parameters.length === 0) {
      plans.push(null);
      continue;
    }
    const plan = optionPlan(game, decisions, option);
    if (plan === null) return null;
    plans.push(plan);
  }
  return plans;
}

function optionPlan(game: CheckedGame, decisions: DecisionCode, option: A.MoveOptionDeclaration): SetChoicePlan | null {
  const sets = option.parameters;
  if (sets.length > 2) return null;
  if (sets.some((p) => p.condition !== null || game.types.get(p.domain)?.kind !== "subsets")) return null;
  const slots = sets.map((p) => decisions.parameterSlot(p));
  /** Which set a name expression is (its index), or -1. */
  const setOf = (e: A.Expression): number => {
    if (e.kind !== "name") return -1;
    const binding = game.names.get(e);
    return binding?.kind === "local" ? slots.indexOf(binding.slot) : -1;
  };
  const readsNone = (e: A.Expression): boolean => decisions.parametersRead(e, option).length === 0;
  const plan: SetChoicePlan = {
    sets,
    shape: { sets: sets.map(() => ({ nonEmpty: false, oneKey: false })), sameCount: false, sameSum: false, differentKeys: false },
    keys: sets.map(() => null),
    weights: sets.map(() => null),
    situation: option.requirements.filter((r) => readsNone(r.condition)),
  };
  const apart: { set: number; member: string }[][] = [];
  for (const r of option.requirements) {
    if (readsNone(r.condition)) continue;
    const c = r.condition;
    if (c.kind !== "binary") return null;
    const count = (e: A.Expression): number => (e.kind === "call" && e.callee.name === "count" && e.args.length === 1 ? setOf(e.args[0]!) : -1);
    const integer = (e: A.Expression, n: number): boolean => e.kind === "integer" && e.value === n;
    // count(s) > 0, >= 1, != 0 (either way round): s is not empty.
    const nonEmpty =
      (c.operator === ">" && count(c.left) >= 0 && integer(c.right, 0)) ||
      (c.operator === ">=" && count(c.left) >= 0 && integer(c.right, 1)) ||
      (c.operator === "!=" && count(c.left) >= 0 && integer(c.right, 0)) ||
      (c.operator === "<" && integer(c.left, 0) && count(c.right) >= 0) ||
      (c.operator === "<=" && integer(c.left, 1) && count(c.right) >= 0) ||
      (c.operator === "!=" && integer(c.left, 0) && count(c.right) >= 0);
    if (nonEmpty) {
      plan.shape.sets[Math.max(count(c.left), count(c.right))]!.nonEmpty = true;
      continue;
    }
    if (c.operator === "==") {
      // count(a) == count(b)
      const ca = count(c.left);
      const cb = count(c.right);
      if (ca >= 0 && cb >= 0 && ca !== cb) {
        plan.shape.sameCount = true;
        continue;
      }
      // count(distinct(x in s: KEY)) == 1
      const distinct = integer(c.right, 1) ? c.left : integer(c.left, 1) ? c.right : null;
      const term = distinct ? distinctTerm(distinct, setOf, readsNone) : null;
      if (term) {
        if (plan.keys[term.set] !== null) return null;
        plan.keys[term.set] = term.term;
        plan.shape.sets[term.set]!.oneKey = true;
        continue;
      }
      // sum(x in a: W) == sum(y in b: W')
      const sa = sumTerm(c.left, setOf, readsNone);
      const sb = sumTerm(c.right, setOf, readsNone);
      if (sa && sb && sa.set !== sb.set && !plan.shape.sameSum) {
        plan.shape.sameSum = true;
        plan.weights[sa.set] = sa.term;
        plan.weights[sb.set] = sb.term;
        continue;
      }
      return null;
    }
    if (c.operator === "!=") {
      // top(a).KEY != top(b).KEY': with one key per set, the two keys differ.
      const ta = topMember(c.left, setOf);
      const tb = topMember(c.right, setOf);
      if (ta && tb && ta.set !== tb.set) {
        apart.push([ta, tb]);
        continue;
      }
    }
    return null;
  }
  if (sets.length === 2 && plan.weights.some((w) => w === null) && plan.shape.sameSum) return null;
  for (const pair of apart) {
    // Counted only when each side's key is that very field of the set's cards.
    for (const side of pair) {
      const key = plan.keys[side.set];
      if (!key || key.value.kind !== "member" || key.value.target.kind !== "name" || key.value.target.name !== key.binder.name || key.value.member.name !== side.member) return null;
    }
    plan.shape.differentKeys = true;
  }
  return plan;
}

function distinctTerm(e: A.Expression, setOf: (e: A.Expression) => number, readsNone: (e: A.Expression) => boolean): { set: number; term: CardTerm } | null {
  if (e.kind !== "call" || e.callee.name !== "count" || e.args.length !== 1) return null;
  const d = e.args[0]!;
  if (d.kind !== "aggregate" || d.callee.name !== "distinct" || d.condition !== null || d.value === null || !readsNone(d.value)) return null;
  const set = setOf(d.source);
  return set < 0 ? null : { set, term: { binder: d.binder, value: d.value } };
}

function sumTerm(e: A.Expression, setOf: (e: A.Expression) => number, readsNone: (e: A.Expression) => boolean): { set: number; term: CardTerm } | null {
  if (e.kind !== "aggregate" || e.callee.name !== "sum" || e.condition !== null || e.value === null || !readsNone(e.value)) return null;
  const set = setOf(e.source);
  return set < 0 ? null : { set, term: { binder: e.binder, value: e.value } };
}

function topMember(e: A.Expression, setOf: (e: A.Expression) => number): { set: number; member: string } | null {
  if (e.kind !== "member" || e.target.kind !== "call" || e.target.callee.name !== "top" || e.target.args.length !== 1) return null;
  const set = setOf(e.target.args[0]!);
  return set < 0 ? null : { set, member: e.member.name };
}
