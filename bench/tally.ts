// The figures the bench commands print, worked out one way: a count with its thousands marked, the sum
// of a table of counts, and its largest entries.

/** A count rounded and printed with its thousands marked (`103,950`). */
export function whole(x: number): string {
  return Math.round(x).toLocaleString("en-US");
}

/** The sum of the counts. */
export function sumOf(counts: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const n of counts.values()) sum += n;
  return sum;
}

/** The `n` largest entries, largest first. */
export function largest(counts: Iterable<[string, number]>, n: number): [string, number][] {
  return [...counts].sort((a, b) => b[1] - a[1]).slice(0, n);
}
