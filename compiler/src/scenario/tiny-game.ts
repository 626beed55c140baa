import { illegal, randomInt, seedRandom, shuffle } from "@rules/runtime/internal";
import type { BaseState, CardId, Game, IllegalMove, Move, MoveOption, Seat } from "@rules/runtime/internal";

// A small hand-written game standing in for a compiled one, for the scenario runner's tests. One card goes unseen into `box`, then
// two cards at a time are turned up from `deck`
// onto `table`; in turn, a seat may raise the standing `high` bid (up to its chips), pass, or take
// a card from the table, paying `high`. The seat after the taker leads the next deal, and each deal
// rolls a die into `die`. When the deck is out, every seat secretly shows a card from its hand
// (or skips); the score is the shown card's value plus chips, ties broken by chips.
type TinyState = BaseState & { locals: { seat: number } };

const NUMBERS = 6;
const tinyCards = [
  ...Array.from({ length: NUMBERS }, (_, i) => ({ id: i, type: "Number", fields: { value: i + 1 } })),
  { id: 6, type: "Coin", fields: { value: 5 } },
  { id: 7, type: "Coin", fields: { value: 5 } },
  { id: 8, type: "Coin", fields: { value: 2 } },
];

const shared = (state: BaseState, zone: string): CardId[] => state.zones[zone] as CardId[];
const mine = (state: BaseState, zone: string, seat: Seat): CardId[] => (state.zones[zone] as CardId[][])[seat]!;
const chips = (state: BaseState): number[] => state.vars["chips"] as number[];
const next = (state: BaseState, seat: Seat): Seat => (seat + 1) % state.players;
const value = (id: CardId): number => tinyCards[id]!.fields.value;
const perSeat = <T>(state: BaseState, make: () => T): T[] => Array.from({ length: state.players }, make);

function deal(state: TinyState): void {
  const table = shared(state, "table");
  const deck = shared(state, "deck");
  if (deck.length === 0) {
    state.pc = "reveal";
    state.pending = perSeat(state, () => null);
    return;
  }
  table.push(...deck.splice(0, 2));
  state.vars["die"] = randomInt(state.random, 6);
  state.vars["high"] = 0;
  state.locals.seat = state.vars["leader"] as number;
  state.pc = "turn";
}

function options(state: TinyState, seat: Seat): MoveOption[] {
  if (state.pc === "turn" && seat === state.locals.seat) {
    const high = state.vars["high"] as number;
    const bid: MoveOption[] =
      high + 1 <= chips(state)[seat]!
        ? [{ type: "bid", parameters: { amount: { kind: "range", min: high + 1, max: chips(state)[seat]! } } }]
        : [];
    return [
      ...bid,
      { type: "take", parameters: { card: { kind: "card", zone: "table", cards: [...shared(state, "table")] } } },
      { type: "pass", parameters: {} },
    ];
  }
  if (state.pc === "reveal" && state.pending![seat] === null) {
    const hand = mine(state, "hand", seat);
    const show: MoveOption[] =
      hand.length > 0 ? [{ type: "show", parameters: { card: { kind: "card", zone: "hand", cards: [...hand] } } }] : [];
    return [...show, { type: "skip", parameters: {} }];
  }
  return [];
}

const PARAMETERS: Record<string, string[]> = { bid: ["amount"], take: ["card"], pass: [], show: ["card"], skip: [] };

function check(state: TinyState, seat: Seat, move: Move): IllegalMove | null {
  const wanted = PARAMETERS[move.type];
  if (!wanted) return illegal("move/unknown-type", `there is no move '${move.type}'`);
  const extra = Object.keys(move).find((key) => key !== "type" && !wanted.includes(key));
  if (extra) return illegal("move/bad-parameter", `'${move.type}' takes no parameter '${extra}'`);
  if (state.pc === "reveal") {
    if (state.pending![seat] !== null) return illegal("move/already-submitted", `seat ${seat} has already chosen`);
    if (move.type === "show" && !mine(state, "hand", seat).includes(move["card"] as CardId)) {
      return illegal("move/out-of-domain", "that card is not in your hand");
    }
    return move.type === "show" || move.type === "skip"
      ? null
      : illegal("move/constraint", "now every player shows a card");
  }
  if (seat !== state.locals.seat) return illegal("move/not-your-turn", `it is seat ${state.locals.seat}'s turn`);
  if (move.type === "bid") {
    const amount = move["amount"];
    const [low, high] = [(state.vars["high"] as number) + 1, chips(state)[seat]!];
    if (typeof amount !== "number") return illegal("move/bad-parameter", "amount must be a whole number");
    if (!Number.isInteger(amount)) return illegal("move/out-of-domain", "amount must be a whole number");
    if (amount < low || amount > high)
      return illegal("move/out-of-domain", `amount must be between ${low} and ${high}`);
  }
  if (move.type === "take" && !shared(state, "table").includes(move["card"] as CardId)) {
    return illegal("move/out-of-domain", "that card is not on the table");
  }
  return move.type === "show" || move.type === "skip" ? illegal("move/constraint", "cards are shown at the end") : null;
}

function apply(state: TinyState, seat: Seat, move: Move): void {
  if (state.pc === "reveal") {
    state.pending![seat] = move;
    if (state.pending!.some((m) => m === null)) return;
    state.pending!.forEach((m, p) => {
      if (m!.type !== "show") return;
      const hand = mine(state, "hand", p);
      hand.splice(hand.indexOf(m!["card"] as CardId), 1);
      mine(state, "offer", p).push(m!["card"] as CardId);
    });
    state.pending = null;
    state.pc = "end";
    return;
  }
  if (move.type === "bid") state.vars["high"] = move["amount"] as number;
  if (move.type === "take") {
    const table = shared(state, "table");
    table.splice(table.indexOf(move["card"] as CardId), 1);
    mine(state, "hand", seat).push(move["card"] as CardId);
    chips(state)[seat]! -= state.vars["high"] as number;
    state.vars["high"] = 0;
    state.vars["leader"] = next(state, seat);
    if (table.length === 0) return deal(state);
  }
  state.locals.seat = next(state, seat);
}

export const tiny: Game<TinyState> = {
  id: "tiny",
  title: "Tiny Auction",
  minPlayers: 2,
  maxPlayers: 3,
  variants: [{ name: "rich", description: "five chips each" }],
  meta: {
    cardTypes: [
      { name: "Number", fields: [{ name: "value", type: "int" }] },
      { name: "Coin", fields: [{ name: "value", type: "int" }] },
    ],
    cards: tinyCards,
    zones: [
      { name: "deck", label: "deck", perPlayer: false, cardType: "Number", visibility: "hidden", ordered: true, capacity: null },
      { name: "table", label: "table", perPlayer: false, cardType: "Number", visibility: "public", ordered: true, capacity: null },
      { name: "box", label: "box", perPlayer: false, cardType: "Number", visibility: "hidden", ordered: false, capacity: null },
      { name: "hand", label: "hand", perPlayer: true, cardType: "Number", visibility: "owner", ordered: false, capacity: null },
      { name: "offer", label: "offer", perPlayer: true, cardType: "Number", visibility: "owner", ordered: false, capacity: 1 },
      { name: "purse", label: "purse", perPlayer: true, cardType: "Coin", visibility: "owner", ordered: false, capacity: null },
      { name: "bank", label: "bank", perPlayer: false, cardType: "Coin", visibility: "public", ordered: false, capacity: null },
    ],
    vars: [
      { name: "chips", label: "chips", perPlayer: true, type: "int", visibility: "owner" },
      { name: "high", label: "high", perPlayer: false, type: "int", visibility: "public" },
      { name: "leader", label: "leader", perPlayer: false, type: "player", visibility: "public" },
      { name: "die", label: "die", perPlayer: false, type: "int", visibility: "public" },
      { name: "open", label: "open", perPlayer: false, type: "bool", visibility: "public" },
    ],
    conserved: [],
  },
  setup({ players, variants = [], seed }) {
    const random = seedRandom(seed);
    const deck = Array.from({ length: NUMBERS }, (_, i) => i);
    shuffle(random, deck);
    const state: TinyState = {
      players,
      variants,
      pc: "start",
      random,
      zones: { deck, table: [], box: deck.splice(0, 1), hand: [], offer: [], purse: [], bank: [6, 7, 8] },
      vars: { chips: [], high: 0, leader: 0, die: 0, open: true },
      locals: { seat: 0 },
      pending: null,
    };
    for (const zone of ["hand", "offer", "purse"]) state.zones[zone] = perSeat(state, () => []);
    state.vars["chips"] = perSeat(state, () => (variants.includes("rich") ? 5 : 3));
    return state;
  },
  advance(state) {
    if (state.pc === "start") deal(state);
  },
  activity(state) {
    if (state.pc === "turn") return { kind: "turn", players: [state.locals.seat] };
    if (state.pc === "reveal")
      return { kind: "simultaneous", players: state.pending!.flatMap((m, seat) => (m === null ? [seat] : [])) };
    return { kind: "over", players: [] };
  },
  legalMoves: options,
  check,
  apply,
  view: (state) => state,
  scores: (state) =>
    perSeat(state, () => 0).map((_, seat) => {
      const shown = mine(state, "offer", seat).reduce((sum, id) => sum + value(id), 0);
      return [shown + chips(state)[seat]!, chips(state)[seat]!];
    }),
};

export const games = { tiny: tiny as unknown as Game };
