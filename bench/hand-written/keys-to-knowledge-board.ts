// The Keys to Knowledge board as data, for keys-to-knowledge-fast.ts: the deeds, spaces and MERCY and
// GRACE cards of rules/keys-to-knowledge/board.rules, in the compiled game's card order (deed i is
// card id 56 + i, MERCY and GRACE cards 90–105), laid out in flat typed arrays the engine indexes.

/** The compiled card id of deed 0: deeds are logged by their card ids. */
export const FIRST_DEED_ID = 56;
export const DEEDS = 34;
export const GROUPS = 8;

// Space kinds.
export const HOME = 0;
export const PROPERTY = 1;
export const MERCY = 2;
export const GRACE = 3;
export const FEE = 4;
export const COURT = 5;
export const FIELD_TRIP = 6;
export const GO_TO_COURT = 7;

// MERCY and GRACE effects.
export const COLLECT = 0;
export const PAY = 1;
export const ADVANCE_HOME = 2;
export const GO_TO_COURT_CARD = 3;
export const BACK_THREE = 4;
export const REPAIRS = 5;

// Per deed: board (0 standard, 1 small), group, space, price, mortgage, Stack price, rents
// undeveloped, with 1–4 Stacks and with a Key.
const DEED_ROWS: readonly (readonly number[])[] = [
  [0, 0, 1, 60, 30, 50, 4, 20, 60, 180, 320, 450],
  [0, 0, 3, 60, 30, 50, 4, 20, 60, 180, 320, 450],
  [0, 0, 4, 80, 40, 50, 6, 30, 90, 270, 400, 550],
  [0, 1, 5, 100, 50, 50, 6, 30, 90, 270, 400, 550],
  [0, 1, 7, 100, 50, 50, 6, 30, 90, 270, 400, 550],
  [0, 1, 8, 120, 60, 50, 8, 40, 100, 300, 450, 600],
  [0, 2, 10, 140, 70, 100, 10, 50, 150, 450, 625, 750],
  [0, 2, 12, 140, 70, 100, 10, 50, 150, 450, 625, 750],
  [0, 2, 13, 160, 80, 100, 12, 60, 180, 500, 700, 900],
  [0, 3, 14, 180, 90, 100, 14, 70, 200, 550, 750, 950],
  [0, 3, 16, 180, 90, 100, 14, 70, 200, 550, 750, 950],
  [0, 3, 17, 200, 100, 100, 16, 80, 220, 600, 800, 1000],
  [0, 4, 19, 220, 110, 150, 18, 90, 250, 700, 875, 1050],
  [0, 4, 21, 220, 110, 150, 18, 90, 250, 700, 875, 1050],
  [0, 4, 22, 240, 120, 150, 20, 100, 300, 750, 925, 1100],
  [0, 5, 23, 260, 130, 150, 22, 110, 330, 800, 975, 1150],
  [0, 5, 25, 260, 130, 150, 22, 110, 330, 800, 975, 1150],
  [0, 5, 26, 280, 140, 150, 24, 120, 360, 850, 1025, 1200],
  [0, 6, 28, 300, 150, 200, 26, 130, 390, 900, 1100, 1275],
  [0, 6, 29, 300, 150, 200, 26, 130, 390, 900, 1100, 1275],
  [0, 6, 31, 320, 160, 200, 28, 150, 450, 1000, 1200, 1400],
  [0, 7, 32, 340, 170, 200, 30, 160, 480, 1050, 1250, 1450],
  [0, 7, 34, 340, 170, 200, 30, 160, 480, 1050, 1250, 1450],
  [0, 7, 35, 400, 200, 200, 50, 200, 600, 1400, 1700, 2000],
  [1, 0, 1, 60, 30, 50, 4, 20, 60, 180, 320, 450],
  [1, 0, 3, 80, 40, 50, 6, 30, 90, 270, 400, 550],
  [1, 3, 6, 180, 90, 100, 14, 70, 200, 550, 750, 950],
  [1, 3, 7, 180, 90, 100, 14, 70, 200, 550, 750, 950],
  [1, 3, 9, 200, 100, 100, 16, 80, 220, 600, 800, 1000],
  [1, 4, 11, 220, 110, 150, 18, 90, 250, 700, 875, 1050],
  [1, 4, 12, 220, 110, 150, 18, 90, 250, 700, 875, 1050],
  [1, 4, 14, 240, 120, 150, 20, 100, 300, 750, 925, 1100],
  [1, 7, 16, 340, 170, 200, 30, 160, 480, 1050, 1250, 1450],
  [1, 7, 19, 400, 200, 200, 50, 200, 600, 1400, 1700, 2000],
];

export const DEED_GROUP = new Int8Array(DEEDS);
export const DEED_PRICE = new Int32Array(DEEDS);
export const DEED_MORTGAGE = new Int32Array(DEEDS);
/** What lifting the mortgage costs: the mortgage plus 10%, rounded down. */
export const DEED_LIFT = new Int32Array(DEEDS);
export const DEED_STACK_PRICE = new Int32Array(DEEDS);
/** Half the Stack price, rounded down: what a Stack or a Key sells back for. */
export const DEED_STACK_HALF = new Int32Array(DEEDS);
/** Rent by level: deed d's rent with k Stacks (k = 0..4) and with a Key (5) at RENT[d * 6 + k]. */
export const DEED_RENT = new Int32Array(DEEDS * 6);
for (let d = 0; d < DEEDS; d++) {
  const row = DEED_ROWS[d]!;
  DEED_GROUP[d] = row[1]!;
  DEED_PRICE[d] = row[3]!;
  DEED_MORTGAGE[d] = row[4]!;
  DEED_LIFT[d] = row[4]! + Math.floor(row[4]! / 10);
  DEED_STACK_PRICE[d] = row[5]!;
  DEED_STACK_HALF[d] = Math.floor(row[5]! / 2);
  for (let k = 0; k < 6; k++) DEED_RENT[d * 6 + k] = row[6 + k]!;
}

/** One board: its spaces by index and the deeds on it, grouped. */
export interface Board {
  readonly size: number;
  readonly court: number;
  readonly kind: Int8Array;
  readonly fee: Int32Array;
  /** The deed on each property space, -1 elsewhere. */
  readonly deedAt: Int8Array;
  /** The deeds on this board, in card order (the bank's pile before any shuffle). */
  readonly deeds: Int8Array;
  /** Group g's deeds: members[g * 3 .. g * 3 + groupSize[g]). */
  readonly members: Int8Array;
  readonly groupSize: Int8Array;
  readonly stacks: number;
  readonly keys: number;
}

const KINDS: Record<string, number> = { H: HOME, P: PROPERTY, M: MERCY, G: GRACE, F: FEE, C: COURT, T: FIELD_TRIP, J: GO_TO_COURT };

function board(index: number, layout: string, fees: Record<number, number>, stacks: number, keys: number): Board {
  const size = layout.length;
  const kind = new Int8Array(size);
  const fee = new Int32Array(size);
  const deedAt = new Int8Array(size).fill(-1);
  let court = -1;
  for (let i = 0; i < size; i++) {
    kind[i] = KINDS[layout[i]!]!;
    fee[i] = fees[i] ?? 0;
    if (kind[i] === COURT) court = i;
  }
  const mine: number[] = [];
  const members = new Int8Array(GROUPS * 3);
  const groupSize = new Int8Array(GROUPS);
  for (let d = 0; d < DEEDS; d++) {
    const row = DEED_ROWS[d]!;
    if (row[0] !== index) continue;
    mine.push(d);
    deedAt[row[2]!] = d;
    const g = row[1]!;
    members[g * 3 + groupSize[g]!++] = d;
  }
  return { size, court, kind, fee, deedAt, deeds: Int8Array.from(mine), members, groupSize, stacks, keys };
}

// H home, P property, M MERCY, G GRACE, F fee, C COURT, T FIELD TRIP, J GO TO COURT.
export const STANDARD_BOARD = board(0, "HPMPPPFPPCPGPPPMPPTPGPPPFPPJPPMPPGPP", { 6: 200, 24: 100 }, 32, 12);
export const SMALL_BOARD = board(1, "HPMPFCPPGPTPPMPJPFGP", { 4: 100, 17: 75 }, 12, 4);

// The MERCY cards (ids 90–97), then the GRACE cards (98–105): effect and amount; the repairs card
// costs REPAIRS_PER_STACK a Stack and REPAIRS_PER_KEY a Key.
export const FORTUNE_EFFECT = Int8Array.from([
  COLLECT, COLLECT, COLLECT, COLLECT, ADVANCE_HOME, PAY, PAY, GO_TO_COURT_CARD,
  COLLECT, COLLECT, ADVANCE_HOME, BACK_THREE, GO_TO_COURT_CARD, PAY, PAY, REPAIRS,
]);
export const FORTUNE_AMOUNT = Int32Array.from([200, 100, 50, 25, 0, 50, 100, 0, 150, 10, 0, 0, 0, 15, 75, 25]);
export const REPAIRS_PER_STACK = 25;
export const REPAIRS_PER_KEY = 100;
