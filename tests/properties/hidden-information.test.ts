// Property 4: a view holds nothing its seat may not know. Structurally: hidden zones and other
// seats' own zones show only their counts, other seats' own variables are null, and another
// seat's secret submission is nowhere. Over time: a card shown to a seat shows in its view only
// while the oracle (knowledge.ts) agrees it may know where it lies. By difference: states that
// differ only in the seat's secrets give the seat the same view.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng, viewFor, whoMayAct } from "@rules/runtime/internal";
import type { Seat } from "@rules/runtime/internal";
import { dealArb, play, runsFor, tables } from "./harness.js";
import { KnowledgeOracle } from "./knowledge.js";
import { secretDifferences, viewProblems } from "./secrets.js";

/** Points of a match whose secrets are changed, besides its end: one in this many. */
const SAMPLE_ONE_IN = 8;

describe.each(tables)("$name", (table) => {
  const { game, seats } = table;
  // Every seat, a bot's too: the rules never ask it, but its view must not leak either.
  const viewers: (Seat | null)[] = [null, ...Array(seats).keys()];

  it("shows each seat, and a spectator, only what they may know", () => {
    fc.assert(
      fc.property(dealArb, (deal) => {
        play(table, deal, (match) => {
          const problems = viewers.flatMap((seat) =>
            viewProblems(game.meta, match.state, viewFor(match, seat), seat).map(
              (problem) => `seat ${seat}: ${problem}`,
            ),
          );
          // Asked only when something was found: an assertion and its message per move cost more than the checks.
          if (problems.length > 0) expect(problems, `after ${match.log.length} moves, at "${match.state.pc}"`).toEqual([]);
        });
      }),
      runsFor(table, 300, "views"),
    );
  });

  it("shows a seat a hidden card's place only while it may know it: shown, and neither moved nor shuffled since", () => {
    fc.assert(
      fc.property(dealArb, (deal) => {
        let oracle: KnowledgeOracle | undefined;
        play(table, deal, (match) => {
          if (oracle) oracle.observe(match.state);
          else oracle = new KnowledgeOracle(game, match.state);
          const leaks = Array.from({ length: seats }, (_, seat) => oracle!.leaks(seat)).flat();
          if (leaks.length > 0) expect(leaks, `after ${match.log.length} moves, at "${match.state.pc}"`).toEqual([]);
        });
      }),
      runsFor(table, 200, "card places"),
    );
  });

  it("gives a seat the same view whatever its secrets are", () => {
    fc.assert(
      fc.property(dealArb, fc.integer(), (deal, changeSeed) => {
        const rng = new Rng(changeSeed);
        play(table, deal, (match) => {
          if (whoMayAct(match).kind !== "over" && rng.int(SAMPLE_ONE_IN) !== 0) return;
          for (const seat of viewers) {
            const differences = secretDifferences(game, match.state, seat, rng);
            if (differences.length > 0) expect(differences, `after ${match.log.length} moves, at "${match.state.pc}"`).toEqual([]);
          }
        });
      }),
      runsFor(table, 200, "secrets unseen"),
    );
  });
});
