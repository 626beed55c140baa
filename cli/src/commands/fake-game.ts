// A tiny hand-written game for the CLI's tests, small enough to follow by hand. It has what the
// CLI must render: a card choice from a public row, a bet in a range, a simultaneous secret
// choice, owner-only cards and coins; and a `sample` for search bots.
//
// Gem Auction, 2 or 3 players, six Gem cards valued 1 to 6 laid out in order (no shuffle).
// Draft: from seat 0 clockwise, each player takes a gem from the pool until everyone has two.
// Bet: each player in seat order bets 0..their coins (everyone starts with 3) into the pot.
// Reveal: everyone shows one gem of their hand at once; the highest shown gem takes the pot.
// Score: coins plus the values of shown gems; tie-breaker: coins.
// Like a compiled game, it records what each move did as events (`state.events`, when asked).

import type { Activity, BaseState, Game, IllegalMove, Move, MoveOption, Seat } from "@rules/runtime/internal";
import { cloneJson, gameEnds, moved, redealUnknown, sampleRandom, seedRandom, transferred, zoneView } from "@rules/runtime/internal";

interface GemState extends BaseState {
  zones: { pool: number[]; hand: number[][]; shown: number[][] };
  vars: { coins: number[]; pot: number };
  locals: { current: number };
}

const GEMS = [0, 1, 2, 3, 4, 5];
const value = (card: number): number => card + 1;
const HAND = 2;

function activity(state: GemState): Activity {
  if (state.pc === "end") return { kind: "over", players: [] };
  if (state.pc === "reveal") {
    const waiting = state.pending!.flatMap((move, seat) => (move === null ? [seat] : []));
    return { kind: "simultaneous", players: waiting };
  }
  return { kind: "turn", players: [state.locals.current] };
}

function legalMoves(state: GemState, seat: Seat): MoveOption[] {
  if (!activity(state).players.includes(seat)) return [];
  switch (state.pc) {
    case "draft":
      return [{ type: "take", parameters: { gem: { kind: "card", zone: "pool", cards: [...state.zones.pool] } } }];
    case "bet":
      return [{ type: "bet", parameters: { amount: { kind: "range", min: 0, max: state.vars.coins[seat]! } } }];
    default:
      return [
        { type: "show", parameters: { gem: { kind: "card", zone: "hand", cards: [...state.zones.hand[seat]!] } } },
      ];
  }
}

function check(state: GemState, seat: Seat, move: Move): IllegalMove | null {
  const now = activity(state);
  if (now.kind === "over") return { code: "move/game-over", reason: "the game is over" };
  if (!now.players.includes(seat)) {
    return state.pc === "reveal"
      ? { code: "move/already-submitted", reason: `seat ${seat} has already shown a gem` }
      : { code: "move/not-your-turn", reason: `it is seat ${now.players[0]}'s turn` };
  }
  const option = legalMoves(state, seat)[0]!;
  if (move.type !== option.type) return { code: "move/unknown-type", reason: `you may only ${option.type} now` };
  if (move.type === "bet") {
    const amount = move["amount"];
    const coins = state.vars.coins[seat]!;
    if (typeof amount !== "number" || !Number.isInteger(amount))
      return { code: "move/bad-parameter", reason: "amount must be a whole number" };
    if (amount < 0 || amount > coins)
      return { code: "move/out-of-domain", reason: `you may bet 0 to ${coins} coins, not ${amount}` };
    return null;
  }
  const gem = move["gem"];
  const from = move.type === "take" ? state.zones.pool : state.zones.hand[seat]!;
  if (typeof gem !== "number" || !from.includes(gem)) {
    return {
      code: "move/out-of-domain",
      reason: `that gem is not in ${move.type === "take" ? "the pool" : "your hand"}`,
    };
  }
  return null;
}

function apply(state: GemState, seat: Seat, move: Move): void {
  const { zones, vars, locals } = state;
  if (move.type === "take") {
    const gem = move["gem"] as number;
    zones.pool.splice(zones.pool.indexOf(gem), 1);
    zones.hand[seat]!.push(gem);
    state.events?.push(moved([gem], "pool", null, "hand", seat));
    locals.current = (seat + 1) % state.players;
    if (zones.hand.every((hand) => hand.length === HAND)) state.pc = "bet";
  } else if (move.type === "bet") {
    const amount = move["amount"] as number;
    vars.coins[seat]! -= amount;
    vars.pot += amount;
    state.events?.push(transferred(amount, "coins", seat, "pot", null));
    locals.current = seat + 1;
    if (locals.current === state.players) {
      state.pc = "reveal";
      state.pending = new Array(state.players).fill(null);
    }
  } else {
    state.pending![seat] = move;
    if (state.pending!.every((m) => m !== null)) reveal(state);
  }
}

function reveal(state: GemState): void {
  const { zones, vars } = state;
  state.pending!.forEach((move, seat) => {
    const gem = move!["gem"] as number;
    zones.hand[seat]!.splice(zones.hand[seat]!.indexOf(gem), 1);
    zones.shown[seat]!.push(gem);
    state.events?.push(moved([gem], "hand", seat, "shown", seat));
  });
  const best = zones.shown.map((shown) => value(shown[0]!));
  const winner = best.indexOf(Math.max(...best));
  state.events?.push(transferred(vars.pot, "pot", null, "coins", winner));
  vars.coins[winner]! += vars.pot;
  vars.pot = 0;
  state.events?.push(gameEnds());
  state.pending = null;
  state.pc = "end";
}

export const gemAuction: Game<GemState> = {
  id: "gems",
  title: "Gem Auction",
  minPlayers: 2,
  maxPlayers: 3,
  variants: [],
  meta: {
    cardTypes: [{ name: "Gem", fields: [{ name: "value", type: "int" }] }],
    cards: GEMS.map((id) => ({ id, type: "Gem", fields: { value: value(id) } })),
    zones: [
      { name: "pool", label: "the pool", perPlayer: false, cardType: "Gem", visibility: "public", ordered: true, capacity: null },
      { name: "hand", label: "hand", perPlayer: true, cardType: "Gem", visibility: "owner", ordered: false, capacity: HAND },
      { name: "shown", label: "gems shown", perPlayer: true, cardType: "Gem", visibility: "public", ordered: false, capacity: null },
    ],
    vars: [
      { name: "coins", label: "coins", perPlayer: true, type: "int", visibility: "owner" },
      { name: "pot", label: "the pot", perPlayer: false, type: "int", visibility: "public" },
    ],
    conserved: [],
  },
  setup: ({ players, variants = [], seed }) => ({
    players,
    variants,
    pc: "draft",
    random: seedRandom(seed),
    zones: {
      pool: [...GEMS],
      hand: Array.from({ length: players }, () => []),
      shown: Array.from({ length: players }, () => []),
    },
    vars: { coins: new Array(players).fill(3), pot: 0 },
    locals: { current: 0 },
    pending: null,
  }),
  advance: () => {},
  activity,
  legalMoves,
  check,
  apply,
  view: (state, seat) => ({
    zones: {
      pool: zoneView(state.zones.pool, true),
      hand: state.zones.hand.map((hand, owner) => zoneView(hand, owner === seat)),
      shown: state.zones.shown.map((shown) => zoneView(shown, true)),
    },
    vars: { coins: state.vars.coins.map((coins, owner) => (owner === seat ? coins : null)), pot: state.vars.pot },
  }),
  // As a compiled game's sample.ts would: other hands dealt afresh from the gems the seat cannot
  // place, other purses guessed at the seat's own, others' secret choices withdrawn.
  sample: (state, seat, draw) => {
    const t = cloneJson(state);
    t.random = sampleRandom(draw);
    if (t.pending) t.pending = t.pending.map((move, p) => (p === seat ? move : null));
    redealUnknown(draw, [], t.zones.hand.filter((_, owner) => owner !== seat));
    t.vars.coins = t.vars.coins.map(() => state.vars.coins[seat]!);
    return t;
  },
  scores: (state) =>
    state.vars.coins.map((coins, seat) => [
      coins + state.zones.shown[seat]!.reduce((sum, gem) => sum + value(gem), 0),
      coins,
    ]),
};
