// One seat of a hosted match, over the network: a SeatConnection (the same window on a match a local
// table has), typed by the game module it is given, with the seat's token to come back.

import { Client, type Room } from "colyseus.js";
import type { AnyGame, Move, MoveOf, SeatConnection, SeatSnapshot, SendOutcome } from "@rules/runtime";
import { LOBBY, MESSAGE, type CreateOptions, type JoinOptions, type MatchListing, type OutcomeMessage, type SeatMessage, type StatusMessage } from "@rules/runtime/protocol";

/** A network seat: a SeatConnection whose `send` takes only the game's own moves. */
export interface RemoteSeat<G extends AnyGame> extends SeatConnection<G> {
  readonly roomId: string;
  /** null for a spectator. */
  readonly seat: number | null;
  /** The seat's token: keep it to come back (`joinMatch(..., { roomId, token })`). */
  readonly token: string | null;
  /** A misspelt move type or a missing parameter does not compile. */
  send(move: MoveOf<G>): Promise<SendOutcome>;
  /** Asks the server to make its default move for this seat (what a timeout makes: a random legal
   *  move, or declining a race): for bots that cannot find a legal set of cards from the options. */
  autoMove(): Promise<SendOutcome>;
  /** The latest status (who is away, paused, the clock); null before the first. */
  status(): StatusMessage | null;
  onStatus(listener: (status: StatusMessage) => void): () => void;
  /** Called when the link is lost for good (after reconnection attempts) or closed. */
  onClose(listener: (code: number) => void): () => void;
  /** Joins again with the token, getting the moves and events missed since the last snapshot. */
  reconnect(): Promise<void>;
  /** The link's state: false between a drop and a reconnection. */
  readonly connected: boolean;
}

export interface ConnectOptions {
  /** On an unexpected drop, rejoin with the token this many times (default 5), waiting `retryMs` (500) between. */
  readonly retries?: number;
  readonly retryMs?: number;
  /** How long joining waits for the seat and the first snapshot (default 60 s). */
  readonly joinMs?: number;
  /** How long a move waits for the server's answer (default 10 s). */
  readonly answerMs?: number;
}

type Server = string | Client;

function clientOf(server: Server): Client {
  return typeof server === "string" ? new Client(server) : server;
}

/** Creates a match of `game` (its room type is the game's id unless `gameId` says otherwise) and takes seat 0. */
export async function createMatch<G extends AnyGame>(
  server: Server,
  game: G,
  options: CreateOptions & { readonly gameId?: string },
  connect: ConnectOptions = {},
): Promise<RemoteSeat<G>> {
  const client = clientOf(server);
  const { gameId, ...create } = options;
  return attach(client, game, connect, () => inWords(client.create(gameId ?? game.id, create)));
}

/** Joins a match: by its room id with a seat's token, as a spectator, or the next open seat. */
export async function joinMatch<G extends AnyGame>(
  server: Server,
  game: G,
  options: JoinOptions & { readonly roomId: string },
  connect: ConnectOptions = {},
): Promise<RemoteSeat<G>> {
  const client = clientOf(server);
  const { roomId, ...join } = options;
  return attach(client, game, connect, () => inWords(client.joinById(roomId, join)));
}

/** Joins any match of `game` with an open seat (matchmaking). */
export async function joinAnyMatch<G extends AnyGame>(server: Server, game: G, gameId?: string, connect: ConnectOptions = {}): Promise<RemoteSeat<G>> {
  const client = clientOf(server);
  return attach(client, game, connect, () => inWords(client.join(gameId ?? game.id, {})));
}

/** Colyseus's matchmaking refusals a player or app meets, said in the words of matches and games; a
 *  wss:// address of a plain server, said plainly. */
async function inWords(joining: Promise<Room>): Promise<Room> {
  try {
    return await joining;
  } catch (error) {
    const { code, message } = (error ?? {}) as { code?: number; message?: string };
    // 4210: no room type of that name (`provided room name "x" not defined`).
    const game = code === 4210 ? /"([^"]*)"/.exec(message ?? "")?.[1] : undefined;
    if (game !== undefined) throw new Error(`this server hosts no game "${game}"`, { cause: error });
    // 4212: no room of that id (`room "x" not found`).
    const room = code === 4212 ? /"([^"]*)"/.exec(message ?? "")?.[1] : undefined;
    if (room !== undefined) throw new Error(`this server has no match "${room}" (it may have ended)`, { cause: error });
    // OpenSSL's answer when a wss:// address reaches a server without TLS.
    if (/wrong version number/.test(message ?? "")) throw new Error("the server does not speak TLS: give its address as ws://, not wss://", { cause: error });
    throw error;
  }
}

async function attach<G extends AnyGame>(client: Client, game: G, connect: ConnectOptions, open: () => Promise<Room>): Promise<RemoteSeat<G>> {
  const link = new Link<G>(client, game, connect);
  await link.open(open);
  return link;
}

class Link<G extends AnyGame> implements RemoteSeat<G> {
  roomId = "";
  seat: number | null = null;
  token: string | null = null;
  connected = false;
  private room: Room | null = null;
  private snapshot: SeatSnapshot<G> | null = null;
  private latestStatus: StatusMessage | null = null;
  private nextId = 1;
  private closed = false;
  private readonly pending = new Map<number, { resolve: (outcome: SendOutcome) => void; timer: ReturnType<typeof setTimeout> }>();
  private readonly listeners = new Set<(snapshot: SeatSnapshot<G>) => void>();
  private readonly statusListeners = new Set<(status: StatusMessage) => void>();
  private readonly closeListeners = new Set<(code: number) => void>();

  constructor(
    private readonly client: Client,
    readonly game: G,
    private readonly connect: ConnectOptions,
  ) {}

  /** Joins (or rejoins) and waits for the seat and the first snapshot. */
  async open(join: () => Promise<Room>): Promise<void> {
    const limit = this.connect.joinMs ?? 60_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer from the server within ${limit} ms`)), limit)));
    try {
      await Promise.race([this.join(join), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async join(join: () => Promise<Room>): Promise<void> {
    const room = await join();
    this.room = room;
    const ready = new Promise<void>((resolve, reject) => {
      let seatKnown = false;
      room.onMessage(MESSAGE.seat, (message: SeatMessage) => {
        this.roomId = message.roomId;
        this.seat = message.seat;
        this.token = message.token ?? this.token;
        seatKnown = true;
      });
      room.onMessage(MESSAGE.snapshot, (snapshot: SeatSnapshot<G>) => {
        this.snapshot = snapshot;
        if (seatKnown) resolve();
        for (const listener of [...this.listeners]) listener(snapshot);
      });
      room.onLeave((code) => {
        reject(new Error(`the server closed the link (${code})`));
        void this.dropped(room, code);
      });
    });
    room.onMessage(MESSAGE.outcome, (outcome: OutcomeMessage) => this.answer(outcome));
    room.onMessage(MESSAGE.status, (status: StatusMessage) => {
      this.latestStatus = status;
      for (const listener of [...this.statusListeners]) listener(status);
    });
    room.onError((code, message) => void [code, message]); // errors also end in onLeave
    await ready;
    this.connected = true;
  }

  current(): SeatSnapshot<G> {
    if (this.snapshot === null) throw new Error("not joined yet");
    return this.snapshot;
  }

  subscribe(listener: (snapshot: SeatSnapshot<G>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  send(move: MoveOf<G> | Move): Promise<SendOutcome> {
    return this.ask((id) => [MESSAGE.move, { id, move }]);
  }

  autoMove(): Promise<SendOutcome> {
    return this.ask((id) => [MESSAGE.auto, { id }]);
  }

  private ask(message: (id: number) => [string, unknown]): Promise<SendOutcome> {
    const room = this.room;
    if (room === null || !this.connected) {
      return Promise.resolve({ ok: false, error: { code: "client/disconnected", reason: "not connected to the match" } });
    }
    const id = this.nextId++;
    return new Promise<SendOutcome>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve({ ok: false, error: { code: "client/no-answer", reason: "the server did not answer in time" } });
      }, this.connect.answerMs ?? 10_000);
      this.pending.set(id, { resolve, timer });
      const [type, body] = message(id);
      room.send(type, body);
    });
  }

  status(): StatusMessage | null {
    return this.latestStatus;
  }

  onStatus(listener: (status: StatusMessage) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  onClose(listener: (code: number) => void): () => void {
    this.closeListeners.add(listener);
    return () => this.closeListeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    this.connected = false;
    void this.room?.leave(true).catch(() => {});
    this.settlePending("client/closed", "the link was closed");
  }

  async reconnect(): Promise<void> {
    if (this.token === null && this.seat !== null) throw new Error("no token to come back with");
    const since = this.snapshot?.moveCount ?? 0;
    const join: JoinOptions = this.seat === null ? { spectate: true, since } : { token: this.token!, since };
    await this.open(() => this.client.joinById(this.roomId, join));
  }

  private answer(outcome: OutcomeMessage): void {
    if (outcome.id === null) return; // a refusal of a message the server could not read
    const waiting = this.pending.get(outcome.id);
    if (!waiting) return;
    this.pending.delete(outcome.id);
    clearTimeout(waiting.timer);
    waiting.resolve(outcome.ok ? { ok: true } : { ok: false, error: outcome.error });
  }

  private settlePending(code: string, reason: string): void {
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.resolve({ ok: false, error: { code, reason } });
      this.pending.delete(id);
    }
  }

  /** A drop the client did not ask for: rejoin with the token a few times, else report it closed. */
  private async dropped(room: Room, code: number): Promise<void> {
    if (room !== this.room) return;
    this.connected = false;
    this.settlePending("client/disconnected", "the link dropped before the server answered");
    const consented = code === 1000 || code === 4000;
    if (!this.closed && !consented && this.roomId !== "") {
      const retries = this.connect.retries ?? 5;
      for (let attempt = 0; attempt < retries && !this.closed; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, this.connect.retryMs ?? 500));
        try {
          await this.reconnect();
          return;
        } catch {
          // the server may be restarting; try again
        }
      }
    }
    for (const listener of [...this.closeListeners]) listener(code);
  }
}

export interface ListedMatch extends MatchListing {
  readonly roomId: string;
  /** Connections in the match now (seats and spectators). */
  readonly clients: number;
}

/**
 * Watches the server's open matches (all games, or one): `listener` gets the whole list at once and
 * after every change. Returns a function that stops watching.
 */
export async function watchLobby(server: Server, listener: (matches: readonly ListedMatch[]) => void, game?: string): Promise<() => void> {
  const room = await clientOf(server).joinOrCreate(LOBBY, game === undefined ? {} : { filter: { name: game } });
  const rooms = new Map<string, ListedMatch>();
  type Listed = { roomId: string; clients: number; metadata?: MatchListing };
  const keep = (item: Listed): void => {
    if (item.metadata === undefined || (game !== undefined && item.metadata.game !== game)) return;
    rooms.set(item.roomId, { roomId: item.roomId, clients: item.clients, game: item.metadata.game, players: item.metadata.players, open: item.metadata.open });
  };
  const tell = (): void => listener([...rooms.values()]);
  room.onMessage("rooms", (items: Listed[]) => {
    rooms.clear();
    for (const item of items) keep(item);
    tell();
  });
  room.onMessage("+", ([roomId, item]: [string, Listed]) => {
    rooms.delete(roomId);
    keep({ ...item, roomId });
    tell();
  });
  room.onMessage("-", (roomId: string) => {
    rooms.delete(roomId);
    tell();
  });
  return () => void room.leave(true).catch(() => {});
}
