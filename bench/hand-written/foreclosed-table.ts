// The table of a Foreclosed! game as the speed-written reference keeps it (foreclosed-fast.ts plays
// on it): zones as flat typed arrays sized once, in the compiled game's order where the random
// policy picks from them by index (hands, collections, play areas, the board); the discard pile and
// the cards under doubling cards are never read by the rules, so only their counts are kept. What
// the rules count is kept as the cards move (cards of each colour, Money cards, Hearts, Coins,
// cards in play, no-Exchange and Money-points cards in play, window cards in hand), so no rule
// scans a zone. Also the deal from the game seed, and the final scoring.

import { Sfc32 } from "./sfc32.js";
import * as cards from "./foreclosed-cards.js";

// Module-local copies of the card tables: read through the import bindings instead, the engine
// measured 12% fewer playouts per second (the bindings are not folded into the hot code).
const {
  ACTIONS, ACTION_COLOUR, ALL_COLOURS, BONUS, COIN, COIN_CHART, COIN_PAIRS, COIN_POINTS, COLOURS, COLOUR,
  COLOUR_PAIRS, DUAL, EFFECT, FEW_COLOURS, FIRST_ACTION, FIRST_DUAL, HAND, HEART, HEART_CHART, HEART_POINTS,
  KIND, MAX_SEATS, MONEY_POINTS, NONE, NO_EXCHANGE, PROPERTIES, SET_POINTS, SHOWN, STANDARD, TAKE_BACK,
  VALUE
} = cards;

export class ForeclosedTable {
  /** Seats: the players, and Merc after them in a 2-player game. */
  seats = 4;
  /** Seats below this are players; a seat at or above it is Merc. */
  humans = 4;
  readonly game = new Sfc32();

  /** The Property deck, dealt from deckNext (its top) on. */
  protected readonly deck = new Int32Array(PROPERTIES);
  protected deckNext = 0;
  protected deckSize = 0;
  protected readonly box = new Int32Array(MAX_SEATS);
  protected boxSize = 0;
  protected readonly actions = new Int32Array(ACTIONS);
  protected actionNext = 0;
  protected readonly setAside = new Int32Array(PROPERTIES);

  protected readonly hand = new Int32Array(MAX_SEATS * HAND);
  protected readonly handSize = new Int32Array(MAX_SEATS);
  /** No-Exchange and take-back cards in each hand: whether the round's windows open. */
  protected readonly noExchangeHeld = new Int32Array(MAX_SEATS);
  protected readonly takeBackHeld = new Int32Array(MAX_SEATS);
  /** Seat s's played Action cards: played[s*ACTIONS .. s*ACTIONS+playedSize[s]). */
  protected readonly played = new Int32Array(MAX_SEATS * ACTIONS);
  protected readonly playedSize = new Int32Array(MAX_SEATS);
  protected readonly board = new Int32Array(ACTIONS);
  protected boardSize = 0;
  /** Action cards in play: on the board, in play areas, on Property cards. */
  protected inPlay = 0;
  /** Doubling cards lying on each seat's Property cards. */
  protected readonly attached = new Int32Array(MAX_SEATS);
  protected readonly noExchange = new Int32Array(MAX_SEATS);
  protected readonly moneyPoints = new Int32Array(MAX_SEATS);
  /** Seats with a no-Exchange card in play, as bits. */
  protected shielded = 0;

  /** Seat s's Permanent Collection in the compiled order: collection[s*PROPERTIES ..). */
  protected readonly collection = new Int32Array(MAX_SEATS * PROPERTIES);
  protected readonly collectionSize = new Int32Array(MAX_SEATS);
  /** cards_of: seat s's cards counting as colour k at [s*COLOURS + k]. */
  protected readonly colourCount = new Int32Array(MAX_SEATS * COLOURS);
  protected readonly moneyCards = new Int32Array(MAX_SEATS);
  protected readonly hearts = new Int32Array(MAX_SEATS);
  protected readonly coinSymbols = new Int32Array(MAX_SEATS);
  protected readonly uncommitted = new Int32Array(MAX_SEATS);
  /** +1/+2 cards without a doubling card, and with one. */
  protected readonly undoubled = new Int32Array(MAX_SEATS);
  protected readonly doubledCount = new Int32Array(MAX_SEATS);
  protected readonly committed = new Int8Array(PROPERTIES);
  protected readonly doubled = new Uint8Array(PROPERTIES);
  /** The face-down card (-1: none) and the Exchange Area's card. */
  protected readonly secret = new Int32Array(MAX_SEATS);
  protected readonly exchange = new Int32Array(MAX_SEATS);

  readonly coins = new Int32Array(MAX_SEATS);
  protected readonly protection = new Int32Array(MAX_SEATS);
  /** Per seat, the seats that took its card this round, as bits ("a single Exchange between the
   *  same two players during a single round"). */
  protected readonly robbedBy = new Int32Array(MAX_SEATS);
  /** Seats whose card is Protected, as bits. */
  protected guarded = 0;
  protected chairman = 0;

  /** Deals a game: the compiled game's setup, in its order of draws from the game's generator. */
  deal(players: number, gameSeed: number): void {
    const seats = players === 2 ? 3 : players;
    this.seats = seats;
    this.humans = players;
    const game = this.game;
    game.seed(gameSeed);
    const actions = this.actions;
    for (let i = 0; i < ACTIONS; i++) actions[i] = FIRST_ACTION + i;
    shuffle(game, actions, ACTIONS);
    // Two Action cards to every seat, Merc's included.
    for (let p = 0; p < seats; p++) {
      this.handSize[p] = 0;
      this.noExchangeHeld[p] = 0;
      this.takeBackHeld[p] = 0;
      this.toHand(p, actions[2 * p]!);
      this.toHand(p, actions[2 * p + 1]!);
    }
    this.actionNext = 2 * seats;
    const deck = this.deck;
    for (let i = 0; i < PROPERTIES; i++) deck[i] = i;
    shuffle(game, deck, PROPERTIES);
    for (let i = 0; i < seats; i++) this.box[i] = deck[i]!;
    this.boxSize = seats;
    let next = seats;
    // Dealt cards (Standard only: the others are set aside) go straight to the collection, the
    // face-down one chosen in `play`; Merc's face-down card is the next card as it comes.
    let asideSize = 0;
    const setAside = this.setAside;
    for (let p = 0; p < seats; p++) {
      this.collectionSize[p] = 0;
      this.secret[p] = p >= players ? deck[next++]! : -1;
      const dealt = p >= players ? 1 : 2;
      for (let got = 0; got < dealt; ) {
        const card = deck[next++]!;
        if (KIND[card] === STANDARD) this.collection[p * PROPERTIES + got++] = card;
        else setAside[asideSize++] = card;
      }
    }
    // The set-aside cards go on top and the deck is shuffled again.
    const rest = PROPERTIES - next;
    deck.copyWithin(asideSize, next, PROPERTIES);
    for (let i = 0; i < asideSize; i++) deck[i] = setAside[i]!;
    this.deckSize = asideSize + rest;
    this.deckNext = 0;
    shuffle(game, deck, this.deckSize);
    for (let p = 0; p < seats; p++) this.coins[p] = 4;
    let chairman = game.int(seats);
    while (chairman >= players) chairman = game.int(seats);
    this.chairman = chairman;

    // Reset by loops: a typed array's fill is a call into the runtime, dearer than these few stores.
    for (let p = 0; p < seats; p++) {
      for (let k = 0; k < COLOURS; k++) this.colourCount[p * COLOURS + k] = 0;
      this.moneyCards[p] = 0;
      this.hearts[p] = 0;
      this.coinSymbols[p] = 0;
      this.uncommitted[p] = 0;
      this.undoubled[p] = 0;
      this.doubledCount[p] = 0;
      this.playedSize[p] = 0;
      this.attached[p] = 0;
      this.noExchange[p] = 0;
      this.moneyPoints[p] = 0;
      this.protection[p] = 0;
      this.robbedBy[p] = 0;
    }
    // Only Duals are committed and only +1/+2 cards (the 4th and 5th of each colour) doubled.
    for (let c = FIRST_DUAL; c < FIRST_DUAL + 5; c++) this.committed[c] = NONE;
    for (let c = 3; c < FIRST_DUAL; c += 9) this.doubled[c] = this.doubled[c + 1] = 0;
    this.boardSize = 0;
    this.inPlay = 0;
    this.shielded = 0;
    this.guarded = 0;
  }

  protected toHand(p: number, card: number): void {
    this.hand[p * HAND + this.handSize[p]!++] = card;
    const effect = EFFECT[card];
    if (effect === NO_EXCHANGE) this.noExchangeHeld[p]++;
    else if (effect === TAKE_BACK) this.takeBackHeld[p]++;
  }

  protected removeFromHand(p: number, at: number): void {
    const base = p * HAND;
    const effect = EFFECT[this.hand[base + at]!];
    if (effect === NO_EXCHANGE) this.noExchangeHeld[p]--;
    else if (effect === TAKE_BACK) this.takeBackHeld[p]--;
    const last = base + --this.handSize[p]!;
    for (let i = base + at; i < last; i++) this.hand[i] = this.hand[i + 1]!;
  }

  protected takeFromHand(p: number, card: number): void {
    const base = p * HAND;
    let at = 0;
    while (this.hand[base + at] !== card) at++;
    this.removeFromHand(p, at);
  }

  protected toPlayArea(p: number, card: number): void {
    this.played[p * ACTIONS + this.playedSize[p]!++] = card;
    this.inPlay++;
    const effect = EFFECT[card];
    if (effect === NO_EXCHANGE) {
      this.noExchange[p]++;
      this.shielded |= 1 << p;
    } else if (effect === MONEY_POINTS) this.moneyPoints[p]++;
  }

  protected addToCollection(p: number, card: number): void {
    this.collection[p * PROPERTIES + this.collectionSize[p]!++] = card;
    const kind = KIND[card];
    if (kind === STANDARD) this.colourCount[p * COLOURS + COLOUR[card]!]++;
    else if (kind === DUAL) this.uncommitted[p]++;
    else this.moneyCards[p]++;
    if (HEART[card]) this.hearts[p]++;
    if (COIN[card]) this.coinSymbols[p]++;
    if (BONUS[card]! > 0) this.undoubled[p]++;
  }

  protected commitTo(p: number, dual: number, colour: number): void {
    this.committed[dual] = colour;
    this.uncommitted[p]--;
    this.colourCount[p * COLOURS + colour]++;
  }

  protected isUncommitted(card: number): boolean {
    return KIND[card] === DUAL && this.committed[card] === NONE;
  }

  protected swap(a: number, b: number): void {
    const card = this.exchange[a]!;
    this.exchange[a] = this.exchange[b]!;
    this.exchange[b] = card;
    this.robbedBy[b] |= 1 << a;
  }

  /** Per seat, as the compiled game scores them: points (Sets, +1/+2, Action cards, cards in
   *  hand), then the tie-break (coins, less those scored). Not timed by the bench: written plainly. */
  scores(): number[][] {
    const rows: number[][] = [];
    const seats = this.seats;
    const humans = this.humans;
    const cardsOf = (p: number, k: number): number => this.colourCount[p * COLOURS + k]!;
    const medal = (a: number, p: number): number => {
      const has = (k: number): boolean => cardsOf(p, k) > 0;
      switch (EFFECT[a]) {
        case MONEY_POINTS:
          return this.moneyCards[p]!;
        case COLOUR_PAIRS:
          return Math.floor(cardsOf(p, ACTION_COLOUR[a]!) / 2);
        case ALL_COLOURS:
          return [1, 2, 3, 4, 5].every(has) ? VALUE[a]! : 0;
        case FEW_COLOURS:
          return [1, 2, 3, 4, 5].every((k) => has(k) === ((SHOWN[a]! >> k) & 1) > 0) ? VALUE[a]! : 0;
        case COIN_PAIRS:
          return Math.floor(this.coins[p]! / 2);
        case HEART_CHART:
          return HEART_POINTS[Math.min(this.hearts[p]!, 6)]!;
        case COIN_CHART:
          return COIN_POINTS[Math.min(this.coinSymbols[p]!, 5)]!;
        default:
          return 0;
      }
    };
    for (let p = 0; p < seats; p++) {
      // Merc scores the Action cards of every player's area too.
      const areas: number[] = [];
      for (let q = 0; q < seats; q++) if (q === p || (p >= humans && q < humans)) areas.push(q);
      let points = 0;
      for (let k = 1; k < COLOURS; k++) points += SET_POINTS[cardsOf(p, k)]!;
      for (let i = 0; i < this.collectionSize[p]!; i++) {
        const c = this.collection[p * PROPERTIES + i]!;
        points += this.doubled[c] ? 2 * BONUS[c]! : BONUS[c]!;
      }
      let cashScored = false;
      for (const q of areas) {
        for (let i = 0; i < this.playedSize[q]!; i++) {
          const a = this.played[q * ACTIONS + i]!;
          points += medal(a, p);
          if (EFFECT[a] === COIN_PAIRS) cashScored = true;
        }
      }
      for (let i = 0; i < this.boardSize; i++) points -= Math.floor(cardsOf(p, ACTION_COLOUR[this.board[i]!]!) / 2);
      points += this.handSize[p]!;
      const coins = this.coins[p]!;
      rows.push([points, coins - (cashScored ? 2 * Math.floor(coins / 2) : 0)]);
    }
    return rows;
  }

  /** Shuffles the game box (Merc's Money card is replaced from it). */
  protected shuffleBox(): void {
    shuffle(this.game, this.box, this.boxSize);
  }
}

/** Fisher–Yates over cards[0 .. size) from the last position down, as the runtime's `shuffle`. */
function shuffle(random: Sfc32, cards: Int32Array, size: number): void {
  for (let i = size - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const card = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = card;
  }
}
