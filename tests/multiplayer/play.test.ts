// Four remote clients on the loopback interface play whole matches of each of the five games, each
// seat a bot choosing from its own snapshot's options; every snapshot any seat or a spectator gets
// is checked against the server's match by the hidden-information oracle.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games } from "@rules/generated";
import { createHost, type Host } from "@rules/server";
import { createMatch, joinMatch, playAsBot, watchLobby, type ListedMatch, type RemoteSeat } from "@rules/client";
import type { AnyGame } from "@rules/runtime";
import { checkSnapshots, history, record, waitFor } from "./support.js";

let host: Host;
let url: string;

beforeAll(async () => {
  host = await createHost({ onError: (error) => console.error(error) });
  for (const [id, game] of Object.entries(games)) host.registerGame(id, game as AnyGame);
  const port = await host.listen(0);
  url = `ws://127.0.0.1:${port}`;
});

afterAll(async () => {
  await host?.close();
});

// Keys to Knowledge with its own 'short' and 'small_board' variants ends in a few hundred moves (the
// full game can take 20,000 random moves); the cap only stops a runaway and would fail the test.
const variantsOf: Record<string, string[]> = { "keys-to-knowledge": ["short", "small_board"] };
const MOVE_CAP = 3_000;

describe("four remote seats play whole matches", () => {
  for (const id of Object.keys(games)) {
    it(`${id}: to the end, every snapshot only the seat's share`, async () => {
      const game = games[id] as AnyGame;
      const players = 4;
      const first = await createMatch(url, game, { players, variants: variantsOf[id] ?? [] });
      const seats: RemoteSeat<AnyGame>[] = [first];
      for (let i = 1; i < players; i++) seats.push(await joinMatch(url, game, { roomId: first.roomId }));
      const watcher = await joinMatch(url, game, { roomId: first.roomId, spectate: true });
      expect(seats.map((seat) => seat.seat)).toEqual([0, 1, 2, 3]);
      expect(new Set(seats.map((seat) => seat.token)).size).toBe(players);
      expect(watcher.seat).toBeNull();
      const recorded = [...seats, watcher].map((seat) => record(seat));

      const runs = seats.map((seat, i) => playAsBot(seat, { random: seeded(i + 1), maxMoves: MOVE_CAP }));
      const results = await Promise.all(runs.map((run) => run.done));
      expect(results.every((result) => result.over)).toBe(true);
      const match = host.localMatch(first.roomId)!;
      expect(match).not.toBeNull();
      // The last mover hears "accepted" before its snapshot; the others' snapshots may still be on the way.
      await waitFor(() => [...seats, watcher].every((seat) => seat.current().moveCount === match.moveCount), 5_000, "every seat's last snapshot");
      expect(seats[0]!.current().result).not.toBeNull();
      expect(results.reduce((sum, result) => sum + result.moves, 0)).toBe(match.moveCount);
      const autoMoves = results.reduce((sum, result) => sum + result.autoMoves, 0);
      console.log(`${id}: ${match.moveCount} moves over the network, ${autoMoves} of them the server's default at the bot's request`);

      const matches = history(match);
      let checked = 0;
      for (let i = 0; i < players; i++) checked += checkSnapshots(matches, i, recorded[i]!);
      checked += checkSnapshots(matches, null, recorded[players]!);
      expect(checked).toBeGreaterThan(match.moveCount * players);
      for (const seat of [...seats, watcher]) seat.close();
    }, 120_000);
  }
});

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the lobby", () => {
  it("lists open matches with their open seats, follows joins, and leaves out matches opened by token", async () => {
    let listed: readonly ListedMatch[] = [];
    const stop = await watchLobby(url, (matches) => (listed = matches), "for-sale");
    const game = games["for-sale"] as AnyGame;
    const first = await createMatch(url, game, { players: 3 });
    const entry = (): ListedMatch | undefined => listed.find((match) => match.roomId === first.roomId);
    await waitFor(() => entry()?.open === 2, 5_000, "the new match listed with two open seats");
    expect(entry()).toMatchObject({ game: "for-sale", players: 3, open: 2 });
    const second = await joinMatch(url, game, { roomId: first.roomId });
    await waitFor(() => entry()?.open === 1, 5_000, "one open seat left");
    const closed = await host.createMatch("for-sale", { players: 3 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listed.some((match) => match.roomId === closed.roomId)).toBe(false);
    expect(closed.tokens).toHaveLength(3);
    const byToken = await joinMatch(url, game, { roomId: closed.roomId, token: closed.tokens[1]! });
    expect(byToken.seat).toBe(1);
    await expect(joinMatch(url, game, { roomId: closed.roomId })).rejects.toThrow(/no seat is open/);
    stop();
    for (const seat of [first, second, byToken]) seat.close();
  }, 30_000);
});
