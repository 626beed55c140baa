// For Sale written for speed: what a performance-minded engineer writes when millions of random
// playouts are the point. One engine object reused by every playout, all state in flat typed
// arrays sized once, no allocation per move or per game, decks dealt through an index, sfc32
// inline (`Sfc32`). Cards are their values (Properties 1–30 are distinct; Currency values repeat).
//
// It plays exactly the games of the compiled For Sale under the random policy: the same shuffles
// and start player from the game seed, the same draws from the policy generator in the same order,
// the same hand order (a hand keeps the order its cards were bought in, since the policy picks a
// card by its index). `replay.test.ts` checks that move for move.

import { Sfc32 } from "./sfc32.js";

const STARTING_COINS = [0, 0, 0, 18, 18, 14, 14];
const REMOVED_CARDS = [0, 0, 0, 6, 2, 0, 0];
/** The Currency values in the order of the compiled game's card ids (shuffles permute positions). */
const CURRENCY = [0, 0, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15];
const MAX_SEATS = 6;
const HAND = 30;

/** A move as the replay test logs it: a raise is its amount (≥ 1), a pass 0, a sale the Property. */
export type Decision = number;

export class FastForSale {
  players = 4;
  readonly game = new Sfc32();
  readonly policy = new Sfc32();

  private readonly propertyDeck = new Int32Array(30);
  private readonly currencyDeck = new Int32Array(30);
  private propertyNext = 0;
  private currencyNext = 0;

  readonly coins = new Int32Array(MAX_SEATS);
  private readonly bid = new Int32Array(MAX_SEATS);
  private readonly passed = new Uint8Array(MAX_SEATS);
  /** Each seat's Properties in the order bought: seat s's are hand[s*30 .. s*30+handSize[s]). */
  private readonly hand = new Int32Array(MAX_SEATS * HAND);
  private readonly handSize = new Int32Array(MAX_SEATS);
  readonly money = new Int32Array(MAX_SEATS);

  private readonly auction = new Int32Array(MAX_SEATS);
  private auctionSize = 0;
  private readonly market = new Int32Array(MAX_SEATS);
  private readonly offer = new Int32Array(MAX_SEATS);

  /** Sets up a game: the compiled game's setup, in its order of random draws. */
  setup(players: number, gameSeed: number, policySeed: number): void {
    this.players = players;
    this.game.seed(gameSeed);
    this.policy.seed(policySeed);
    const deck = this.propertyDeck;
    const money = this.currencyDeck;
    for (let i = 0; i < 30; i++) {
      deck[i] = i + 1;
      money[i] = CURRENCY[i]!;
    }
    shuffle(this.game, deck);
    shuffle(this.game, money);
    // The removed cards are dealt from the top into the box, unseen.
    this.propertyNext = REMOVED_CARDS[players]!;
    this.currencyNext = REMOVED_CARDS[players]!;
    for (let p = 0; p < players; p++) {
      this.coins[p] = STARTING_COINS[players]!;
      this.handSize[p] = 0;
      this.money[p] = 0;
    }
  }

  /** Plays the set-up game to its end with the random policy; returns the decisions taken.
   *  `log`, when given, receives each decision (for the replay test; the benchmark passes none). */
  play(log?: Decision[]): number {
    const players = this.players;
    const policy = this.policy;
    const coins = this.coins;
    const bid = this.bid;
    const passed = this.passed;
    const auction = this.auction;
    const hand = this.hand;
    const handSize = this.handSize;
    let decisions = 0;
    let leader = this.game.int(players);

    // Phase 1: an auction per `players` Properties.
    while (this.propertyNext < 30) {
      for (let i = 0; i < players; i++) auction[i] = this.propertyDeck[this.propertyNext++]!;
      this.auctionSize = players;
      bid.fill(0);
      passed.fill(0);
      let inBidding = players;
      let high = 0;
      let bidder = leader;
      while (inBidding > 1) {
        const size = coins[bidder]! - high;
        const amounts = size > 0 ? size : 0;
        const choice = policy.int(amounts + 1);
        decisions++;
        if (choice < amounts) {
          high += 1 + choice;
          bid[bidder] = high;
          if (log) log.push(high);
        } else {
          if (log) log.push(0);
          addToHand(hand, handSize, bidder, this.takeAuction(false));
          const b = bid[bidder]!;
          coins[bidder] -= b - (b >> 1);
          bid[bidder] = 0;
          passed[bidder] = 1;
          inBidding--;
        }
        do bidder = bidder + 1 === players ? 0 : bidder + 1;
        while (passed[bidder]);
      }
      coins[bidder] -= bid[bidder]!;
      addToHand(hand, handSize, bidder, this.takeAuction(true));
      leader = bidder;
    }

    // Phase 2: a market of `players` Currency cards per round, every seat offering a Property.
    const market = this.market;
    const offer = this.offer;
    while (handSize[0]! > 0) {
      for (let i = 0; i < players; i++) market[i] = this.currencyDeck[this.currencyNext++]!;
      for (let p = 0; p < players; p++) {
        const at = policy.int(handSize[p]!);
        const base = p * HAND;
        offer[p] = hand[base + at]!;
        if (log) log.push(offer[p]!);
        // Out of the hand, the rest keeping their order.
        const last = base + --handSize[p]!;
        for (let i = base + at; i < last; i++) hand[i] = hand[i + 1]!;
        decisions++;
      }
      sortDescending(market, players);
      for (let p = 0; p < players; p++) {
        // Properties are distinct: a seat's rank is how many offers beat its own.
        let rank = 0;
        for (let q = 0; q < players; q++) if (offer[q]! > offer[p]!) rank++;
        this.money[p] += market[rank]!;
      }
    }
    for (let p = 0; p < players; p++) this.money[p] += coins[p]!;
    return decisions;
  }

  /** Removes the highest (or lowest) Property of the auction and returns it. */
  private takeAuction(highest: boolean): number {
    const auction = this.auction;
    const n = --this.auctionSize;
    let at = 0;
    for (let i = 1; i <= n; i++) if (highest ? auction[i]! > auction[at]! : auction[i]! < auction[at]!) at = i;
    const card = auction[at]!;
    auction[at] = auction[n]!;
    return card;
  }

  /** Per seat [money, coins], as the compiled game scores them. */
  scores(): number[][] {
    const rows: number[][] = [];
    for (let p = 0; p < this.players; p++) rows.push([this.money[p]!, this.coins[p]!]);
    return rows;
  }
}

function addToHand(hand: Int32Array, handSize: Int32Array, seat: number, card: number): void {
  hand[seat * HAND + handSize[seat]!++] = card;
}

/** Fisher–Yates from the last position down, as the runtime's `shuffle`. */
function shuffle(random: Sfc32, cards: Int32Array): void {
  for (let i = cards.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const card = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = card;
  }
}

function sortDescending(row: Int32Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const v = row[i]!;
    let at = i;
    while (at > 0 && row[at - 1]! < v) {
      row[at] = row[at - 1]!;
      at--;
    }
    row[at] = v;
  }
}
