// Turn order: seats are numbered 0..players-1 clockwise.

import type { Seat } from "./contract.js";

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
