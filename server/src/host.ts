// A server process hosting compiled games: the Colyseus server, its transport with a bound on message
// size, the optional Redis (presence and matchmaking shared between processes, and the match store),
// registering games and creating matches for an app that hands out the seats' tokens itself.

import { createServer, type AddressInfo } from "node:net";
import { LobbyRoom, LocalPresence, Server, matchMaker, type Presence } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import type { AnyGame, Match } from "@rules/runtime";
import { addGame, findGame } from "./registry.js";
import { GameRoom, roomContext } from "./room.js";
import { DEFAULT_SETTINGS, mergeSettings, type SettingsOverride } from "./settings.js";
import { RedisMatchStore, reachRedis, type MatchStore } from "./store.js";
import { newToken } from "./tokens.js";
import { LOBBY } from "@rules/runtime/protocol";

export interface HostOptions {
  /** Defaults for every room (clocks, absent seats, rate limits...). */
  readonly settings?: SettingsOverride;
  /** Redis URL: presence and matchmaking shared with other processes, and the match store. */
  readonly redis?: string;
  /** A store without Redis presence (one process that restores its matches); default: Redis's when given. */
  readonly store?: MatchStore | null;
  /** host:port clients reach this process at, for a match joined through another process. */
  readonly publicAddress?: string;
  /** The largest message a client may send, in bytes; a bigger one closes its connection. */
  readonly maxMessageBytes?: number;
  readonly onError?: (error: unknown) => void;
}

export interface CreatedMatch {
  readonly roomId: string;
  /** One token per seat, in seat order: give each to its player. */
  readonly tokens: readonly string[];
}

export interface Host {
  /** Hosts a game: clients create and join its matches by this id. */
  registerGame(id: string, game: AnyGame, settings?: SettingsOverride): void;
  /** Listens (port 0: any free port) and restores the stored matches; resolves with the port. */
  listen(port: number, hostname?: string): Promise<number>;
  /** A match whose seats only its tokens open (not listed as open). */
  createMatch(game: string, options: { players: number; variants?: readonly string[]; turnSeconds?: number }): Promise<CreatedMatch>;
  /** The match of a room of this process (secrets: for the app and tests, never for clients). */
  localMatch(roomId: string): Match<AnyGame> | null;
  /** Resolves once a room's accepted moves are in the store. */
  flushed(roomId: string): Promise<void>;
  /** This process's own time per accepted move so far (message in to answer out). */
  moveTimings(): { moves: number; p50Ms: number; p99Ms: number; maxMs: number; loopDelayP99Ms: number; loopDelayMaxMs: number };
  /** Restores stored matches no process hosts; returns how many. Called by listen. */
  restore(): Promise<number>;
  close(): Promise<void>;
}

/** One per process: Colyseus's matchmaker is a process-wide singleton. */
export async function createHost(options: HostOptions = {}): Promise<Host> {
  let presence: Presence = new LocalPresence();
  let driver: matchMaker.MatchMakerDriver | undefined;
  if (options.redis !== undefined) {
    await reachRedis(options.redis);
    const { RedisPresence } = await import("@colyseus/redis-presence");
    const { RedisDriver } = await import("@colyseus/redis-driver");
    presence = new RedisPresence(options.redis);
    driver = new RedisDriver(options.redis);
  }
  const store = options.store !== undefined ? options.store : options.redis !== undefined ? new RedisMatchStore(options.redis) : null;
  roomContext.settings = mergeSettings(DEFAULT_SETTINGS, options.settings);
  roomContext.store = store;
  roomContext.onError = options.onError ?? ((error) => console.error("[rules server]", error));
  const transport = new WebSocketTransport({ maxPayload: options.maxMessageBytes ?? 16_384 });
  const server = new Server({
    transport,
    presence,
    ...(driver !== undefined ? { driver } : {}),
    ...(options.publicAddress !== undefined ? { publicAddress: options.publicAddress } : {}),
    greet: false,
    gracefullyShutdown: false,
  });

  server.define(LOBBY, LobbyRoom);

  const host: Host = {
    registerGame(id, game, settings) {
      addGame(id, game, settings);
      // Listed in the lobby as they are created, joined and left (`watchLobby` in @rules/client).
      server.define(id, GameRoom, { gameId: id }).enableRealtimeListing();
    },

    async listen(port, hostname = "127.0.0.1") {
      try {
        await probe(port, hostname);
        await server.listen(port, hostname);
      } catch (error) {
        throw new Error(listenFailure(error, hostname, port), { cause: error });
      }
      const address = transport.server?.address() as AddressInfo | null;
      roomContext.processId = matchMaker.processId;
      roomContext.timings.watchLoop();
      await host.restore();
      return address?.port ?? port;
    },

    async createMatch(game, asked) {
      if (!findGame(game)) throw new Error(`no game "${game}" is hosted here`);
      const hostKey = newToken();
      roomContext.created.set(hostKey, []);
      try {
        const listing = await matchMaker.createRoom(game, { ...asked, open: false, hostKey });
        const tokens = roomContext.created.get(hostKey) ?? [];
        return { roomId: listing.roomId, tokens };
      } finally {
        roomContext.created.delete(hostKey);
      }
    },

    localMatch(roomId) {
      const room = matchMaker.getLocalRoomById(roomId);
      return room instanceof GameRoom ? room.serverMatch() : null;
    },

    async flushed(roomId) {
      const room = matchMaker.getLocalRoomById(roomId);
      if (room instanceof GameRoom) await room.flushed();
    },

    moveTimings() {
      return roomContext.timings.summary();
    },

    async restore() {
      if (store === null) return 0;
      let restored = 0;
      for (const roomId of await store.list()) {
        const existing = await matchMaker.getRoomById(roomId);
        if (existing) continue;
        if (!(await store.lockRestore(roomId, matchMaker.processId))) continue;
        const saved = await store.load(roomId);
        if (saved === null || !findGame(saved.match.game)) continue;
        const restoreKey = newToken();
        roomContext.restores.set(restoreKey, roomId);
        try {
          await matchMaker.createRoom(saved.match.game, { restoreKey });
          restored++;
        } catch (error) {
          roomContext.onError(error);
        } finally {
          roomContext.restores.delete(restoreKey);
        }
      }
      return restored;
    },

    async close() {
      await server.gracefullyShutdown(false).catch(() => {});
      await store?.close();
    },
  };
  return host;
}

/**
 * Listens on the address once and lets go: a port in use is refused here, before Colyseus starts its
 * matchmaker and prints a failed listen's stack itself.
 */
function probe(port: number, hostname: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, hostname, () => server.close(() => resolve()));
  });
}

/** Why a host could not listen, in the words of whoever chose the address and port. */
function listenFailure(error: unknown, hostname: string, port: number): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "EADDRINUSE") return `cannot listen on ${hostname}:${port}: another program is listening there (choose another port; port 0 takes a free one)`;
  if (code === "EACCES") return `cannot listen on ${hostname}:${port}: not allowed (ports below 1024 need privileges)`;
  if (code === "EADDRNOTAVAIL") return `cannot listen on ${hostname}:${port}: ${hostname} is not an address of this machine`;
  return `cannot listen on ${hostname}:${port}: ${error instanceof Error ? error.message : String(error)}`;
}
