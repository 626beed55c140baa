import { describe, expect, it } from "vitest";
import { GameFault, MatchError, illegal } from "./errors.js";

describe("errors", () => {
  it("builds an illegal move as plain data", () => {
    expect(illegal("move/out-of-domain", "a bid must be more than 3")).toEqual({
      code: "move/out-of-domain",
      reason: "a bid must be more than 3",
    });
  });

  it("GameFault and MatchError are Errors with a code and their own name", () => {
    const fault = new GameFault("fault/negative-resource", "coins of seat 1 would be -2");
    expect(fault).toBeInstanceOf(Error);
    expect(fault.name).toBe("GameFault");
    expect(fault.code).toBe("fault/negative-resource");
    expect(fault.message).toBe("coins of seat 1 would be -2");
    const misuse = new MatchError("match/players", "For Sale is for 3 to 6 players, not 2");
    expect(misuse).toBeInstanceOf(Error);
    expect(misuse).not.toBeInstanceOf(GameFault);
    expect(misuse.name).toBe("MatchError");
    expect(misuse.code).toBe("match/players");
  });
});
