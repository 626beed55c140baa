// Keys to Knowledge written for speed, as for-sale-fast.ts: one engine object reused by every
// playout, flat typed arrays sized once, no allocation per move or per game, sfc32 inline
// (`Sfc32`). Deeds are numbered 0–33 (the compiled card id less 56, keys-to-knowledge-board.ts);
// each keeps its owner, so "who owns the deed on this space" and "does this seat hold the whole
// group" are a look-up and a loop over at most three deeds, and its level of development (0–4
// Stacks of Books, 5 a Key), which indexes its rent. The deeds and what a seat may do with them
// are the base class, in keys-to-knowledge-holdings.ts; the turn, the window before a roll,
// debts and auctions are here.
//
// It plays exactly the games of the compiled Keys to Knowledge (the full game, `short` and
// `small_board`) under the runtime's random bot (`playRandomGame`): the same shuffles and dice from
// the game seed; from the policy seed the same draws in the same order. The decisions described by
// constraints (the window before a roll, raising money, an auction bid) draw an offered option
// uniformly, then its deed (or amount, or buyer) among those listed, as the compiled sampler does
// (docs/language.md, "The random policy"): every requirement is met by the listing, so no draw is
// refused. Buying a deed and the asking price are counted moves (a price of k dollars is one of k
// moves); a race draws its claimant among the racers still in it, none when one is left. Every
// seat's deeds keep the compiled zone's order, since a deed is drawn by its position in the
// listing. `replay.test.ts` checks all this move for move.

import { Sfc32 } from "./sfc32.js";
import {
  ADVANCE_HOME, BACK_THREE, COLLECT, DEEDS, DEED_GROUP, DEED_PRICE, DEED_RENT, DEED_STACK_HALF, DEED_STACK_PRICE, FEE,
  FIELD_TRIP, FIRST_DEED_ID, FORTUNE_AMOUNT, FORTUNE_EFFECT, GO_TO_COURT, GRACE, GROUPS, MERCY, PAY, PROPERTY, REPAIRS,
  REPAIRS_PER_KEY, REPAIRS_PER_STACK, SMALL_BOARD, STANDARD_BOARD,
} from "./keys-to-knowledge-board.js";
import { KeysToKnowledgeHoldings, MAX_SEATS, SELLABLE } from "./keys-to-knowledge-holdings.js";

const START_CASH = 1630;
/** The owner of a deed the bank holds, and of one seized on its way to auction. */
const BANK = -1;
const SEIZED = -2;
const BOX = -3;
/** Decisions after which the runtime's `playRandomGame` gives up on a game. */
const DECISION_CAP = 100_000;
const ROUNDS_SHORT = 20;

const WINDOW_OPTIONS = ["build", "buy_key", "sell_stack", "sell_key", "mortgage", "lift"];
const RAISE_OPTIONS = ["raise_by_selling_stack", "raise_by_selling_key", "raise_by_mortgage"];

/** A move as the replay test logs it: "seat type parameters...", a deed as its card id. */
export type Decision = string;

export class FastKeysToKnowledge extends KeysToKnowledgeHoldings {
  readonly game = new Sfc32();
  readonly policy = new Sfc32();
  private short = false;

  private readonly position = new Int32Array(MAX_SEATS);
  private readonly inCourt = new Uint8Array(MAX_SEATS);
  private readonly courtRolls = new Int32Array(MAX_SEATS);
  private readonly opening = new Int32Array(MAX_SEATS);
  private inPlay = 0;
  private centre = 0;

  /** A bankrupt's deeds on their way to auction, in order. */
  private readonly seized = new Int8Array(DEEDS);

  /** The MERCY and GRACE decks, each a cycle (a card read goes to the bottom): top at head. */
  private readonly mercyDeck = new Int8Array(8);
  private readonly graceDeck = new Int8Array(8);
  private mercyHead = 0;
  private graceHead = 0;

  private claimOpen = false;
  private claimOwner = 0;
  private claimPayer = 0;
  private claimAmount = 0;
  private claimSpace = -1;
  private relocated = false;

  /** Scratch, sized once: an auction's racers, an offer's buyers. */
  private readonly racers = new Int32Array(MAX_SEATS);
  private readonly buyers = new Int32Array(MAX_SEATS);

  private over = false;
  private decisions = 0;
  private log: Decision[] | undefined = undefined;

  /** Sets up a game: the compiled game's setup, in its order of random draws. */
  setup(players: number, gameSeed: number, policySeed: number, variants: readonly string[] = []): void {
    this.players = players;
    this.short = variants.includes("short");
    const board = (this.board = variants.includes("small_board") ? SMALL_BOARD : STANDARD_BOARD);
    this.game.seed(gameSeed);
    this.policy.seed(policySeed);
    this.owner.fill(BOX);
    this.level.fill(0);
    this.mortgaged.fill(0);
    this.held.fill(0);
    for (let i = 0; i < board.deeds.length; i++) this.owner[board.deeds[i]!] = BANK;
    this.stacksLeft = board.stacks;
    this.keysLeft = board.keys;
    // The MERCY cards in card order; the GRACE cards each put on top, so in reverse order.
    for (let i = 0; i < 8; i++) {
      this.mercyDeck[i] = i;
      this.graceDeck[i] = 15 - i;
    }
    shuffle(this.game, this.mercyDeck, 8);
    shuffle(this.game, this.graceDeck, 8);
    this.mercyHead = 0;
    this.graceHead = 0;
    for (let p = 0; p < players; p++) {
      this.cash[p] = START_CASH;
      this.position[p] = -1;
      this.inCourt[p] = 0;
      this.courtRolls[p] = 0;
      this.opening[p] = 0;
      this.eliminated[p] = 0;
      this.deedCount[p] = 0;
      this.developed[p] = 0;
    }
    this.inPlay = players;
    this.centre = 0;
    this.claimOpen = false;
    this.claimOwner = 0;
    this.claimPayer = 0;
    this.claimAmount = 0;
    this.claimSpace = -1;
    this.relocated = false;
    if (this.short) {
      // The bank's deeds shuffled; as many each as go round (at most four), dealt from the top and paid for.
      const pile = this.seized;
      const n = board.deeds.length;
      for (let i = 0; i < n; i++) pile[i] = board.deeds[i]!;
      shuffle(this.game, pile, n);
      const each = Math.min(4, Math.floor(n / players));
      let next = 0;
      for (let p = 0; p < players; p++) {
        let paid = 0;
        for (let k = 0; k < each; k++) {
          const d = pile[next++]!;
          this.give(d, p);
          paid += DEED_PRICE[d]!;
        }
        this.cash[p] -= paid;
      }
    }
  }

  /** Plays the set-up game to its end with the random policy; returns the decisions taken.
   *  `log`, when given, receives each decision (for the replay test; the benchmark passes none). */
  play(log?: Decision[]): number {
    this.log = log;
    this.decisions = 0;
    this.over = false;
    const players = this.players;
    const game = this.game;
    const opening = this.opening;
    const eliminated = this.eliminated;
    // The opening roll: the highest starts; those tied for it roll again.
    for (let p = 0; p < players; p++) opening[p] = game.int(6) + game.int(6) + 2;
    for (;;) {
      let best = 0;
      let tied = 0;
      for (let p = 0; p < players; p++) best = Math.max(best, opening[p]!);
      for (let p = 0; p < players; p++) if (opening[p] === best) tied++;
      if (tied <= 1) break;
      for (let p = 0; p < players; p++) opening[p] = opening[p] === best ? game.int(6) + game.int(6) + 2 : 0;
    }
    let active = 0;
    for (let p = 1; p < players; p++) if (opening[p]! > opening[active]!) active = p;
    // The opening roll moves the starter: its first move, not doubles, with no window before it.
    let preset = opening[active]!;
    const turnLimit = ROUNDS_SHORT * players;
    let turnsPlayed = 0;
    while (this.inPlay > 1 && (!this.short || turnsPlayed < turnLimit)) {
      let doubles = 0;
      let again = true;
      while (again && eliminated[active] === 0) {
        again = false;
        if (preset === 0) {
          this.window(active);
          if (this.over) return this.finish();
          if (eliminated[active] !== 0) break;
        }
        let steps = preset;
        let isDouble = false;
        preset = 0;
        if (steps === 0) {
          const d1 = game.int(6);
          const d2 = game.int(6);
          steps = d1 + d2 + 2;
          isDouble = d1 === d2;
        }
        let moveToken = true;
        // In COURT: out on doubles (no roll again), else out on the third roll for $85.
        if (this.inCourt[active]) {
          if (!isDouble) {
            if (++this.courtRolls[active]! < 3) moveToken = false;
            else {
              this.inCourt[active] = 0;
              this.pay(active, 85, true, active);
              if (this.over) return this.finish();
            }
          } else this.inCourt[active] = 0;
          isDouble = false;
        } else if (isDouble && ++doubles === 3) {
          // Third doubles in a row: straight to COURT.
          this.sendToCourt(active);
          moveToken = false;
          isDouble = false;
        }
        if (moveToken && eliminated[active] === 0) {
          this.advance(active, steps);
          // A card that moves the token (back three spaces) makes it land again.
          this.relocated = true;
          while (this.relocated && eliminated[active] === 0) {
            this.relocated = false;
            this.land(active);
            if (this.over) return this.finish();
          }
          again = isDouble && !this.inCourt[active] && eliminated[active] === 0;
        }
      }
      turnsPlayed++;
      do active = active + 1 === players ? 0 : active + 1;
      while (eliminated[active] !== 0 && this.inPlay > 0);
    }
    return this.finish();
  }

  private finish(): number {
    this.log = undefined;
    return this.decisions;
  }

  /** Counts a decision and logs it for the replay test; callers build a text with parameters only
   *  when logging, so that the benchmark's playouts build no string. */
  private decided(seat: number, text: string): void {
    if (++this.decisions > DECISION_CAP) throw new Error(`no end within ${DECISION_CAP} decisions`);
    if (this.log) this.log.push(`${seat} ${text}`);
  }

  // --- The board ---

  private advance(p: number, steps: number): void {
    const size = this.board.size;
    const target = this.position[p]! + steps;
    if (target >= size) {
      this.position[p] = target % size;
      this.cash[p] += this.position[p] === 0 ? 500 : 200;
    } else this.position[p] = target;
  }

  private sendToCourt(p: number): void {
    this.position[p] = this.board.court;
    this.inCourt[p] = 1;
    this.courtRolls[p] = 0;
  }

  /** The space the token stands on takes effect. */
  private land(p: number): void {
    const board = this.board;
    const here = this.position[p]!;
    const kind = board.kind[here]!;
    if (kind === PROPERTY) {
      const d = board.deedAt[here]!;
      const holder = this.owner[d]!;
      if (holder === BANK) {
        const price = DEED_PRICE[d]!;
        const canBuy = this.cash[p]! >= price ? 1 : 0;
        if (this.policy.int(canBuy + 1) < canBuy) {
          this.decided(p, "buy");
          this.cash[p] -= price;
          this.give(d, p);
        } else {
          this.decided(p, "decline");
          this.auction(d);
        }
      } else if (holder !== p && !this.mortgaged[d]) {
        this.claimOpen = true;
        this.claimOwner = holder;
        this.claimPayer = p;
        this.claimAmount = this.rent(d, holder);
        this.claimSpace = here;
      }
    } else if (kind === MERCY || kind === GRACE) {
      this.readCard(p, kind === MERCY);
    } else if (kind === FEE) {
      this.pay(p, board.fee[here]!, true, p);
    } else if (kind === FIELD_TRIP) {
      this.cash[p] += this.centre;
      this.centre = 0;
    } else if (kind === GO_TO_COURT) {
      this.sendToCourt(p);
    }
  }

  private readCard(p: number, mercy: boolean): void {
    let card: number;
    if (mercy) {
      card = this.mercyDeck[this.mercyHead]!;
      this.mercyHead = (this.mercyHead + 1) & 7;
    } else {
      card = this.graceDeck[this.graceHead]!;
      this.graceHead = (this.graceHead + 1) & 7;
    }
    let owed = 0;
    switch (FORTUNE_EFFECT[card]) {
      case COLLECT:
        this.cash[p] += FORTUNE_AMOUNT[card]!;
        break;
      case PAY:
        owed = FORTUNE_AMOUNT[card]!;
        break;
      case REPAIRS: {
        const base = p * DEEDS;
        for (let i = 0; i < this.deedCount[p]!; i++) {
          const d = this.deeds[base + i]!;
          const level = this.level[d]!;
          owed += level === 5 ? REPAIRS_PER_KEY : level * REPAIRS_PER_STACK;
        }
        break;
      }
      case ADVANCE_HOME:
        this.position[p] = 0;
        this.cash[p] += 500;
        break;
      case BACK_THREE: {
        const size = this.board.size;
        this.position[p] = (this.position[p]! - 3 + size) % size;
        this.relocated = true;
        break;
      }
      default:
        this.sendToCourt(p);
    }
    if (owed > 0) this.pay(p, owed, true, p);
  }

  /** The rent the holder may ask for deed d: by its buildings, doubled on a whole undeveloped group. */
  private rent(d: number, holder: number): number {
    const level = this.level[d]!;
    if (level > 0) return DEED_RENT[d * 6 + level]!;
    return this.holdsGroup(holder, DEED_GROUP[d]!) ? 2 * DEED_RENT[d * 6]! : DEED_RENT[d * 6]!;
  }

  // --- The window before a roll ---

  /** The roller, then the owner of the rent waiting (clockwise from the roller), may act until done. */
  private window(roller: number): void {
    const owner = this.claimOpen && this.claimOwner !== roller && this.eliminated[this.claimOwner] === 0 ? this.claimOwner : -1;
    this.windowTurn(roller, roller);
    if (this.over) return;
    if (owner >= 0) {
      this.windowTurn(owner, roller);
      if (this.over) return;
    }
    this.claimOpen = false;
  }

  /** Seat q's turn in the window: asked again and again until done, passed by when offered nothing. */
  private windowTurn(q: number, roller: number): void {
    const policy = this.policy;
    const counts = this.counts;
    for (;;) {
      // Rent waits for q: q still holds the deed, not mortgaged since.
      const rent = this.claimOpen && this.claimOwner === q && this.holdsUnmortgaged(q, this.board.deedAt[this.claimSpace]!);
      // The options other than rent are the roller's, on its deeds.
      const dealing = q === roller && this.deedCount[q]! > 0;
      let pick: number;
      let buyers = 0;
      if (dealing) {
        let offered = rent ? 1 : 0;
        const all = this.scan(q, true);
        for (let bit = 0; bit < 6; bit++) if (counts[bit]! > 0) offered++;
        if (all & SELLABLE) {
          for (let b = 0; b < this.players; b++) if (b !== q && this.eliminated[b] === 0 && this.cash[b]! > 0) this.buyers[buyers++] = b;
          if (buyers > 0) offered++;
        }
        if (offered === 0) return;
        pick = policy.int(offered + 1);
      } else {
        if (!rent) return;
        pick = policy.int(2);
      }
      if (rent && pick-- === 0) {
        this.decided(q, "request_rent");
        this.claimOpen = false;
        this.pay(this.claimPayer, this.claimAmount, false, q);
        if (this.over) return;
        continue;
      }
      if (!dealing) {
        this.decided(q, "done");
        return;
      }
      let option = 0;
      while (option < 6 && (counts[option] === 0 || pick-- !== 0)) option++;
      if (option < 6) {
        const d = this.nth(q, 1 << option, policy.int(counts[option]!));
        if (this.log) this.decided(q, `${WINDOW_OPTIONS[option]} ${d + FIRST_DEED_ID}`);
        else this.decided(q, "");
        this.improve(q, d, option);
        continue;
      }
      if (buyers > 0 && pick-- === 0) {
        this.offer(q, this.nth(q, SELLABLE, policy.int(counts[6]!)), this.buyers[policy.int(buyers)]!);
        continue;
      }
      this.decided(q, "done");
      return;
    }
  }

  /** Whether seat q holds deed d, not mortgaged. */
  private holdsUnmortgaged(q: number, d: number): boolean {
    return this.owner[d] === q && !this.mortgaged[d];
  }

  /** Seat q offers deed d to the buyer at a price drawn from 1 to the buyer's cash; the buyer accepts or refuses. */
  private offer(q: number, d: number, buyer: number): void {
    const policy = this.policy;
    if (this.log) this.decided(q, `offer ${d + FIRST_DEED_ID} ${buyer}`);
    else this.decided(q, "");
    const price = 1 + policy.int(this.cash[buyer]!);
    if (this.log) this.decided(q, `ask_price ${price}`);
    else this.decided(q, "");
    if (policy.int(2) === 0) {
      this.decided(buyer, "accept");
      this.cash[buyer] -= price;
      this.cash[q] += price;
      this.take(d, q);
      this.give(d, buyer);
    } else this.decided(buyer, "refuse");
  }

  // --- Debts ---

  /** Seat p owes `amount` to the centre or to the creditor: raises it if it can pay, else is bankrupt. */
  private pay(p: number, amount: number, toCentre: boolean, creditor: number): void {
    if (this.cash[p]! < amount && this.canPay(p, amount)) {
      const policy = this.policy;
      const counts = this.counts;
      // What a seat can pay does not change as it raises: each sale or mortgage turns its value into cash.
      while (this.cash[p]! < amount && this.scan(p, false) !== 0) {
        let pick = policy.int((counts[2]! > 0 ? 1 : 0) + (counts[3]! > 0 ? 1 : 0) + (counts[4]! > 0 ? 1 : 0));
        let option = 2;
        while (counts[option] === 0 || pick-- !== 0) option++;
        const d = this.nth(p, 1 << option, policy.int(counts[option]!));
        if (this.log) this.decided(p, `${RAISE_OPTIONS[option - 2]} ${d + FIRST_DEED_ID}`);
        else this.decided(p, "");
        this.improve(p, d, option);
      }
    }
    if (this.cash[p]! >= amount) {
      this.cash[p] -= amount;
      if (toCentre) this.centre += amount;
      else this.cash[creditor] += amount;
    } else this.bankrupt(p, toCentre, creditor);
  }

  private bankrupt(p: number, toCentre: boolean, creditor: number): void {
    const base = p * DEEDS;
    const n = this.deedCount[p]!;
    for (let i = 0; i < n; i++) {
      const d = this.deeds[base + i]!;
      // Buildings sold back at half price: a Key alone (it replaced the Stacks), or the Stacks.
      const level = this.level[d]!;
      if (level === 5) {
        this.keysLeft++;
        this.cash[p] += DEED_STACK_HALF[d]!;
      } else if (level > 0) {
        this.stacksLeft += level;
        this.cash[p] += level * DEED_STACK_HALF[d]!;
      }
      this.level[d] = 0;
    }
    this.deedCount[p] = 0;
    this.developed[p] = 0;
    for (let g = 0; g < GROUPS; g++) this.held[p * GROUPS + g] = 0;
    if (toCentre) {
      this.centre += this.cash[p]!;
      this.cash[p] = 0;
      for (let i = 0; i < n; i++) {
        const d = this.deeds[base + i]!;
        this.mortgaged[d] = 0;
        this.owner[d] = SEIZED;
        this.seized[i] = d;
      }
      this.retire(p);
      if (this.over) return;
      // The bank auctions what it took, deed by deed.
      for (let i = 0; i < n; i++) {
        const d = this.seized[i]!;
        this.owner[d] = BANK;
        this.auction(d);
      }
    } else {
      this.cash[creditor] += this.cash[p]!;
      this.cash[p] = 0;
      for (let i = 0; i < n; i++) this.give(this.deeds[base + i]!, creditor);
      this.retire(p);
    }
  }

  private retire(p: number): void {
    this.eliminated[p] = this.players - this.inPlay + 1;
    this.inPlay--;
    this.inCourt[p] = 0;
    if (this.inPlay === 1) this.over = true;
  }

  /** An open auction: races among those who could outbid the bid standing, until a race lapses. */
  private auction(lot: number): void {
    const players = this.players;
    const cash = this.cash;
    const eliminated = this.eliminated;
    const racers = this.racers;
    const policy = this.policy;
    let high = 0;
    let leader = 0;
    while (eliminated[leader] !== 0) leader++;
    for (;;) {
      let left = 0;
      for (let q = 0; q < players; q++) if (eliminated[q] === 0 && cash[q]! > high && (high === 0 || q !== leader)) racers[left++] = q;
      if (left === 0) break;
      let bid = false;
      while (left > 0) {
        const at = left === 1 ? 0 : policy.int(left);
        const seat = racers[at]!;
        if (policy.int(2) === 0) {
          high += 1 + policy.int(cash[seat]! - high);
          leader = seat;
          bid = true;
          if (this.log) this.decided(seat, `bid ${high}`);
          else this.decided(seat, "");
          break;
        }
        this.decided(seat, "decline");
        left--;
        for (let i = at; i < left; i++) racers[i] = racers[i + 1]!;
      }
      if (!bid) break;
    }
    if (high > 0) {
      cash[leader] -= high;
      this.give(lot, leader);
    }
  }

  /** Per seat [score, tiebreak], as the compiled game scores them: Treasure for those still in. */
  scores(): number[][] {
    const rows: number[][] = [];
    for (let p = 0; p < this.players; p++) {
      if (this.eliminated[p] !== 0) {
        rows.push([0, this.eliminated[p]!]);
        continue;
      }
      let treasure = this.cash[p]!;
      for (let i = 0; i < this.deedCount[p]!; i++) {
        const d = this.deeds[p * DEEDS + i]!;
        // A Key is valued at its price, a Stack's; the four Stacks it replaced are back in the bank.
        const level = this.level[d]!;
        treasure += (this.mortgaged[d] ? DEED_PRICE[d]! >> 1 : DEED_PRICE[d]!) + (level === 5 ? 1 : level) * DEED_STACK_PRICE[d]!;
      }
      rows.push([treasure, this.players + 1]);
    }
    return rows;
  }
}

/** Fisher–Yates over cards[0 .. size) from the last position down, as the runtime's `shuffle`. */
function shuffle(random: Sfc32, cards: Int8Array, size: number): void {
  for (let i = size - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const card = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = card;
  }
}
