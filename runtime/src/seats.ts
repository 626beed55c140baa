// Turn order: seats are numbered 0..players-1 clockwise.

import type { Seat } from "./contract.js";
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

/** A seat the rules name by its number (`ask 3`): the match must have it. */
export function seatAt(seat: Seat, players: number, rule?: RuleSite): Seat {
  if (seat >= players) {
    throw new GameFault("fault/no-such-seat", `there is no seat ${seat} in a ${players}-player game`, rule);
  }
  return seat;
}
