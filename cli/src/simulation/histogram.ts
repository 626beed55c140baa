// Counts of values (game lengths, final scores, lead changes) kept as a histogram rather than a list
// of games: its size grows with the distinct values, not the games, it merges exactly in any order,
// and every summary a report prints (mean, median, spread, quartiles) can be read off it.

import type { Summary } from "../balance/stats.js";

/** `[value, games]` pairs, by increasing value, each value once, every count above zero. */
export type Histogram = readonly (readonly [number, number])[];

/** Counts values one by one; `histogram()` gives them in the plain-data form. */
export class HistogramCounter {
  private readonly counts = new Map<number, number>();

  add(value: number): void {
    this.counts.set(value, (this.counts.get(value) ?? 0) + 1);
  }

  histogram(): Histogram {
    return [...this.counts].sort((a, b) => a[0] - b[0]);
  }
}

/** The counts of both: the same whichever comes first. */
export function mergeHistograms(a: Histogram, b: Histogram): Histogram {
  const merged: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && x[0] < y[0])) merged.push([x![0], x![1]]), i++;
    else if (x === undefined || y[0] < x[0]) merged.push([y[0], y[1]]), j++;
    else merged.push([x[0], x[1] + y[1]]), i++, j++;
  }
  return merged;
}

/** How many values the histogram counts. */
export function countOf(h: Histogram): number {
  return h.reduce((sum, [, n]) => sum + n, 0);
}

/** The value at rank `rank` (from 0) of the sorted values. */
function valueAt(h: Histogram, rank: number): number {
  let seen = 0;
  for (const [value, n] of h) {
    seen += n;
    if (rank < seen) return value;
  }
  throw new Error(`rank ${rank} beyond the ${seen} values of a histogram`);
}

/** The smallest value that at least a share `q` of the values do not exceed (nearest rank): "90% within N". */
export function atMost(h: Histogram, q: number): number {
  const n = countOf(h);
  return n === 0 ? 0 : valueAt(h, Math.max(0, Math.ceil(q * n) - 1));
}

/** The quantile `q` as for a sorted list: the middle value, or the mean of the two middle ones. */
export function quantile(h: Histogram, q: number): number {
  const n = countOf(h);
  if (n === 0) return 0;
  // Linear interpolation between closest ranks (as numpy's default): q = 1/2 is the usual median.
  const at = q * (n - 1);
  const low = valueAt(h, Math.floor(at));
  const high = valueAt(h, Math.ceil(at));
  return low + (high - low) * (at - Math.floor(at));
}

/** Mean, median, extremes and (population) standard deviation; zeros for no values. */
export function summaryOf(h: Histogram): Summary {
  const n = countOf(h);
  if (n === 0) return { mean: 0, min: 0, max: 0, median: 0, sd: 0 };
  const mean = h.reduce((sum, [value, count]) => sum + value * count, 0) / n;
  const variance = h.reduce((sum, [value, count]) => sum + count * (value - mean) ** 2, 0) / n;
  return { mean, min: h[0]![0], max: h[h.length - 1]![0], median: quantile(h, 0.5), sd: Math.sqrt(variance) };
}
