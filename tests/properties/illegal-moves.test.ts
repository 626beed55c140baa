// Property 5: an illegal move never changes the match. Wrong seats, unknown types, parameters
// outside their domains, of the wrong kind or missing, and moves after the end are all refused
// with a code that names the flaw and a reason, and the match's state stays exactly as it was.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MatchError, Rng, applyMove, cloneJson, whoMayAct } from "@rules/runtime/internal";
import { refusalProblems } from "./bad-moves.js";
import { dealArb, play, runsFor, tables } from "./harness.js";

/** Points of a match tried, besides its end: one in this many. */
const SAMPLE_ONE_IN = 6;

describe.each(tables)("$name", (table) => {
  it("refuses illegal moves with a code and a reason, and leaves the match as it was", () => {
    fc.assert(
      fc.property(dealArb, fc.integer(), (deal, badSeed) => {
        const rng = new Rng(badSeed);
        play(table, deal, (match) => {
          if (whoMayAct(match).kind !== "over" && rng.int(SAMPLE_ONE_IN) !== 0) return;
          const where = `after ${match.log.length} moves, at "${match.state.pc}"`;
          expect(refusalProblems(match, rng), where).toEqual([]);
        });
      }),
      runsFor(table, 200, "illegal moves"),
    );
  });

  it("throws a MatchError for a seat that does not exist, and leaves the match as it was", () => {
    fc.assert(
      fc.property(dealArb, fc.nat(), fc.constantFrom(-1, table.seats, 0.5, Number.NaN), (deal, at, seat) => {
        const match = play(table, deal, undefined, at % 80);
        const before = cloneJson(match.state);
        expect(() => applyMove(match, seat, { type: "no-such-move" })).toThrow(MatchError);
        expect(match.state).toStrictEqual(before);
      }),
      runsFor(table, 40, "unknown seats"),
    );
  });
});
