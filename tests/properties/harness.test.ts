// The property tests' time budget never leaves a property untested: its minimum cases run whatever
// the time (a loaded machine once let a property start after its time limit and report "Property
// interrupted after 0 tests"), and the budget only adds cases beyond them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { atLeastThenWithin } from "./harness.js";

describe("atLeastThenWithin", () => {
  it("runs the minimum cases even when the time is already up, and passes", () => {
    let ran = 0;
    const details = fc.check(
      fc.property(fc.integer(), () => {
        ran++;
      }),
      { numRuns: 100, plugins: [atLeastThenWithin(7, 0)] },
    );
    expect(ran).toBe(7);
    expect(details.failed).toBe(false);
    expect(details.interrupted).toBe(true);
    expect(details.numRuns).toBe(7);
  });

  it("adds cases while the time lasts, and stops at the most asked for", () => {
    let ran = 0;
    const details = fc.check(
      fc.property(fc.integer(), () => {
        ran++;
      }),
      { numRuns: 50, plugins: [atLeastThenWithin(2, 60_000)] },
    );
    expect(ran).toBe(50);
    expect(details.failed).toBe(false);
    expect(details.interrupted).toBe(false);
  });

  it("starts no case beyond the minimum once the time is up", () => {
    let ran = 0;
    const details = fc.check(
      fc.property(fc.integer(), () => {
        ran++;
        const until = performance.now() + 5;
        while (performance.now() < until);
      }),
      { numRuns: 10_000, plugins: [atLeastThenWithin(3, 40)] },
    );
    // Cases of 5 ms each in a 40 ms budget: at least the 3, and none started after the 40 ms.
    expect(ran).toBeGreaterThanOrEqual(3);
    expect(ran).toBeLessThanOrEqual(9);
    expect(details.failed).toBe(false);
    expect(details.interrupted).toBe(true);
  });

  it("reports a failure found among the minimum cases, with its counterexample, when the time is up", () => {
    const details = fc.check(
      fc.property(fc.nat(), (n) => n < 0),
      { numRuns: 100, plugins: [atLeastThenWithin(3, 0)] },
    );
    expect(details.failed).toBe(true);
    expect(details.counterexample).not.toBeNull();
  });
});
