// The kernel's plain arrays (variables per player or per card, sort keys) made PACKED in V8.
// `new Array(n).fill(v)` makes a HOLEY array (the length is set before any element), and V8 then
// checks every read of it for a hole; `Array.from({ length: n }, () => v)` stores the same values
// into an array that stays packed (small integers, or elements), so reads are plain loads.

/** The text of an array of `size` elements of TypeScript type `type`, each `blank`, packed. */
export function filledArray(type: string, size: number | string, blank: string): string {
  return `Array.from({ length: ${size} }, (): ${type} => ${blank})`;
}
