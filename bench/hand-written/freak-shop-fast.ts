// Freak Shop written for speed, as for-sale-fast.ts: one engine object reused by every playout,
// flat typed arrays sized once, no allocation per move or per game, sfc32 inline (`Sfc32`). Cards
// are the compiled game's card ids (Merchandise 0–64 by value, the Closed Shop card 65, the
// Objectives 66–77), so a shuffle permutes the same ids into the same order.
//
// It plays exactly the games of the compiled Freak Shop under the runtime's random bot: the same
// setup from the game seed, and from the policy seed the same draws in the same order as the
// compiled sampler for constrained moves (docs/language.md, "The random policy"): an option (good
// deal or fair price) uniformly, then each set of cards (Mansion, then Shop): a size k in 1..n with
// weight 2^-k, then k cards one by one uniformly among those left, the whole move drawn again until
// legal. Zones keep the compiled game's order, since the sets are drawn by index.
// `replay.test.ts` checks this move for move, and `scores` against the compiled scoring.

import { Sfc32 } from "./sfc32.js";

const MERCHANDISE = 65;
const CLOSED = 65;
const OBJECTIVES = 12;
const MAX_SEATS = 5;
/** Every Merchandise card and the Closed Shop card: a bound on any zone. */
const ZONE = 66;
const RESTOCK = [0, 0, 2, 2, 1, 1];

// Categories, as the rules declare them; ties of a majority go to the first.
const ITEMS = 0;
const PETS = 1;
const EMPLOYEES = 2;
const RUN_POINTS = [3, 5, 7];
const PAIR_POINTS = [2, 4, 5];
const TRIPLE_POINTS = [3, 5, 7];

const VALUE = new Int8Array(ZONE);
const MARKED = new Uint8Array(ZONE);
const CATEGORY = new Int8Array(ZONE);
{
  // Value v comes in 12 - v copies; the last (13 - v) / 3 are marked down; copies cycle Items,
  // Pets, Employees. The Closed Shop card (65) has value 0.
  let id = 0;
  for (let v = 1; v <= 10; v++) {
    const copies = 12 - v;
    for (let copy = 1; copy <= copies; copy++, id++) {
      VALUE[id] = v;
      MARKED[id] = copy > copies - Math.floor((13 - v) / 3) ? 1 : 0;
      CATEGORY[id] = copy % 3 === 1 ? ITEMS : copy % 3 === 2 ? PETS : EMPLOYEES;
    }
  }
}

// Objectives by card id - 66, as the rules list them; their colours purple, green, blue by four.
const TIDY_MANSION = 0;
const OBSESSED_BY_ARRANGEMENT = 1;
const NEIGHBORS_FESTIVAL = 2;
const COLLECTOR = 3;
const SEEING_DOUBLE = 4;
const THREE_IS_BETTER_THAN_TWO = 5;
const GEM_OF_MY_COLLECTION = 6;
const SUM_OF_ALL_FEARS = 7;
const TOO_SNOB = 8;
const ART_OF_BARGAINING = 9;
const NOT_THE_SAME_VALUES = 10;

const GOOD_DEAL = 0;
const OPTION_NAMES = ["good_deal", "fair_price"];

/** A move as the replay test logs it: "seat type give take", each set its card ids joined by commas. */
export type Decision = string;

export class FastFreakShop {
  players = 4;
  readonly game = new Sfc32();
  readonly policy = new Sfc32();

  /** The draw pile, dealt from drawNext (its top) on. */
  private readonly draw = new Int32Array(ZONE);
  private drawNext = 0;
  private drawSize = 0;
  private readonly shop = new Int32Array(ZONE);
  private shopSize = 0;
  /** Seat s's Mansion in the compiled row's order: mansion[s*ZONE .. s*ZONE+mansionSize[s]). */
  private readonly mansion = new Int32Array(MAX_SEATS * ZONE);
  private readonly mansionSize = new Int32Array(MAX_SEATS);
  private readonly objectiveStacks = new Int32Array(OBJECTIVES);
  /** The three revealed Objectives, as indices 0–11 (card id - 66). */
  readonly objectives = new Int32Array(3);
  private shopKeeper = 0;

  // A move being drawn: the positions a set has taken so far, and the two sets.
  private readonly taken = new Int32Array(30);
  /** Setup's scratch: the seven cards shuffled under the pile. */
  private readonly seven = new Int32Array(7);
  private readonly give = new Int32Array(ZONE);
  private giveSize = 0;
  private readonly take = new Int32Array(ZONE);
  private takeSize = 0;

  /** Sets up a game: the compiled game's setup, in its order of random draws. */
  setup(players: number, gameSeed: number, policySeed: number): void {
    this.players = players;
    const game = this.game;
    game.seed(gameSeed);
    this.policy.seed(policySeed);
    this.shopKeeper = game.int(players);
    // The Closed Shop card is put aside; the rest is shuffled.
    const draw = this.draw;
    for (let i = 0; i < MERCHANDISE; i++) draw[i] = i;
    let size = MERCHANDISE;
    shuffle(game, draw, 0, size);
    // Seat k clockwise from the Shop Keeper gets the first unmarked 1, 2, 3 and 4 + k of the pile.
    let receiver = this.shopKeeper;
    for (let k = 1; k <= players; k++) {
      const base = receiver * ZONE;
      this.mansionSize[receiver] = 0;
      for (let i = 0; i < 4; i++) {
        const v = i < 3 ? i + 1 : 4 + k;
        let at = 0;
        while (VALUE[draw[at]!] !== v || MARKED[draw[at]!]) at++;
        this.mansion[base + this.mansionSize[receiver]!++] = draw[at]!;
        removeAt(draw, 0, at, size--);
      }
      receiver = receiver + 1 === players ? 0 : receiver + 1;
    }
    // The Closed Shop card and the top six, shuffled, go to the bottom of the pile.
    const seven = this.seven;
    seven[0] = CLOSED;
    for (let i = 0; i < 6; i++) seven[1 + i] = draw[i]!;
    shuffle(game, seven, 0, 7);
    for (let i = 6; i < size; i++) draw[i - 6] = draw[i]!;
    size -= 6;
    for (let i = 0; i < 7; i++) draw[size++] = seven[i]!;
    this.drawSize = size;
    // The Shop: the top five.
    for (let i = 0; i < 5; i++) this.shop[i] = draw[i]!;
    this.shopSize = 5;
    this.drawNext = 5;
    // The Objectives: shuffled, then the first of each colour.
    const stacks = this.objectiveStacks;
    for (let i = 0; i < OBJECTIVES; i++) stacks[i] = i;
    shuffle(game, stacks, 0, OBJECTIVES);
    for (let colour = 0; colour < 3; colour++) {
      let at = 0;
      while (stacks[at]! >> 2 !== colour) at++;
      this.objectives[colour] = stacks[at]!;
    }
  }

  /** Plays the set-up game to its end with the random policy; returns the decisions taken.
   *  `log`, when given, receives each decision (for the replay test; the benchmark passes none). */
  play(log?: Decision[]): number {
    const players = this.players;
    const restock = RESTOCK[players]!;
    const shop = this.shop;
    let trader = this.shopKeeper;
    let decisions = 0;
    for (;;) {
      const option = this.drawTrade(trader);
      decisions++;
      if (log) log.push(this.logged(trader, option));
      this.trade(trader);
      // Restock: at least `restock` cards, and up to five; the Closed Shop card ends the game.
      for (let added = 0; added < restock || this.shopSize < 5; added++) {
        if (this.drawNext === this.drawSize) throw new Error("the draw pile ran out before the Closed Shop card");
        const card = this.draw[this.drawNext++]!;
        shop[this.shopSize++] = card;
        if (card === CLOSED) return decisions;
      }
      trader = trader + 1 === players ? 0 : trader + 1;
    }
  }

  /** Draws the trader's trade into give and take (and returns its option), as the compiled sampler:
   *  an option, the Mansion set, the Shop set, until the trade is legal. */
  private drawTrade(trader: number): number {
    const policy = this.policy;
    const give = this.give;
    const take = this.take;
    const mansionSize = this.mansionSize[trader]!;
    if (mansionSize === 0) throw new Error(`seat ${trader} has no card to trade`);
    for (;;) {
      const option = policy.int(2);
      this.giveSize = this.drawSet(this.mansion, trader * ZONE, mansionSize, give);
      this.takeSize = this.drawSet(this.shop, 0, this.shopSize, take);
      const giveSize = this.giveSize;
      const takeSize = this.takeSize;
      if (option === GOOD_DEAL) {
        if (giveSize !== takeSize) continue;
        const given = VALUE[give[0]!]!;
        const taken = VALUE[take[0]!]!;
        if (given === taken) continue;
        let same = true;
        for (let i = 1; i < giveSize && same; i++) same = VALUE[give[i]!] === given && VALUE[take[i]!] === taken;
        if (same) return option;
      } else {
        let balance = 0;
        for (let i = 0; i < giveSize; i++) balance += VALUE[give[i]!]!;
        for (let i = 0; i < takeSize; i++) balance -= VALUE[take[i]!]!;
        if (balance === 0) return option;
      }
    }
  }

  /** A random non-empty set of the zone's cards into `into`, as the runtime's `randomSubset`: its
   *  size k in 1..n with weight 2^(n-k) (n at most 30), then k cards one by one, each among those
   *  not yet chosen in the zone's order (an index among the cards left steps over the chosen
   *  positions, kept ascending in `taken`: no copy of the zone). Returns k. */
  private drawSet(zone: Int32Array, base: number, n: number, into: Int32Array): number {
    const policy = this.policy;
    const taken = this.taken;
    const bits = n < 30 ? n : 30;
    const draws = (1 << bits) - 1;
    // Index i of the 2^bits - 1 draws is size k when 2^bits - 1 - i has bits - k + 1 binary digits.
    const size = bits - 31 + Math.clz32(draws - policy.int(draws));
    for (let i = 0; i < size; i++) {
      let at = policy.int(n - i);
      let k = 0;
      while (k < i && taken[k]! <= at) {
        at++;
        k++;
      }
      for (let m = i; m > k; m--) taken[m] = taken[m - 1]!;
      taken[k] = at;
      into[i] = zone[base + at]!;
    }
    return size;
  }

  /** The trade's cards change hands: the given ones go to the end of the Shop, then the taken ones
   *  to the end of the Mansion, each in its set's order. */
  private trade(trader: number): void {
    const mansion = this.mansion;
    const shop = this.shop;
    const base = trader * ZONE;
    for (let i = 0; i < this.giveSize; i++) {
      const card = this.give[i]!;
      removeAt(mansion, base, indexOf(mansion, base, this.mansionSize[trader]!, card), this.mansionSize[trader]!--);
      shop[this.shopSize++] = card;
    }
    for (let i = 0; i < this.takeSize; i++) {
      const card = this.take[i]!;
      removeAt(shop, 0, indexOf(shop, 0, this.shopSize, card), this.shopSize--);
      mansion[base + this.mansionSize[trader]!++] = card;
    }
  }

  private logged(trader: number, option: number): string {
    const give = Array.from(this.give.subarray(0, this.giveSize)).join(",");
    const take = Array.from(this.take.subarray(0, this.takeSize)).join(",");
    return `${trader} ${OPTION_NAMES[option]} ${give} ${take}`;
  }

  /** Per seat, as the compiled game scores them: the three Objectives' points, then the Mansion's
   *  values from the highest, padded to the largest Mansion with -Infinity. Not timed by the bench:
   *  written plainly, for the replay test. */
  scores(): number[][] {
    const players = this.players;
    const mansions: number[][] = [];
    for (let p = 0; p < players; p++) mansions.push(Array.from(this.mansion.subarray(p * ZONE, p * ZONE + this.mansionSize[p]!)));
    const copies = (p: number, v: number): number => mansions[p]!.filter((c) => VALUE[c] === v).length;
    const marked = (p: number): number => mansions[p]!.filter((c) => MARKED[c]).length;
    const markedCounts = new Set(mansions.map((_, q) => marked(q)));
    const rankPoints = (rank: number): number => [0, 10, 6, 3][rank] ?? 0;
    const points = (objective: number, p: number): number => {
      const cards = mansions[p]!;
      const values = [...new Set(cards.map((c) => VALUE[c]!))];
      const hasMarked = (v: number): boolean => cards.some((c) => VALUE[c] === v && MARKED[c]);
      switch (objective) {
        case TIDY_MANSION:
          return bestSets(cards, 3, isRun, RUN_POINTS);
        case OBSESSED_BY_ARRANGEMENT:
          return 3 * longestRun(values);
        case NEIGHBORS_FESTIVAL: {
          let sum = 0;
          for (let v = 1; v <= 10; v++) {
            let most = 0;
            for (let q = 0; q < players; q++) most = Math.max(most, copies(q, v));
            if (copies(p, v) > 0 && copies(p, v) === most) sum += 5;
          }
          return sum;
        }
        case COLLECTOR:
          return 3 * values.length;
        case SEEING_DOUBLE:
          return bestSets(cards, 2, isSame, PAIR_POINTS);
        case THREE_IS_BETTER_THAN_TWO:
          return bestSets(cards, 3, isSame, TRIPLE_POINTS);
        case GEM_OF_MY_COLLECTION: {
          // The value held most often (the lowest on a tie), times 3.
          let gem = 1;
          for (let v = 2; v <= 10; v++) if (copies(p, v) > copies(p, gem)) gem = v;
          return 3 * gem;
        }
        case SUM_OF_ALL_FEARS:
          return 3 * Math.floor(cards.reduce((sum, c) => sum + VALUE[c]!, 0) / 10);
        case TOO_SNOB:
          return 2 * values.filter((v) => !hasMarked(v)).length;
        case ART_OF_BARGAINING:
          return 2 * values.filter(hasMarked).length;
        case NOT_THE_SAME_VALUES:
          return rankPoints(1 + [...markedCounts].filter((k) => k < marked(p)).length);
        default:
          return rankPoints(1 + [...markedCounts].filter((k) => k > marked(p)).length);
      }
    };
    const rows = mansions.map((cards, p) => [
      points(this.objectives[0]!, p) + points(this.objectives[1]!, p) + points(this.objectives[2]!, p),
      ...cards.map((c) => VALUE[c]!).sort((a, b) => b - a),
    ]);
    const width = Math.max(...rows.map((row) => row.length));
    for (const row of rows) while (row.length < width) row.push(Number.NEGATIVE_INFINITY);
    return rows;
  }
}

function isSame(cards: readonly number[]): boolean {
  return cards.every((c) => VALUE[c] === VALUE[cards[0]!]);
}

function isRun(cards: readonly number[]): boolean {
  const values = cards.map((c) => VALUE[c]!).sort((a, b) => a - b);
  return values.every((v, i) => v === values[0]! + i);
}

/** A set scores its majority category's points (a tie goes to the first category). */
function setPoints(cards: readonly number[], table: readonly number[]): number {
  const counts = [0, 0, 0];
  for (const c of cards) counts[CATEGORY[c]!]!++;
  let best = 0;
  for (let k = 1; k < 3; k++) if (counts[k]! > counts[best]!) best = k;
  return table[best]!;
}

/** The best total of disjoint sets of `size` cards that pass `fits`, by brute force (a Mansion is
 *  small): the first card is either in no set or in a set with later cards. */
function bestSets(cards: readonly number[], size: number, fits: (set: readonly number[]) => boolean, table: readonly number[]): number {
  if (cards.length < size) return 0;
  const [first, ...rest] = cards as [number, ...number[]];
  let best = bestSets(rest, size, fits, table);
  const choose = (from: number, set: number[]): void => {
    if (set.length === size) {
      if (!fits(set)) return;
      const left = rest.filter((c) => !set.includes(c));
      best = Math.max(best, setPoints(set, table) + bestSets(left, size, fits, table));
      return;
    }
    for (let i = from; i < rest.length; i++) choose(i + 1, [...set, rest[i]!]);
  };
  choose(0, [first]);
  return best;
}

/** The longest run of consecutive values among distinct values. */
function longestRun(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  let best = 0;
  let current = 0;
  for (let i = 0; i < sorted.length; i++) {
    current = i > 0 && sorted[i] === sorted[i - 1]! + 1 ? current + 1 : 1;
    best = Math.max(best, current);
  }
  return best;
}

function indexOf(cards: Int32Array, base: number, size: number, card: number): number {
  for (let i = 0; i < size; i++) if (cards[base + i] === card) return i;
  throw new Error(`card ${card} is not in the zone`);
}

// removeAt and shuffle are also in lady-richmond-fast.ts, on purpose: each reference stands alone, its hot
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
