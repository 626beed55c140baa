// Property 3: replaying a match's log from its initial state rebuilds the same state, at the end
// of the game and anywhere before.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replay } from "@rules/runtime/internal";
import type { Match } from "@rules/runtime/internal";
import { dealArb, playAll, runsFor, tables } from "./harness.js";

function expectReplays(match: Match): void {
  const again = replay(match.game, match.options, match.initial, match.log);
  expect(again.state).toStrictEqual(match.state);
  expect(again.log).toStrictEqual(match.log);
  expect(again.initial).toStrictEqual(match.initial);
}

describe.each(tables)("$name", (table) => {
  it("replays its log from the initial state to the same state", () => {
    fc.assert(
      fc.property(dealArb, fc.nat(), (deal, pick) => {
        const matches = playAll(table, deal);
        expectReplays(matches[matches.length - 1]!);
        expectReplays(matches[pick % matches.length]!);
      }),
      runsFor(table, 400, "replay"),
    );
  });
});
