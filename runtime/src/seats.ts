// Turn order: seats are numbered 0..players-1 clockwise; in a game with bots, the human seats come
// first and the seats the rules play after them.

import type { BotInfo, Seat } from "./contract.js";
import { GameFault, type RuleSite } from "./errors.js";

/** The seat to the left (clockwise) of `seat`. */
export function nextSeat(seat: Seat, players: number): Seat {
  return (seat + 1) % players;
}

/** Every seat once, clockwise, beginning with `start`. */
export function seatsFrom(start: Seat, players: number): Seat[] {
  const seats: Seat[] = [];
  for (let i = 0; i < players; i++) seats.push((start + i) % players);
  return seats;
}

// A game that eliminates players (`eliminate(p)`) keeps `eliminated` per seat: 0 while the seat is in
// the game, else its place in the order of leaving. Its `players`, `players_from` and `next` pass
// over the seats that are out.

/** The seats still in the game, in seat order. */
export function seatsInPlay(players: number, eliminated: readonly number[]): Seat[] {
  const seats: Seat[] = [];
  for (let seat = 0; seat < players; seat++) if (eliminated[seat] === 0) seats.push(seat);
  return seats;
}

/** The lowest seat still in the game, `top(players)` without the list of seats; as `topCard` of an
 *  empty list when none is. */
export function firstSeatInPlay(players: number, eliminated: readonly number[]): Seat {
  for (let seat = 0; seat < players; seat++) if (eliminated[seat] === 0) return seat;
  throw new GameFault("fault/empty-zone", "the list is empty: it has no top card");
}

/** The next seat to the left of `seat` still in the game; `seat` itself when no other is. */
export function nextSeatInPlay(seat: Seat, players: number, eliminated: readonly number[]): Seat {
  for (let i = 1; i <= players; i++) {
    const next = (seat + i) % players;
    if (eliminated[next] === 0) return next;
  }
  return seat;
}

/** The seats still in the game, clockwise, beginning with `start` (if it is still in). */
export function seatsFromInPlay(start: Seat, players: number, eliminated: readonly number[]): Seat[] {
  return seatsFrom(start, players).filter((seat) => eliminated[seat] === 0);
}

/** A seat the rules name by its number (`ask 3`): the match must have it. */
export function seatAt(seat: Seat, players: number, rule?: RuleSite): Seat {
  if (seat >= players) {
    throw new GameFault("fault/no-such-seat", `there is no seat ${seat} in a ${players}-player game`, rule);
  }
  return seat;
}

/** A seat of a match and who plays it: a person (an app asks them), or the rules (a `bot`). */
export interface SeatInfo {
  readonly seat: Seat;
  /** The bot's id and label; null for a human seat. */
  readonly bot: { readonly id: string; readonly label: string } | null;
}

/** The seats of a match created for `players` people: humans first, then the bots that come
 *  with that count, in the order the rules declare them. */
export interface SeatPlan {
  readonly humans: number;
  /** Every seat, bots included: the state's `players`, what `player_count` reads. */
  readonly seats: number;
  readonly list: readonly SeatInfo[];
}

/** The seats a match of `players` people has (`meta` is a game's `meta`, or anything with its `bots`). */
export function seatPlan(meta: { readonly bots?: readonly BotInfo[] }, players: number): SeatPlan {
  const list: SeatInfo[] = [];
  for (let seat = 0; seat < players; seat++) list.push({ seat, bot: null });
  for (const bot of meta.bots ?? []) {
    if (bot.for.includes(players)) list.push({ seat: list.length, bot: { id: bot.id, label: bot.label } });
  }
  return { humans: players, seats: list.length, list };
}

/** How many seats a match of `humans` people has, its bots included (compiled setups call this). */
export function seatCount(bots: readonly BotInfo[], humans: number): number {
  return seatPlan({ bots }, humans).seats;
}

/** Whether the rules play this seat of the state (false in a game without bots). */
export function isBotSeat(state: { readonly players: number; readonly humans?: number }, seat: Seat): boolean {
  return state.humans !== undefined && seat >= state.humans && seat < state.players;
}

/** The seat an `ask` asks: never a bot, whose decisions the rules make (`fault/bot-asked`). */
export function askHuman(state: { readonly humans?: number }, seat: Seat, bots: readonly BotInfo[], rule?: RuleSite): Seat {
  if (state.humans !== undefined && seat >= state.humans) throw botAsked(state.humans, seat, bots, rule);
  return seat;
}

/** The seats an `ask each` or a `race` asks: none may be a bot (`fault/bot-asked`). */
export function askHumans(state: { readonly humans?: number }, seats: readonly Seat[], bots: readonly BotInfo[], rule?: RuleSite): Seat[] {
  for (const seat of seats) askHuman(state, seat, bots, rule);
  return [...seats];
}

function botAsked(humans: number, seat: Seat, bots: readonly BotInfo[], rule?: RuleSite): GameFault {
  const label = seatPlan({ bots }, humans).list[seat]?.bot?.label ?? `seat ${seat}`;
  return new GameFault(
    "fault/bot-asked",
    `${label} is played by the rules: the rules must decide for seat ${seat}, never ask it (guard the ask with if bot(p) { ... } else { ask p { ... } }, or ask each p in players where not bot(p))`,
    rule,
  );
}
