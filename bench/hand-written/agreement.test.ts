// The benchmark compares two engines of one game: this checks they are one game. Both play
// many random games under the same policy, on different seeds, and the averages that the rules
// shape (game length, coins left, the winner's money) must agree within sampling error.

import { describe, expect, it } from "vitest";
import { Rng, playRandomGame } from "@rules/runtime";
import { games } from "@rules/generated";
import { newGame, playRandomly, scores } from "./for-sale.js";

const PLAYOUTS = 1500;
/** Means further apart than this many standard errors are not chance (p < 10^-4). */
const Z_LIMIT = 4;

interface Outcome {
  readonly decisions: number;
  readonly coinsLeft: number;
  readonly winningMoney: number;
}

function outcome(decisions: number, table: readonly (readonly number[])[]): Outcome {
  return {
    decisions,
    coinsLeft: table.reduce((sum, row) => sum + row[1]!, 0),
    winningMoney: Math.max(...table.map((row) => row[0]!)),
  };
}

/** How many standard errors apart the two samples' means are (Welch). */
function zScore(a: readonly number[], b: readonly number[]): number {
  const moments = (xs: readonly number[]) => {
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1);
    return { mean, variance };
  };
  const x = moments(a);
  const y = moments(b);
  const error = Math.sqrt(x.variance / a.length + y.variance / b.length);
  return error === 0 ? (x.mean === y.mean ? 0 : Infinity) : Math.abs(x.mean - y.mean) / error;
}

describe("the hand-written and the generated For Sale play the same game", () => {
  const generated = games["for-sale"]!;

  it.each([3, 4, 5, 6])("%i players: random games agree on average", (players) => {
    const hand: Outcome[] = [];
    const compiled: Outcome[] = [];
    for (let i = 0; i < PLAYOUTS; i++) {
      const game = newGame(players, i);
      hand.push(outcome(playRandomly(game, new Rng(i + 1_000_000)), scores(game)));
      // Other seeds: equal draws would make the two engines' bidding identical by construction.
      const played = playRandomGame(generated, { players, seed: i + 2_000_000 }, new Rng(i + 3_000_000));
      compiled.push(outcome(played.decisions, generated.scores(played.state)));
    }
    for (const key of ["decisions", "coinsLeft", "winningMoney"] as const) {
      const z = zScore(
        hand.map((o) => o[key]),
        compiled.map((o) => o[key]),
      );
      expect(z, `${key} differs by ${z.toFixed(1)} standard errors`).toBeLessThan(Z_LIMIT);
    }
  });
});
