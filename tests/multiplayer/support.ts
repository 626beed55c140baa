// Shared by the multiplayer tests: a host in this process on a free loopback port with the five
// games, remote seats that record every snapshot, and the hidden-information oracle.

import { expect } from "vitest";
export { freePort, startRedis, type RedisServer } from "../support/redis-server.js";
import { applyMove, createMatch, eventsFor, legalMoves, logFor, viewFor, whoMayAct, type AnyGame, type Match, type SeatSnapshot } from "@rules/runtime";
import type { RemoteSeat } from "@rules/client";

/** Every snapshot a remote seat receives, in order, from the moment it joined. */
export function record<G extends AnyGame>(seat: RemoteSeat<G>): SeatSnapshot<G>[] {
  const seen: SeatSnapshot<G>[] = [seat.current()];
  seat.subscribe((snapshot) => seen.push(snapshot));
  return seen;
}

/** The server's match at every move count, replayed from its own log (the oracle's ground truth). */
export function history(match: Match<AnyGame>): Match<AnyGame>[] {
  let at = createMatch(match.game, match.options);
  const all = [at];
  for (const entry of match.log) {
    const outcome = applyMove(at, entry.seat, entry.move);
    if (!outcome.ok) throw new Error(`the server's log does not replay: ${outcome.error.reason}`);
    at = outcome.match;
    all.push(at);
  }
  return all;
}

/**
 * The hidden-information oracle: each snapshot a seat got must be exactly that seat's share of the
 * server's match at that moment: view, options, the log entries and events since its previous
 * snapshot (from `since`, the move count it had before the first, -1 for none). Returns how many
 * snapshots were checked.
 */
export function checkSnapshots(matches: readonly Match<AnyGame>[], seat: number | null, snapshots: readonly SeatSnapshot[], since = -1): number {
  let previous = since;
  for (const snapshot of snapshots) {
    const at = matches[snapshot.moveCount]!;
    expect(snapshot.seat).toBe(seat);
    expect(snapshot.view).toEqual(viewFor(at, seat));
    expect(snapshot.activity).toEqual(whoMayAct(at));
    const acting = seat !== null && whoMayAct(at).players.includes(seat);
    expect(snapshot.options).toEqual(acting ? legalMoves(at, seat) : []);
    expect(snapshot.moves).toEqual(logFor(at, seat).slice(Math.max(0, previous)));
    const events = [];
    for (let k = previous + 1; k <= snapshot.moveCount; k++) events.push(...eventsFor(matches[k]!, seat));
    expect(snapshot.events).toEqual(events);
    previous = snapshot.moveCount;
  }
  return snapshots.length;
}

export async function waitFor(condition: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

