// Game states, moves and logs are plain JSON data; these are the three things done to them.

/** `structuredClone` is in every browser and in Node 17+, but in neither ES2022's lib nor ours. */
const structuredCloneOf = (globalThis as unknown as { structuredClone<T>(value: T): T }).structuredClone;

/**
 * A deep copy that shares nothing with the original. States, moves and logs are arrays, plain objects
 * and primitives, copied here directly: `structuredClone` serialises and reads back, two to three
 * times slower on a game's state, and the match API copies the state at every move. Anything else
 * inside (a typed array, a Map, a class instance) is copied by `structuredClone`, as is a value that
 * refers to itself. Unlike `structuredClone`, an object reached twice is copied twice, as a save read
 * back from JSON would have it.
 */
export function cloneJson<T>(value: T): T {
  try {
    return copyData(value, 0);
  } catch (error) {
    if (error instanceof CycleSuspected) return structuredCloneOf(value);
    throw error;
  }
}

/** Nesting deeper than any game's data: the value most likely refers to itself. */
const MAX_DEPTH = 1_000;

class CycleSuspected extends Error {}

function copyData<T>(value: T, depth: number): T {
  if (typeof value !== "object" || value === null) return value;
  if (depth > MAX_DEPTH) throw new CycleSuspected();
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = copyData(value[i], depth + 1);
    return copy as T;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredCloneOf(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) copy[key] = copyData((value as Record<string, unknown>)[key], depth + 1);
  return copy as T;
}

/** Freezes a value and everything inside it, so that a caller who mutates it fails loudly. */
export function freezeDeep<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    // An index loop over arrays (a state is mostly arrays): Object.values would copy each one first.
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) freezeDeep(value[i]);
    else for (const inner of Object.values(value)) freezeDeep(inner);
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The keys JSON would keep: an undefined field is the same as no field. */
function definedKeys(value: Record<string, unknown>): string[] {
  return Object.keys(value).filter((key) => value[key] !== undefined);
}

/** Deep equality of JSON data; object key order does not matter. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = definedKeys(a);
    return keys.length === definedKeys(b).length && keys.every((key) => sameJson(a[key], b[key]));
  }
  return false;
}
