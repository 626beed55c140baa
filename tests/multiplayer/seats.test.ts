// Seats that come and go, and clocks: a client killed mid-match comes back with its token and gets
// the moves and events it missed (the server's bot played for it meanwhile); a host that chose
// "pause" stops the match while a seat is away; a short turn clock plays a whole match of timeouts,
// races closed by declining on time.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { game as forSale } from "@rules/generated/for-sale";
import { game as ladyRichmond } from "@rules/generated/lady-richmond";
import { createHost, type Host } from "@rules/server";
import { createMatch, joinMatch, playAsBot, type RemoteSeat } from "@rules/client";
import { isOver } from "@rules/runtime";
import { checkSnapshots, history, record, waitFor } from "./support.js";

let host: Host;
let url: string;

beforeAll(async () => {
  host = await createHost({ onError: (error) => console.error(error) });
  host.registerGame("for-sale", forSale, { emptySeat: { seconds: 0.3, then: "bot" }, botDelayMs: 5 });
  host.registerGame("for-sale-pause", forSale, { emptySeat: { seconds: 0.3, then: "pause" } });
  host.registerGame("lady-richmond", ladyRichmond);
  url = `ws://127.0.0.1:${await host.listen(0)}`;
});

afterAll(async () => {
  await host?.close();
});

/** Ends a seat's link as a killed process would: no leave message, no reconnection attempts. */
function kill(seat: RemoteSeat<typeof forSale>): void {
  const room = (seat as unknown as { room: { connection: { close(code?: number): void } } }).room;
  room.connection.close(4100);
}

async function seatsOf<G extends typeof forSale>(game: G, gameId: string, players: number, turnSeconds?: number): Promise<RemoteSeat<G>[]> {
  const first = await createMatch(url, game, { players, gameId, ...(turnSeconds !== undefined ? { turnSeconds } : {}) }, { retries: 0 });
  const seats = [first];
  for (let i = 1; i < players; i++) seats.push(await joinMatch(url, game, { roomId: first.roomId }, { retries: 0 }));
  return seats;
}

describe("a seat that drops", () => {
  it("comes back with its token and catches up on what it missed; the server's bot played for it", async () => {
    const seats = await seatsOf(forSale, "for-sale", 4);
    const roomId = seats[0]!.roomId;
    const recorded = seats.map((seat) => record(seat));
    // Bots that take 20 ms a move, so the match is still on when the test acts (polling every 50 ms).
    const runs = seats.map((seat) => playAsBot(seat, { thinkMs: 20 }));
    await waitFor(() => seats[3]!.current().moveCount >= 10, 10_000, "ten moves");
    const token = seats[3]!.token!;
    runs[3]!.stop();
    kill(seats[3]!);
    const lastSeen = seats[3]!.current().moveCount;
    // While it is away the others play on, and after 0.3 s the server plays its seat.
    await waitFor(() => host.localMatch(roomId)!.moveCount >= lastSeen + 12, 10_000, "moves while seat 3 is away");
    await waitFor(() => seats[0]!.status()?.botPlayed.includes(3) === true, 5_000, "seat 3 played by the server");
    // The others pause (so the catch-up snapshot is still the latest when it is read); the match stops
    // once a seat other than 3 is to act.
    for (const run of runs.slice(0, 3)) run.stop();
    let settled = -1;
    await waitFor(() => {
      const now = host.localMatch(roomId)!.moveCount;
      const still = now === settled;
      settled = now;
      return still;
    }, 10_000, "the match to wait for a seat that is not played");
    const back = await joinMatch(url, forSale, { roomId, token, since: lastSeen });
    expect(back.seat).toBe(3);
    expect(back.token).toBe(null); // the token is only handed out once, when the seat is first taken
    const caughtUp = back.current();
    expect(caughtUp.moveCount).toBeGreaterThan(lastSeen);
    expect(caughtUp.result).toBeNull();
    expect(caughtUp.moves.length).toBe(caughtUp.moveCount - lastSeen);
    const backRecord = record(back);
    const reruns = [...seats.slice(0, 3), back].map((seat) => playAsBot(seat));
    const results = await Promise.all(reruns.map((run) => run.done));
    expect(results.every((result) => result.over)).toBe(true);
    const match = host.localMatch(roomId)!;
    await waitFor(() => [seats[0]!, seats[1]!, seats[2]!, back].every((seat) => seat.current().moveCount === match.moveCount), 5_000, "the last snapshots");
    const matches = history(match);
    for (let i = 0; i < 3; i++) checkSnapshots(matches, i, recorded[i]!);
    checkSnapshots(matches, 3, recorded[3]!.filter((snapshot) => snapshot.moveCount <= lastSeen));
    // The catch-up snapshot holds exactly the missed moves and events, then the seat goes on as before.
    expect(checkSnapshots(matches, 3, backRecord, lastSeen)).toBeGreaterThan(1);
    expect(seats[0]!.status()?.botPlayed).toEqual([]);
    for (const seat of [...seats.slice(0, 3), back]) seat.close();
  }, 60_000);

  it("rejoins by itself after a drop it did not ask for, and catches up", async () => {
    const first = await createMatch(url, forSale, { players: 3, gameId: "for-sale" }, { retryMs: 100 });
    const seats = [first, await joinMatch(url, forSale, { roomId: first.roomId }), await joinMatch(url, forSale, { roomId: first.roomId })];
    const recorded = seats.map((seat) => record(seat));
    const runs = seats.map((seat) => playAsBot(seat, { thinkMs: 10 }));
    await waitFor(() => first.current().moveCount >= 5, 10_000, "five moves");
    const oldRoom = (first as unknown as { room: unknown }).room;
    kill(first);
    await waitFor(() => (first as unknown as { room: unknown }).room !== oldRoom && first.connected, 10_000, "the rejoin");
    const results = await Promise.all(runs.map((run) => run.done));
    expect(results.every((result) => result.over)).toBe(true);
    const match = host.localMatch(first.roomId)!;
    await waitFor(() => seats.every((seat) => seat.current().moveCount === match.moveCount), 5_000, "the last snapshots");
    // Seat 0's snapshots, across the drop, still tell each move once and only its share.
    const matches = history(match);
    for (let i = 0; i < 3; i++) checkSnapshots(matches, i, recorded[i]!);
    for (const seat of seats) seat.close();
  }, 60_000);

  it("pauses the match when the host chose 'pause', until it comes back", async () => {
    const seats = await seatsOf(forSale, "for-sale-pause", 3);
    const roomId = seats[0]!.roomId;
    const away = seats.find((seat) => !seat.current().activity.players.includes(seat.seat!))!;
    const token = away.token!;
    kill(away);
    await waitFor(() => seats.some((seat) => seat !== away && seat.status()?.paused === true), 5_000, "the pause");
    const onTurn = seats.find((seat) => seat.current().options.length > 0)!;
    expect(await onTurn.send({ type: "pass" })).toMatchObject({ ok: false, error: { code: "server/paused" } });
    expect(host.localMatch(roomId)!.moveCount).toBe(0);
    const back = await joinMatch(url, forSale, { roomId, token });
    await waitFor(() => onTurn.status()?.paused === false, 5_000, "the match to go on");
    expect(await onTurn.send({ type: "pass" })).toEqual({ ok: true });
    for (const seat of [...seats, back]) seat.close();
  }, 30_000);
});

describe("turn clocks", () => {
  it("a match nobody plays ends on timeouts: random legal moves, races closed by declining", async () => {
    const seats = await seatsOf(ladyRichmond as never as typeof forSale, "lady-richmond", 3, 0.02);
    const roomId = seats[0]!.roomId;
    const recorded = seats.map((seat) => record(seat));
    await waitFor(() => seats[0]!.status()?.clock !== null && seats[0]!.status()?.clock !== undefined, 5_000, "a clock");
    const clock = seats[0]!.status()!.clock!;
    expect(clock.deadline).toBeGreaterThan(Date.now() - 1_000);
    expect(clock.seats.length).toBeGreaterThan(0);
    await waitFor(() => isOver(host.localMatch(roomId)!), 60_000, "the match to end on timeouts");
    const match = host.localMatch(roomId)!;
    expect(match.moveCount).toBeGreaterThan(20);
    expect(match.log.some((entry) => entry.move.type === "decline")).toBe(true);
    await waitFor(() => seats.every((seat) => seat.current().result !== null), 5_000, "the result");
    const matches = history(match);
    for (let i = 0; i < seats.length; i++) checkSnapshots(matches, i, recorded[i]! as never);
    for (const seat of seats) seat.close();
  }, 90_000);

  it("on time, a seat makes the rules' default move: For Sale's bidders pass (`default pass`), a card is sold at random", async () => {
    const seats = await seatsOf(forSale, "for-sale", 3, 0.02);
    const roomId = seats[0]!.roomId;
    await waitFor(() => isOver(host.localMatch(roomId)!), 60_000, "the match to end on timeouts");
    const match = host.localMatch(roomId)!;
    // Phase 1 has no raise at all: every bidder, timed out, passed. Phase 2 has no default: cards are sold.
    const types = new Set(match.log.map((entry) => entry.move.type));
    expect([...types].sort()).toEqual(["pass", "sell"]);
    for (const seat of seats) seat.close();
  }, 90_000);
});
