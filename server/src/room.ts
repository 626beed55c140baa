// One hosted match: a Colyseus room holding the Match (secrets stay here) and sending each client only
// its seat's share (viewFor, eventsFor, logFor, legalMoves). No schema state sync: it would broadcast.

import { Room, type Client } from "@colyseus/core";
import {
  applyMove,
  botMove,
  createMatch,
  eventsFor,
  isOver,
  legalMoves,
  logFor,
  readMove,
  resultOf,
  viewFor,
  whoMayAct,
  type AnyGame,
  type GameEvent,
  type IllegalMove,
  type Match,
  type Move,
  type SeatSnapshot,
} from "@rules/runtime";
import { MESSAGE, type JoinOptions, type MatchListing, type OutcomeMessage, type SeatMessage, type ServerRefusal, type StatusMessage } from "@rules/runtime/protocol";
import { findGame } from "./registry.js";
import { DEFAULT_SETTINGS, chooseTurnSeconds, mergeSettings, type RoomSettings } from "./settings.js";
import type { MatchStore, StoredMatch, StoredMove } from "./store.js";
import { hashToken, newToken, serverSeed, tokenMatches } from "./tokens.js";
import { RateLimit } from "./rate-limit.js";
import { MoveTimings } from "./timings.js";
import { TurnClock, timeoutMove } from "./turn-clock.js";
import { readCreateOptions, readJoinOptions, readMoveMessage } from "./read-options.js";

/** What the host gives every room: defaults, the store, the restores it asked for. */
export interface RoomContext {
  settings: RoomSettings;
  store: MatchStore | null;
  /** Restores the host asked for, by a one-time key only it knows (a client cannot ask for one). */
  restores: Map<string, string>;
  /** Tokens of matches the host created, handed back to it, by a one-time key the host made. */
  created: Map<string, string[]>;
  processId: string;
  onError(error: unknown): void;
  /** How long accepted moves took here, from the message to the answer (stored, snapshots sent). */
  timings: MoveTimings;
}

export const roomContext: RoomContext = {
  settings: DEFAULT_SETTINGS,
  store: null,
  restores: new Map(),
  created: new Map(),
  processId: "local",
  onError: (error) => console.error(error),
  timings: new MoveTimings(),
};

/** Stands for "the server's default move" in an auto message (never equal to anything a client sends). */
const AUTO: unique symbol = Symbol("auto");

function readAutoId(message: unknown): number {
  const id = typeof message === "object" && message !== null && !Array.isArray(message) && Object.keys(message).length === 1 ? (message as { id?: unknown }).id : undefined;
  return typeof id === "number" && Number.isSafeInteger(id) && id >= 0 ? id : -1;
}

interface SeatSlot {
  tokenHash: string | null;
  client: Client | null;
  /** When the seat became empty (ms), for the empty-seat policy; null while held. */
  emptySince: number | null;
  botPlayed: boolean;
  /** Someone has held this seat at least once. */
  joined: boolean;
  emptyTimer: { clear(): void } | null;
}

/** Who onAuth let in: a seat's holder by token, a spectator, or someone to give an open seat. */
type Joiner = { readonly kind: "token"; readonly seat: number } | { readonly kind: "spectator" } | { readonly kind: "open" };

interface Attached {
  readonly seat: number | null;
  /** The moveCount of the last snapshot this client got; -1 before its first (which tells all). */
  sent: number;
  readonly rate: RateLimit;
}

export class GameRoom extends Room {
  private game!: AnyGame;
  private gameId!: string;
  private settings!: RoomSettings;
  private match!: Match<AnyGame>;
  /** What each move did, unfiltered (index 0: the setup up to the first decision): for catch-up. */
  private readonly eventsByMove: (readonly GameEvent[])[] = [];
  private readonly seats: SeatSlot[] = [];
  private readonly attached = new Map<string, Attached>();
  private open = true;
  /** Moves wait until every seat has been taken once; until then no clock runs. */
  private started = false;
  private paused = false;
  private turnClock!: TurnClock;
  private botTimer: { clear(): void } | null = null;
  private abandonTimer: { clear(): void } | null = null;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Writes to the store, in order: a move is appended after the match record exists. */
  private storeChain: Promise<void> = Promise.resolve();

  override async onCreate(options: Record<string, unknown>): Promise<void> {
    const gameId = String(options["gameId"]);
    const registered = findGame(gameId);
    if (!registered) throw new Error(`no game "${gameId}" is hosted here`);
    this.game = registered.game;
    this.gameId = gameId;
    this.settings = mergeSettings(roomContext.settings, registered.settings);
    this.autoDispose = false; // seats are kept for players who come back; see onLeave and finish
    this.setPatchRate(null); // no synchronised state: no patch timer per room
    this.setSeatReservationTime(60); // a client slowed by a busy machine still gets its seat

    const restoreKey = typeof options["restoreKey"] === "string" ? options["restoreKey"] : null;
    const restoreId = restoreKey === null ? undefined : roomContext.restores.get(restoreKey);
    if (restoreKey !== null) {
      roomContext.restores.delete(restoreKey);
      if (restoreId === undefined) throw new Error("unknown restore");
      await this.restore(restoreId);
    } else {
      const hostKey = typeof options["hostKey"] === "string" && roomContext.created.has(options["hostKey"]) ? options["hostKey"] : null;
      this.start(readCreateOptions(this.game, options, hostKey !== null), hostKey);
    }
    this.maxClients = this.match.options.players + this.settings.maxSpectators;
    this.turnClock = new TurnClock(this.clockSeconds, (run, ms) => this.later(run, ms), () => this.onTimeout());
    const listing: MatchListing = { game: gameId, players: this.match.options.players, open: this.openSeats() };
    await this.setMetadata(listing);
    if (!this.open) await this.setPrivate(true); // seats by token only: not for matchmaking
    this.onMessage(MESSAGE.move, (client, message) => this.guard(() => this.onMove(client, message)));
    this.onMessage(MESSAGE.auto, (client, message) => this.guard(() => this.onMove(client, { id: readAutoId(message), move: AUTO })));
    this.onMessage("*", (client) => this.guard(() => this.refuse(client, null, { code: "server/unknown-message", reason: "this server takes only 'move' and 'auto' messages" })));
    this.afterChange();
    this.whenNobodyIsHere(); // a restored match nobody comes back to, or a host's match nobody joins, is abandoned in time
  }

  private clockSeconds = 0;

  private start(asked: { players: number; variants: string[]; turnSeconds: unknown; open: boolean }, hostKey: string | null): void {
    this.match = createMatch(this.game, { players: asked.players, variants: asked.variants, seed: serverSeed() });
    this.eventsByMove.push(this.match.unfilteredEvents);
    this.clockSeconds = chooseTurnSeconds(this.settings, asked.turnSeconds);
    this.open = asked.open;
    const tokens: string[] = [];
    for (let seat = 0; seat < asked.players; seat++) {
      // A closed match (the host's) gets every token now; an open one gives each as its seat is taken.
      const token = this.open ? null : newToken();
      if (token !== null) tokens.push(token);
      this.seats.push({ tokenHash: token === null ? null : hashToken(token), client: null, emptySince: Date.now(), botPlayed: false, joined: false, emptyTimer: null });
    }
    if (hostKey !== null) roomContext.created.set(hostKey, tokens);
    const record: StoredMatch = {
      roomId: this.roomId,
      game: this.gameId,
      options: { players: this.match.options.players, variants: [...this.match.options.variants], seed: this.match.options.seed },
      tokenHashes: this.seats.map((slot) => slot.tokenHash),
      turnSeconds: this.clockSeconds,
      open: this.open,
    };
    this.persist((store) => store.create(record));
  }

  /** Sets the match up again from its save: options, then every logged move through applyMove. */
  private async restore(roomId: string): Promise<void> {
    const store = roomContext.store;
    const saved = store === null ? null : await store.load(roomId);
    if (saved === null) throw new Error(`no saved match ${roomId}`);
    this.roomId = roomId;
    let match = createMatch(this.game, saved.match.options);
    this.eventsByMove.push(match.unfilteredEvents);
    for (const entry of saved.log) {
      const outcome = applyMove(match, entry.seat, entry.move as never);
      if (!outcome.ok) throw new Error(`the saved match ${roomId} does not replay: move ${match.moveCount + 1} is refused (${outcome.error.reason})`);
      match = outcome.match;
      this.eventsByMove.push(match.unfilteredEvents);
    }
    this.match = match;
    this.clockSeconds = saved.match.turnSeconds;
    this.open = saved.match.open;
    for (const tokenHash of saved.match.tokenHashes) {
      this.seats.push({ tokenHash, client: null, emptySince: Date.now(), botPlayed: false, joined: false, emptyTimer: null });
    }
    this.started = true; // its players had all come; those not back yet are absent
    for (let seat = 0; seat < this.seats.length; seat++) this.watchEmptySeat(seat);
  }

  /**
   * Who a joining client is: a seat by its token, a spectator, or one asking for an open seat (taken
   * in onJoin, once its connection is up, so a join that fails half-way takes no seat).
   */
  override onAuth(_client: Client, options: unknown): Joiner {
    const join: JoinOptions = readJoinOptions(options);
    if (join.token !== undefined) {
      const seat = this.seats.findIndex((slot) => slot.tokenHash !== null && tokenMatches(join.token!, slot.tokenHash));
      if (seat < 0) throw new Error("this token holds no seat in this match");
      if (this.seats[seat]!.client !== null) throw new Error("this seat is already connected");
      return { kind: "token", seat };
    }
    if (join.spectate === true) return { kind: "spectator" };
    if (!this.open || !this.seats.some((slot) => slot.tokenHash === null)) {
      throw new Error("no seat is open in this match: join with a seat's token, or as a spectator");
    }
    return { kind: "open" };
  }

  override onJoin(client: Client, options: unknown, joiner: Joiner): void {
    let seat: number | null = joiner.kind === "token" ? joiner.seat : null;
    let token: string | null = null;
    if (joiner.kind === "open") {
      seat = this.seats.findIndex((slot) => slot.tokenHash === null);
      if (seat < 0) return client.leave(4003, "no seat is open in this match any more");
      token = newToken();
      const tokenHash = hashToken(token);
      this.seats[seat]!.tokenHash = tokenHash;
      const claimed = seat;
      this.persist((store) => store.claim(this.roomId, claimed, tokenHash));
      void this.setMetadata({ open: this.openSeats() });
    } else if (seat !== null && this.seats[seat]!.client !== null) {
      // Two joins with one token raced past onAuth: the second is refused here.
      return client.leave(4003, "this seat is already connected");
    }
    const since = readJoinOptions(options).since;
    const attached: Attached = { seat, sent: since === undefined ? -1 : Math.min(since, this.match.moveCount), rate: new RateLimit(this.settings.rate) };
    this.attached.set(client.sessionId, attached);
    this.abandonTimer?.clear();
    this.abandonTimer = null;
    const welcome: SeatMessage = {
      roomId: this.roomId,
      game: this.gameId,
      seat,
      token,
      players: this.match.options.players,
      variants: this.match.options.variants,
    };
    if (seat !== null) {
      const slot = this.seats[seat]!;
      slot.client = client;
      slot.emptySince = null;
      slot.botPlayed = false;
      slot.emptyTimer?.clear();
      slot.emptyTimer = null;
      slot.joined = true;
      if (this.seats.every((s) => s.joined)) this.started = true;
      this.paused = this.seats.some((s) => s.client === null && this.settings.emptySeat.then === "pause" && s.emptySince !== null && this.emptyLongEnough(s));
    }
    // Once the seat's claim (and every move so far) is stored: a token handed out survives a crash.
    const at = this.match;
    this.afterStored(() => {
      client.send(MESSAGE.seat, welcome);
      this.sendSnapshot(client, attached, at); // always: the client waits for its first snapshot
    });
    this.afterChange();
  }

  override onLeave(client: Client): void {
    const attached = this.attached.get(client.sessionId);
    this.attached.delete(client.sessionId);
    if (attached?.seat !== null && attached?.seat !== undefined) {
      const slot = this.seats[attached.seat]!;
      if (slot.client === client) {
        slot.client = null;
        slot.emptySince = Date.now();
        this.watchEmptySeat(attached.seat);
      }
      this.broadcastStatus();
    }
    if (this.attached.size === 0) this.whenNobodyIsHere();
  }

  override onDispose(): void {
    this.turnClock?.stop();
    this.botTimer?.clear();
    this.abandonTimer?.clear();
    for (const slot of this.seats) slot.emptyTimer?.clear();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  override onUncaughtException(error: unknown): void {
    roomContext.onError(error);
  }

  // ---- moves ----

  private onMove(client: Client, message: unknown): void {
    const received = performance.now();
    const attached = this.attached.get(client.sessionId);
    if (!attached) return;
    const read = readMoveMessage(message);
    if (!attached.rate.take()) {
      if (attached.rate.refusedInARow > this.settings.rate.disconnectAfter) return client.leave(4008, "too many messages");
      return this.refuse(client, read.ok ? read.message.id : null, { code: "server/flood", reason: "too many messages: wait a moment" });
    }
    if (!read.ok) return this.refuse(client, null, read.error);
    const { id, move: input } = read.message;
    if (attached.seat === null) return this.refuse(client, id, { code: "server/spectator", reason: "a spectator cannot move" });
    if (!this.started) return this.refuse(client, id, { code: "server/waiting", reason: "the match starts when every seat is taken" });
    if (this.paused) return this.refuse(client, id, { code: "server/paused", reason: "the match waits for a player to come back" });
    if (input === AUTO) {
      if (id < 0) return this.refuse(client, null, { code: "server/malformed", reason: "an auto message is { id }" });
      if (!whoMayAct(this.match).players.includes(attached.seat)) return this.refuse(client, id, { code: "server/not-your-turn", reason: "you may not act now" });
    }
    const parsed = input === AUTO ? { ok: true as const, move: botMove(this.match, attached.seat) } : readMove(this.game, input);
    if (!parsed.ok) return this.refuse(client, id, parsed.error);
    const outcome = applyMove(this.match, attached.seat, parsed.move);
    if (!outcome.ok) return this.refuse(client, id, outcome.error);
    const accepted: OutcomeMessage = { id, ok: true };
    this.commit(attached.seat, parsed.move, outcome.match, () => {
      client.send(MESSAGE.outcome, accepted);
      roomContext.timings.record(performance.now() - received);
    });
  }

  private refuse(client: Client, id: number | null, error: IllegalMove | ServerRefusal): void {
    const refused: OutcomeMessage = { id, ok: false, error };
    client.send(MESSAGE.outcome, refused);
  }

  /**
   * An accepted move: keep it, store it, then (once stored: "accepted" means it survives a crash)
   * answer the mover and tell everyone their share; run the clock and the bots.
   */
  private commit(seat: number, move: Move, next: Match<AnyGame>, answer?: () => void): void {
    this.match = next;
    this.eventsByMove.push(next.unfilteredEvents);
    const entry: StoredMove = { seat, move };
    this.persist((store) => store.append(this.roomId, entry));
    if (isOver(next)) this.persist((store) => store.finish(this.roomId));
    this.afterStored(() => {
      answer?.();
      for (const client of this.clients) {
        const attached = this.attached.get(client.sessionId);
        if (attached && attached.sent < next.moveCount) this.sendSnapshot(client, attached, next);
      }
    });
    this.afterChange();
  }

  private sendSnapshot(client: Client, attached: Attached, match: Match<AnyGame> = this.match): void {
    const seat = attached.seat;
    const events: GameEvent[] = [];
    for (let k = attached.sent + 1; k <= match.moveCount; k++) {
      events.push(...eventsFor(this.game.meta, this.eventsByMove[k] ?? [], seat));
    }
    const activity = whoMayAct(match);
    const snapshot: SeatSnapshot = {
      seat,
      moveCount: match.moveCount,
      view: viewFor(match, seat),
      activity,
      options: seat !== null && activity.players.includes(seat) ? legalMoves(match, seat) : [],
      moves: logFor(match, seat).slice(Math.max(0, attached.sent)),
      events,
      result: resultOf(match),
    };
    attached.sent = match.moveCount;
    client.send(MESSAGE.snapshot, snapshot);
  }

  // ---- clocks, absent seats, bots ----

  private afterChange(): void {
    if (isOver(this.match)) {
      this.turnClock.stop();
      this.broadcastStatus();
      return;
    }
    if (this.paused || !this.started) this.turnClock.stop();
    else this.turnClock.decide(whoMayAct(this.match));
    this.scheduleBots();
    this.broadcastStatus();
  }

  /**
   * A timer, cleared when the room is disposed, its callback guarded. Not the room's Colyseus clock:
   * that one is ticked by the patch loop, which these rooms switch off.
   */
  private later(run: () => void, ms: number): { clear(): void } {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.guard(run);
    }, ms);
    this.timers.add(timer);
    return {
      clear: () => {
        clearTimeout(timer);
        this.timers.delete(timer);
      },
    };
  }

  private onTimeout(): void {
    if (isOver(this.match) || this.paused) return;
    const activity = whoMayAct(this.match);
    const seats = activity.kind === "turn" ? activity.players.slice(0, 1) : [...activity.players];
    for (const seat of seats) {
      if (isOver(this.match) || !whoMayAct(this.match).players.includes(seat)) continue;
      const move = timeoutMove(this.match, seat);
      const outcome = applyMove(this.match, seat, move);
      if (outcome.ok) this.commit(seat, move, outcome.match);
    }
  }

  /** Seats the server plays (absent past the limit, policy "bot") move after a short delay. */
  private scheduleBots(): void {
    if (this.botTimer !== null || isOver(this.match) || this.paused || !this.started) return;
    const activity = whoMayAct(this.match);
    const seat = activity.players.find((s) => this.seats[s]?.botPlayed === true);
    if (seat === undefined) return;
    this.botTimer = this.later(() => {
      this.botTimer = null;
      if (isOver(this.match) || this.paused || !whoMayAct(this.match).players.includes(seat) || !this.seats[seat]!.botPlayed) return this.scheduleBots();
      // A seat the server plays is played as a random bot plays it, not by waiting out each decision.
      const move = botMove(this.match, seat);
      const outcome = applyMove(this.match, seat, move);
      if (outcome.ok) this.commit(seat, move, outcome.match);
    }, this.settings.botDelayMs);
  }

  private emptyLongEnough(slot: SeatSlot): boolean {
    return slot.emptySince !== null && Date.now() - slot.emptySince >= this.settings.emptySeat.seconds * 1000;
  }

  /** Starts the empty-seat timer of a seat nobody holds. */
  private watchEmptySeat(seat: number): void {
    const slot = this.seats[seat]!;
    slot.emptyTimer?.clear();
    slot.emptyTimer = this.later(() => {
      slot.emptyTimer = null;
      if (slot.client !== null || isOver(this.match)) return;
      if (this.settings.emptySeat.then === "bot") slot.botPlayed = true;
      else this.paused = true;
      this.afterChange();
    }, this.settings.emptySeat.seconds * 1000);
  }

  private whenNobodyIsHere(): void {
    if (isOver(this.match)) {
      void this.disconnect();
      return;
    }
    this.abandonTimer?.clear();
    this.abandonTimer = this.later(() => {
      if (this.attached.size > 0) return;
      this.persist((store) => store.remove(this.roomId));
      void this.disconnect();
    }, this.settings.abandonSeconds * 1000);
  }

  private broadcastStatus(): void {
    const absent: number[] = [];
    const botPlayed: number[] = [];
    this.seats.forEach((slot, seat) => {
      if (slot.client === null) absent.push(seat);
      if (slot.botPlayed) botPlayed.push(seat);
    });
    const status: StatusMessage = { absent, botPlayed, paused: this.paused, clock: this.turnClock.current() };
    this.broadcast(MESSAGE.status, status);
  }

  private openSeats(): number {
    return this.open ? this.seats.filter((slot) => slot.tokenHash === null).length : 0;
  }

  // ---- helpers ----

  /** Runs after every write queued so far (at once without a store). */
  private afterStored(run: () => void): void {
    if (roomContext.store === null) return this.guard(run);
    this.storeChain = this.storeChain.then(() => this.guard(run));
  }

  private persist(write: (store: MatchStore) => Promise<void>): void {
    const store = roomContext.store;
    if (store === null) return;
    this.storeChain = this.storeChain.then(() => write(store)).catch((error: unknown) => roomContext.onError(error));
  }

  /** Every handler runs through here: a bug in one message must not end the room or the process. */
  private guard(run: () => void): void {
    try {
      run();
    } catch (error) {
      roomContext.onError(error);
    }
  }

  /** For the host and tests in this process: the match (secrets) and the store's pending writes. */
  serverMatch(): Match<AnyGame> {
    return this.match;
  }

  flushed(): Promise<void> {
    return this.storeChain;
  }
}
