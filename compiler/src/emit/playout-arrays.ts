// The kernel's plain arrays (variables per player or per card, sort keys) made PACKED in V8.
// `new Array(n).fill(v)` makes a HOLEY array (the length is set before any element), and V8 then
// checks every read of it for a hole; `Array.from({ length: n }, () => v)` stores the same values
// into an array that stays packed (small integers, or elements), so reads are plain loads.

/** The text of an array of `size` elements of TypeScript type `type`, each `blank`, packed. */
export function filledArray(type: string, size: number | string, blank: string): string {
  return `Array.from({ length: ${size} }, (): ${type} => ${blank})`;
}

const BYTES = { Int8Array: 1, Uint8Array: 1, Int16Array: 2, Uint16Array: 2, Int32Array: 4, Uint32Array: 4, Float64Array: 8 } as const;
export type TypedArrayKind = keyof typeof BYTES;

/**
 * The text of a typed array of `size` elements on an ArrayBuffer of its own. V8 keeps a typed array
 * of at most 64 bytes made by `new Int32Array(n)` on its heap, where the collector may move it, so
 * optimized code loads its address and length at each use and tests every index against the length.
 * One over an ArrayBuffer lies off the heap: the kernel's arrays are closure variables never assigned
 * again, and V8 writes such an array's address and length into the optimized code, an index known
 * when compiling needing no test at all (the generator's four words, a seat's masks, small counts).
 */
export function typedArray(kind: TypedArrayKind, size: number | string): string {
  const known = typeof size === "number" || /^\d+$/.test(size);
  const bytes = known ? String(Number(size) * BYTES[kind]) : `${BYTES[kind]} * ${/^[\w$]+$/.test(size) ? size : `(${size})`}`;
  return `new ${kind}(new ArrayBuffer(${bytes}))`;
}

/** The kind and byte count of a typed array written by `typedArray` with a size known when writing
 *  (`new Int32Array(new ArrayBuffer(72))`); null for any other text. */
export function knownTypedArray(text: string): { kind: TypedArrayKind; bytes: number; elements: number } | null {
  const made = /^new (\w+Array)\(new ArrayBuffer\((\d+)\)\)$/.exec(text);
  if (!made || !(made[1]! in BYTES)) return null;
  const kind = made[1] as TypedArrayKind;
  return { kind, bytes: Number(made[2]), elements: Number(made[2]) / BYTES[kind] };
}
