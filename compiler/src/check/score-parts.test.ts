// A score told in parts (score-parts.ts): several `score` lines are summed, each named where results
// are told, and a line whose label shows the element of its sum is told as one part per element. The
// drill's parts are worked out here from the final state, by the rules' own reading of it.
import { describe, expect, test } from "vitest";
import * as runtime from "@rules/runtime/internal";
import { describeResult } from "@rules/runtime/present";
import type { Game } from "@rules/runtime";
import { checkGame } from "../check-game.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Parts Shop" {
  players 2..4
}
card Lot {
  price: int
  cards for v in 1..8 { price: v }
}
zone market: Lot row public = all Lot "the market"
per player zone won: Lot pile public "won lots"
per player var cash: int public = 3 "cash"

flow {
  shuffle market
  let active = top(players)
  while count(market) > 0 {
    ask active {
      take { move top(market) to won[active] }
      sell require count(won[active]) > 0 else "nothing to sell" {
        move top(won[active]) to market
        cash[active] += 1
      }
      skip { move top(market) to won[next(active)] }
    }
    active = next(active)
  }
}

score p: cash[p] "cash"
score p: sum(l in won[p] where l.price > 2: l.price) "{l}"
tiebreak p: count(won[p]) "lots won"
`;

const SCORE =
  'score p: cash[p] "cash"\nscore p: sum(l in won[p] where l.price > 2: l.price) "{l}"';

/** The codes and places `rules check` reports for the drill with its score lines replaced. */
function reported(score: string): string[] {
  const text = DRILL.replace(SCORE, score);
  return checkGame("parts", [{ path: "parts.rules", text }]).diagnostics.map(
    (d) => `${d.code} ${d.line}:${d.column}`,
  );
}
const scoreLine =
  DRILL.split("\n").findIndex((line) => line.startsWith("score p: cash")) + 1;

describe("a score told in parts", () => {
  test("every part is named, a lone line only to be told by its sum's elements, and a label says something", () => {
    expect(reported(SCORE)).toEqual([]);
    // Several lines, one unnamed: reported at its value.
    expect(reported('score p: cash[p] "cash"\nscore p: count(won[p])')).toEqual(
      [`check/score-label ${scoreLine + 1}:10`],
    );
    // One line named plainly: a score of one part is its number.
    expect(reported('score p: cash[p] "cash"')).toEqual([
      `check/score-label ${scoreLine}:18`,
    ]);
    // One line told by its sum's elements.
    expect(reported('score p: sum(l in won[p]: l.price) "{l}"')).toEqual([]);
    // A tie-breaker's label is its words: braces in it are no template.
    expect(reported(SCORE + '\ntiebreak p: cash[p] "coins {left"')).toEqual([]);
    // An empty label; a label showing a name the line does not have.
    expect(
      reported('score p: cash[p] " "\nscore p: count(won[p]) "lots"'),
    ).toEqual([`check/score-label ${scoreLine}:18`]);
    expect(
      reported('score p: cash[p] "cash"\nscore p: count(won[p]) "{l}"'),
    ).toEqual([`check/unknown-name ${scoreLine + 1}:26`]);
  });

  test("results carry each seat's parts, which add up to its score, and tell them", async () => {
    const { game } = await loadRulesKernel("parts-shop", DRILL, runtime);
    const names = (ids: readonly number[]) =>
      ids.map(
        (id) =>
          game.meta.cards[id]!.name ??
          `Lot ${game.meta.cards[id]!.fields.price}`,
      );
    for (const seed of [1, 2, 3]) {
      let match = runtime.createMatch(game as Game, { players: 3, seed });
      const rng = new runtime.Rng(seed);
      while (!runtime.isOver(match)) {
        const seat = runtime.whoMayAct(match).players[0]!;
        const outcome = runtime.applyMove(
          match,
          seat,
          runtime.chooseRandomMove(match.game, match.state, seat, rng),
        );
        if (!outcome.ok) throw new Error(outcome.reason);
        match = outcome.match;
      }
      const result = runtime.resultOf(match)!;
      const state = match.state as unknown as {
        zones: { won: number[][] };
        vars: { cash: number[] };
      };
      const price = (id: number) => game.meta.cards[id]!.fields.price as number;
      for (let seat = 0; seat < 3; seat++) {
        const dear = state.zones.won[seat]!.filter((id) => price(id) > 2);
        expect(result.parts?.[seat]).toEqual([
          { label: "cash", points: state.vars.cash[seat]! },
          ...dear.map((id, i) => ({
            label: names(dear)[i]!,
            points: price(id),
          })),
        ]);
        expect(
          result.parts![seat]!.reduce((sum, part) => sum + part.points, 0),
        ).toBe(result.scores[seat]![0]);
      }
      const line = describeResult(game, result, 0)[1]!;
      // The tie-breaker is told only when another seat has the same score.
      const tied = result.scores.some(
        (keys, seat) => seat !== 0 && keys[0] === result.scores[0]![0],
      );
      expect(line).toBe(
        `  you: ${result.scores[0]![0]} — ${result.parts![0]!.map((part) => `${part.label}: ${part.points}`).join(", ")}${tied ? ` (lots won: ${state.zones.won[0]!.length})` : ""}`,
      );
    }
  });

  test("the playout kernel scores the sum of the lines, as the state machine does", async () => {
    const { game } = await loadRulesKernel("parts-shop", DRILL, runtime);
    expectKernelReplays(runtime, game, {
      seed: 23,
      playerCounts: [2, 3, 4],
      gamesPerCount: 20,
      preferences: [false],
    });
  });
});
