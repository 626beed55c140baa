// Foreclosed! written for speed, as for-sale-fast.ts: one engine object reused by every playout,
// flat typed arrays sized once, no allocation per move or per game, sfc32 inline (`Sfc32`). Cards
// are the compiled game's card ids (foreclosed-cards.ts), so a shuffle permutes the same ids into
// the same order. The table (zones, the counts kept of them, the deal and the scoring) is
// foreclosed-table.ts; this module plays the flow of a game and the random policy's decisions.
//
// It plays exactly the games of the compiled Foreclosed! under the runtime's random bot
// (`playRandomGame`): the same shuffles, Chairman, Merc's discards and tie-breaking rolls from the
// game seed; from the policy seed the same draws in the same order. Decisions whose moves the
// compiled game counts are drawn uniformly among them (an amount range counting as its amounts);
// the turn decision and the two windows are drawn as the compiled sampler for constrained moves
// draws them: an offered option uniformly, then its parameter among the listed legal values.
// Which seats the active player may still reach is a bit mask, kept as offers pass seats over.
// `replay.test.ts` checks this move for move.

import { Sfc32 } from "./sfc32.js";
import * as cards from "./foreclosed-cards.js";
import { ForeclosedTable } from "./foreclosed-table.js";

// Module-local copies of the card tables: read through the import bindings instead, the engine
// measured 12% fewer playouts per second (the bindings are not folded into the hot code).
const {
  ACTIONS, BONUS, COIN, COLOUR, COLOURS, COLOUR_NAMES, COLOUR_PENALTY, DISCARD_ACTION, DOUBLE_BONUS, EFFECT,
  GAIN_TWO, HAND, HEART, HEART_CHART, COIN_CHART, KIND, MONEY, MONEY_POINTS, NO_EXCHANGE,
  OTHERS_LOSE_ONE, PROPERTIES, SECOND, SHOWS, STANDARD, TAKE_BACK
} = cards;

/** A move as the replay test logs it: "seat type parameters...", parameters in declaration order. */
export type Decision = string;

export class FastForeclosed extends ForeclosedTable {
  readonly policy = new Sfc32();
  /** Seats passed over this turn, as bits. */
  private passed = 0;
  /** Seats the active player has not exchanged with this round (himself excluded), as bits. */
  private open = 0;

  // The turn being played, and a scratch list of a decision's cards.
  private actionPlayed = false;
  private offered = false;
  private turnOver = false;
  private readonly cardList = new Int32Array(HAND);

  private log: Decision[] | undefined = undefined;
  private decisions = 0;

  /** Sets up a game: the deal from the game seed; the policy's generator from its own. */
  setup(players: number, gameSeed: number, policySeed: number): void {
    this.policy.seed(policySeed);
    this.deal(players, gameSeed);
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
      this.robbedBy[p] = 0;
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
      // exchange ends the turn): q took the active player's card, which holds while the turn lasts.
      this.open = ((1 << seats) - 1) & ~(1 << active) & ~this.robbedBy[active]!;
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
    // The seats an offer or a purchase may go to, as bits: listed only when chosen.
    let offerTo = 0;
    let buyFrom = 0;
    if (own === 0) {
      const money = coins[active]!;
      const reach = this.open & ~this.passed & ~this.shielded;
      if (money >= 1) offerTo = reach & ~this.guarded;
      for (let left = reach & this.guarded; left !== 0; left &= left - 1) {
        const q = 31 - Math.clz32(left & -left);
        if (money >= protection[q]! + 1) buyFrom |= 1 << q;
      }
    }
    const canDraw = own === 0 && !offered;
    const options =
      (playable > 0 ? 1 : 0) + (own > 0 ? 1 : 0) + (canDraw ? (this.actionNext < ACTIONS ? 2 : 1) : 0) + (offerTo !== 0 ? 1 : 0) + (buyFrom !== 0 ? 1 : 0) + (offered ? 1 : 0);
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
    if (offerTo !== 0 && pick-- === 0) {
      const target = nthSeat(offerTo, policy.int(BITS[offerTo]!));
      if (log) log.push(`${active} offer ${target}`);
      this.offer(active, target);
      return;
    }
    if (buyFrom !== 0 && pick-- === 0) {
      const target = nthSeat(buyFrom, policy.int(BITS[buyFrom]!));
      if (log) log.push(`${active} buy ${target}`);
      const guard = protection[target]!;
      coins[active] -= guard + 1;
      coins[target] += 2 * guard + 1;
      protection[target] = 0;
      this.guarded &= ~(1 << target);
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
    this.guarded |= 1 << target;
    const canPay = coins[active]! >= answer + 1;
    const choice = policy.int(canPay ? 2 : 1);
    this.decisions++;
    if (canPay && choice === 0) {
      if (log) log.push(`${active} pay`);
      coins[active] -= answer + 1;
      coins[target] += 2 * answer + 1;
      protection[target] = 0;
      this.guarded &= ~(1 << target);
      this.swap(active, target);
      this.turnOver = true;
    } else {
      if (log) log.push(`${active} decline`);
      this.passed |= 1 << target;
    }
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
        this.guarded &= ~(1 << p);
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

  /** The round's card joins p's collection: Protection to the bank, Duals settled, then the
   *  Money card's pay, the Coin's $1 and the Heart's Action card. */
  private collect(p: number): void {
    const card = this.exchange[p]!;
    const moneyBefore = this.moneyCards[p]!;
    this.protection[p] = 0;
    this.guarded &= ~(1 << p);
    this.addToCollection(p, card);
    this.settleDuals(p, card);
    if (KIND[card] === MONEY) this.coins[p] += 1 + moneyBefore;
    if (COIN[card]) this.coins[p]++;
    if (HEART[card]) this.drawAction(p);
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
      this.shuffleBox();
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
}

/** Set bits of a seat mask (6 bits). */
const BITS = new Uint8Array(64);
for (let m = 1; m < 64; m++) BITS[m] = (m & 1) + BITS[m >> 1]!;

/** The seat of the k-th set bit of a mask, from seat 0 up (k from 0). */
function nthSeat(mask: number, k: number): number {
  for (; k > 0; k--) mask &= mask - 1;
  return 31 - Math.clz32(mask & -mask);
}
