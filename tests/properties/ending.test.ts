// Property 1: random legal play always ends, within a cap, with scores, a ranking and winners;
// until then, exactly the seats that may act have legal moves, and every one of them is accepted.
// (A game listed as running long, harness.ts RUNS_LONG, is played for its first moves only.)

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { games } from "@rules/generated";
import { isBotSeat, legalMoves, resultOf, whoMayAct } from "@rules/runtime/internal";
import type { Match } from "@rules/runtime/internal";
import { dealArb, domainSize, play, runsFor, tables } from "./harness.js";

/** Positive when scores `a` beat `b`: the first key that differs decides, higher is better. */
function compareScores(a: readonly number[], b: readonly number[]): number {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k]! - b[k]!;
  return 0;
}

/** Why the match, not over, is stuck or offers moves to seats that may not act. */
function waitingProblems(match: Match): string[] {
  const problems: string[] = [];
  const activity = whoMayAct(match);
  if (activity.players.length === 0) problems.push("nobody may act");
  // A seat the rules play (a `bot`) is never asked: the rules decide for it.
  for (const seat of activity.players) if (isBotSeat(match.state, seat)) problems.push(`seat ${seat}, a bot, is asked to act`);
  if (resultOf(match) !== null) problems.push("it has a result before it is over");
  for (let seat = 0; seat < match.state.players; seat++) {
    const options = legalMoves(match, seat);
    if (!activity.players.includes(seat)) {
      if (options.length > 0) problems.push(`seat ${seat} may not act but has legal moves`);
      continue;
    }
    if (options.length === 0) problems.push(`seat ${seat} may act but has no legal move`);
    for (const option of options) {
      for (const [name, domain] of Object.entries(option.parameters)) {
        if (domainSize(domain) === 0) problems.push(`seat ${seat}'s ${option.type} has no ${name} to choose`);
      }
    }
  }
  return problems;
}

function expectResult(match: Match): void {
  const { players } = match.state;
  expect(whoMayAct(match)).toEqual({ kind: "over", players: [] });
  for (let seat = 0; seat < players; seat++) expect(legalMoves(match, seat)).toEqual([]);

  const result = resultOf(match);
  expect(result).not.toBeNull();
  const { scores, ranking, winners } = result!;
  expect(scores).toEqual(match.game.scores(match.state));
  expect(scores).toHaveLength(players);
  for (const row of scores) {
    expect(row.length).toBe(scores[0]!.length);
    expect(row.length).toBeGreaterThan(0);
    // -Infinity pads a list tie-breaker that is shorter for some seats; NaN and +Infinity mean nothing.
    for (const key of row) expect(Number.isNaN(key) || key === Number.POSITIVE_INFINITY).toBe(false);
  }
  // The ranking holds every seat once, in non-empty groups of tied seats, best group first.
  expect(ranking.flat().sort((a, b) => a - b)).toEqual([...Array(players).keys()]);
  for (const [i, group] of ranking.entries()) {
    expect(group.length).toBeGreaterThan(0);
    for (const seat of group) expect(compareScores(scores[seat]!, scores[group[0]!]!)).toBe(0);
    const next = ranking[i + 1];
    if (next !== undefined) expect(compareScores(scores[group[0]!]!, scores[next[0]!]!)).toBeGreaterThan(0);
  }
  expect(winners).toEqual(ranking[0]);
}

describe.each(tables)("$name", (table) => {
  it("is registered under its own id", () => {
    expect(games[table.game.id]).toBe(table.game);
  });

  it("ends under random legal play, with scores, a ranking and winners", () => {
    fc.assert(
      fc.property(dealArb, (deal) => {
        const final = play(table, deal, (match) => {
          if (whoMayAct(match).kind === "over") return;
          const problems = waitingProblems(match);
          if (problems.length > 0)
            expect(problems, `after ${match.log.length} moves, at "${match.state.pc}"`).toEqual([]);
        });
        // A table that runs long stops after its first moves (harness.ts, RUNS_LONG); one that
        // ends there has its result checked as any other.
        if (table.runsLong && whoMayAct(final).kind !== "over") return;
        expectResult(final);
      }),
      runsFor(table, 1200, "ending"),
    );
  });
});
