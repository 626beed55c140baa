import { describe, expect, it } from "vitest";
import { nextSeat, seatsFrom } from "./seats.js";

describe("seats", () => {
  it("passes to the left and wraps after the last seat", () => {
    expect(nextSeat(0, 4)).toBe(1);
    expect(nextSeat(2, 4)).toBe(3);
    expect(nextSeat(3, 4)).toBe(0);
    expect(nextSeat(0, 1)).toBe(0);
  });

  it("lists every seat clockwise from a start", () => {
    expect(seatsFrom(0, 3)).toEqual([0, 1, 2]);
    expect(seatsFrom(2, 4)).toEqual([2, 3, 0, 1]);
    expect(seatsFrom(5, 6)).toEqual([5, 0, 1, 2, 3, 4]);
  });
});
