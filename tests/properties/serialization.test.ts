// Property 6: a match saved at any point reads back as the same match (options, initial state,
// log and state), and goes on exactly as the original does.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng, deserializeMatch, serializeMatch, whoMayAct } from "@rules/runtime/internal";
import type { Match } from "@rules/runtime/internal";
import { dealArb, playAll, runsFor, step, tables } from "./harness.js";
import type { Deal } from "./harness.js";

/** The match `moves` moves on (or at its end), played by the same bot whatever the start. */
function goOn(match: Match, deal: Deal, moves: number): Match {
  const rng = new Rng(deal.botSeed + 1);
  for (let made = 0; made < moves && whoMayAct(match).kind !== "over"; made++) match = step(match, rng, deal.policy);
  return match;
}

describe.each(tables)("$name", (table) => {
  it("serializes and deserializes to the same match at any point", () => {
    fc.assert(
      fc.property(dealArb, fc.nat(), fc.nat({ max: 20 }), (deal, pick, further) => {
        const matches = playAll(table, deal);
        const match = matches[pick % matches.length]!;
        const text = serializeMatch(match);
        const back = deserializeMatch(table.game, text);
        expect(back.options).toStrictEqual(match.options);
        expect(back.initial).toStrictEqual(match.initial);
        expect(back.log).toStrictEqual(match.log);
        expect(back.state).toStrictEqual(match.state);
        expect(JSON.parse(serializeMatch(back))).toStrictEqual(JSON.parse(text));
        // The random generator is in the state, so both go on alike.
        expect(goOn(back, deal, further).state).toStrictEqual(goOn(match, deal, further).state);
      }),
      runsFor(table, 400, "serialization"),
    );
  });
});
