// Property 2: after setup and after every move, every card of the game is in exactly one zone
// (of its card type, within capacity), and each conserved resource keeps its starting total.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sameJson } from "@rules/runtime/internal";
import { cardProblems, resourceTotals } from "./conservation.js";
import { dealArb, play, runsFor, tables } from "./harness.js";

describe.each(tables)("$name", (table) => {
  const { meta } = table.game;

  it("keeps every card in exactly one zone and every conserved total unchanged", () => {
    fc.assert(
      fc.property(dealArb, (deal) => {
        let start: Record<string, number> | undefined;
        play(table, deal, (match) => {
          if (start === undefined) {
            expect(cardProblems(meta, match.initial), "after setup").toEqual([]);
            start = resourceTotals(meta, match.initial);
            for (const [name, total] of Object.entries(start)) {
              expect(Number.isInteger(total), `${name} starts at ${total}`).toBe(true);
            }
          }
          const problems = cardProblems(meta, match.state);
          const totals = resourceTotals(meta, match.state);
          if (problems.length > 0 || !sameJson(totals, start)) {
            const where = `after ${match.log.length} moves, at "${match.state.pc}"`;
            expect(problems, where).toEqual([]);
            expect(totals, where).toEqual(start);
          }
        });
      }),
      runsFor(table, 600, "conservation"),
    );
  });
});
