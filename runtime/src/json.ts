// Game states, moves and logs are plain JSON data; these are the three things done to them.

/** `structuredClone` is in every browser and in Node 17+, but in neither ES2022's lib nor ours. */
const structuredCloneOf = (globalThis as unknown as { structuredClone<T>(value: T): T }).structuredClone;

/** A deep copy that shares nothing with the original. */
export function cloneJson<T>(value: T): T {
  return structuredCloneOf(value);
}

/** Freezes a value and everything inside it, so that a caller who mutates it fails loudly. */
export function freezeDeep<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) freezeDeep(inner);
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
