// Foreclosed! written for speed, as for-sale-fast.ts: one engine object reused by every playout,
// flat typed arrays sized once, no allocation per move or per game, sfc32 inline (`Sfc32`). Cards
// are the compiled game's card ids (Property cards 0–59: 45 Standard by colour, 5 Duals, 10
// Money; Action cards 60–98 in the rules' order), so a shuffle permutes the same ids into the
// same order. Colours are the enum's indices (1 red … 5 blue, 0 none).
//
// It plays exactly the games of the compiled Foreclosed! under the runtime's random bot
// (`playRandomGame`): the same shuffles, Chairman, Merc's discards and tie-breaking rolls from the
// game seed; from the policy seed the same draws in the same order. Decisions whose moves the
// compiled game counts are drawn uniformly among them (an amount range counting as its amounts);
// the turn decision and the two windows are drawn as the compiled sampler for constrained moves
// draws them: an offered option uniformly, then its parameter among the listed legal values.
// Zones the policy picks from by index (hands, collections, play areas, the board) keep the
// compiled game's order; the discard pile and the cards under doubling cards are never read by the
// rules, so only their counts are kept (cards in play). Per-seat counts (cards of each colour,
// Money cards, Hearts, Coins, no-Exchange and Money-points cards in play) are kept as the cards
// move, so no rule scans a zone to count. `replay.test.ts` checks this move for move.

import { Sfc32 } from "./sfc32.js";

const PROPERTIES = 60;
const FIRST_DUAL = 45;
const ACTIONS = 39;
const FIRST_ACTION = 60;
const CARDS = 99;
const MAX_SEATS = 6;
/** A hand holds at most 5 Action cards, 6 for a moment before a discard. */
const HAND = 6;
const COLOURS = 6;

// Property kinds and colours as the rules declare them.
const STANDARD = 0;
const DUAL = 1;
const MONEY = 2;
const NONE = 0;
const COLOUR_NAMES = ["none", "red", "orange", "yellow", "green", "blue"];

// Action effects, in the rules' order.
const GAIN_TWO = 0;
const TAKE_BACK = 1;
const OTHERS_LOSE_ONE = 2;
const DISCARD_ACTION = 3;
const NO_EXCHANGE = 4;
const MONEY_POINTS = 5;
const DOUBLE_BONUS = 6;
const COLOUR_PAIRS = 7;
const COLOUR_PENALTY = 8;
const ALL_COLOURS = 9;
const FEW_COLOURS = 10;
const COIN_PAIRS = 11;
const HEART_CHART = 12;
const COIN_CHART = 13;

const KIND = new Int8Array(PROPERTIES);
const COLOUR = new Int8Array(PROPERTIES);
const SECOND = new Int8Array(PROPERTIES);
const BONUS = new Int8Array(PROPERTIES);
const COIN = new Uint8Array(PROPERTIES);
const HEART = new Uint8Array(PROPERTIES);
/** The colours a card shows, as bits 1–5: a Dual's two, a Standard card's one, none for Money. */
const SHOWS = new Uint8Array(PROPERTIES);
const EFFECT = new Int8Array(CARDS);
const ACTION_COLOUR = new Int8Array(CARDS);
const VALUE = new Int8Array(CARDS);
/** The colours a few-colours card shows, as bits 1–5. */
const SHOWN = new Uint8Array(CARDS);
{
  let id = 0;
  for (let c = 1; c <= 5; c++) {
    for (let n = 1; n <= 9; n++, id++) {
      KIND[id] = STANDARD;
      COLOUR[id] = c;
      BONUS[id] = n === 4 ? 1 : n === 5 ? 2 : 0;
      COIN[id] = n <= 2 ? 1 : 0;
      HEART[id] = n === 3 ? 1 : 0;
      SHOWS[id] = 1 << c;
    }
  }
  for (let c = 1; c <= 5; c++, id++) {
    KIND[id] = DUAL;
    COLOUR[id] = c;
    SECOND[id] = c === 5 ? 1 : c + 1;
    SHOWS[id] = (1 << c) | (1 << SECOND[id]!);
  }
  for (let m = 1; m <= 10; m++, id++) {
    KIND[id] = MONEY;
    COIN[id] = m === 3 ? 1 : 0;
    HEART[id] = m <= 2 ? 1 : 0;
  }
  // Action cards: effect and copies, then the colour cards, the valued ones and the charts.
  const copies: [number, number][] = [[GAIN_TWO, 4], [TAKE_BACK, 3], [OTHERS_LOSE_ONE, 3], [DISCARD_ACTION, 3], [NO_EXCHANGE, 3], [MONEY_POINTS, 2], [DOUBLE_BONUS, 3]];
  for (const [effect, n] of copies) for (let i = 0; i < n; i++) EFFECT[id++] = effect;
  for (let c = 1; c <= 5; c++) (EFFECT[id] = COLOUR_PAIRS), (ACTION_COLOUR[id++] = c);
  for (let c = 1; c <= 5; c++) (EFFECT[id] = COLOUR_PENALTY), (ACTION_COLOUR[id++] = c);
  for (let v = 2; v <= 4; v++) (EFFECT[id] = ALL_COLOURS), (VALUE[id++] = v);
  // Red, orange and yellow for 5 points; the same and green for 2.
  (EFFECT[id] = FEW_COLOURS), (VALUE[id] = 5), (SHOWN[id++] = 0b1110);
  (EFFECT[id] = FEW_COLOURS), (VALUE[id] = 2), (SHOWN[id++] = 0b11110);
  EFFECT[id++] = COIN_PAIRS;
  EFFECT[id++] = HEART_CHART;
  EFFECT[id++] = COIN_CHART;
}
const SET_POINTS = [0, 1, 2, 4, 6, 9, 12, 16, 20, 25, 30, 36];
const HEART_POINTS = [-2, -2, 2, 3, 4, 6, 8];
const COIN_POINTS = [3, 3, 2, 1, -2, -3];

/** A move as the replay test logs it: "seat type parameters...", parameters in declaration order. */
export type Decision = string;

export class FastForeclosed {
  /** Seats: the players, and Merc after them in a 2-player game. */
  seats = 4;
  /** Seats below this are players; a seat at or above it is Merc. */
  humans = 4;
  readonly game = new Sfc32();
  readonly policy = new Sfc32();

  /** The Property deck, dealt from deckNext (its top) on. */
  private readonly deck = new Int32Array(PROPERTIES);
  private deckNext = 0;
  private deckSize = 0;
  private readonly box = new Int32Array(MAX_SEATS);
  private boxSize = 0;
  private readonly actions = new Int32Array(ACTIONS);
  private actionNext = 0;

  private readonly hand = new Int32Array(MAX_SEATS * HAND);
  private readonly handSize = new Int32Array(MAX_SEATS);
  /** Seat s's played Action cards: played[s*ACTIONS .. s*ACTIONS+playedSize[s]). */
  private readonly played = new Int32Array(MAX_SEATS * ACTIONS);
  private readonly playedSize = new Int32Array(MAX_SEATS);
  private readonly board = new Int32Array(ACTIONS);
  private boardSize = 0;
  /** Action cards in play: on the board, in play areas, on Property cards. */
  private inPlay = 0;
  /** Doubling cards lying on each seat's Property cards. */
  private readonly attached = new Int32Array(MAX_SEATS);
  private readonly noExchange = new Int32Array(MAX_SEATS);
  /** No-Exchange and take-back cards in each hand: whether the round's windows open. */
  private readonly noExchangeHeld = new Int32Array(MAX_SEATS);
  private readonly takeBackHeld = new Int32Array(MAX_SEATS);
  private readonly moneyPoints = new Int32Array(MAX_SEATS);

  /** Seat s's Permanent Collection in the compiled order: collection[s*PROPERTIES ..). */
  private readonly collection = new Int32Array(MAX_SEATS * PROPERTIES);
  private readonly collectionSize = new Int32Array(MAX_SEATS);
  /** cards_of: seat s's cards counting as colour k at [s*COLOURS + k]. */
  private readonly colourCount = new Int32Array(MAX_SEATS * COLOURS);
  private readonly moneyCards = new Int32Array(MAX_SEATS);
  private readonly hearts = new Int32Array(MAX_SEATS);
  private readonly coinSymbols = new Int32Array(MAX_SEATS);
  private readonly uncommitted = new Int32Array(MAX_SEATS);
  /** +1/+2 cards without a doubling card, and with one. */
  private readonly undoubled = new Int32Array(MAX_SEATS);
  private readonly doubledCount = new Int32Array(MAX_SEATS);
  private readonly committed = new Int8Array(PROPERTIES);
  private readonly doubled = new Uint8Array(PROPERTIES);
  /** The face-down card (-1: none) and the Exchange Area's card. */
  private readonly secret = new Int32Array(MAX_SEATS);
  private readonly exchange = new Int32Array(MAX_SEATS);

  readonly coins = new Int32Array(MAX_SEATS);
  private readonly protection = new Int32Array(MAX_SEATS);
  private readonly hasTaken = new Uint8Array(MAX_SEATS);
  private readonly tookFrom = new Int32Array(MAX_SEATS);
  /** Seats passed over this turn, as bits. */
  private passed = 0;
  /** Seats with a no-Exchange card in play, as bits. */
  private shielded = 0;
  /** Seats the active player has not exchanged with this round (himself excluded), as bits. */
  private open = 0;
  private chairman = 0;

  // The turn being played, and scratch lists of a decision's legal values.
  private actionPlayed = false;
  private offered = false;
  private turnOver = false;
  private readonly cardList = new Int32Array(HAND);
  private readonly offerList = new Int32Array(MAX_SEATS);
  private readonly buyList = new Int32Array(MAX_SEATS);
  private readonly setAside = new Int32Array(PROPERTIES);

  private log: Decision[] | undefined = undefined;
  private decisions = 0;

  /** Sets up a game: the compiled game's setup, in its order of random draws. */
  setup(players: number, gameSeed: number, policySeed: number): void {
    const seats = players === 2 ? 3 : players;
    this.seats = seats;
    this.humans = players;
    const game = this.game;
    game.seed(gameSeed);
    this.policy.seed(policySeed);
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
      this.hasTaken[p] = 0;
      this.tookFrom[p] = 0;
    }
    // Only Duals are committed and only +1/+2 cards (the 4th and 5th of each colour) doubled.
    for (let c = FIRST_DUAL; c < FIRST_DUAL + 5; c++) this.committed[c] = NONE;
    for (let c = 3; c < FIRST_DUAL; c += 9) this.doubled[c] = this.doubled[c + 1] = 0;
    this.boardSize = 0;
    this.inPlay = 0;
    this.shielded = 0;
  }

  /** Plays the set-up game to its end with the random policy; returns the decisions taken.
   *  `log`, when given, receives each decision (for the replay test; the benchmark passes none). */
  play(log?: Decision[]): number {
    this.log = log;
    this.decisions = 0;
    this.starting();
    while (this.deckNext < this.deckSize) this.round();
    this.ending();
    return this.decisions;
  }

  /** Each player keeps one of the two dealt cards face down (chosen together, applied in seat
   *  order); the starting +1/+2 symbols are paid for. */
  private starting(): void {
    const humans = this.humans;
    const collection = this.collection;
    for (let p = 0; p < humans; p++) {
      const at = this.policy.int(2);
      this.decisions++;
      const base = p * PROPERTIES;
      const card = collection[base + at]!;
      if (this.log) this.log.push(`${p} keep_secret ${card}`);
      this.secret[p] = card;
      collection[base] = collection[base + 1 - at]!;
    }
    for (let p = 0; p < this.seats; p++) {
      const base = p * PROPERTIES;
      const card = collection[base]!;
      this.collectionSize[p] = 0;
      this.addToCollection(p, card);
      const owed = BONUS[card]! + BONUS[this.secret[p]!]!;
      this.coins[p] -= owed;
    }
  }

  private round(): void {
    const seats = this.seats;
    const humans = this.humans;
    const chairman = this.chairman;
    for (let k = 0, p = chairman; k < seats; k++, p = p + 1 === seats ? 0 : p + 1) {
      this.exchange[p] = this.deck[this.deckNext++]!;
      this.hasTaken[p] = 0;
    }
    // The window at the start of the round: a no-Exchange card or nothing.
    for (let k = 0, p = chairman; k < seats; k++, p = p + 1 === seats ? 0 : p + 1) {
      if (p >= humans || this.noExchangeHeld[p] === 0) continue;
      const n = this.listHand(p, NO_EXCHANGE);
      this.decisions++;
      if (this.policy.int(2) === 0) {
        const card = this.cardList[this.policy.int(n)]!;
        if (this.log) this.log.push(`${p} play_at_start ${card}`);
        this.playCard(p, card);
      } else if (this.log) this.log.push(`${p} done`);
    }
    for (let k = 0, active = chairman; k < seats; k++, active = active + 1 === seats ? 0 : active + 1) {
      this.passed = 0;
      if (active >= humans) continue; // Merc keeps his card
      // An exchange between the active player and q this round is q's own (the active player's
      // exchange ends the turn), and fixed while the turn lasts.
      let open = 0;
      for (let q = 0; q < seats; q++) if (q !== active && !(this.hasTaken[q] === 1 && this.tookFrom[q] === active)) open |= 1 << q;
      this.open = open;
      this.actionPlayed = false;
      this.offered = false;
      this.turnOver = false;
      while (!this.turnOver) {
        this.turn(active);
        if (this.offered && !this.turnOver && (this.open & ~this.passed & ~this.shielded) === 0) this.turnOver = true;
      }
    }
    // The window at the end of the round: a Protected player may take the coins back.
    for (let k = 0, p = chairman; k < seats; k++, p = p + 1 === seats ? 0 : p + 1) {
      if (p >= humans || this.protection[p] === 0 || this.takeBackHeld[p] === 0) continue;
      const n = this.listHand(p, TAKE_BACK);
      this.decisions++;
      if (this.policy.int(2) === 0) {
        const card = this.cardList[this.policy.int(n)]!;
        if (this.log) this.log.push(`${p} play_at_end ${card}`);
        this.playCard(p, card);
      } else if (this.log) this.log.push(`${p} done`);
    }
    for (let k = 0, p = chairman; k < seats; k++, p = p + 1 === seats ? 0 : p + 1) this.collect(p);
    // No-Exchange cards leave play.
    for (let p = 0; p < seats; p++) {
      if (this.noExchange[p] === 0) continue;
      const base = p * ACTIONS;
      let kept = 0;
      for (let i = 0; i < this.playedSize[p]!; i++) {
        const a = this.played[base + i]!;
        if (EFFECT[a] !== NO_EXCHANGE) this.played[base + kept++] = a;
      }
      this.inPlay -= this.playedSize[p]! - kept;
      this.playedSize[p] = kept;
      this.noExchange[p] = 0;
    }
    this.shielded = 0;
    let next = chairman + 1 === seats ? 0 : chairman + 1;
    while (next >= humans) next = next + 1 === seats ? 0 : next + 1;
    this.chairman = next;
  }

  /** The hand's cards of one effect into cardList, in hand order; returns how many. */
  private listHand(p: number, effect: number): number {
    let n = 0;
    const base = p * HAND;
    for (let i = 0; i < this.handSize[p]!; i++) {
      const card = this.hand[base + i]!;
      if (EFFECT[card] === effect) this.cardList[n++] = card;
    }
    return n;
  }

  /** One decision of the active player's turn: an offered option uniformly, then its parameter. */
  private turn(active: number): void {
    const policy = this.policy;
    const seats = this.seats;
    const coins = this.coins;
    const protection = this.protection;
    const own = protection[active]!;
    const offered = this.offered;
    let playable = 0;
    if (!this.actionPlayed && !offered) {
      const base = active * HAND;
      for (let i = 0; i < this.handSize[active]!; i++) {
        const card = this.hand[base + i]!;
        const effect = EFFECT[card]!;
        if (
          (effect === TAKE_BACK && own === 0) ||
          (effect === NO_EXCHANGE && this.noExchange[active]! > 0) ||
          (effect === DISCARD_ACTION && this.inPlay === 0) ||
          (effect === MONEY_POINTS && this.moneyPoints[active]! > 0) ||
          (effect === DOUBLE_BONUS && this.undoubled[active] === 0)
        )
          continue;
        this.cardList[playable++] = card;
      }
    }
    let offers = 0;
    let buys = 0;
    if (own === 0) {
      const money = coins[active]!;
      const reach = this.open & ~this.passed & ~this.shielded;
      for (let q = 0; q < seats; q++) {
        if ((reach & (1 << q)) === 0) continue;
        const guard = protection[q]!;
        if (guard === 0) {
          if (money >= 1) this.offerList[offers++] = q;
        } else if (money >= guard + 1) this.buyList[buys++] = q;
      }
    }
    const canDraw = own === 0 && !offered;
    const options =
      (playable > 0 ? 1 : 0) + (own > 0 ? 1 : 0) + (canDraw ? (this.actionNext < ACTIONS ? 2 : 1) : 0) + (offers > 0 ? 1 : 0) + (buys > 0 ? 1 : 0) + (offered ? 1 : 0);
    let pick = policy.int(options);
    this.decisions++;
    const log = this.log;
    if (playable > 0 && pick-- === 0) {
      const card = this.cardList[policy.int(playable)]!;
      if (log) log.push(`${active} play_action ${card}`);
      this.actionPlayed = true;
      this.playCard(active, card);
      return;
    }
    if (own > 0 && pick-- === 0) {
      if (log) log.push(`${active} pass`);
      coins[active]++;
      this.turnOver = true;
      return;
    }
    if (canDraw && pick-- === 0) {
      if (log) log.push(`${active} collect_coin`);
      coins[active]++;
      this.turnOver = true;
      return;
    }
    if (canDraw && this.actionNext < ACTIONS && pick-- === 0) {
      if (log) log.push(`${active} collect_card`);
      this.drawAction(active);
      this.turnOver = true;
      return;
    }
    if (offers > 0 && pick-- === 0) {
      const target = this.offerList[policy.int(offers)]!;
      if (log) log.push(`${active} offer ${target}`);
      this.offer(active, target);
      return;
    }
    if (buys > 0 && pick-- === 0) {
      const target = this.buyList[policy.int(buys)]!;
      if (log) log.push(`${active} buy ${target}`);
      const guard = protection[target]!;
      coins[active] -= guard + 1;
      coins[target] += 2 * guard + 1;
      protection[target] = 0;
      this.swap(active, target);
      this.turnOver = true;
      return;
    }
    if (log) log.push(`${active} end_turn`);
    this.turnOver = true;
  }

  /** An Exchange offer: the seats before the target are passed over; Merc's card is bought with
   *  the other player's extra Protection, a player accepts or Protects. */
  private offer(active: number, target: number): void {
    const policy = this.policy;
    const coins = this.coins;
    const protection = this.protection;
    const seats = this.seats;
    const log = this.log;
    this.offered = true;
    for (let q = active + 1 === seats ? 0 : active + 1; q !== target; q = q + 1 === seats ? 0 : q + 1) this.passed |= 1 << q;
    if (target >= this.humans) {
      const opponent = active === 0 ? 1 : 0;
      const amount = policy.int(coins[opponent]! + 1);
      this.decisions++;
      if (log) log.push(`${opponent} add_protection ${amount}`);
      coins[opponent] -= amount;
      const price = amount + 3;
      const canPay = coins[active]! >= price;
      const choice = policy.int(canPay ? 2 : 1);
      this.decisions++;
      if (canPay && choice === 0) {
        if (log) log.push(`${active} pay_merc`);
        coins[active] -= price;
        coins[target] += 3;
        this.swap(active, target);
        this.turnOver = true;
      } else {
        if (log) log.push(`${active} decline_merc`);
        this.passed |= 1 << target;
      }
      return;
    }
    const answer = policy.int(coins[target]! + 1);
    this.decisions++;
    if (answer === 0) {
      if (log) log.push(`${target} accept`);
      coins[active]--;
      coins[target]++;
      this.swap(active, target);
      this.turnOver = true;
      return;
    }
    if (log) log.push(`${target} protect ${answer}`);
    coins[target] -= answer;
    protection[target] = answer;
    const canPay = coins[active]! >= answer + 1;
    const choice = policy.int(canPay ? 2 : 1);
    this.decisions++;
    if (canPay && choice === 0) {
      if (log) log.push(`${active} pay`);
      coins[active] -= answer + 1;
      coins[target] += 2 * answer + 1;
      protection[target] = 0;
      this.swap(active, target);
      this.turnOver = true;
    } else {
      if (log) log.push(`${active} decline`);
      this.passed |= 1 << target;
    }
  }

  private swap(a: number, b: number): void {
    const card = this.exchange[a]!;
    this.exchange[a] = this.exchange[b]!;
    this.exchange[b] = card;
    this.hasTaken[a] = 1;
    this.tookFrom[a] = b;
  }

  /** Draws an Action card; a sixth is discarded (Merc's at random from the game's generator). */
  private drawAction(p: number): void {
    if (this.actionNext === ACTIONS) return;
    const base = p * HAND;
    this.toHand(p, this.actions[this.actionNext++]!);
    if (this.handSize[p]! <= 5) return;
    let at: number;
    if (p >= this.humans) at = this.game.int(6);
    else {
      at = this.policy.int(6);
      this.decisions++;
      if (this.log) this.log.push(`${p} discard ${this.hand[base + at]}`);
    }
    this.removeFromHand(p, at);
  }

  private toHand(p: number, card: number): void {
    this.hand[p * HAND + this.handSize[p]!++] = card;
    const effect = EFFECT[card];
    if (effect === NO_EXCHANGE) this.noExchangeHeld[p]++;
    else if (effect === TAKE_BACK) this.takeBackHeld[p]++;
  }

  private removeFromHand(p: number, at: number): void {
    const base = p * HAND;
    const effect = EFFECT[this.hand[base + at]!];
    if (effect === NO_EXCHANGE) this.noExchangeHeld[p]--;
    else if (effect === TAKE_BACK) this.takeBackHeld[p]--;
    const last = base + --this.handSize[p]!;
    for (let i = base + at; i < last; i++) this.hand[i] = this.hand[i + 1]!;
  }

  private takeFromHand(p: number, card: number): void {
    const base = p * HAND;
    let at = 0;
    while (this.hand[base + at] !== card) at++;
    this.removeFromHand(p, at);
  }

  private toPlayArea(p: number, card: number): void {
    this.played[p * ACTIONS + this.playedSize[p]!++] = card;
    this.inPlay++;
    const effect = EFFECT[card];
    if (effect === NO_EXCHANGE) {
      this.noExchange[p]++;
      this.shielded |= 1 << p;
    } else if (effect === MONEY_POINTS) this.moneyPoints[p]++;
  }

  /** An Action card's text, played by p from the hand. */
  private playCard(p: number, card: number): void {
    const policy = this.policy;
    const log = this.log;
    this.takeFromHand(p, card);
    switch (EFFECT[card]) {
      case GAIN_TWO:
        this.coins[p] += 2;
        return;
      case TAKE_BACK:
        this.coins[p] += this.protection[p]!;
        this.protection[p] = 0;
        return;
      case OTHERS_LOSE_ONE:
        for (let q = 0; q < this.seats; q++) if (q !== p && this.coins[q]! > 0) this.coins[q]--;
        return;
      case DISCARD_ACTION:
        this.discardInPlay(p);
        return;
      case DOUBLE_BONUS: {
        const base = p * PROPERTIES;
        let at = policy.int(this.undoubled[p]!);
        this.decisions++;
        let i = 0;
        for (; ; i++) {
          const c = this.collection[base + i]!;
          if (BONUS[c]! > 0 && !this.doubled[c] && at-- === 0) break;
        }
        const target = this.collection[base + i]!;
        if (log) log.push(`${p} onto ${target}`);
        this.doubled[target] = 1;
        this.undoubled[p]--;
        this.doubledCount[p]++;
        this.attached[p]++;
        this.inPlay++;
        return;
      }
      case COLOUR_PENALTY:
        this.board[this.boardSize++] = card;
        this.inPlay++;
        return;
      case HEART_CHART:
      case COIN_CHART: {
        const whose = policy.int(this.seats);
        this.decisions++;
        if (log) log.push(`${p} into_area ${whose}`);
        this.toPlayArea(whose, card);
        return;
      }
      default:
        // No Exchange and the Medal cards lie in the player's own area.
        this.toPlayArea(p, card);
    }
  }

  /** "Discard any Action Card currently in play": one on the board, or a seat's (then one in
   *  its play area or one on its Property cards). */
  private discardInPlay(p: number): void {
    const policy = this.policy;
    const log = this.log;
    const seats = this.seats;
    let areas = 0;
    for (let q = 0; q < seats; q++) if (this.playedSize[q]! > 0 || this.doubledCount[q]! > 0) areas++;
    let at = policy.int(this.boardSize + areas);
    this.decisions++;
    this.inPlay--;
    if (at < this.boardSize) {
      if (log) log.push(`${p} from_board ${this.board[at]}`);
      const last = --this.boardSize;
      for (let i = at; i < last; i++) this.board[i] = this.board[i + 1]!;
      return;
    }
    at -= this.boardSize;
    let whose = 0;
    for (; ; whose++) if ((this.playedSize[whose]! > 0 || this.doubledCount[whose]! > 0) && at-- === 0) break;
    if (log) log.push(`${p} from_area ${whose}`);
    const size = this.playedSize[whose]!;
    at = policy.int(size + this.doubledCount[whose]!);
    this.decisions++;
    if (at < size) {
      const base = whose * ACTIONS;
      const card = this.played[base + at]!;
      if (log) log.push(`${p} from_play_area ${card}`);
      const last = base + --this.playedSize[whose]!;
      for (let i = base + at; i < last; i++) this.played[i] = this.played[i + 1]!;
      const effect = EFFECT[card];
      if (effect === NO_EXCHANGE) {
        if (--this.noExchange[whose]! === 0) this.shielded &= ~(1 << whose);
      } else if (effect === MONEY_POINTS) this.moneyPoints[whose]--;
      return;
    }
    at -= size;
    const base = whose * PROPERTIES;
    let i = 0;
    for (; ; i++) if (this.doubled[this.collection[base + i]!] && at-- === 0) break;
    const target = this.collection[base + i]!;
    if (log) log.push(`${p} from_property ${target}`);
    this.doubled[target] = 0;
    this.doubledCount[whose]--;
    this.undoubled[whose]++;
    this.attached[whose]--;
  }

  private addToCollection(p: number, card: number): void {
    this.collection[p * PROPERTIES + this.collectionSize[p]!++] = card;
    const kind = KIND[card];
    if (kind === STANDARD) this.colourCount[p * COLOURS + COLOUR[card]!]++;
    else if (kind === DUAL) this.uncommitted[p]++;
    else this.moneyCards[p]++;
    if (HEART[card]) this.hearts[p]++;
    if (COIN[card]) this.coinSymbols[p]++;
    if (BONUS[card]! > 0) this.undoubled[p]++;
  }

  /** The round's card joins p's collection: Protection to the bank, Duals settled, then the
   *  Money card's pay, the Coin's $1 and the Heart's Action card. */
  private collect(p: number): void {
    const card = this.exchange[p]!;
    const moneyBefore = this.moneyCards[p]!;
    this.protection[p] = 0;
    this.addToCollection(p, card);
    this.settleDuals(p, card);
    if (KIND[card] === MONEY) this.coins[p] += 1 + moneyBefore;
    if (COIN[card]) this.coins[p]++;
    if (HEART[card]) this.drawAction(p);
  }

  private commitTo(p: number, dual: number, colour: number): void {
    this.committed[dual] = colour;
    this.uncommitted[p]--;
    this.colourCount[p * COLOURS + colour]++;
  }

  private isUncommitted(card: number): boolean {
    return KIND[card] === DUAL && this.committed[card] === NONE;
  }

  /** A card has just joined p's collection: the Duals whose colour must now be decided. */
  private settleDuals(p: number, card: number): void {
    const kind = KIND[card];
    if (kind === MONEY || this.uncommitted[p] === 0) return;
    const base = p * PROPERTIES;
    const size = this.collectionSize[p]!;
    const collection = this.collection;
    if (kind === STANDARD) {
      const colour = COLOUR[card]!;
      const bit = 1 << colour;
      for (let i = 0; i < size; i++) {
        const u = collection[base + i]!;
        if (!this.isUncommitted(u) || (SHOWS[u]! & bit) === 0) continue;
        if (p >= this.humans) this.commitTo(p, u, colour);
        else this.commitDual(p, u);
      }
      return;
    }
    const shows = SHOWS[card]!;
    let other = -1;
    for (let i = 0; i < size; i++) {
      const u = collection[base + i]!;
      if (u !== card && this.isUncommitted(u) && (SHOWS[u]! & shows) !== 0) {
        other = u;
        break;
      }
    }
    const first = COLOUR[card]!;
    const second = SECOND[card]!;
    const held = this.colourCount[p * COLOURS + first]! + this.colourCount[p * COLOURS + second]!;
    if (p >= this.humans) {
      if (other >= 0) {
        // Merc makes the two Duals a Set of their common colour.
        const common = (SHOWS[other]! & (1 << first)) !== 0 ? first : second;
        this.commitTo(p, card, common);
        this.commitTo(p, other, common);
      } else if (held > 0) this.mercPlaces(p, card);
      return;
    }
    if (held === 0 && other < 0) return; // the player may wait
    this.commitDual(p, card);
    for (let i = 0; i < size; i++) {
      const u = collection[base + i]!;
      if (u !== card && this.isUncommitted(u) && (SHOWS[u]! & shows) !== 0) this.commitDual(p, u);
    }
  }

  /** The owner decides a Dual's colour: Merc by his rule, a player by choosing. */
  private commitDual(p: number, dual: number): void {
    if (p >= this.humans) {
      this.mercPlaces(p, dual);
      return;
    }
    const colour = this.policy.int(2) === 0 ? COLOUR[dual]! : SECOND[dual]!;
    this.decisions++;
    if (this.log) this.log.push(`${p} commit ${COLOUR_NAMES[colour]}`);
    this.commitTo(p, dual, colour);
  }

  /** Merc's Dual goes to the larger Set; on a tie both players vote (in seat order), the one with
   *  more coins deciding a disagreement, a roll of the game's die a tie of coins. */
  private mercPlaces(p: number, dual: number): void {
    const first = COLOUR[dual]!;
    const second = SECOND[dual]!;
    const firstCount = this.colourCount[p * COLOURS + first]!;
    const secondCount = this.colourCount[p * COLOURS + second]!;
    let colour: number;
    if (firstCount > secondCount) colour = first;
    else if (secondCount > firstCount) colour = second;
    else {
      const policy = this.policy;
      const one = policy.int(2) === 0 ? first : second;
      const other = policy.int(2) === 0 ? first : second;
      this.decisions += 2;
      if (this.log) this.log.push(`0 place_for_merc ${COLOUR_NAMES[one]}`, `1 place_for_merc ${COLOUR_NAMES[other]}`);
      const coins = this.coins;
      if (one === other) colour = one;
      else if (coins[0]! > coins[1]!) colour = one;
      else if (coins[1]! > coins[0]!) colour = other;
      else colour = this.game.int(2) === 0 ? first : second;
    }
    this.commitTo(p, dual, colour);
  }

  /** The game ends: Merc's Money face-down card is replaced from the box, the face-down cards are
   *  revealed and settled, and every Dual still uncommitted is committed. */
  private ending(): void {
    const seats = this.seats;
    for (let p = this.humans; p < seats; p++) {
      if (this.secret[p]! < 0 || KIND[this.secret[p]!] !== MONEY) continue;
      this.secret[p] = -1;
      shuffle(this.game, this.box, this.boxSize);
      for (let i = 0; i < this.boxSize && this.secret[p]! < 0; i++) {
        const card = this.box[i]!;
        if (KIND[card] !== MONEY) this.secret[p] = card;
      }
    }
    for (let p = 0; p < seats; p++) {
      const card = this.secret[p]!;
      if (card < 0) continue;
      this.addToCollection(p, card);
      this.settleDuals(p, card);
    }
    for (let p = 0; p < seats; p++) {
      if (this.uncommitted[p] === 0) continue;
      const base = p * PROPERTIES;
      for (let i = 0; i < this.collectionSize[p]!; i++) {
        const u = this.collection[base + i]!;
        if (this.isUncommitted(u)) this.commitDual(p, u);
      }
    }
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
