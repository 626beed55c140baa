// Persistence and scale-out for real: a redis-server of the test's own, `rules serve --redis`
// processes (cli/dist, built), remote seats on the loopback interface. A server killed with
// SIGKILL mid-match and started again restores the match from Redis with nothing lost; two servers
// sharing one Redis host a match whose seats were matched through either.

import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { game as forSale } from "@rules/generated/for-sale";
import { createMatch, joinMatch, playAsBot, type RemoteSeat } from "@rules/client";
import { applyMove, createMatch as createLocalMatch, viewFor, type Match } from "@rules/runtime";
import { checkSnapshots, freePort, record, startRedis, waitFor, type RedisServer } from "./support.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const main = fileURLToPath(new URL("../../cli/dist/commands/main.js", import.meta.url));

interface Served {
  readonly child: ChildProcess;
  readonly url: string;
  /** Resolves with the exit signal or code. */
  readonly exited: Promise<string>;
  log(): string;
}

/** `rules serve for-sale --port P --redis URL` in a child process; resolves once it listens. */
async function serve(port: number, redisUrl: string): Promise<Served> {
  const child = spawn(process.execPath, [main, "serve", "for-sale", "--port", String(port), "--redis", redisUrl, "--empty-seat-seconds", "600"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (data: Buffer) => (log += data.toString()));
  child.stderr!.on("data", (data: Buffer) => (log += data.toString()));
  const exited = new Promise<string>((resolve) => child.once("exit", (code, signal) => resolve(signal ?? String(code))));
  await Promise.race([
    // What the server printed goes with a timeout: the reason it never listened.
    waitFor(() => log.includes("listening on"), 60_000, "rules serve to listen").catch((error: Error) => {
      throw new Error(`${error.message}; it printed:\n${log}`);
    }),
    exited.then((how) => {
      throw new Error(`rules serve exited (${how}):\n${log}`);
    }),
  ]);
  return { child, url: `ws://127.0.0.1:${port}`, exited, log: () => log };
}

/** The stored save (options and log) of a match, replayed: the match at every move count. */
async function storedHistory(redis: Redis, roomId: string): Promise<Match<typeof forSale>[]> {
  const head = JSON.parse((await redis.get(`rules:match:${roomId}`))!) as { options: { players: number; variants: string[]; seed: number } };
  const log = (await redis.lrange(`rules:log:${roomId}`, 0, -1)).map((line) => JSON.parse(line) as { seat: number; move: never });
  let match = createLocalMatch(forSale, head.options);
  const all = [match];
  for (const entry of log) {
    const outcome = applyMove(match, entry.seat, entry.move);
    if (!outcome.ok) throw new Error(`the stored log does not replay: ${outcome.error.reason}`);
    match = outcome.match;
    all.push(match);
  }
  return all;
}

let redisServer: RedisServer;
let redis: Redis;
const children: ChildProcess[] = [];

beforeAll(async () => {
  redisServer = await startRedis();
  redis = new Redis(redisServer.url);
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  await redis?.quit();
  await redisServer?.stop();
});

describe("with Redis", () => {
  it("a server killed mid-match (SIGKILL) and started again restores it: nothing acknowledged is lost", async () => {
    const port = await freePort();
    const first = await serve(port, redisServer.url);
    children.push(first.child);
    const seats: RemoteSeat<typeof forSale>[] = [await createMatch(first.url, forSale, { players: 4 }, { retries: 0 })];
    for (let i = 1; i < 4; i++) seats.push(await joinMatch(first.url, forSale, { roomId: seats[0]!.roomId }, { retries: 0 }));
    const roomId = seats[0]!.roomId;
    const before = seats.map((seat) => record(seat));
    // The first bot to have made five moves stops them all: the match is left in the middle.
    const runs = seats.map((seat) => playAsBot(seat, { maxMoves: 5 }));
    await Promise.race(runs.map((run) => run.done));
    for (const run of runs) run.stop();
    await waitFor(() => new Set(seats.map((seat) => seat.current().moveCount)).size === 1, 5_000, "every seat at the same move");
    const seen = seats[0]!.current().moveCount;
    expect(seen).toBeGreaterThanOrEqual(10);
    expect(seats[0]!.current().result).toBeNull();
    // Every move a client was told of is in Redis before the crash.
    expect(await redis.llen(`rules:log:${roomId}`)).toBe(seen);
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");
    for (const seat of seats) seat.close();

    const second = await serve(port, redisServer.url);
    children.push(second.child);
    const tokens = seats.map((seat) => seat.token!);
    const back = [] as RemoteSeat<typeof forSale>[];
    for (let i = 0; i < 4; i++) back.push(await joinMatch(second.url, forSale, { roomId, token: tokens[i]!, since: seen }, { retries: 0 }));
    const atRestart = await storedHistory(redis, roomId);
    expect(atRestart.length - 1).toBe(seen);
    for (let i = 0; i < 4; i++) {
      expect(back[i]!.seat).toBe(i);
      expect(back[i]!.current().moveCount).toBe(seen);
      expect(back[i]!.current().moves).toEqual([]);
      expect(back[i]!.current().view).toEqual(viewFor(atRestart[seen]!, i));
    }
    const after = back.map((seat) => record(seat));
    const results = await Promise.all(back.map((seat) => playAsBot(seat).done));
    expect(results.every((result) => result.over)).toBe(true);
    await waitFor(() => back.every((seat) => seat.current().result !== null), 5_000, "the result");
    // The finished match's save is kept: the whole match, before and after the crash, seat by seat.
    const matches = await storedHistory(redis, roomId);
    expect(matches.at(-1)!.moveCount).toBe(back[0]!.current().moveCount);
    for (let i = 0; i < 4; i++) {
      checkSnapshots(matches, i, before[i]!);
      checkSnapshots(matches, i, after[i]!, seen);
    }
    expect(await redis.sismember("rules:live", roomId)).toBe(0);
    for (const seat of back) seat.close();
    second.child.kill("SIGTERM");
    await second.exited;
  }, 180_000);

  it("two servers share one Redis: a match's seats are matched through both and play it to the end", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await serve(portA, redisServer.url);
    children.push(a.child);
    const b = await serve(portB, redisServer.url);
    children.push(b.child);
    for (const [creator, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const seats = [await createMatch(creator.url, forSale, { players: 4 }, { retries: 0 })];
      const roomId = seats[0]!.roomId;
      for (let i = 1; i < 4; i++) seats.push(await joinMatch(i % 2 === 1 ? other.url : creator.url, forSale, { roomId }, { retries: 0 }));
      expect(seats.map((seat) => seat.seat)).toEqual([0, 1, 2, 3]);
      const recorded = seats.map((seat) => record(seat));
      const results = await Promise.all(seats.map((seat) => playAsBot(seat).done));
      expect(results.every((result) => result.over)).toBe(true);
      await waitFor(() => seats.every((seat) => seat.current().result !== null), 5_000, "the result");
      const matches = await storedHistory(redis, roomId);
      for (let i = 0; i < 4; i++) checkSnapshots(matches, i, recorded[i]!);
      for (const seat of seats) seat.close();
    }
    a.child.kill("SIGTERM");
    b.child.kill("SIGTERM");
    await Promise.all([a.exited, b.exited]);
  }, 180_000);
});
