// A fault during play names the statement of the rules file that raised it: file, line, column and
// the line as written, in the runtime's error object. Loops that never end are stopped and named.
import { describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { GameFault, describeFault } from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const game = (flow: string, extra = ""): string => `game "Faults" {
  players 2..3
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Token stack hidden = all Token
per player zone hand: Token pile owner
per player var points: int public = 0
per player var spare: int public = 0
${extra}
flow {
${flow}
}
score p: points[p]
`;

/** The fault that starting the game (and answering `pass` to every decision) raises. */
async function faultOf(flow: string, extra = "", players = 2): Promise<GameFault> {
  // The checker warns of the loop that never ends: the runtime must stop it all the same.
  const loaded = await loadRulesGame("faults", game(flow, extra), runtime, ["check/loop-never-ends"]);
  try {
    const state = loaded.setup({ players, seed: 1 });
    loaded.advance(state);
    for (let i = 0; i < 20 && loaded.activity(state).kind !== "over"; i++) {
      const seat = loaded.activity(state).players[0]!;
      if (loaded.check(state, seat, { type: "pass" }) === null) loaded.apply(state, seat, { type: "pass" });
    }
  } catch (error) {
    if (error instanceof GameFault) return error;
    throw error;
  }
  throw new Error("no fault");
}

describe("a fault names its rule", () => {
  test("not enough cards to deal: the deal's line", async () => {
    const fault = await faultOf("  deal 2 from deck to hand[0]\n  deal 8 from deck to hand[1]");
    expect(fault.code).toBe("fault/not-enough-cards");
    expect(fault.message).toBe("cannot deal 8 cards from deck: it holds 4");
    expect(fault.rule).toEqual({ file: "faults.rules", line: 15, column: 3, text: "deal 8 from deck to hand[1]" });
    expect(describeFault(fault)).toBe(
      "faults.rules:15:3: fault/not-enough-cards: cannot deal 8 cards from deck: it holds 4\n  15 | deal 8 from deck to hand[1]",
    );
  });

  test("the top of an empty zone, inside an expression of a nested statement", async () => {
    const fault = await faultOf("  if count(hand[0]) == 0 {\n    points[0] = top(hand[0]).value\n  }");
    expect(fault.code).toBe("fault/empty-zone");
    expect(fault.rule).toMatchObject({ line: 15, column: 5, text: "points[0] = top(hand[0]).value" });
  });

  test("the top of an empty zone, read in a decision's requirement", async () => {
    const rules = "  ask 0 {\n    pass require top(hand[1]).value > 0 else \"no card\" { }\n  }";
    const fault = await faultOf(rules);
    expect(fault.code).toBe("fault/empty-zone");
    expect(fault.rule).toMatchObject({ line: 15, text: 'pass require top(hand[1]).value > 0 else "no card" { }' });
  });

  test("a seat the game does not have", async () => {
    const fault = await faultOf("  points[2] = 1");
    expect(fault.code).toBe("fault/no-such-seat");
    expect(fault.rule).toMatchObject({ line: 14, text: "points[2] = 1" });
  });
});

describe("loops that never end", () => {
  test("a loop that asks nobody is stopped at its line", async () => {
    const fault = await faultOf("  while count(deck) > 0 {\n    points[0] += 1\n  }");
    expect(fault.code).toBe("fault/endless-loop");
    expect(fault.rule).toMatchObject({ line: 14, text: "while count(deck) > 0 {" });
  });

  test("a loop whose decision is never reached is stopped at its line", async () => {
    const flow = "  while count(deck) > 0 {\n    if points[0] < 0 {\n      ask 0 { pass { } }\n    }\n  }";
    const fault = await faultOf(flow);
    expect(fault.code).toBe("fault/endless-flow");
    expect(fault.rule).toMatchObject({ line: 14, text: "while count(deck) > 0 {" });
  });
});
