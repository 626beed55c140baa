// cloneJson copies a game's data as structuredClone would, faster, and shares nothing with it.
import { describe, expect, it } from "vitest";
import { cloneJson, freezeDeep, sameJson } from "./json.js";

const structuredCloneOf = (globalThis as unknown as { structuredClone<T>(value: T): T }).structuredClone;

/** Nested data of every JSON kind, with the undefined fields, -0 and NaN that structuredClone keeps. */
function sample(): Record<string, unknown> {
  return {
    players: 4,
    pc: "buying.raise_or_pass",
    random: { s: [2064182369, 178102457, 2314085814, 75], script: [] },
    zones: { deck: [20, 14, 18], hands: [[1, 2], [], [3], [4, 5, 6]] },
    vars: { coins: [14, 14, 14, 14], passed: [false, true, false, false], winner: null, later: undefined, odd: -0, none: NaN },
    log: [{ seat: 0, move: { type: "raise", amount: 3 } }, { seat: 1, move: { type: "pass" } }],
  };
}

describe("cloneJson", () => {
  it("gives what structuredClone gives, for data of every JSON kind", () => {
    const value = sample();
    const copy = cloneJson(value);
    expect(copy).toStrictEqual(structuredCloneOf(value));
    expect(Object.is((copy["vars"] as Record<string, unknown>)["odd"], -0)).toBe(true);
    expect("later" in (copy["vars"] as Record<string, unknown>)).toBe(true);
  });

  it("shares no object or array with the original, and copies a frozen value into one that is not", () => {
    const value = freezeDeep(sample());
    const copy = cloneJson(value);
    const inner = (v: unknown): unknown[] => (typeof v === "object" && v !== null ? [v, ...Object.values(v).flatMap(inner)] : []);
    const originals = new Set(inner(value));
    expect(inner(copy).filter((part) => originals.has(part))).toEqual([]);
    expect(Object.isFrozen(copy)).toBe(false);
    (copy["zones"] as { deck: number[] }).deck.push(7);
    expect(sameJson(copy, value)).toBe(false);
    expect((value["zones"] as { deck: number[] }).deck).toEqual([20, 14, 18]);
  });

  it("copies what is not plain data (a typed array, a Map, a Date) as structuredClone does", () => {
    const value = { bits: new Uint8Array([1, 2, 3]), seen: new Map([["a", 1]]), at: new Date(0), list: [new Set([1])] };
    const copy = cloneJson(value);
    expect(copy).toStrictEqual(structuredCloneOf(value));
    expect(copy.bits).not.toBe(value.bits);
    expect(copy.seen).not.toBe(value.seen);
  });

  it("copies a value that refers to itself, through structuredClone", () => {
    const value: Record<string, unknown> = { name: "loop" };
    value["self"] = value;
    const copy = cloneJson(value);
    expect(copy["self"]).toBe(copy);
    expect(copy).not.toBe(value);
  });
});

describe("freezeDeep", () => {
  it("freezes every object and array inside, however deep, and leaves the values as they were", () => {
    const value = freezeDeep(sample());
    const inner = (v: unknown): unknown[] => (typeof v === "object" && v !== null ? [v, ...Object.values(v).flatMap(inner)] : []);
    const parts = inner(value);
    // The root, random and its two lists, zones, deck, hands and its four hands, vars and its two
    // lists, log and its two entries with their moves.
    expect(parts.length).toBe(19);
    expect(parts.filter((part) => !Object.isFrozen(part))).toEqual([]);
    expect(value).toStrictEqual(sample());
    expect(() => ((value["zones"] as { hands: number[][] }).hands[3]!.push(7))).toThrow(TypeError);
  });
});

describe("sameJson", () => {
  it("compares as JSON would: key order does not matter, and an undefined field is no field", () => {
    expect(sameJson({ a: 1, b: [1, { c: "x" }] }, { b: [1, { c: "x" }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1, later: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, later: undefined })).toBe(true);
    expect(sameJson(sample(), cloneJson(sample()))).toBe(false); // NaN is no JSON value: never equal
  });

  it("finds a difference anywhere: a value deep inside, a field more or less, an array for an object", () => {
    expect(sameJson({ a: [1, [2, 3]] }, { a: [1, [2, 4]] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameJson({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1, c: 2 })).toBe(false);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson({}, [])).toBe(false);
    expect(sameJson({ a: null }, { a: {} })).toBe(false);
    expect(sameJson({ a: 0 }, { a: "0" })).toBe(false);
  });
});
