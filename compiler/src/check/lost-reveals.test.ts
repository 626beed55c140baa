// `check/reveal-lost`: a reveal whose card moves (or whose zone is shuffled or emptied) before any
// decision is warned of at the reveal; one that a decision follows is not.
import { describe, expect, test } from "vitest";
import { checkGame } from "../check-game.js";

const game = (flow: string): string => `
game "Peeks" {
  players 2..2
}
card Coin {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Coin stack hidden = all Coin
zone table: Coin row hidden
per player zone hand: Coin pile owner
score p: count(hand[p])
flow {
${flow}
}
`;

/** Lines of the flow (its first line is 1) warned of. */
function warned(flow: string): number[] {
  const text = game(flow);
  const flowLine = text.split("\n").indexOf("flow {") + 1;
  const { diagnostics } = checkGame("peeks", [{ path: "peeks.rules", text }]);
  expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return diagnostics.filter((d) => d.code === "check/reveal-lost").map((d) => d.line - flowLine);
}

describe("reveals lost before anyone could use them", () => {
  test("a move of the same card, a shuffle or an emptying of its zone, even inside a branch or a loop", () => {
    const flow = `  reveal top(deck) to 0
  move top(deck) to table
  reveal nth(deck, 2) to 1
  for p in players {
    shuffle deck
  }
  reveal last(table) to 0
  move all table to deck`;
    expect(warned(flow)).toEqual([1, 3, 7]);
  });

  test("a decision first keeps the reveal; so does a move of another card", () => {
    const flow = `  let c = top(deck)
  reveal c to 0
  move nth(deck, 2) to table
  ask 0 {
    keep { move c to hand[0] }
    pass { }
  }
  reveal top(deck) to 1
  if count(table) > 1 {
    ask 1 { look { } }
  }
  shuffle deck`;
    // The second reveal: a decision may come first (in the branch), so it is not sure to be lost.
    expect(warned(flow)).toEqual([]);
  });
});
