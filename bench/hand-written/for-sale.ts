// For Sale written by hand, the way one would without a rules compiler: plain arrays of card
// values, one mutable state, rule checks inline. It is the yardstick the generated engine is
// measured against, so it plays every rule of shared/rulebooks/for-sale.en.txt for 3–6 players.
// Money is counted in thousands of dollars; a card is its value (Properties 1–30 are distinct).

import { randomInt, seedRandom, shuffle, type RandomState, type Rng } from "@rules/runtime";

export type Seat = number;
export type Phase = "buying" | "selling" | "over";

/** "60 coins of $1,000 and 12 coins of $2,000." */
export const BANK_AT_START = 84;
/** "two $2,000 coins and fourteen $1,000 coins" with 3–4 players, "ten" with 5–6; by player count. */
export const STARTING_COINS: Readonly<Record<number, number>> = { 3: 18, 4: 18, 5: 14, 6: 14 };
/** Property and Currency cards of each kind put back in the box unseen, by player count. */
export const REMOVED_CARDS: Readonly<Record<number, number>> = { 3: 6, 4: 2, 5: 0, 6: 0 };

/** "30 Property cards (numbered 1 to 30)". */
export const PROPERTY_CARDS: readonly number[] = Array.from({ length: 30 }, (_, i) => i + 1);
/** "30 Currency cards (values $0 to $15,000, skipping $1,000 — two of each)". */
const CURRENCY_VALUES = [0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
export const CURRENCY_CARDS: readonly number[] = CURRENCY_VALUES.flatMap((v) => [v, v]);

export interface ForSale {
  readonly players: number;
  /** The game's own generator: shuffles and the start player. */
  readonly random: RandomState;
  phase: Phase;
  /** Draw decks; the top card is the last element, so dealing is `pop`. */
  propertyDeck: number[];
  currencyDeck: number[];
  /** Cards removed unseen at setup. */
  propertyBox: number[];
  currencyBox: number[];
  bank: number;
  coins: number[];
  /** Properties bought, by seat: the player's hand in phase 2. */
  properties: number[][];

  // Phase 1: the auction on the table.
  /** Properties up for auction, lowest first: a passer takes the first, the last bidder the last. */
  auction: number[];
  /** Each seat's standing bid this auction (0: none yet). */
  bids: number[];
  passed: boolean[];
  /** Players still in the bidding. */
  bidders: number;
  highBid: number;
  /** Whose turn it is to bid or pass. */
  turn: Seat;

  // Phase 2: the simultaneous sale.
  /** Currency cards on offer this round, highest first. */
  market: number[];
  /** The Property each seat has placed face down this round, or 0 while it has not chosen. */
  offers: number[];
  offersIn: number;
  /** Currency cards won, by seat. */
  proceeds: number[][];
  sold: number[];
}

/** Deck orders for tests, top card first, in place of the shuffles; and a fixed start player. */
export interface Stacking {
  readonly propertyDeck?: readonly number[];
  readonly currencyDeck?: readonly number[];
  readonly startPlayer?: Seat;
}

/** Sets up a game and turns up the first auction. */
export function newGame(players: number, seed: number, stacking: Stacking = {}): ForSale {
  if (!Number.isInteger(players) || players < 3 || players > 6) {
    throw new RangeError(`For Sale is for 3 to 6 players, not ${players}`);
  }
  const random = seedRandom(seed);
  const propertyDeck = deckFrom(random, PROPERTY_CARDS, stacking.propertyDeck);
  const currencyDeck = deckFrom(random, CURRENCY_CARDS, stacking.currencyDeck);
  const removed = REMOVED_CARDS[players]!;
  const startingCoins = STARTING_COINS[players]!;
  const game: ForSale = {
    players,
    random,
    phase: "buying",
    propertyDeck,
    currencyDeck,
    propertyBox: propertyDeck.splice(propertyDeck.length - removed, removed),
    currencyBox: currencyDeck.splice(currencyDeck.length - removed, removed),
    bank: BANK_AT_START - players * startingCoins,
    coins: new Array<number>(players).fill(startingCoins),
    properties: emptyPiles(players),
    auction: [],
    bids: new Array<number>(players).fill(0),
    passed: new Array<boolean>(players).fill(false),
    bidders: 0,
    highBid: 0,
    turn: 0,
    market: [],
    offers: new Array<number>(players).fill(0),
    offersIn: 0,
    proceeds: emptyPiles(players),
    sold: [],
  };
  // "The player who lives in the largest house starts": drawn at random.
  openAuction(game, stacking.startPlayer ?? randomInt(random, players));
  return game;
}

function emptyPiles(players: number): number[][] {
  const piles: number[][] = [];
  for (let seat = 0; seat < players; seat++) piles.push([]);
  return piles;
}

/** A stacked deck (given top first, stored top last) or a shuffled copy of all the cards. */
function deckFrom(random: RandomState, cards: readonly number[], stacked: readonly number[] | undefined): number[] {
  if (stacked !== undefined) return [...stacked].reverse();
  const deck = [...cards];
  shuffle(random, deck);
  return deck;
}

/** "Turn face up as many Property cards as there are players"; `leader` bids first. */
function openAuction(game: ForSale, leader: Seat): void {
  for (let i = 0; i < game.players; i++) placeInOrder(game.auction, game.propertyDeck.pop()!, 1);
  game.bids.fill(0);
  game.passed.fill(false);
  game.bidders = game.players;
  game.highBid = 0;
  game.turn = leader;
}

/** The player to move bids `amount`: "higher than the previous bid", and at most their coins. */
export function raise(game: ForSale, amount: number): void {
  if (game.phase !== "buying") throw new Error(`no auction is running: the game is ${game.phase}`);
  const seat = game.turn;
  if (!Number.isInteger(amount) || amount <= game.highBid || amount > game.coins[seat]!) {
    throw new RangeError(`seat ${seat} may bid ${game.highBid + 1} to ${game.coins[seat]}, not ${amount}`);
  }
  game.bids[seat] = amount;
  game.highBid = amount;
  game.turn = nextBidder(game, seat);
}

/** The player to move passes: takes the lowest Property and gets half their bid back, rounded down. */
export function pass(game: ForSale): void {
  if (game.phase !== "buying") throw new Error(`no auction is running: the game is ${game.phase}`);
  const seat = game.turn;
  game.properties[seat]!.push(game.auction.shift()!);
  const bid = game.bids[seat]!;
  const paid = bid - (bid >> 1);
  game.coins[seat]! -= paid;
  game.bank += paid;
  game.bids[seat] = 0;
  game.passed[seat] = true;
  game.bidders--;
  game.turn = nextBidder(game, seat);
  if (game.bidders === 1) closeAuction(game);
}

/** Clockwise from `seat`, the next player still in the bidding. */
function nextBidder(game: ForSale, seat: Seat): Seat {
  do seat = seat + 1 === game.players ? 0 : seat + 1;
  while (game.passed[seat]);
  return seat;
}

/** The last bidder pays the full bid, takes the highest Property and opens the next auction. */
function closeAuction(game: ForSale): void {
  const winner = game.turn;
  const bid = game.bids[winner]!;
  game.coins[winner]! -= bid;
  game.bank += bid;
  game.bids[winner] = 0;
  game.properties[winner]!.push(game.auction.pop()!);
  if (game.propertyDeck.length > 0) openAuction(game, winner);
  else openMarket(game);
}

/** Phase 2, each round: "as many Currency cards turned face up as there are players". */
function openMarket(game: ForSale): void {
  game.phase = "selling";
  for (let i = 0; i < game.players; i++) placeInOrder(game.market, game.currencyDeck.pop()!, -1);
}

/** `seat` places `property` from its hand face down; once all have, the cards are revealed and paid. */
export function sell(game: ForSale, seat: Seat, property: number): void {
  if (game.phase !== "selling") throw new Error(`nothing is being sold: the game is ${game.phase}`);
  if (game.offers[seat] !== 0) throw new Error(`seat ${seat} has already placed a Property this round`);
  const hand = game.properties[seat]!;
  const at = hand.indexOf(property);
  if (at < 0) throw new RangeError(`seat ${seat} holds no Property ${property}`);
  hand[at] = hand[hand.length - 1]!;
  hand.pop();
  game.offers[seat] = property;
  if (++game.offersIn === game.players) revealOffers(game);
}

/** "The highest Property card receives the highest Currency card", and so on down. */
function revealOffers(game: ForSale): void {
  const { offers, market } = game;
  for (let seat = 0; seat < game.players; seat++) {
    // Properties are distinct, so a card's rank is how many offers beat it.
    let rank = 0;
    for (let other = 0; other < game.players; other++) if (offers[other]! > offers[seat]!) rank++;
    game.proceeds[seat]!.push(market[rank]!);
    game.sold.push(offers[seat]!);
  }
  market.length = 0;
  offers.fill(0);
  game.offersIn = 0;
  // Everyone bought as many Properties as there were auctions, so all hands empty together.
  if (game.properties[0]!.length > 0) openMarket(game);
  else game.phase = "over";
}

/** Per seat [money, coins]: Currency cards plus coins, then coins to break ties. */
export function scores(game: ForSale): number[][] {
  return game.coins.map((coins, seat) => [game.proceeds[seat]!.reduce((sum, v) => sum + v, 0) + coins, coins]);
}

/** The richest players; among equals, those with the most coins. */
export function winners(game: ForSale): Seat[] {
  const table = scores(game);
  let best = table[0]!;
  for (const row of table) if (row[0]! > best[0]! || (row[0] === best[0] && row[1]! > best[1]!)) best = row;
  return table.flatMap((row, seat) => (row[0] === best[0] && row[1] === best[1] ? [seat] : []));
}

/**
 * Plays the game to its end with the benchmark's random policy and returns the decisions taken.
 * A bidder picks uniformly among passing and every legal amount; in phase 2 each player picks
 * uniformly among the Properties in hand.
 */
export function playRandomly(game: ForSale, policy: Rng): number {
  let decisions = 0;
  while (game.phase === "buying") {
    const amounts = Math.max(0, game.coins[game.turn]! - game.highBid);
    const choice = policy.int(amounts + 1);
    if (choice < amounts) raise(game, game.highBid + 1 + choice);
    else pass(game);
    decisions++;
  }
  while (game.phase === "selling") {
    for (let seat = 0; seat < game.players; seat++) {
      const hand = game.properties[seat]!;
      sell(game, seat, hand[policy.int(hand.length)]!);
      decisions++;
    }
  }
  return decisions;
}

/** Insertion into a row kept sorted (`direction` 1: lowest first, -1: highest first). Rows hold
 *  at most six cards, where this is about 4× faster than `Array.prototype.sort`. */
function placeInOrder(row: number[], card: number, direction: 1 | -1): void {
  let at = row.length;
  row.push(card);
  while (at > 0 && (row[at - 1]! - card) * direction > 0) {
    row[at] = row[at - 1]!;
    at--;
  }
  row[at] = card;
}
