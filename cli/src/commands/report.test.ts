import { describe, expect, it } from "vitest";
import { table } from "./report.js";

describe("table", () => {
  it("pads columns to their widest cell and aligns numbers right", () => {
    expect(
      table(
        ["seat", "win rate", "name"],
        [
          ["0", "25.0%", "Ann"],
          ["10", "5.5%", "Bo"],
        ],
      ),
    ).toEqual(["seat  win rate  name", "   0     25.0%  Ann", "  10      5.5%  Bo"]);
  });
});
