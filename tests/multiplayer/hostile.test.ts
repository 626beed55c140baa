// A hostile client on the loopback interface: moves for other seats, forged and reused tokens, moves
// from a spectator, malformed and unknown messages, a flood, a huge message, bytes that are not a
// message. Each is refused (or its connection closed), the match goes on to its end, and the honest
// seats' snapshots still hold only their share (the hidden-information oracle).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type Room } from "colyseus.js";
import { game as forSale } from "@rules/generated/for-sale";
import { createHost, MESSAGE, type Host, type OutcomeMessage, type SeatMessage } from "@rules/server";
import { createMatch, joinMatch, playAsBot, type RemoteSeat } from "@rules/client";
import type { SeatConnection } from "@rules/runtime";
import { checkSnapshots, history, record, waitFor } from "./support.js";

let host: Host;
let url: string;

beforeAll(async () => {
  host = await createHost({
    settings: { emptySeat: { seconds: 1, then: "bot" }, rate: { burst: 10, perSecond: 5, disconnectAfter: 30 } },
    maxMessageBytes: 16_384,
    onError: (error) => console.error(error),
  });
  host.registerGame("for-sale", forSale);
  url = `ws://127.0.0.1:${await host.listen(0)}`;
});

afterAll(async () => {
  await host?.close();
});

/** A raw Colyseus connection taking an open seat: it can send anything. */
async function rawSeat(roomId: string, options: object = {}): Promise<{ room: Room; seat: SeatMessage; outcomes: OutcomeMessage[]; closed: Promise<number> }> {
  const room = await new Client(url).joinById(roomId, options);
  const outcomes: OutcomeMessage[] = [];
  let seat: SeatMessage | null = null;
  room.onMessage(MESSAGE.seat, (message: SeatMessage) => (seat = message));
  room.onMessage(MESSAGE.outcome, (message: OutcomeMessage) => outcomes.push(message));
  room.onMessage(MESSAGE.snapshot, () => {});
  room.onMessage(MESSAGE.status, () => {});
  const closed = new Promise<number>((resolve) => room.onLeave((code) => resolve(code)));
  await waitFor(() => seat !== null, 5_000, "the seat message");
  return { room, seat: seat!, outcomes, closed };
}

async function answer(outcomes: OutcomeMessage[], count: number): Promise<OutcomeMessage> {
  await waitFor(() => outcomes.length >= count, 5_000, `answer ${count}`);
  return outcomes[count - 1]!;
}

describe("a hostile client", () => {
  it("is refused each time, with a reason; the match goes on and nobody learns more than their seat", async () => {
    const first = await createMatch(url, forSale, { players: 4 });
    const second = await joinMatch(url, forSale, { roomId: first.roomId });
    const third = await joinMatch(url, forSale, { roomId: first.roomId });
    const hostile = await rawSeat(first.roomId);
    expect(hostile.seat.seat).toBe(3);
    const honest: RemoteSeat<typeof forSale>[] = [first, second, third];
    const recorded = honest.map((seat) => record(seat));
    const roomId = first.roomId;
    let sent = 0;
    const send = (type: string, body: unknown): void => {
      hostile.room.send(type, body);
      sent++;
    };
    // The server chose who starts; if it is the hostile seat, it plays one honest move first.
    if (first.current().activity.players[0] === 3) {
      send(MESSAGE.move, { id: 0, move: { type: "pass" } });
      expect(await answer(hostile.outcomes, sent)).toMatchObject({ id: 0, ok: true });
    }
    const movesBefore = host.localMatch(roomId)!.moveCount;
    await waitFor(() => first.current().moveCount === movesBefore, 5_000, "the snapshot after that move");

    // A move when another seat is to act, and one naming another seat: the seat is the connection's.
    const onTurn = first.current().activity.players[0]!;
    expect(onTurn).not.toBe(3);
    send(MESSAGE.move, { id: 1, move: { type: "pass" } });
    expect(await answer(hostile.outcomes, sent)).toMatchObject({ id: 1, ok: false, error: { code: "move/not-your-turn" } });
    send(MESSAGE.move, { id: 2, move: { type: "pass", seat: onTurn } });
    expect(await answer(hostile.outcomes, sent)).toMatchObject({ id: 2, ok: false, error: { code: "move/bad-parameter" } });
    // Not a move message, a move that is not an object, an unknown move, 500-deep nesting, an unknown message type.
    send(MESSAGE.move, "pass");
    expect(await answer(hostile.outcomes, sent)).toMatchObject({ id: null, ok: false, error: { code: "server/malformed" } });
    send(MESSAGE.move, { id: 3, move: "pass" });
    expect(await answer(hostile.outcomes, sent)).toMatchObject({ id: 3, ok: false, error: { code: "move/bad-parameter" } });
    send(MESSAGE.move, { id: 4, move: { type: "steal_everything" } });
    expect(await answer(hostile.outcomes, sent)).toMatchObject({ id: 4, ok: false, error: { code: "move/unknown-type" } });
    let deep: unknown = { type: "raise", amount: 1 };
    for (let i = 0; i < 500; i++) deep = { type: "raise", amount: deep };
    send(MESSAGE.move, { id: 5, move: deep });
    expect(await answer(hostile.outcomes, sent)).toMatchObject({ id: 5, ok: false });
    send("give-me-the-deck", { please: true });
    expect(await answer(hostile.outcomes, sent)).toMatchObject({ ok: false, error: { code: "server/unknown-message" } });
    send(MESSAGE.auto, { id: 6 });
    expect(await answer(hostile.outcomes, sent)).toMatchObject({ id: 6, ok: false, error: { code: "server/not-your-turn" } });
    for (const outcome of hostile.outcomes) if (!outcome.ok) expect(outcome.error.reason.length).toBeGreaterThan(0);
    expect(host.localMatch(roomId)!.moveCount).toBe(movesBefore);

    // Forged tokens, a token of this match's seat that is connected (reused), a spectator's move.
    await expect(joinMatch(url, forSale, { roomId, token: "A".repeat(32) })).rejects.toThrow(/no seat/);
    await expect(joinMatch(url, forSale, { roomId, token: first.token! })).rejects.toThrow(/already connected/);
    await expect(joinMatch(url, forSale, { roomId, token: { $ne: null } as never })).rejects.toThrow();
    await expect(joinMatch(url, forSale, { roomId })).rejects.toThrow(/no seat is open/);
    const other = await createMatch(url, forSale, { players: 3 });
    await expect(joinMatch(url, forSale, { roomId, token: other.token! })).rejects.toThrow(/no seat/);
    other.close();
    const spectator = await joinMatch(url, forSale, { roomId, spectate: true });
    expect(await spectator.send({ type: "pass" })).toMatchObject({ ok: false, error: { code: "server/spectator" } });
    spectator.close();

    // A flood: past the burst, refused; past the limit, disconnected.
    const before = hostile.outcomes.length;
    for (let i = 0; i < 60; i++) hostile.room.send(MESSAGE.move, { id: 100 + i, move: { type: "pass" } });
    const code = await hostile.closed;
    const flood = hostile.outcomes.slice(before);
    expect(flood.some((outcome) => !outcome.ok && outcome.error.code === "server/flood")).toBe(true);
    expect(flood.length).toBeLessThan(60);
    expect(code).toBe(4008);
    expect(host.localMatch(roomId)!.moveCount).toBe(movesBefore);

    // Back with its token: a huge message closes the connection; bytes that are not a message too.
    const back = await rawSeat(roomId, { token: hostile.seat.token });
    expect(back.seat.seat).toBe(3);
    back.room.send(MESSAGE.move, { id: 200, move: { type: "pass", junk: "x".repeat(200_000) } });
    expect(await back.closed).toBeGreaterThan(1000);
    const again = await rawSeat(roomId, { token: hostile.seat.token });
    (again.room.connection as unknown as { send(data: Uint8Array): void }).send(new Uint8Array([13, 0xc1, 0xff, 0x00, 0x12]));
    expect(await again.closed).toBeGreaterThan(1000);

    // The match goes on: the honest seats play, the hostile seat (gone) is played by the server.
    const runs = honest.map((seat) => playAsBot(seat));
    const results = await Promise.all(runs.map((run) => run.done));
    expect(results.every((result) => result.over)).toBe(true);
    const match = host.localMatch(roomId)!;
    await waitFor(() => honest.every((seat) => seat.current().moveCount === match.moveCount), 5_000, "the last snapshots");
    const matches = history(match);
    for (let i = 0; i < honest.length; i++) checkSnapshots(matches, i, recorded[i]!);
    expect(match.log.some((entry) => entry.seat === 3)).toBe(true);
    for (const seat of honest) seat.close();
  }, 120_000);
});

describe("a client asking for what the server does not have", () => {
  it("is told so in the words of games and matches, not Colyseus's room types", async () => {
    await expect(createMatch(url, forSale, { players: 4, gameId: "for-sale-nope" }, { retries: 0 })).rejects.toThrow('this server hosts no game "for-sale-nope"');
    await expect(joinMatch(url, forSale, { roomId: "nosuchroom" }, { retries: 0 })).rejects.toThrow('this server has no match "nosuchroom" (it may have ended)');
    // A wss:// address of this plain server.
    await expect(createMatch(url.replace("ws://", "wss://"), forSale, { players: 4 }, { retries: 0 })).rejects.toThrow("the server does not speak TLS: give its address as ws://, not wss://");
  });
});

// Compile-time: a remote seat's `send` takes only the game's moves.
export function typedSends(seat: RemoteSeat<typeof forSale>): void {
  void seat.send({ type: "pass" });
  // @ts-expect-error a misspelt move type does not compile
  void seat.send({ type: "rasie", amount: 3 });
  // @ts-expect-error a missing parameter does not compile
  void seat.send({ type: "raise" });
}

// Compile-time: a remote seat is a SeatConnection, so a table drawn from one plays over the network.
export function tableConnection(seat: RemoteSeat<typeof forSale>): SeatConnection<typeof forSale> {
  return seat;
}
