import { describe, expect, it } from "vitest";
import { summarize, wilson } from "./stats.js";

describe("wilson", () => {
  it("gives the textbook 95% intervals", () => {
    // Wilson score intervals, z = 1.96: 5 of 10 is 0.2366–0.7634; 0 of 10 is 0–0.2775 (never below 0).
    const half = wilson(5, 10);
    expect(half.rate).toBe(0.5);
    expect(half.low).toBeCloseTo(0.2366, 4);
    expect(half.high).toBeCloseTo(0.7634, 4);
    const none = wilson(0, 10);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.2775, 4);
  });

  it("narrows as games are added: 80 of 100 is 0.7112–0.8666", () => {
    const p = wilson(80, 100);
    expect(p.low).toBeCloseTo(0.7112, 4);
    expect(p.high).toBeCloseTo(0.8666, 4);
  });
});

describe("summarize", () => {
  it("reads mean, median, extremes and the population standard deviation", () => {
    // 2 4 4 4 5 5 7 9: mean 5, deviations² sum to 32, so sd = sqrt(32 / 8) = 2; median (4 + 5) / 2.
    expect(summarize([2, 4, 4, 4, 5, 5, 7, 9])).toEqual({ mean: 5, min: 2, max: 9, median: 4.5, sd: 2 });
  });
});
