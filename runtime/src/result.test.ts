import { describe, expect, it } from "vitest";
import { GameFault } from "./errors.js";
import { rankPlayers } from "./result.js";

describe("rankPlayers", () => {
  it("orders by score, higher first", () => {
    expect(rankPlayers([[3], [9], [5]])).toEqual({ scores: [[3], [9], [5]], ranking: [[1], [2], [0]], winners: [1] });
  });

  it("lets seats tied on the only key share a rank and the win", () => {
    const result = rankPlayers([[10], [7], [10]]);
    expect(result.ranking).toEqual([[0, 2], [1]]);
    expect(result.winners).toEqual([0, 2]);
  });

  it("breaks a tie with the first tie-breaker (For Sale: most coins)", () => {
    // Seats 0 and 1 both have 52; seat 1 kept 6 coins, seat 0 only 3.
    const result = rankPlayers([
      [52, 3],
      [52, 6],
      [47, 20],
    ]);
    expect(result.ranking).toEqual([[1], [0], [2]]);
    expect(result.winners).toEqual([1]);
  });

  it("goes on to the second tie-breaker, and ties seats equal on every key", () => {
    const result = rankPlayers([
      [5, 1, 2],
      [5, 1, 3],
      [5, 0, 9],
      [5, 1, 2],
      [6, 0, 0],
    ]);
    expect(result.ranking).toEqual([[4], [1], [0, 3], [2]]);
    expect(result.winners).toEqual([4]);
  });

  it("ties the whole table when all are equal", () => {
    expect(
      rankPlayers([
        [4, 4],
        [4, 4],
        [4, 4],
      ]).ranking,
    ).toEqual([[0, 1, 2]]);
  });

  it("handles negative scores", () => {
    expect(rankPlayers([[-2], [-1], [-3]]).ranking).toEqual([[1], [0], [2]]);
  });

  it("copies the scores rather than keeping the caller's arrays", () => {
    const scores = [[1], [2]];
    const result = rankPlayers(scores);
    scores[0]![0] = 99;
    expect(result.scores).toEqual([[1], [2]]);
  });

  it("faults on rows of different lengths or non-numbers", () => {
    expect(() => rankPlayers([[1, 2], [3]])).toThrow(GameFault);
    expect(() => rankPlayers([[1], [Number.NaN]])).toThrow(GameFault);
  });

  it("accepts -Infinity, the padding of a shorter list tie-breaker, as below every number", () => {
    const result = rankPlayers([
      [3, -Infinity],
      [3, -1000],
      [3, -Infinity],
      [2, 5],
    ]);
    expect(result.ranking).toEqual([[1], [0, 2], [3]]);
    expect(result.winners).toEqual([1]);
    expect(() =>
      rankPlayers([
        [3, Infinity],
        [3, 0],
      ]),
    ).toThrow(GameFault);
  });
});
