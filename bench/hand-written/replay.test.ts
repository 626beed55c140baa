// The benchmark compares engines that must play the same games: the speed-written references
// replay, from the same game seed and policy seed, the very games the compiled engine plays with
// the runtime's random bot (`playRandomGame`), and every decision and the final scores must match.
// Distinct seeds only would not do: equal averages can hide a rule played differently.

import { describe, expect, it } from "vitest";
import { Rng, playRandomGame, type Game, type Move } from "@rules/runtime/internal";
import { games } from "@rules/generated";
import { FastForSale } from "./for-sale-fast.js";
import { FastLadyRichmond } from "./lady-richmond-fast.js";
import { FastFreakShop } from "./freak-shop-fast.js";
import { FastForeclosed } from "./foreclosed-fast.js";
import { FastKeysToKnowledge } from "./keys-to-knowledge-fast.js";

const GAMES = 300;

/** A speed-written reference: set up from a game seed and a policy seed, played to the end. */
interface Reference<D> {
  setup(players: number, gameSeed: number, policySeed: number, variants: readonly string[]): void;
  /** Logs each decision; returns how many there were. */
  play(log: D[]): number;
  scores(): number[][];
}

/** Plays `games` games (GAMES unless told) with the compiled engine's random bot and replays each
 *  with the reference: the same decisions (as `decision` logs a compiled move), as many, and the
 *  same scores. */
function expectSameGames<D>(
  compiled: Game,
  reference: Reference<D>,
  players: number,
  seedsSeed: number,
  decision: (seat: number, move: Move) => D,
  variants: readonly string[] = [],
  games = GAMES,
): void {
  const seeds = new Rng(seedsSeed);
  for (let i = 0; i < games; i++) {
    const gameSeed = seeds.int(2 ** 31);
    const policySeed = seeds.int(2 ** 31);
    const moves: D[] = [];
    const played = playRandomGame(compiled, { players, seed: gameSeed, variants }, new Rng(policySeed), (seat, move) => moves.push(decision(seat, move)));
    reference.setup(players, gameSeed, policySeed, variants);
    const log: D[] = [];
    const decisions = reference.play(log);
    expect(log, `game seed ${gameSeed}, policy seed ${policySeed}`).toEqual(moves);
    expect(decisions).toBe(played.decisions);
    expect(reference.scores()).toEqual(compiled.scores(played.state));
  }
}

/** The compiled For Sale's move as the reference logs it (see `Decision`). */
function forSaleDecision(move: Move, propertyValue: (card: number) => number): number {
  switch (move.type) {
    case "raise":
      return move.amount as number;
    case "pass":
      return 0;
    case "sell":
      return propertyValue(move.card as number);
    default:
      throw new Error(`unexpected move ${JSON.stringify(move)}`);
  }
}

describe("the speed-written For Sale plays the compiled engine's games move for move", () => {
  const compiled = games["for-sale"]!;
  const value = (card: number): number => compiled.meta.cards[card]!.fields["value"] as number;

  it.each([3, 4, 5, 6])("%i players", (players) => {
    expectSameGames(compiled, new FastForSale(), players, players, (_seat, move) => forSaleDecision(move, value));
  });
});

/** A compiled move as the references log it: "seat type parameters...", in declaration order. */
function logged(seat: number, move: Move): string {
  let text = `${seat} ${move.type}`;
  // A set of cards is its card ids joined by commas (String of an array).
  for (const key in move) if (key !== "type") text += ` ${String(move[key])}`;
  return text;
}

describe("the speed-written Lady Richmond plays the compiled engine's games move for move", () => {
  const compiled = games["lady-richmond"]!;

  it.each([2, 3, 4, 5])("%i players", (players) => {
    expectSameGames(compiled, new FastLadyRichmond(), players, 100 + players, logged);
  });
});

describe("the speed-written Freak Shop plays the compiled engine's games move for move", () => {
  const compiled = games["freak-shop"]!;

  it.each([2, 3, 4, 5])("%i players", (players) => {
    expectSameGames(compiled, new FastFreakShop(), players, 200 + players, logged);
  });
});

describe("the speed-written Foreclosed! plays the compiled engine's games move for move", () => {
  const compiled = games["foreclosed"]!;

  // Two players play with Merc, the rules' third seat.
  it.each([2, 3, 4, 5, 6])("%i players", (players) => {
    expectSameGames(compiled, new FastForeclosed(), players, 300 + players, logged);
  });
});

describe("the speed-written Keys to Knowledge plays the compiled engine's games move for move", () => {
  const compiled = games["keys-to-knowledge"]!;
  // Random players take thousands of decisions to end the full game (a mean of about 5,600 at 2
  // players, 12,000 at 4): many short games (20 rounds, four deeds dealt), fewer full ones, which
  // end in bankruptcies (debts raised, deeds seized and auctioned, the last player left).
  it.each([2, 3, 4, 5, 6])("%i players, short game", (players) => {
    expectSameGames(compiled, new FastKeysToKnowledge(), players, 300 + players, logged, ["short"], 60);
  });

  it("2 players, full game", () => {
    expectSameGames(compiled, new FastKeysToKnowledge(), 2, 310, logged, [], 6);
  });

  it("4 players, full game", () => {
    expectSameGames(compiled, new FastKeysToKnowledge(), 4, 311, logged, [], 2);
  });

  // The full game on the small board may not end within the runtime's 100,000 decisions.
  it("5 players on the small board, short game", () => {
    expectSameGames(compiled, new FastKeysToKnowledge(), 5, 313, logged, ["small_board", "short"], 40);
  });
});
