import { describe, expect, it } from "vitest";
import { Rng } from "@rules/runtime";
import {
  CURRENCY_CARDS,
  PROPERTY_CARDS,
  newGame,
  pass,
  playRandomly,
  raise,
  scores,
  sell,
  winners,
  type ForSale,
} from "./for-sale.js";

const sorted = (cards: readonly number[]): number[] => [...cards].sort((a, b) => a - b);
const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);

/** Every Property, wherever it is: deck, box, table, hands, face-down offers, sold. */
function allProperties(game: ForSale): number[] {
  return sorted([
    ...game.propertyDeck,
    ...game.propertyBox,
    ...game.auction,
    ...game.properties.flat(),
    ...game.offers.filter((card) => card !== 0),
    ...game.sold,
  ]);
}

function allCurrency(game: ForSale): number[] {
  return sorted([...game.currencyDeck, ...game.currencyBox, ...game.market, ...game.proceeds.flat()]);
}

/** A copy of the state's data (the generator aside), to show a refused move changed nothing. */
function snapshot(game: ForSale): unknown {
  return JSON.parse(JSON.stringify(game));
}

describe("setup", () => {
  // "With 3 or 4 players ... two $2,000 coins and fourteen $1,000 coins"; "with 5 or 6 ... ten".
  it.each([
    [3, 18, 6],
    [4, 18, 2],
    [5, 14, 0],
    [6, 14, 0],
  ])("%i players: %i thousand each, %i cards of each kind removed", (players, coins, removed) => {
    const game = newGame(players, 7);
    expect(game.coins).toEqual(new Array(players).fill(coins));
    expect(game.bank).toBe(84 - players * coins);
    expect(game.propertyBox).toHaveLength(removed);
    expect(game.currencyBox).toHaveLength(removed);
    // The first auction is on the table: one Property per player, lowest first.
    expect(game.auction).toHaveLength(players);
    expect(game.auction).toEqual(sorted(game.auction));
    expect(game.propertyDeck).toHaveLength(30 - removed - players);
    expect(game.currencyDeck).toHaveLength(30 - removed);
    expect(allProperties(game)).toEqual(PROPERTY_CARDS);
    expect(allCurrency(game)).toEqual(sorted(CURRENCY_CARDS));
  });

  it("has the rulebook's cards: Properties 1 to 30, Currency $0 and $2,000–$15,000 twice each", () => {
    expect(PROPERTY_CARDS).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(CURRENCY_CARDS).toHaveLength(30);
    expect(CURRENCY_CARDS).not.toContain(1);
    for (const value of [0, 2, 9, 15]) expect(CURRENCY_CARDS.filter((v) => v === value)).toHaveLength(2);
  });

  it("is for 3 to 6 players", () => {
    expect(() => newGame(2, 1)).toThrow(RangeError);
    expect(() => newGame(7, 1)).toThrow(RangeError);
  });

  it("deals the same game from the same seed, and different games from different seeds", () => {
    expect(snapshot(newGame(4, 99))).toEqual(snapshot(newGame(4, 99)));
    const decks = new Set([1, 2, 3, 4, 5].map((seed) => newGame(4, seed).propertyDeck.join(",")));
    expect(decks.size).toBe(5);
  });

  it("draws the start player at random among all seats", () => {
    const leaders = new Set(Array.from({ length: 60 }, (_, seed) => newGame(4, seed).turn));
    expect(sorted([...leaders])).toEqual([0, 1, 2, 3]);
  });
});

describe("a stacked first auction, 4 players", () => {
  // Top first: 30 and 29 go back to the box; 12, 25, 3, 17 are auctioned; 1, 2, 4, 5 come next.
  const stacking = { propertyDeck: [30, 29, 12, 25, 3, 17, 1, 2, 4, 5], startPlayer: 2 };

  it("runs as worked out by hand from the rulebook", () => {
    const game = newGame(4, 1, stacking);
    expect(sorted(game.propertyBox)).toEqual([29, 30]);
    expect(game.auction).toEqual([3, 12, 17, 25]);
    expect(game.turn).toBe(2);

    raise(game, 2); // seat 2 opens at $2,000
    expect(game.turn).toBe(3);
    raise(game, 3); // seat 3 goes higher
    expect(game.turn).toBe(0);
    pass(game); // seat 0 passes without bidding: takes the lowest, 3, and pays nothing
    expect(game.properties[0]).toEqual([3]);
    expect(game.coins[0]).toBe(18);
    expect(game.turn).toBe(1);
    raise(game, 5);
    expect(game.turn).toBe(2);
    pass(game); // seat 2 bid 2: gets 1 back, so pays 1, and takes 12
    expect(game.properties[2]).toEqual([12]);
    expect(game.coins[2]).toBe(17);
    expect(game.turn).toBe(3);
    raise(game, 8);
    expect(game.turn).toBe(1); // seat 0 has passed and is skipped
    pass(game); // seat 1 bid 5: half is 2.5, rounded down 2 back, so pays 3, and takes 17
    expect(game.properties[1]).toEqual([17]);
    expect(game.coins[1]).toBe(15);

    // Seat 3 alone remains: pays the full 8, takes the highest, 25, and opens the next auction.
    expect(game.properties[3]).toEqual([25]);
    expect(game.coins).toEqual([18, 15, 17, 10]);
    expect(game.bank).toBe(12 + 1 + 3 + 8);
    expect(game.auction).toEqual([1, 2, 4, 5]);
    expect(game.bids).toEqual([0, 0, 0, 0]);
    expect(game.passed).toEqual([false, false, false, false]);
    expect(game.highBid).toBe(0);
    expect(game.turn).toBe(3);
  });

  it("refuses a bid not higher than the last, or above the bidder's coins, and changes nothing", () => {
    const game = newGame(4, 1, stacking);
    raise(game, 3);
    const before = snapshot(game);
    expect(() => raise(game, 3)).toThrow(RangeError);
    expect(() => raise(game, 2)).toThrow(RangeError);
    expect(() => raise(game, 19)).toThrow(RangeError);
    expect(() => raise(game, 3.5)).toThrow(RangeError);
    expect(snapshot(game)).toEqual(before);
    raise(game, 18); // all of one's coins is allowed
    expect(game.highBid).toBe(18);
  });

  it("lets a player who cannot outbid only pass", () => {
    const game = newGame(4, 1, stacking);
    raise(game, 18); // seat 2 bids everything; nobody can go higher
    expect(() => raise(game, 19)).toThrow(RangeError);
    pass(game);
    pass(game);
    pass(game);
    expect(game.coins[2]).toBe(0);
    expect(game.properties[2]).toEqual([25]);
    expect(game.turn).toBe(2);
  });

  it("refuses a sale during the auctions", () => {
    const game = newGame(4, 1, stacking);
    expect(() => sell(game, 0, 3)).toThrow();
  });
});

describe("a whole stacked game, 3 players", () => {
  // The top 6 of each deck go to the box. Properties then come up 1..24 in order, three an auction.
  const propertyDeck = [25, 26, 27, 28, 29, 30, ...PROPERTY_CARDS.slice(0, 24)];
  // Currency $13,000–$15,000 are boxed; the eight markets follow, three cards each.
  const markets = [
    [0, 12, 2],
    [12, 0, 3],
    [2, 11, 11],
    [3, 4, 10],
    [4, 10, 5],
    [9, 5, 6],
    [9, 8, 6],
    [7, 8, 7],
  ];
  const currencyDeck = [15, 15, 14, 14, 13, 13, ...markets.flat()];

  it("buys, sells and scores as worked out by hand", () => {
    const game = newGame(3, 1, { propertyDeck, currencyDeck, startPlayer: 0 });
    // Auction 1 (1, 2, 3): seat 0 bids 3, seat 1 bids 4, seat 2 passes for 1, seat 0 passes
    // for 2 (pays 3 - 1 = 2), seat 1 pays 4 for 3 and leads.
    raise(game, 3);
    raise(game, 4);
    pass(game);
    pass(game);
    expect(game.coins).toEqual([16, 14, 18]);
    expect(game.turn).toBe(1);
    // Then everyone passes: the leader takes the lowest, the next the middle, the third the
    // highest for nothing and leads the next auction. Leaders: 1, 0, 2, 1, 0, 2, 1.
    for (let auction = 2; auction <= 8; auction++) {
      pass(game);
      pass(game);
    }
    expect(game.phase).toBe("selling");
    expect(game.coins).toEqual([16, 14, 18]);
    expect(game.bank).toBe(84 - 3 * 18 + 2 + 4);
    expect(game.properties.map(sorted)).toEqual([
      [2, 6, 7, 11, 15, 16, 20, 24],
      [3, 4, 8, 12, 13, 17, 21, 22],
      [1, 5, 9, 10, 14, 18, 19, 23],
    ]);
    expect(game.market).toEqual([12, 2, 0]);

    // Each player sells their lowest Property each round.
    const hands = game.properties.map(sorted);
    for (let round = 0; round < 8; round++) {
      expect(sorted(game.market)).toEqual(sorted(markets[round]!));
      sell(game, 2, hands[2]![round]!);
      sell(game, 0, hands[0]![round]!);
      expect(() => sell(game, 0, hands[0]![7]!)).toThrow(); // one card a round
      sell(game, 1, hands[1]![round]!);
    }
    // Round by round (highest offer gets the highest card):
    //   offers 2,3,1 of [12,2,0] → seat 0: 2, seat 1: 12, seat 2: 0
    //   6,4,5 of [12,3,0] → 12, 0, 3;  7,8,9 of [11,11,2] → 2, 11, 11;  11,12,10 of [10,4,3] → 4, 10, 3
    //   15,13,14 of [10,5,4] → 10, 4, 5;  16,17,18 of [9,6,5] → 5, 6, 9;  20,21,19 of [9,8,6] → 8, 9, 6
    //   24,22,23 of [8,7,7] → 8, 7, 7
    expect(game.proceeds.map(sum)).toEqual([51, 59, 44]);
    expect(game.phase).toBe("over");
    expect(scores(game)).toEqual([
      [51 + 16, 16],
      [59 + 14, 14],
      [44 + 18, 18],
    ]);
    expect(winners(game)).toEqual([1]);
    expect(allProperties(game)).toEqual(PROPERTY_CARDS);
    expect(sorted(game.sold)).toEqual(PROPERTY_CARDS.slice(0, 24));
  });

  it("refuses to sell a Property the player does not hold", () => {
    const game = newGame(3, 1, { propertyDeck, currencyDeck, startPlayer: 0 });
    for (let auction = 1; auction <= 8; auction++) {
      pass(game);
      pass(game);
    }
    const before = snapshot(game);
    expect(() => sell(game, 0, 2)).toThrow(RangeError); // seat 1 took 2
    expect(() => raise(game, 1)).toThrow(); // the auctions are over
    expect(snapshot(game)).toEqual(before);
  });
});

describe("scoring", () => {
  it("breaks a tie on money by coins, and leaves a full tie shared", () => {
    const game = newGame(4, 3);
    game.coins = [4, 10, 6, 10];
    game.proceeds = [[20, 6], [20], [24], [15, 5]];
    expect(scores(game)).toEqual([
      [30, 4],
      [30, 10],
      [30, 6],
      [30, 10],
    ]);
    expect(winners(game)).toEqual([1, 3]);
    game.coins[3] = 9;
    game.proceeds[3] = [21];
    expect(winners(game)).toEqual([1]);
  });
});

describe("random play", () => {
  /** One decision of the benchmark's policy: uniform over pass and every legal bid, or over the hand. */
  function step(game: ForSale, rng: Rng): void {
    if (game.phase === "buying") {
      const amounts = Math.max(0, game.coins[game.turn]! - game.highBid);
      const choice = rng.int(amounts + 1);
      if (choice < amounts) raise(game, game.highBid + 1 + choice);
      else pass(game);
    } else {
      const seat = game.offers.indexOf(0);
      sell(game, seat, game.properties[seat]![rng.int(game.properties[seat]!.length)]!);
    }
  }

  it.each([3, 4, 5, 6])("%i players: money and cards are conserved after every decision", (players) => {
    for (let seed = 0; seed < 30; seed++) {
      const game = newGame(players, seed);
      const rng = new Rng(1000 + seed);
      let decisions = 0;
      while (game.phase !== "over") {
        step(game, rng);
        decisions++;
        expect(game.bank + sum(game.coins)).toBe(84);
        expect(game.coins.every((c) => c >= 0)).toBe(true);
        expect(allProperties(game)).toEqual(PROPERTY_CARDS);
        expect(allCurrency(game)).toEqual(sorted(CURRENCY_CARDS));
        // Everyone holds the same number of Properties at the end of every auction and sale.
        const between = game.phase === "buying" ? game.auction.length === players : game.offersIn === 0;
        if (between) {
          expect(new Set(game.properties.map((hand) => hand.length)).size).toBe(1);
        }
        expect(decisions).toBeLessThan(2000);
      }
      const removed = { 3: 6, 4: 2, 5: 0, 6: 0 }[players]!;
      expect(game.sold).toHaveLength(30 - removed);
      expect(game.proceeds.every((cards) => cards.length === (30 - removed) / players)).toBe(true);
    }
  });

  it("playRandomly plays to the end and counts one decision per bid, pass and sale", () => {
    for (let seed = 0; seed < 20; seed++) {
      const game = newGame(5, seed);
      const decisions = playRandomly(game, new Rng(seed));
      expect(game.phase).toBe("over");
      // Phase 2: 5 players sell 6 Properties each. Phase 1: 6 auctions, at least 4 passes each.
      expect(decisions - 5 * 6).toBeGreaterThanOrEqual(6 * 4);
      // The same seeds replay the same game.
      const again = newGame(5, seed);
      expect(playRandomly(again, new Rng(seed))).toBe(decisions);
      expect(snapshot(again)).toEqual(snapshot(game));
    }
  });
});
