// A match played in the page: every seat's SeatConnection (hot seat), bots for the seats nobody
// plays at a chosen speed, stepping back through the match and branching from any move, saves, and
// new rules with the moves so far replayed. The table draws from its connections only, as it would
// from a server's.

import {
  applyMove,
  botMove,
  createMatch,
  deserializeMatch,
  eventsFor,
  legalMoves,
  logFor,
  resultOf,
  serializeMatch,
  viewFor,
  whoMayAct,
  type AnyGame,
  type Match,
  type MatchOptions,
  type Move,
  type MoveOf,
  type Seat,
  type SeatConnection,
  type SeatSnapshot,
  type SendOutcome,
} from "@rules/runtime";

export interface LocalMatchOptions extends MatchOptions {
  /** Seats the bots play (the seats after `players`, the rules' own bots, always are). Default: every seat but 0. */
  readonly bots?: readonly Seat[];
  /** Milliseconds between bot moves; 0 plays them as fast as the page allows. Default 600. */
  readonly botDelayMs?: number;
}

/** What the designer's panel shows of the match. */
export interface LocalMatchState {
  /** Moves in the history (the furthest point reached on this branch). */
  readonly length: number;
  /** The moment shown: moves applied, from 0 to `length`. */
  readonly at: number;
  readonly seats: number;
  readonly bots: readonly Seat[];
  readonly botDelayMs: number;
  /** Bots wait while the designer looks at the past; a move there (or `resume`) branches. */
  readonly paused: boolean;
  readonly over: boolean;
}

/** Why new rules could not take every move made so far. */
export interface ReplayReport {
  /** Moves replayed under the new rules. */
  readonly replayed: number;
  /** Moves of the old history that the new rules refused (the first refusal ends the replay). */
  readonly dropped: number;
  /** The first refusal's reason, or why the match could not even be set up again. */
  readonly reason: string | null;
}

/** A small seeded generator (mulberry32), so that a seed replays the bots' moves too. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class LocalMatch<G extends AnyGame = AnyGame> {
  private gameNow: G;
  /** history[i]: the match after i moves, on the current branch. */
  private history: Match<G>[];
  private cursor = 0;
  private botSeats: Set<Seat>;
  private delay: number;
  private paused = false;
  private random: () => number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly connections = new Set<LocalConnection<G>>();
  private readonly listeners = new Set<() => void>();
  private closed = false;

  constructor(game: G, options: LocalMatchOptions) {
    this.gameNow = game;
    const first = createMatch(game, { players: options.players, seed: options.seed, variants: options.variants ?? [] });
    this.history = [first];
    this.botSeats = new Set(options.bots ?? range(first.state.players).filter((seat) => seat !== 0));
    this.delay = options.botDelayMs ?? 600;
    this.random = seeded(options.seed);
    this.schedule();
  }

  get game(): G {
    return this.gameNow;
  }

  /** The match at the moment shown (secrets included: for the designer's tools, never for a seat). */
  get match(): Match<G> {
    return this.history[this.cursor]!;
  }

  get state(): LocalMatchState {
    const seats = this.match.state.players;
    return {
      length: this.history.length - 1,
      at: this.cursor,
      seats,
      bots: range(seats).filter((seat) => this.isBot(seat)),
      botDelayMs: this.delay,
      paused: this.paused,
      over: whoMayAct(this.match).kind === "over",
    };
  }

  /** A seat's window on this match (null: a spectator). */
  connect(seat: Seat | null): SeatConnection<G> & { catchUp(): SeatSnapshot<G>[] } {
    const connection = new LocalConnection(this, seat);
    this.connections.add(connection);
    return connection;
  }

  /** Called after every change (a move, a step, new settings); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isBot(seat: Seat): boolean {
    return seat >= this.match.options.players || this.botSeats.has(seat);
  }

  setBots(seats: readonly Seat[]): void {
    this.botSeats = new Set(seats);
    this.changed();
  }

  setBotDelay(ms: number): void {
    this.delay = Math.max(0, ms);
    this.changed();
  }

  /** Shows the match after `moves` moves of this branch; bots wait until a move is made there or `resume`. */
  goTo(moves: number): void {
    const at = Math.max(0, Math.min(this.history.length - 1, Math.trunc(moves)));
    if (at === this.cursor) return;
    this.cursor = at;
    this.paused = at < this.history.length - 1;
    this.changed();
  }

  /** Lets the bots play on from the moment shown (dropping the moves after it when they do). */
  resume(): void {
    this.paused = false;
    this.changed();
  }

  /** A move by `seat` at the moment shown; made in the past, it starts a new branch from there. */
  play(seat: Seat, move: MoveOf<G> | Move): SendOutcome {
    if (this.closed) return { ok: false, error: { code: "match/closed", reason: "this match is closed" } };
    const outcome = applyMove(this.match, seat, move as MoveOf<G>);
    if (!outcome.ok) return { ok: false, error: outcome.error };
    this.history = [...this.history.slice(0, this.cursor + 1), outcome.match];
    this.cursor = this.history.length - 1;
    this.paused = false;
    this.changed();
    return { ok: true };
  }

  /** The match as a save (`serializeMatch`): the moment shown, with the moves that led to it. */
  save(): string {
    return serializeMatch(this.match);
  }

  /** Loads a save of this game; throws the runtime's MatchError (its message quotes none of the save) when it is refused. */
  load(text: string): void {
    const loaded = deserializeMatch(this.gameNow, text);
    this.history = replayed(this.gameNow, loaded.options, loaded.log.map(({ seat, move }) => ({ seat, move })), () => {}).history;
    this.cursor = this.history.length - 1;
    this.random = seeded(loaded.options.seed);
    this.paused = false;
    this.changed(true);
  }

  /** New rules: the match set up again with them and the moves so far replayed while they are legal. */
  reload(game: G): ReplayReport {
    const moves = this.match.log.map(({ seat, move }) => ({ seat, move }));
    let reason: string | null = null;
    let history: Match<G>[];
    try {
      history = replayed(game, this.match.options, moves, (why) => (reason ??= why)).history;
    } catch (error) {
      // The new rules refuse the old options (a player count or variant they no longer have): keep the old game.
      return { replayed: 0, dropped: moves.length, reason: error instanceof Error ? error.message : String(error) };
    }
    this.gameNow = game;
    this.history = history;
    this.cursor = history.length - 1;
    this.paused = false;
    this.changed(true);
    return { replayed: history.length - 1, dropped: moves.length - (history.length - 1), reason };
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const connection of this.connections) connection.close();
    this.listeners.clear();
  }

  /** @internal */
  drop(connection: LocalConnection<G>): void {
    this.connections.delete(connection);
  }

  /** @internal the history a connection reads its snapshots from. */
  matchAt(moves: number): Match<G> | undefined {
    return moves <= this.cursor ? this.history[moves] : undefined;
  }

  private changed(replaced = false): void {
    for (const connection of this.connections) connection.publish(replaced);
    for (const listener of this.listeners) listener();
    this.schedule();
  }

  /** Plays the next bot move after the delay, when a bot may act now. */
  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.closed || this.paused) return;
    const seat = this.nextBot();
    if (seat === null) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const now = this.nextBot();
      if (now === null || this.paused || this.closed) return;
      const outcome = this.play(now, botMove(this.match, now, this.random));
      // botMove draws from the game's own legal moves: a refusal is the game contradicting itself.
      if (!outcome.ok) throw new Error(`the game refused its bot's move for seat ${now}: ${outcome.error.reason}`);
    }, this.delay);
  }

  /** The bot seat to move now: in a turn, the seat whose turn it is; in a secret choice, any bot yet to
   *  choose; in a race, a bot only when no person may claim (a person gets to answer first). */
  private nextBot(): Seat | null {
    const activity = whoMayAct(this.match);
    if (activity.kind === "over") return null;
    const bots = activity.players.filter((seat) => this.isBot(seat));
    if (bots.length === 0) return null;
    if (activity.kind === "race" && bots.length < activity.players.length) return null;
    if (activity.kind === "turn" && !this.isBot(activity.players[0]!)) return null;
    return bots[Math.min(bots.length - 1, Math.floor(this.random() * bots.length))]!;
  }
}

/** The matches after each of `moves`, from a new match of `options`, up to the first refused move. */
function replayed<G extends AnyGame>(
  game: G,
  options: MatchOptions,
  moves: readonly { seat: Seat; move: unknown }[],
  refused: (reason: string) => void,
): { history: Match<G>[] } {
  const history = [createMatch(game, options)];
  for (const { seat, move } of moves) {
    const outcome = applyMove(history[history.length - 1]!, seat, move as MoveOf<G>);
    if (!outcome.ok) {
      refused(outcome.error.reason);
      break;
    }
    history.push(outcome.match);
  }
  return { history };
}

class LocalConnection<G extends AnyGame> implements SeatConnection<G> {
  private readonly listeners = new Set<(snapshot: SeatSnapshot<G>) => void>();
  private last: SeatSnapshot<G>;
  private open = true;

  constructor(
    private readonly local: LocalMatch<G>,
    private readonly seat: Seat | null,
  ) {
    this.last = this.snapshot(0);
  }

  get game(): G {
    return this.local.game;
  }

  current(): SeatSnapshot<G> {
    return this.last;
  }

  /** One snapshot per move so far, each with that move's events: a table that joins late tells the whole story. */
  catchUp(): SeatSnapshot<G>[] {
    const moves = this.last.moveCount;
    const snapshots: SeatSnapshot<G>[] = [];
    for (let i = 0; i <= moves; i++) {
      const match = this.local.matchAt(i)!;
      snapshots.push(this.build(match, i === 0 ? [] : logFor(match, this.seat).slice(i - 1), i === 0 ? [] : eventsFor(match, this.seat)));
    }
    return snapshots;
  }

  subscribe(listener: (snapshot: SeatSnapshot<G>) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  send(move: MoveOf<G> | Move): Promise<SendOutcome> {
    if (!this.open) return Promise.resolve({ ok: false, error: { code: "connection/closed", reason: "this connection is closed" } });
    if (this.seat === null) return Promise.resolve({ ok: false, error: { code: "connection/spectator", reason: "a spectator cannot move" } });
    return Promise.resolve(this.local.play(this.seat, move));
  }

  close(): void {
    this.open = false;
    this.listeners.clear();
    this.local.drop(this);
  }

  /** @internal after each change of the match: the new moment, with the moves since the last one sent. */
  publish(replaced: boolean): void {
    if (!this.open) return;
    const before = this.last.moveCount;
    this.last = this.snapshot(replaced ? 0 : before);
    for (const listener of this.listeners) listener(this.last);
  }

  /** The snapshot now, with the moves from `since` on (none after a step back: the table keeps what it knows). */
  private snapshot(since: number): SeatSnapshot<G> {
    const match = this.local.match;
    const from = Math.min(since, match.moveCount);
    const moves = logFor(match, this.seat).slice(from);
    return this.build(match, moves, moves.length > 0 ? eventsFor(match, this.seat) : []);
  }

  private build(match: Match<G>, moves: SeatSnapshot<G>["moves"], events: SeatSnapshot<G>["events"]): SeatSnapshot<G> {
    const activity = whoMayAct(match);
    const acting = this.seat !== null && activity.kind !== "over" && activity.players.includes(this.seat);
    return {
      seat: this.seat,
      moveCount: match.moveCount,
      view: viewFor(match, this.seat),
      activity,
      options: acting ? legalMoves(match, this.seat!) : [],
      moves,
      events,
      result: resultOf(match),
    };
  }
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
