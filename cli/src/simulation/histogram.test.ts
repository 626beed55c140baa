import { describe, expect, it } from "vitest";
import { atMost, HistogramCounter, mergeHistograms, quantile, summaryOf } from "./histogram.js";

describe("histograms", () => {
  it("count values and merge to the same counts in either order", () => {
    const a = new HistogramCounter();
    for (const v of [3, 1, 3, -2]) a.add(v);
    const b = new HistogramCounter();
    for (const v of [1, 5]) b.add(v);
    expect(a.histogram()).toEqual([[-2, 1], [1, 1], [3, 2]]);
    expect(mergeHistograms(a.histogram(), b.histogram())).toEqual([[-2, 1], [1, 2], [3, 2], [5, 1]]);
    expect(mergeHistograms(b.histogram(), a.histogram())).toEqual(mergeHistograms(a.histogram(), b.histogram()));
  });

  it("summarise as the list of values would", () => {
    // Values 1, 2, 2, 7: mean 3, median (2 + 2) / 2 = 2, variance (4 + 1 + 1 + 16) / 4 = 5.5.
    const h = [[1, 1], [2, 2], [7, 1]] as const;
    expect(summaryOf(h)).toEqual({ mean: 3, median: 2, min: 1, max: 7, sd: Math.sqrt(5.5) });
    // Quartiles between ranks: the first at rank 0.75 (1 + 0.75 × (2 - 1)), the third at 2.25 (2 + 0.25 × 5).
    expect(quantile(h, 0.25)).toBe(1.75);
    expect(quantile(h, 0.75)).toBe(3.25);
    // Nearest rank: 2 of the 4 values (50%) are at most 2; 90% needs all 4, so 7.
    expect(atMost(h, 0.5)).toBe(2);
    expect(atMost(h, 0.9)).toBe(7);
    expect(summaryOf([])).toEqual({ mean: 0, median: 0, min: 0, max: 0, sd: 0 });
  });
});
