// The corpus games of hidden information finer than a zone, hosted: remote clients on the loopback
// interface play whole matches of Hanabi (hands seen by all but their holder, open clues) and Perudo
// (dice under cups, a pause after each Dudo), each snapshot checked against the server's match by the
// hidden-information oracle; and at Perudo's pause the server's default move (what a turn clock
// makes) is each seat's `continue`.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as runtime from "@rules/runtime/internal";
import { createHost, type Host } from "@rules/server";
import { createMatch, joinMatch, playAsBot, type RemoteSeat } from "@rules/client";
import type { AnyGame } from "@rules/runtime";
import { loadRulesGame } from "@rules/compiler/testing";
import { checkSnapshots, history, record, waitFor } from "./support.js";

const examples = fileURLToPath(new URL("../../examples/games/", import.meta.url));
const load = (id: string): Promise<AnyGame> => loadRulesGame(id, readFileSync(`${examples}${id}/${id}.rules`, "utf8"), runtime) as Promise<AnyGame>;

let host: Host;
let url: string;
const games: Record<string, AnyGame> = {};

beforeAll(async () => {
  host = await createHost({ onError: (error) => console.error(error) });
  for (const id of ["hanabi", "perudo"]) {
    games[id] = await load(id);
    host.registerGame(id, games[id]!);
  }
  url = `ws://127.0.0.1:${await host.listen(0)}`;
});

afterAll(async () => {
  await host?.close();
});

async function seatsOf(game: AnyGame, players: number): Promise<{ seats: RemoteSeat<AnyGame>[]; watcher: RemoteSeat<AnyGame> }> {
  const first = await createMatch(url, game, { players });
  const seats: RemoteSeat<AnyGame>[] = [first];
  for (let i = 1; i < players; i++) seats.push(await joinMatch(url, game, { roomId: first.roomId }));
  const watcher = await joinMatch(url, game, { roomId: first.roomId, spectate: true });
  return { seats, watcher };
}

describe("three remote seats and a spectator play whole matches", () => {
  for (const id of ["hanabi", "perudo"]) {
    it(`${id}: to the end, every snapshot only the seat's share`, async () => {
      const game = games[id]!;
      const players = 3;
      const { seats, watcher } = await seatsOf(game, players);
      const recorded = [...seats, watcher].map((seat) => record(seat));
      const runs = seats.map((seat, i) => playAsBot(seat, { random: seeded(i + 7), maxMoves: 3_000 }));
      const results = await Promise.all(runs.map((run) => run.done));
      expect(results.every((result) => result.over)).toBe(true);
      const match = host.localMatch(seats[0]!.roomId)!;
      await waitFor(() => [...seats, watcher].every((seat) => seat.current().moveCount === match.moveCount), 5_000, "every seat's last snapshot");
      const matches = history(match);
      let checked = 0;
      for (let i = 0; i < players; i++) checked += checkSnapshots(matches, i, recorded[i]!);
      checked += checkSnapshots(matches, null, recorded[players]!);
      expect(checked).toBeGreaterThan(match.moveCount * players);
      for (const seat of [...seats, watcher]) seat.close();
    }, 120_000);
  }
});

describe("Perudo's pause on a server", () => {
  it("the server's default move for each seat at the pause is its continue, and the next round begins", async () => {
    const game = games["perudo"]!;
    const { seats, watcher } = await seatsOf(game, 2);
    const current = (): { activity: { kind: string; players: readonly number[]; pause?: true } } => seats[0]!.current() as never;
    // Seat 0 opens or raises by one die of its face, seat 1 doubts: a round takes a few moves.
    for (let moves = 0; !current().activity.pause; moves++) {
      expect(moves).toBeLessThan(20);
      const [seat] = current().activity.players;
      const options = seats[seat!]!.current().options;
      const dudo = options.find((option) => option.type === "dudo");
      const outcome = dudo
        ? await seats[seat!]!.send({ type: "dudo" } as never)
        : await seats[seat!]!.send({ type: "bid", quantity: 1, wanted: 2 } as never);
      expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
      await waitFor(() => seats.every((s) => s.current().moveCount === host.localMatch(seats[0]!.roomId)!.moveCount), 5_000, "the snapshots");
    }
    expect(current().activity).toEqual({ kind: "simultaneous", players: [0, 1], pause: true });
    for (const seat of seats) expect((await seat.autoMove()).ok).toBe(true);
    const match = host.localMatch(seats[0]!.roomId)!;
    await waitFor(() => seats.every((s) => s.current().moveCount === match.moveCount), 5_000, "the snapshots after the pause");
    expect(match.log.slice(-2).map((entry) => entry.move)).toEqual([{ type: "continue" }, { type: "continue" }]);
    expect(current().activity.kind).toBe("turn");
    for (const seat of [...seats, watcher]) seat.close();
  }, 120_000);
});

function seeded(seed: number): () => number {
  const rng = new runtime.Rng(seed);
  return () => rng.int(2 ** 30) / 2 ** 30;
}
