// Lady Richmond written for speed, as for-sale-fast.ts: one engine object reused by every playout,
// flat typed arrays sized once, no allocation per move or per game, sfc32 inline (`Sfc32`). Cards
// are the compiled game's card ids (0–36 objects, 37–48 auctioneer cards), so a shuffle permutes
// the same ids into the same order.
//
// It plays exactly the games of the compiled Lady Richmond under the runtime's random bot
// (`playRandomGame`): the same shuffles and first player from the game seed; from the policy seed
// the same draws in the same order: a race's claimant drawn among the seats still in it, then grab
// or decline; a turned position; and at a bid the compiled rejection sampler (an offered option
// uniformly, then its parameters from their listed domains, drawn again until legal: a Peek at one
// card twice is refused; a Borrow's lenders are listed without the borrower). Zones keep the compiled game's order, since the policy picks cards and
// positions by index. The discard pile is never read by the rules, so it is not kept.
// `replay.test.ts` checks all this move for move.

import { Sfc32 } from "./sfc32.js";

const CARDS = 49;
const MAX_SEATS = 5;
const BOARD = 7;
const COINS = 10;

// Kinds, as the rules declare them.
const OBJECT = 0;
const PAUSE = 1;
const CLEAR_FACE_UP = 2;
const CLEAR_ALL = 3;
const PAYDAY = 4;
const CLEARANCE_SALE = 5;
/** Category of a card that is no object. */
const NO_CATEGORY = 5;

const KIND = new Int8Array(CARDS);
const CATEGORY = new Int8Array(CARDS);
const POINTS = new Int8Array(CARDS);
{
  // The compiled card ids: five categories of 1–7, the curiosities -2 and -3, then 3 Pause,
  // 3 Clear face-up, 2 Clear all, 3 Payday and the Clearance Sale.
  let id = 0;
  for (let c = 0; c < 5; c++) for (let v = 1; v <= 7; v++) (CATEGORY[id] = c), (POINTS[id++] = v);
  for (const v of [-2, -3]) (CATEGORY[id] = 4), (POINTS[id++] = v);
  for (const [kind, copies] of [[PAUSE, 3], [CLEAR_FACE_UP, 3], [CLEAR_ALL, 2], [PAYDAY, 3], [CLEARANCE_SALE, 1]] as const) {
    for (let i = 0; i < copies; i++) (KIND[id] = kind), (CATEGORY[id++] = NO_CATEGORY);
  }
}

// The options of a bid decision, in the order the compiled game offers them.
const BID = 0;
const PASS = 1;
const PAY_FINE = 2;
const PEEK = 3;
const SWAP_FACE_UP = 4;
const SWAP_FACE_DOWN = 5;
const BORROW = 6;
const OPTION_NAMES = ["bid", "pass", "pay_fine", "peek", "swap_face_up", "swap_face_down", "borrow"];

/** A move as the replay test logs it: "seat type parameters...", parameters in declaration order. */
export type Decision = string;

export class FastLadyRichmond {
  players = 4;
  readonly game = new Sfc32();
  readonly policy = new Sfc32();

  /** The draw pile, dealt from drawNext (its top) on. */
  private readonly draw = new Int32Array(CARDS);
  private drawNext = 0;
  private readonly faceDown = new Int32Array(CARDS);
  private faceDownSize = 0;
  private readonly faceUp = new Int32Array(CARDS);
  private faceUpSize = 0;
  /** Seat s's won cards, in the compiled pile's order: won[s*CARDS .. s*CARDS+wonSize[s]). */
  private readonly won = new Int32Array(MAX_SEATS * CARDS);
  private readonly wonSize = new Int32Array(MAX_SEATS);

  readonly coins = new Int32Array(MAX_SEATS);
  private readonly stake = new Int32Array(MAX_SEATS);
  private moneyChest = 0;
  private readonly peekUsed = new Uint8Array(MAX_SEATS);
  private readonly swapUsed = new Uint8Array(MAX_SEATS);
  private readonly borrowUsed = new Uint8Array(MAX_SEATS);
  private readonly passed = new Uint8Array(MAX_SEATS);
  private readonly declined = new Uint8Array(MAX_SEATS);
  /** The seats still in a race, in seat order (the claimant is drawn among them). */
  private readonly racing = new Int32Array(MAX_SEATS);
  private readonly offered = new Int32Array(7);

  private high = 0;
  private bidder = 0;
  private fined = false;
  private log: Decision[] | undefined = undefined;
  private decisions = 0;

  /** Sets up a game: the compiled game's setup, in its order of random draws. */
  setup(players: number, gameSeed: number, policySeed: number): void {
    this.players = players;
    this.game.seed(gameSeed);
    this.policy.seed(policySeed);
    const draw = this.draw;
    for (let i = 0; i < CARDS; i++) draw[i] = i;
    shuffle(this.game, draw, 0, CARDS);
    for (let i = 0; i < BOARD; i++) this.faceDown[i] = draw[i]!;
    this.drawNext = BOARD;
    this.faceDownSize = BOARD;
    this.faceUpSize = 0;
    this.moneyChest = 0;
    for (let p = 0; p < players; p++) {
      this.wonSize[p] = 0;
      this.coins[p] = COINS;
      this.stake[p] = 0;
      this.peekUsed[p] = 0;
      this.swapUsed[p] = 0;
      this.borrowUsed[p] = 0;
    }
  }

  /** Plays the set-up game to its end with the random policy; returns the decisions taken.
   *  `log`, when given, receives each decision (for the replay test; the benchmark passes none). */
  play(log?: Decision[]): number {
    this.log = log;
    this.decisions = 0;
    const players = this.players;
    const policy = this.policy;
    const faceDown = this.faceDown;
    const faceUp = this.faceUp;
    let turner = this.game.int(players);
    while (this.faceDownSize + this.faceUpSize + (CARDS - this.drawNext) > 0) {
      if (this.faceDownSize === 0) {
        this.faceUpSize = 0; // to the discard pile
        this.dealBoard();
      }
      if (this.faceDownSize === 0) continue;
      // The turner turns a covered card, drawn uniformly by position.
      const at = policy.int(this.faceDownSize);
      this.decisions++;
      if (log) log.push(`${turner} turn ${at + 1}`);
      const turned = faceDown[at]!;
      removeAt(faceDown, 0, at, this.faceDownSize--);
      faceUp[this.faceUpSize++] = turned;
      const kind = KIND[turned]!;
      if (kind === OBJECT || kind === CLEARANCE_SALE) {
        const grabber = this.race();
        if (grabber >= 0 && this.auction(grabber, kind === CLEARANCE_SALE)) turner = this.bidder;
        else turner = turner + 1 === players ? 0 : turner + 1;
        continue;
      }
      if (kind === CLEAR_FACE_UP) {
        this.faceUpSize = 0;
      } else if (kind === CLEAR_ALL) {
        this.faceUpSize = 0;
        this.faceDownSize = 0;
        this.dealBoard();
      } else if (kind === PAYDAY) {
        const coins = this.coins;
        for (let p = 0; p < players; p++) {
          if (coins[p]! > COINS) {
            this.moneyChest += coins[p]! - COINS;
            coins[p] = COINS;
          }
        }
        for (let p = 0; p < players; p++) {
          if (coins[p]! < COINS) {
            const lack = COINS - coins[p]!;
            if (this.moneyChest < lack) throw new Error(`the money chest holds ${this.moneyChest}, not ${lack}`);
            this.moneyChest -= lack;
            coins[p] = COINS;
          }
        }
      }
      turner = turner + 1 === players ? 0 : turner + 1;
    }
    this.log = undefined;
    return this.decisions;
  }

  /** Deals up to seven cards from the draw pile onto the empty board, face down. */
  private dealBoard(): void {
    const n = Math.min(BOARD, CARDS - this.drawNext);
    for (let i = 0; i < n; i++) this.faceDown[this.faceDownSize++] = this.draw[this.drawNext++]!;
  }

  /** Who grabs the auction block, or -1 when every seat declines: a claimant drawn among the seats
   *  still in the race (none drawn when one is left), who grabs or declines with even odds. */
  private race(): number {
    const players = this.players;
    const policy = this.policy;
    const declined = this.declined;
    const racing = this.racing;
    declined.fill(0);
    for (let left = players; left > 0; left--) {
      let seat: number;
      if (left === 1) {
        seat = 0;
        while (declined[seat]) seat++;
      } else {
        let n = 0;
        for (let p = 0; p < players; p++) if (!declined[p]) racing[n++] = p;
        seat = racing[policy.int(n)]!;
      }
      this.decisions++;
      if (policy.int(2) === 0) {
        if (this.log) this.log.push(`${seat} grab`);
        return seat;
      }
      if (this.log) this.log.push(`${seat} decline`);
      declined[seat] = 1;
    }
    return -1;
  }

  /** The auction the grabber opens; true when it is sold (then `bidder` is the buyer), false after a fine. */
  private auction(grabber: number, clearance: boolean): boolean {
    const players = this.players;
    const passed = this.passed;
    const coins = this.coins;
    const stake = this.stake;
    passed.fill(0);
    this.high = 0;
    this.bidder = grabber;
    this.fined = false;
    let inBidding = players;
    while (!this.fined && (this.high === 0 || inBidding > 1)) {
      if (this.high === 0 && coins[grabber] === 0 && this.borrowUsed[grabber]) {
        this.fined = true;
        break;
      }
      const option = this.bidMove(clearance);
      if (option === BID || option === PASS) {
        if (option === PASS) inBidding--;
        let b = this.bidder;
        do b = b + 1 === players ? 0 : b + 1;
        while (passed[b]);
        this.bidder = b;
      }
    }
    if (this.fined) {
      // The grabber's won cards are shuffled and the top one goes to the discard pile.
      const base = grabber * CARDS;
      const size = this.wonSize[grabber]!;
      shuffle(this.game, this.won, base, size);
      if (size > 0) removeAt(this.won, base, 0, this.wonSize[grabber]--);
      return false;
    }
    const buyer = this.bidder;
    this.moneyChest += stake[buyer]!;
    stake[buyer] = 0;
    for (let q = 0; q < players; q++) {
      coins[q] += stake[q]!;
      stake[q] = 0;
    }
    const won = this.won;
    const base = buyer * CARDS;
    if (clearance) {
      for (let i = 0; i < this.faceDownSize; i++) won[base + this.wonSize[buyer]!++] = this.faceDown[i]!;
      this.faceDownSize = 0;
    }
    for (let i = 0; i < this.faceUpSize; i++) won[base + this.wonSize[buyer]!++] = this.faceUp[i]!;
    this.faceUpSize = 0;
    return true;
  }

  /** The bidder's move, drawn as the compiled sampler draws it and applied; returns its option. */
  private bidMove(clearance: boolean): number {
    const policy = this.policy;
    const bidder = this.bidder;
    const coins = this.coins;
    const stake = this.stake;
    const offered = this.offered;
    const wonSize = this.wonSize[bidder]!;
    const faceDownSize = this.faceDownSize;
    const high = this.high;
    let n = 0;
    if (high + 1 <= coins[bidder]! + stake[bidder]!) offered[n++] = BID;
    if (high > 0) offered[n++] = PASS;
    if (high === 0 && coins[bidder] === 0) offered[n++] = PAY_FINE;
    if (!this.peekUsed[bidder] && faceDownSize >= 2 && !clearance) offered[n++] = PEEK;
    if (wonSize > 0 && this.faceUpSize > 0 && !this.swapUsed[bidder]) offered[n++] = SWAP_FACE_UP;
    if (wonSize > 0 && faceDownSize > 0 && !this.swapUsed[bidder]) offered[n++] = SWAP_FACE_DOWN;
    if (!this.borrowUsed[bidder]) offered[n++] = BORROW;
    if (n === 0) throw new Error(`seat ${bidder} has no move at a bid`);
    const base = bidder * CARDS;
    for (;;) {
      const option = offered[policy.int(n)]!;
      switch (option) {
        case BID: {
          const amount = high + 1 + policy.int(coins[bidder]! + stake[bidder]! - high);
          this.record(option, amount);
          coins[bidder] -= amount - stake[bidder]!;
          stake[bidder] = amount;
          this.high = amount;
          return option;
        }
        case PASS:
          this.record(option);
          this.passed[bidder] = 1;
          return option;
        case PAY_FINE:
          this.record(option);
          this.fined = true;
          return option;
        case PEEK: {
          const first = 1 + policy.int(faceDownSize);
          const second = 1 + policy.int(faceDownSize);
          if (first === second) continue;
          this.record(option, first, second);
          this.peekUsed[bidder] = 1;
          return option;
        }
        case SWAP_FACE_UP: {
          const mineAt = policy.int(wonSize);
          const theirsAt = policy.int(this.faceUpSize);
          const mine = this.won[base + mineAt]!;
          const theirs = this.faceUp[theirsAt]!;
          this.record(option, mine, theirs);
          removeAt(this.faceUp, 0, theirsAt, this.faceUpSize--);
          this.won[base + wonSize] = theirs;
          removeAt(this.won, base, mineAt, wonSize + 1);
          this.faceUp[this.faceUpSize++] = mine;
          this.swapUsed[bidder] = 1;
          return option;
        }
        case SWAP_FACE_DOWN: {
          const mineAt = policy.int(wonSize);
          const position = 1 + policy.int(faceDownSize);
          const mine = this.won[base + mineAt]!;
          this.record(option, mine, position);
          const covered = this.faceDown[position - 1]!;
          removeAt(this.faceDown, 0, position - 1, this.faceDownSize--);
          this.won[base + wonSize] = covered;
          removeAt(this.won, base, mineAt, wonSize + 1);
          this.faceDown[this.faceDownSize++] = mine;
          this.swapUsed[bidder] = 1;
          return option;
        }
        default: {
          // The menu lists the other seats only (the bidder cannot borrow from themself).
          let lender = policy.int(this.players - 1);
          if (lender >= bidder) lender++;
          this.record(option, lender);
          if (coins[lender]! > 0) {
            coins[lender]--;
            coins[bidder]++;
          }
          this.borrowUsed[bidder] = 1;
          return option;
        }
      }
    }
  }

  private record(option: number, a?: number, b?: number): void {
    this.decisions++;
    if (!this.log) return;
    let text = `${this.bidder} ${OPTION_NAMES[option]}`;
    if (a !== undefined) text += ` ${a}`;
    if (b !== undefined) text += ` ${b}`;
    this.log.push(text);
  }

  /** Per seat [points, most objects of one category], as the compiled game scores them. */
  scores(): number[][] {
    const rows: number[][] = [];
    const counts = new Int32Array(6);
    for (let p = 0; p < this.players; p++) {
      counts.fill(0);
      let points = 0;
      for (let i = 0; i < this.wonSize[p]!; i++) {
        const card = this.won[p * CARDS + i]!;
        points += POINTS[card]!;
        if (KIND[card] === OBJECT) counts[CATEGORY[card]!]++;
      }
      rows.push([points, Math.max(counts[0]!, counts[1]!, counts[2]!, counts[3]!, counts[4]!)]);
    }
    return rows;
  }
}

// removeAt and shuffle are also in freak-shop-fast.ts, on purpose: each reference stands alone, its hot
// helpers module-local (not shared until a bench shows an import costs them nothing).

/** Removes cards[base + at] of a zone of `size` cards, the later ones moving up. */
function removeAt(cards: Int32Array, base: number, at: number, size: number): void {
  const last = base + size - 1;
  for (let i = base + at; i < last; i++) cards[i] = cards[i + 1]!;
}

/** Fisher–Yates over cards[base .. base+size) from the last position down, as the runtime's `shuffle`. */
function shuffle(random: Sfc32, cards: Int32Array, base: number, size: number): void {
  for (let i = size - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const card = cards[base + i]!;
    cards[base + i] = cards[base + j]!;
    cards[base + j] = card;
  }
}
