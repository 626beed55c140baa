// The figures the bench commands print: a count with its thousands marked, a table's sum and its
// largest entries.

import { describe, expect, test } from "vitest";
import { largest, sumOf, whole } from "./tally.js";

describe("the bench's figures", () => {
  test("a count is rounded and its thousands marked", () => {
    expect(whole(103_949.6)).toBe("103,950");
    expect(whole(0.4)).toBe("0");
  });

  test("a table's sum, and its largest entries largest first", () => {
    const counts = new Map([["play", 12_122], ["decide509", 32_146], ["step87", 17_579]]);
    expect(sumOf(counts)).toBe(12_122 + 32_146 + 17_579);
    expect(sumOf(new Map())).toBe(0);
    expect(largest(counts, 2)).toEqual([["decide509", 32_146], ["step87", 17_579]]);
    expect(largest(counts, 0)).toEqual([]);
  });
});
