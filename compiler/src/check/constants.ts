// Compile-time evaluation of constant expressions: card manifests, table entries, player ranges.
// Enum values are their member names (strings), as they are in game states.
import type * as A from "../syntax/ast.js";

export type ConstantValue = number | boolean | string | null | ConstantValue[];

/** Constant tables by name, their entries keyed by `tableKey`: what a manifest may read (`worth[v]`). */
export type ConstantTables = ReadonlyMap<string, { readonly entries: ReadonlyMap<ConstantValue, ConstantValue> }>;

/**
 * The most values a list or range worked out before play may hold. Cards are listed from these, and
 * `1..100000000` would otherwise be a list of 10^8 numbers (4 GB) before anything could refuse it.
 * The games so far draw cards from lists of at most 30 values.
 */
export const MAX_CONSTANT_VALUES = 10_000;

/** Thrown while evaluating a list or range of more than MAX_CONSTANT_VALUES values. */
export class TooManyValues extends Error {
  constructor(readonly at: A.SourceRange) {
    super(`more than ${MAX_CONSTANT_VALUES} values`);
  }
}

/** The value of a constant expression, or null when it depends on the game state (or is a list too long to hold). */
export function evaluateConstant(
  e: A.Expression,
  bound: ReadonlyMap<string, ConstantValue>,
  enums: ReadonlyMap<string, A.EnumDeclaration>,
  lenient = false,
  tables: ConstantTables = new Map(),
): ConstantValue {
  try {
    return evaluateBounded(e, bound, enums, lenient, tables);
  } catch (error) {
    if (error instanceof TooManyValues) return null;
    throw error;
  }
}

/** evaluateConstant, but a list or range of more than MAX_CONSTANT_VALUES values throws TooManyValues. */
export function evaluateBounded(
  e: A.Expression,
  bound: ReadonlyMap<string, ConstantValue>,
  enums: ReadonlyMap<string, A.EnumDeclaration>,
  lenient = false,
  tables: ConstantTables = new Map(),
): ConstantValue {
  const recur = (x: A.Expression): ConstantValue => evaluateBounded(x, bound, enums, lenient, tables);
  switch (e.kind) {
    case "integer":
    case "boolean":
    case "string":
      return e.value;
    case "name":
      // A manifest's own names first; an enum's name is the list of its members, in order.
      if (bound.has(e.name)) return bound.get(e.name)!;
      return enums.get(e.name)?.members.map((member) => member.name) ?? null;
    case "member":
      if (e.target.kind === "name" && enums.has(e.target.name)) return e.member.name;
      return null;
    case "index": {
      // A table read with constant keys (`worth[v]`, `points[colour, n]`) is a constant.
      const table = e.target.kind === "name" && !bound.has(e.target.name) ? tables.get(e.target.name) : undefined;
      const key = table ? recur(e.index) : null;
      return table && key !== null ? (table.entries.get(tableKey(key)) ?? null) : null;
    }
    case "unary": {
      const operand = recur(e.operand);
      if (e.operator === "not") return typeof operand === "boolean" ? !operand : null;
      return typeof operand === "number" ? -operand : null;
    }
    case "binary": {
      const left = recur(e.left);
      const right = recur(e.right);
      if (left === null || right === null) return null;
      return applyBinary(e.operator, left, right);
    }
    case "conditional": {
      const condition = recur(e.condition);
      return condition === null ? null : condition ? recur(e.then) : recur(e.otherwise);
    }
    case "range": {
      const low = recur(e.low);
      const high = recur(e.high);
      if (typeof low !== "number" || typeof high !== "number") return null;
      if (high - low >= MAX_CONSTANT_VALUES) throw new TooManyValues(e.range);
      return integersFrom(low, high);
    }
    case "tuple": {
      const values = e.elements.map(recur);
      return values.some((v) => v === null) ? null : values;
    }
    case "list": {
      const values: ConstantValue[] = [];
      for (const element of e.elements) {
        const value = recur(element);
        if (value === null) return null;
        if (element.kind === "range" && Array.isArray(value)) values.push(...value);
        else values.push(value);
        if (values.length > MAX_CONSTANT_VALUES) throw new TooManyValues(e.range);
      }
      return values;
    }
    default:
      return null;
  }
}

function integersFrom(low: number, high: number): number[] {
  const values: number[] = [];
  for (let v = low; v <= high; v++) values.push(v);
  return values;
}

function applyBinary(operator: A.BinaryOperator, left: ConstantValue, right: ConstantValue): ConstantValue {
  if (typeof left === "number" && typeof right === "number") {
    switch (operator) {
      case "+": return left + right;
      case "-": return left - right;
      case "*": return left * right;
      case "/": return right === 0 ? null : Math.floor(left / right);
      case "%": return right === 0 ? null : left - right * Math.floor(left / right);
      case "<": return left < right;
      case "<=": return left <= right;
      case ">": return left > right;
      case ">=": return left >= right;
      default: break;
    }
  }
  if (operator === "==") return left === right;
  if (operator === "!=") return left !== right;
  if (typeof left === "boolean" && typeof right === "boolean") {
    if (operator === "and") return left && right;
    if (operator === "or") return left || right;
  }
  return null;
}

/** How a table stores a key: the value itself, or for a pair of values one text (`red|2`): numbers,
 *  flags and enum members never contain '|'. */
export function tableKey(value: ConstantValue): ConstantValue {
  return Array.isArray(value) ? value.map(String).join("|") : value;
}
