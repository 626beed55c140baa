// Street Deal: a hand-made game shape (meta only, no rules) carrying every presentation field the
// compiler may fill: card names (one card without, to show the fallback), enum labels, a board laid
// out by position with deeds on it, zones laid out as a pile, a count and a top card, a token per
// seat (`on`), a bookkeeping variable, a variable shown at times (`shown` lines), per-card values,
// and a seat the rules play. For the present entry's tests, which work its expectations out by hand.

import type { Game, GameMeta, TextPart } from "../../contract.js";

const meta: GameMeta = {
  cardTypes: [
    { name: "Space", fields: [{ name: "position", type: "int" }, { name: "kind", type: "Kind" }] },
    { name: "Deed", fields: [{ name: "space", type: "int" }, { name: "price", type: "int" }, { name: "colour", type: "Colour" }] },
    { name: "Chance", fields: [{ name: "number", type: "int" }] },
  ],
  cards: [
    { id: 0, type: "Space", fields: { position: 0, kind: "corner" }, name: "Go" },
    // Listed out of board order: the board sorts its spaces by position.
    { id: 1, type: "Space", fields: { position: 2, kind: "street" }, name: "Reading Road" },
    { id: 2, type: "Space", fields: { position: 1, kind: "street" }, name: "Phonics Place" },
    { id: 3, type: "Deed", fields: { space: 1, price: 100, colour: "light_blue" }, name: "Phonics Place deed", text: "Rent $22" },
    // No name from the rules: said by its type and values.
    { id: 4, type: "Deed", fields: { space: 2, price: 120, colour: "red" } },
    { id: 5, type: "Chance", fields: { number: 1 }, name: "Advance to Go" },
    { id: 6, type: "Chance", fields: { number: 2 }, name: "Pay $50" },
    { id: 7, type: "Chance", fields: { number: 3 }, name: "Go to Jail" },
  ],
  zones: [
    { name: "board", label: "the board", layout: { kind: "board", by: "position", with: { type: "Deed", field: "space" } }, perPlayer: false, cardType: "Space", visibility: "public", ordered: true, capacity: null },
    { name: "bank_deeds", label: "the bank's deeds", perPlayer: false, cardType: "Deed", visibility: "public", ordered: false, capacity: null },
    { name: "deeds", label: "deeds", perPlayer: true, cardType: "Deed", visibility: "public", ordered: false, capacity: null },
    { name: "chance", label: "the Chance pile", layout: { kind: "count" }, perPlayer: false, cardType: "Chance", visibility: "hidden", ordered: true, capacity: null },
    { name: "discards", label: "the Chance discards", layout: { kind: "top" }, perPlayer: false, cardType: "Chance", visibility: "public", ordered: true, capacity: null },
    { name: "hand", label: "hand", layout: { kind: "hand" }, perPlayer: true, cardType: "Chance", visibility: "owner", ordered: false, capacity: null },
    // One side of a swap of deeds: kept by the rules, told as the deed going straight on.
    { name: "escrow", label: "the escrow", perPlayer: false, cardType: "Deed", visibility: "public", ordered: true, capacity: 1, bookkeeping: true },
  ],
  vars: [
    { name: "coins", label: "coins", perPlayer: true, type: "int", visibility: "owner" },
    { name: "bank", label: "the bank", perPlayer: false, type: "int", visibility: "public" },
    { name: "at", label: "square", on: "board", perPlayer: true, type: "int", visibility: "public" },
    { name: "moves_made", label: "moves made", shown: "bookkeeping", perPlayer: false, type: "int", visibility: "public" },
    { name: "in_jail", label: "in jail", shown: "when", perPlayer: true, type: "int", visibility: "public" },
    { name: "called", label: "the colour called", perPlayer: false, type: "Colour", visibility: "public" },
    { name: "leader", label: "the leader", perPlayer: false, type: "player", visibility: "public" },
    { name: "houses", label: "houses", perPlayer: false, perCard: "Deed", initial: 0, type: "int", visibility: "public" },
    { name: "mortgaged", label: "mortgaged", perPlayer: false, perCard: "Deed", initial: false, type: "bool", visibility: "public" },
  ],
  conserved: [{ name: "money", vars: ["coins", "bank"] }],
  enums: { Colour: { light_blue: "light blue" }, Kind: {} },
  bots: [{ id: "merc", label: "Wealthy Nephew Merc", for: [2] }],
};

interface StreetView {
  readonly vars: { readonly in_jail: readonly number[] };
}

/** Street Deal's shape; its functions beyond `shown` are never called by the present entry. */
export const street = {
  id: "street",
  title: "Street Deal",
  minPlayers: 2,
  maxPlayers: 4,
  variants: [],
  meta,
  // `in_jail` is shown while a seat is in jail (its turns left, above 0): "in jail (2 turns left)".
  shown: (view: StreetView) => ({
    in_jail: view.vars.in_jail.map((turns): readonly TextPart[] | null => (turns > 0 ? ["in jail (", { value: turns, type: "int" }, " turns left)"] : null)),
  }),
} as unknown as Game;

/** Seat 0 reads; two people play, so seat 2 is the Merc. */
export const SEAT_0 = { seat: 0, humans: 2 } as const;

/** Seat 0's view of a three-seat match: seat 0 and seat 1 on Phonics Place, the Merc on Go, seat 0
 *  owning the Phonics Place deed with 2 houses, the other deed mortgaged in the bank, seat 1 in jail. */
export const streetView = {
  seat: 0,
  phase: "buying",
  waitingFor: "turn.buy",
  zones: {
    board: { count: 3, cards: [0, 1, 2] },
    bank_deeds: { count: 1, cards: [4] },
    deeds: [{ count: 1, cards: [3] }, { count: 0, cards: [] }, { count: 0, cards: [] }],
    chance: { count: 1 },
    discards: { count: 2, cards: [6, 5] },
    hand: [{ count: 0, cards: [] }, { count: 1 }, { count: 0 }],
    escrow: { count: 0, cards: [] as number[] },
  },
  vars: {
    coins: [150, null, null],
    bank: 500,
    at: [1, 1, 0],
    moves_made: 7,
    in_jail: [0, 2, 0],
    called: "light_blue",
    leader: 2,
    houses: { 3: 2, 4: 0 },
    mortgaged: { 3: false, 4: true },
  },
};
