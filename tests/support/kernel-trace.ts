// A move as a playout kernel traces it (PlayoutKernel.play's `trace`), for comparing a kernel's
// games with its state machine's.
import { expect } from "vitest";
import type { Game, Move } from "@rules/runtime/internal";

/** Per game: its move types in order, and each type's parameters in schema order. */
const schemas = new WeakMap<Game, { readonly types: readonly string[]; readonly parameters: ReadonlyMap<string, readonly string[]> }>();

function schemaOf(game: Game): { readonly types: readonly string[]; readonly parameters: ReadonlyMap<string, readonly string[]> } {
  let schema = schemas.get(game);
  if (!schema) {
    const types = Object.keys(game.moves!);
    schema = { types, parameters: new Map(types.map((type) => [type, Object.keys(game.moves![type]!)])) };
    schemas.set(game, schema);
  }
  return schema;
}

/** Seat, move type's index in `game.moves`, parameters in schema order (a set of cards as its size,
 *  then its cards). */
export function traced(game: Game, seat: number, move: Move): unknown[] {
  const { types, parameters } = schemaOf(game);
  const trace: unknown[] = [seat, types.indexOf(move.type)];
  for (const name of parameters.get(move.type) ?? Object.keys(game.moves![move.type]!)) {
    const value = move[name];
    if (Array.isArray(value)) trace.push(value.length, ...value);
    else trace.push(value);
  }
  return trace;
}

/**
 * `expect(actual, context).toEqual(expected)` for two traces: tens of thousands of numbers, which
 * Vitest's deep equality compares slowly. Equal lists of primitives (by Object.is, as toEqual compares
 * numbers and strings) pass at once; anything else is left to toEqual, which fails with its diff.
 */
export function expectSameTrace(actual: readonly unknown[], expected: readonly unknown[], context: string): void {
  if (actual.length === expected.length && actual.every((value, i) => (typeof value !== "object" || value === null) && Object.is(value, expected[i]))) return;
  expect(actual, context).toEqual(expected);
}
