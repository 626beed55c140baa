// How an engine's rate grows from a cold start, read from the slices warm-up-process.ts measures: the
// rate per slice over several processes, the rate it settles at, and from when it stays near it.

import { median } from "./measure.js";
import type { Slice } from "./warm-up-process.js";

/** One engine's slices across processes: per slice, the median over the processes of its rate and
 *  of where it ended (CPU seconds since the first game). A process that made fewer slices ends the
 *  curve where it stops. */
export function medianCurve(runs: readonly (readonly Slice[])[]): { at: number; rate: number }[] {
  const length = Math.min(...runs.map((r) => r.length));
  const curve: { at: number; rate: number }[] = [];
  for (let i = 0; i < length; i++) {
    curve.push({ at: median(runs.map((r) => r[i]!.at)), rate: median(runs.map((r) => r[i]!.playouts / r[i]!.seconds)) });
  }
  return curve;
}

/** The rate an engine settles at: the median of the last quarter of its slices (at least one). */
export function settledRate(rates: readonly number[]): number {
  return median(rates.slice(rates.length - Math.max(1, Math.floor(rates.length / 4))));
}

/** The index of the first slice from which every rate stays at or above `fraction` of `settled`;
 *  null if even the last is below. */
export function staysFrom(rates: readonly number[], settled: number, fraction: number): number | null {
  let from: number | null = null;
  for (let i = rates.length - 1; i >= 0 && rates[i]! >= fraction * settled; i--) from = i;
  return from;
}
