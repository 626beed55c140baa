// Decisions that can be left with no legal move. A seat asked with nothing it may do stops the game
// with `fault/no-legal-move`, and only a playout that happens to reach that state shows it. Here each
// `ask` of the flow is read for one option that is always open: no `require`, and every parameter's
// domain sure to hold a value. Where there is none, the checker warns. It is a warning, not an error:
// what the rules keep true elsewhere (every hand the same size) is beyond it. The guards it does read
// are those around the ask that say a zone holds cards (`while count(hand[p]) > 0`, `ask each p in
// players where count(hand[p]) > 0`), which is also how a designer states what it cannot see.

import type * as A from "../syntax/ast.js";
import { innerBlocks, sameExpression } from "../syntax/walk.js";
import { evaluateConstant } from "./constants.js";

export interface MoveGap {
  readonly range: A.SourceRange;
  readonly message: string;
}

interface Names {
  readonly zones: ReadonlyMap<string, A.ZoneDeclaration>;
  readonly enums: ReadonlyMap<string, A.EnumDeclaration>;
  /** Variables moved only by `transfer` (`conserve`), so never below zero: `0..coins[p]` is never empty. */
  readonly conservedVars: ReadonlySet<string>;
}

/** Every decision of the block (and of the option bodies in it) with no option sure to be open. */
export function decisionsWithoutSureMove(block: A.Block, names: Names): MoveGap[] {
  const gaps: MoveGap[] = [];
  walk(block, constantLets(block, names), names, gaps);
  return gaps;
}

/** `let best = 3` never assigned again: known as `best >= 3` everywhere (names are unique per flow). */
function constantLets(block: A.Block, names: Names): A.Expression[] {
  const lets = new Map<string, A.Expression[]>();
  const assigned = new Set<string>();
  const visit = (b: A.Block): void => {
    for (const s of b.statements) {
      if (s.kind === "let") lets.set(s.name.name, [...(lets.get(s.name.name) ?? []), s.value]);
      if (s.kind === "assign" && s.target.kind === "name") assigned.add(s.target.name);
      for (const inner of innerBlocks(s)) visit(inner);
    }
  };
  visit(block);
  return [...lets].flatMap(([name, values]) => {
    const value = values.length === 1 && !assigned.has(name) ? evaluateConstant(values[0]!, new Map(), names.enums, true) : null;
    return typeof value === "number" ? [boundedBelowBy({ kind: "name", name, range: block.range }, value)] : [];
  });
}

const boundedBelowBy = (e: A.Expression, n: number): A.Expression => ({
  kind: "binary",
  operator: ">=",
  left: e,
  right: { kind: "integer", value: n, range: e.range },
  range: e.range,
});

function walk(block: A.Block, guards: readonly A.Expression[], names: Names, gaps: MoveGap[]): void {
  for (const s of block.statements) {
    switch (s.kind) {
      case "if":
        walk(s.then, [...guards, s.condition], names, gaps);
        if (s.otherwise) walk(s.otherwise, guards, names, gaps);
        break;
      case "while":
        walk(s.body, [...guards, s.condition], names, gaps);
        break;
      case "for":
        walk(s.body, s.condition ? [...guards, s.condition] : guards, names, gaps);
        break;
      case "phase":
        walk(s.body, guards, names, gaps);
        break;
      case "inlined":
        walk(s.body, guards, names, gaps);
        break;
      case "ask": {
        const known = s.each?.condition ? [...guards, s.each.condition] : guards;
        const gap = askGap(s, known, names);
        if (gap) gaps.push(gap);
        // A nested ask is reached only through its option, whose requirements then hold.
        for (const option of s.options) walk(option.body, [...known, ...option.requirements.map((r) => r.condition)], names, gaps);
        break;
      }
      default:
        break;
    }
  }
}

/** Null when some option of the ask is always open (or the construct has its own way out). */
function askGap(ask: A.AskStatement, guards: readonly A.Expression[], names: Names): MoveGap | null {
  // A race's seat may decline and a window's seat is passed by: neither can be left without a move.
  if (ask.race || ask.window || ask.options.length === 0) return null;
  // Requirements and `where` are the designer's own account of when a move is open: trusted, not second-guessed.
  if (ask.options.some((option) => option.requirements.length > 0 || option.parameters.some((p) => p.condition))) return null;
  const whyNot = ask.options.map((option) => whyNotSure(option, guards, names));
  if (whyNot.some((why) => why === null)) return null;
  const reasons = ask.options.map((option, i) => `'${option.name.name}' ${whyNot[i]}`);
  const message =
    `a seat asked here may have no legal move, and the game would stop (fault/no-legal-move): ${reasons.join("; ")}. ` +
    "Offer a move that is always open (a pass), or ask only seats that can move (`where count(...) > 0`)";
  return { range: ask.range, message };
}

/** Why an option may be closed, or null when it is always open. */
function whyNotSure(option: A.MoveOptionDeclaration, guards: readonly A.Expression[], names: Names): string | null {
  for (const p of option.parameters) {
    const why = domainMayBeEmpty(p.domain, guards, names);
    if (why) return why;
  }
  return null;
}

function domainMayBeEmpty(domain: A.Expression, guards: readonly A.Expression[], names: Names): string | null {
  if (domain.kind === "range") return rangeIsSure(domain, guards, names) ? null : "takes a number from a range that may be empty";
  // `subset(zone)` offers the empty set; a whole enum, the seats and a written list are never empty.
  if (domain.kind === "call" && domain.callee.name === "subset") return null;
  if (domain.kind === "list") return domain.elements.length > 0 ? null : "takes a value from an empty list";
  if (domain.kind === "name" && (domain.name === "players" || names.enums.has(domain.name))) return null;
  const zone = zoneName(domain, names);
  if (zone !== null) {
    return guards.some((guard) => saysHoldsCards(guard, domain)) ? null : `takes a card of ${zone}, which may be empty`;
  }
  return "takes a value from a collection that may be empty";
}

/** `1..5`; `0..count(z)` or `0..coins[p]` (never below zero); `1..count(z)` under `if count(z) > 0`. */
function rangeIsSure(range: Extract<A.Expression, { kind: "range" }>, guards: readonly A.Expression[], names: Names): boolean {
  const low = evaluateConstant(range.low, new Map(), names.enums, true);
  if (typeof low !== "number") return false;
  // A range empty as written is already an error (check/empty-domain).
  if (typeof evaluateConstant(range.high, new Map(), names.enums, true) === "number") return true;
  return atLeast(range.high, low, guards, names);
}

/** Is `e` sure to be at least `low` here: a constant, a count or money from zero, a guard, `min`/`max` or
 *  `if … then … else` of such? */
function atLeast(e: A.Expression, low: number, guards: readonly A.Expression[], names: Names): boolean {
  const value = evaluateConstant(e, new Map(), names.enums, true);
  if (typeof value === "number") return value >= low;
  if (low <= 0 && neverNegative(e, names)) return true;
  if (e.kind === "conditional") return atLeast(e.then, low, guards, names) && atLeast(e.otherwise, low, guards, names);
  if (e.kind === "call" && (e.callee.name === "min" || e.callee.name === "max") && e.args.length > 0) {
    const each = e.args.map((arg) => atLeast(arg, low, guards, names));
    return e.callee.name === "min" ? each.every(Boolean) : each.some(Boolean);
  }
  return guards.some((guard) => boundsBelow(guard, e, low));
}

function neverNegative(e: A.Expression, names: Names): boolean {
  if (e.kind === "call" && e.callee.name === "count") return true;
  const variable = e.kind === "index" ? e.target : e;
  return variable.kind === "name" && names.conservedVars.has(variable.name);
}

/** Does the condition (or one side of an `and` in it) say `value >= low`? */
function boundsBelow(condition: A.Expression, value: A.Expression, low: number): boolean {
  if (condition.kind !== "binary") return false;
  if (condition.operator === "and") return boundsBelow(condition.left, value, low) || boundsBelow(condition.right, value, low);
  const { operator, left, right } = condition;
  const number = (e: A.Expression): number | null => (e.kind === "integer" ? e.value : null);
  if (sameExpression(left, value)) {
    const n = number(right);
    return n !== null && ((operator === ">" && n >= low - 1) || (operator === ">=" && n >= low) || (operator === "==" && n >= low));
  }
  if (sameExpression(right, value)) {
    const n = number(left);
    return n !== null && ((operator === "<" && n >= low - 1) || (operator === "<=" && n >= low));
  }
  return false;
}

function zoneName(e: A.Expression, names: Names): string | null {
  if (e.kind === "name" && names.zones.has(e.name)) return e.name;
  if (e.kind === "index" && e.target.kind === "name" && names.zones.has(e.target.name)) {
    const seat = e.index.kind === "name" ? e.index.name : e.index.kind === "integer" ? String(e.index.value) : "…";
    return `${e.target.name}[${seat}]`;
  }
  return null;
}

/** Does the condition say the zone holds at least one card (`count(zone) > 0`)? */
function saysHoldsCards(condition: A.Expression, zone: A.Expression): boolean {
  const count: A.Expression = { kind: "call", callee: { name: "count", range: zone.range }, args: [zone], range: zone.range };
  return boundsBelow(condition, count, 1);
}
