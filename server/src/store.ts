// Where matches are kept so a server restarted after a crash restores them: a save is the options
// (with the server's seed) plus the log, as the runtime's saves are, and the seats' token hashes.
// Every accepted move is appended as it is applied.

import { Redis } from "ioredis";
import type { Move } from "@rules/runtime";

export interface StoredMatch {
  readonly roomId: string;
  readonly game: string;
  readonly options: { readonly players: number; readonly variants: readonly string[]; readonly seed: number };
  /** sha256 of each seat's token; null for a seat not claimed yet. */
  readonly tokenHashes: readonly (string | null)[];
  readonly turnSeconds: number;
  readonly open: boolean;
}

export interface StoredMove {
  readonly seat: number;
  readonly move: Move;
}

export interface MatchStore {
  create(match: StoredMatch): Promise<void>;
  /** A seat's token was handed out (an open seat claimed). */
  claim(roomId: string, seat: number, tokenHash: string): Promise<void>;
  append(roomId: string, entry: StoredMove): Promise<void>;
  /** The match is over: nothing to restore; its save is kept `keepSeconds` for the record. */
  finish(roomId: string): Promise<void>;
  /** The match is abandoned: forgotten. */
  remove(roomId: string): Promise<void>;
  /** Matches to restore. */
  list(): Promise<string[]>;
  load(roomId: string): Promise<{ match: StoredMatch; log: StoredMove[] } | null>;
  /** Takes the right to restore a match for a while, so two processes do not both restore it. */
  lockRestore(roomId: string, processId: string): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Rejects, with the reason, when Redis cannot be reached: Colyseus's presence and driver would retry
 * forever, printing each failure, and the host would never listen. (The CLI's simulation queue has a
 * check of its own: it does not depend on this package.)
 */
export async function reachRedis(url: string): Promise<void> {
  if (!/^rediss?:\/\//.test(url)) throw new Error(`'${url}' is not a Redis URL: give one such as redis://host:6379`);
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The socket's own error (ECONNREFUSED, a name that does not resolve) says more than connect's.
  let cause: Error | undefined;
  client.on("error", (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(`cannot reach Redis at ${url}: ${(cause ?? (error as Error)).message}`);
  } finally {
    client.disconnect();
  }
}

const LIVE = "rules:live";
const matchKey = (id: string): string => `rules:match:${id}`;
const logKey = (id: string): string => `rules:log:${id}`;
const seatsKey = (id: string): string => `rules:seats:${id}`;

export class RedisMatchStore implements MatchStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    /** How long a finished match's save is kept. */
    private readonly keepSeconds = 86_400,
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.redis.on("error", () => {}); // each command reports its own failure
  }

  async create(match: StoredMatch): Promise<void> {
    const seats = match.tokenHashes.flatMap((hash, seat) => (hash === null ? [] : [String(seat), hash]));
    const multi = this.redis.multi().set(matchKey(match.roomId), JSON.stringify(match)).del(logKey(match.roomId)).del(seatsKey(match.roomId));
    if (seats.length > 0) multi.hset(seatsKey(match.roomId), ...seats);
    await multi.sadd(LIVE, match.roomId).exec();
  }

  async claim(roomId: string, seat: number, tokenHash: string): Promise<void> {
    await this.redis.hset(seatsKey(roomId), String(seat), tokenHash);
  }

  async append(roomId: string, entry: StoredMove): Promise<void> {
    await this.redis.rpush(logKey(roomId), JSON.stringify(entry));
  }

  async finish(roomId: string): Promise<void> {
    const keep = this.keepSeconds;
    await this.redis.multi().srem(LIVE, roomId).expire(matchKey(roomId), keep).expire(logKey(roomId), keep).expire(seatsKey(roomId), keep).exec();
  }

  async remove(roomId: string): Promise<void> {
    await this.redis.multi().srem(LIVE, roomId).del(matchKey(roomId), logKey(roomId), seatsKey(roomId)).exec();
  }

  async list(): Promise<string[]> {
    return this.redis.smembers(LIVE);
  }

  async load(roomId: string): Promise<{ match: StoredMatch; log: StoredMove[] } | null> {
    const [head, log, seats] = await Promise.all([
      this.redis.get(matchKey(roomId)),
      this.redis.lrange(logKey(roomId), 0, -1),
      this.redis.hgetall(seatsKey(roomId)),
    ]);
    if (head === null) return null;
    const stored = JSON.parse(head) as StoredMatch;
    const tokenHashes = stored.tokenHashes.map((hash, seat) => seats[String(seat)] ?? hash);
    return { match: { ...stored, tokenHashes }, log: log.map((line) => JSON.parse(line) as StoredMove) };
  }

  async lockRestore(roomId: string, processId: string): Promise<boolean> {
    return (await this.redis.set(`rules:restoring:${roomId}`, processId, "PX", 30_000, "NX")) === "OK";
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
