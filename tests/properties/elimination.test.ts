// Property 8: in a game whose rules eliminate players (`eliminate(p)`, meta.eliminated), a seat that
// has left the game is never asked to act and has no legal move, stays out in the place it left in,
// and the places are 1, 2, 3, ... in the order the seats left.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { legalMoves, whoMayAct } from "@rules/runtime/internal";
import type { Match } from "@rules/runtime/internal";
import { dealArb, play, runsFor, tables } from "./harness.js";

const eliminating = tables.filter((table) => table.game.meta.eliminated !== undefined);

/** Each seat's place in the order of leaving, 0 while it is in the game. */
function places(match: Match): number[] {
  return match.state.vars[match.game.meta.eliminated!] as number[];
}

describe.each(eliminating)("$name", (table) => {
  it("never asks a seat that has left the game, which stays out in its place", () => {
    fc.assert(
      fc.property(dealArb, (deal) => {
        let before: number[] | undefined;
        play(table, deal, (match) => {
          const now = places(match);
          const where = `after ${match.log.length} moves, at "${match.state.pc}"`;
          // Out for good, in the same place; the places taken are 1..k.
          if (before !== undefined) for (const [seat, place] of before.entries()) if (place > 0) expect(now[seat], where).toBe(place);
          const taken = now.filter((place) => place > 0).sort((a, b) => a - b);
          expect(taken, where).toEqual(taken.map((_, i) => i + 1));
          const asked = whoMayAct(match).players;
          for (const [seat, place] of now.entries()) {
            if (place === 0) continue;
            expect(asked, `${where}: seat ${seat} left the game in place ${place}`).not.toContain(seat);
            expect(legalMoves(match, seat), where).toEqual([]);
          }
          before = [...now];
        });
      }),
      runsFor(table, 200, "elimination"),
    );
  });
});

it("finds the games that eliminate players", () => {
  expect(eliminating.map((table) => table.game.id)).toContain("keys-to-knowledge");
});
