// Small statistics for balance figures: proportions with confidence intervals, and summaries.

/** A proportion with its 95% Wilson score interval (sound near 0 and 1, unlike mean ± 2·SE). */
export interface Proportion {
  readonly rate: number;
  readonly low: number;
  readonly high: number;
  readonly n: number;
}

const Z95 = 1.959963984540054;

/** `successes` of `n` (a shared win may count a fraction) as a rate with its 95% interval. */
export function wilson(successes: number, n: number, z: number = Z95): Proportion {
  if (n === 0) return { rate: 0, low: 0, high: 1, n };
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half), n };
}

export interface Summary {
  readonly mean: number;
  readonly min: number;
  readonly max: number;
  readonly median: number;
  readonly sd: number;
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) return { mean: 0, min: 0, max: 0, median: 0, sd: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { mean, min: sorted[0]!, max: sorted[sorted.length - 1]!, median, sd: Math.sqrt(variance) };
}

/** "62.5% (55.1–69.4%)": a proportion as people read it. */
export function percentWithInterval(p: Proportion): string {
  const pc = (x: number): string => (x * 100).toFixed(1);
  return `${pc(p.rate)}% (${pc(p.low)}–${pc(p.high)}%)`;
}
