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

/** Whether a value is an object or an array, which copyData, freezeDeep and sameJson look inside. */
function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

// The three walks below test each inner value before calling themselves on it: most of a state is
// numbers and strings, and a call per value was most of their time (the match API copies, then
// freezes, the whole state at every move).
function copyData<T>(value: T, depth: number): T {
  if (!isObject(value)) return value;
  if (depth > MAX_DEPTH) throw new CycleSuspected();
  if (Array.isArray(value)) {
    const copy: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const inner: unknown = value[i];
      copy[i] = isObject(inner) ? copyData(inner, depth + 1) : inner;
    }
    return copy as T;
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return structuredCloneOf(value);
  const copy: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const inner = (value as Record<string, unknown>)[keys[i]!];
    copy[keys[i]!] = isObject(inner) ? copyData(inner, depth + 1) : inner;
  }
  return copy as T;
}

/** Freezes a value and everything inside it, so that a caller who mutates it fails loudly. */
export function freezeDeep<T>(value: T): T {
  if (isObject(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    // Index loops: Object.values would copy each object's values first.
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const inner: unknown = value[i];
        if (isObject(inner)) freezeDeep(inner);
      }
    } else {
      const keys = Object.keys(value);
      for (let i = 0; i < keys.length; i++) {
        const inner = (value as Record<string, unknown>)[keys[i]!];
        if (isObject(inner)) freezeDeep(inner);
      }
    }
  }
  return value;
}

/** Deep equality of JSON data; object key order does not matter, and an undefined field is the same
 *  as no field (as JSON has it). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isObject(a) || !isObject(b)) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const first = a as Record<string, unknown>;
  const second = b as Record<string, unknown>;
  // Counted without lists of the defined keys: a field of `a` left undefined is skipped, and
  // `b` must have as many defined fields as `a` (each of `a`'s was found equal in `b`).
  let defined = 0;
  for (const key of Object.keys(first)) {
    const value = first[key];
    if (value === undefined) continue;
    defined++;
    if (!sameJson(value, second[key])) return false;
  }
  for (const key of Object.keys(second)) if (second[key] !== undefined) defined--;
  return defined === 0;
}
