// Foreclosed!'s cards as the speed-written reference (foreclosed-fast.ts) reads them: the compiled
// game's card ids (Property cards 0–59: 45 Standard by colour, nine each, then 5 Duals and 10 Money
// cards; Action cards 60–98 in the rules' order), each field a flat typed array indexed by id.
// Colours are the enum's indices (1 red … 5 blue, 0 none), effects the Effect enum's.

export const PROPERTIES = 60;
export const FIRST_DUAL = 45;
export const ACTIONS = 39;
export const FIRST_ACTION = 60;
export const CARDS = 99;
export const MAX_SEATS = 6;
/** A hand holds at most 5 Action cards, 6 for a moment before a discard. */
export const HAND = 6;
export const COLOURS = 6;

// Property kinds and colours as the rules declare them.
export const STANDARD = 0;
export const DUAL = 1;
export const MONEY = 2;
export const NONE = 0;
export const COLOUR_NAMES = ["none", "red", "orange", "yellow", "green", "blue"];

// Action effects, in the rules' order.
export const GAIN_TWO = 0;
export const TAKE_BACK = 1;
export const OTHERS_LOSE_ONE = 2;
export const DISCARD_ACTION = 3;
export const NO_EXCHANGE = 4;
export const MONEY_POINTS = 5;
export const DOUBLE_BONUS = 6;
export const COLOUR_PAIRS = 7;
export const COLOUR_PENALTY = 8;
export const ALL_COLOURS = 9;
export const FEW_COLOURS = 10;
export const COIN_PAIRS = 11;
export const HEART_CHART = 12;
export const COIN_CHART = 13;

export const KIND = new Int8Array(PROPERTIES);
export const COLOUR = new Int8Array(PROPERTIES);
export const SECOND = new Int8Array(PROPERTIES);
export const BONUS = new Int8Array(PROPERTIES);
export const COIN = new Uint8Array(PROPERTIES);
export const HEART = new Uint8Array(PROPERTIES);
/** The colours a card shows, as bits 1–5: a Dual's two, a Standard card's one, none for Money. */
export const SHOWS = new Uint8Array(PROPERTIES);
export const EFFECT = new Int8Array(CARDS);
export const ACTION_COLOUR = new Int8Array(CARDS);
export const VALUE = new Int8Array(CARDS);
/** The colours a few-colours card shows, as bits 1–5. */
export const SHOWN = new Uint8Array(CARDS);
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
export const SET_POINTS = [0, 1, 2, 4, 6, 9, 12, 16, 20, 25, 30, 36];
export const HEART_POINTS = [-2, -2, 2, 3, 4, 6, 8];
export const COIN_POINTS = [3, 3, 2, 1, -2, -3];
