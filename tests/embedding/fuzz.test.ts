// The CI share of `npm run fuzz`: hostile moves and saves (bench/hostile.ts) against every compiled
// game, at its smallest and largest table, at the start and a few moves in. Bounded: a few thousand
// moves and a few hundred saves in all. The full run, with its figures, is `npm run fuzz`.
import { describe, expect, it } from "vitest";
import { games } from "@rules/generated";
import { Rng } from "@rules/runtime/internal";
import { emptyMoveCounts, emptySaveCounts, fuzzMoves, fuzzSaves, playerCounts, randomMatch } from "../../bench/hostile.js";

describe.each(Object.values(games).map((game) => [game.id, game] as const))("%s under hostile input", (_, game) => {
  const counts = playerCounts(game);
  const tables = [...new Set([counts[0]!, counts[counts.length - 1]!])];

  it("refuses every hostile move with a typed, bounded reason, or applies it consistently; never throws", () => {
    const moves = emptyMoveCounts();
    for (const players of tables) {
      for (const depth of [0, 7]) fuzzMoves(randomMatch(game, players, 11 + depth, depth), new Rng(depth), moves);
    }
    expect(moves.examples).toEqual([]);
    expect(moves.moves).toBeGreaterThan(100);
    expect({ untyped: moves.untyped, badReasons: moves.badReasons, inconsistent: moves.inconsistent }).toEqual({ untyped: 0, badReasons: 0, inconsistent: 0 });
    // Most are refused: the few accepted are legal moves a mutation happened to leave legal.
    expect(moves.refused).toBeGreaterThan(moves.accepted * 10);
  }, 120_000);

  it("refuses every tampered save with a MatchError, or loads it as exactly the match its options and log make", () => {
    const saves = emptySaveCounts();
    fuzzSaves(randomMatch(game, tables[0]!, 5, 12), new Rng(5), saves);
    expect(saves.examples).toEqual([]);
    expect(saves.saves).toBeGreaterThan(20);
    expect({ tampered: saves.tamperedAccepted, untyped: saves.untyped, badMessages: saves.badMessages }).toEqual({ tampered: 0, untyped: 0, badMessages: 0 });
  }, 120_000);
});
