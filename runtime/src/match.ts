// The app-facing API. A Match is a value, typed by its game: a successful move returns a new Match
// and an illegal one returns the reason, leaving the old Match exactly as it was. States inside a
// Match are frozen; a game's `advance` and `apply` only ever run on private copies. Moves may come
// from anyone: each is read once into a checked copy (read-move.ts) before the game sees it.

import type { Activity, BaseState, Game, GameResult, IllegalMove, Move, ParameterDomain, Seat } from "./contract.js";
import { cloneJson, freezeDeep } from "./json.js";
import { rankPlayers } from "./result.js";
import { recordEvents, type GameEvent } from "./events.js";
import { boundedReason, readMoveFields, readMoveShape, readMoveOf, type ReadMove } from "./read-move.js";
import { requireSeat, validateOptions, type MatchOptions, type ValidOptions } from "./options.js";
import { choosePreferredMove } from "./preferences.js";
import type { Rng } from "./random.js";
import { moveNotHere } from "./errors.js";
import { checkedRandom, requireGame, requireMatch } from "./arguments.js";

export type { MatchOptions, ValidOptions } from "./options.js";

/** Any compiled game, whatever its state, moves and view. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any, any, any>;
/** A game's whole state (secrets included). */
export type StateOf<G> = G extends Game<infer S, Move, unknown> ? S : BaseState;
/** A game's move union: `{ type: "raise"; amount: number } | { type: "pass" } | ...`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MoveOf<G> = G extends Game<any, infer M, any> ? M : Move;
/** What one seat may know of a game (its `view`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ViewOf<G> = G extends Game<any, any, infer V> ? V : unknown;

/** One kind of move a seat may make now, typed by the move union: each parameter's domain. */
export type MoveOptionOf<M extends Move> = M extends Move
  ? { readonly type: M["type"]; readonly parameters: { readonly [K in Exclude<keyof M, "type" | number>]: ParameterDomain } }
  : never;

export interface LoggedMove<M extends Move = Move> {
  readonly seat: Seat;
  readonly move: M;
}

export interface Match<G extends AnyGame = Game> {
  readonly game: G;
  /** As validated, with `variants` always present. */
  readonly options: ValidOptions;
  /** The state after setup (and any `prepare` step), before the flow first advanced. Secrets. */
  readonly initial: StateOf<G>;
  /** The whole state: every hidden card and the random generator. Never send it to a client. */
  readonly state: StateOf<G>;
  /** Moves applied so far. */
  readonly moveCount: number;
  /** Every move in full (secrets: face-down choices). Built on first read; `logFor` is a seat's share. */
  readonly log: readonly LoggedMove<MoveOf<G>>[];
  /**
   * What the last move did (or, for a new match, its start up to the first decision), NOT filtered:
   * hidden cards and words said to one seat included. Never send it to a client: `eventsFor(match,
   * seat)` is one seat's share, the only thing to send. Empty after a replay.
   */
  readonly unfilteredEvents: readonly GameEvent[];
}

export type MoveOutcome<G extends AnyGame = Game> =
  { readonly ok: true; readonly match: Match<G> } | { readonly ok: false; readonly error: IllegalMove };

/** The log as a persistent list, newest first: a move adds one node and copies nothing. */
export interface LogNode {
  readonly entry: LoggedMove;
  readonly previous: LogNode | null;
  readonly length: number;
}

/** What a match keeps off its public face. */
interface Inner {
  readonly tail: LogNode | null;
  /** Started with a `prepare` step: its initial state does not follow from its options. */
  readonly prepared: boolean;
}

const inner = new WeakMap<object, Inner>();

function innerOf(match: Match<AnyGame>): Inner {
  const found = inner.get(match);
  if (found) return found;
  // A match not made here (a test's copy with another game, say): its log rebuilt from `log`, and
  // never savable, since nothing says its state follows from its options.
  let tail: LogNode | null = null;
  for (const entry of match.log) tail = appendLog(tail, entry);
  return { tail, prepared: true };
}

function listOf(tail: LogNode | null): LoggedMove[] {
  const list = new Array<LoggedMove>(tail?.length ?? 0);
  for (let node = tail; node !== null; node = node.previous) list[node.length - 1] = node.entry;
  return list;
}

/** For tools: a match from its parts. `initial`, `state` and `events` are frozen in place. */
export function makeMatch<G extends AnyGame>(
  game: G,
  options: ValidOptions,
  initial: StateOf<G>,
  state: StateOf<G>,
  tail: LogNode | null,
  events: readonly GameEvent[],
  prepared: boolean,
): Match<G> {
  let log: readonly LoggedMove[] | null = null;
  const match = {
    game,
    options: freezeDeep(options),
    initial: freezeDeep(initial),
    state: freezeDeep(state),
    moveCount: tail?.length ?? 0,
    get log(): readonly LoggedMove<MoveOf<G>>[] {
      log ??= Object.freeze(listOf(tail));
      return log as readonly LoggedMove<MoveOf<G>>[];
    },
    unfilteredEvents: freezeDeep(events),
  };
  Object.freeze(match);
  inner.set(match, { tail, prepared });
  return match;
}

/** For tools: the log's persistent list and whether the match was prepared. */
export function matchInner(match: Match<AnyGame>): Inner {
  return innerOf(match);
}

/** A log entry appended to a log (frozen; shares the old log). */
export function appendLog(tail: LogNode | null, entry: LoggedMove): LogNode {
  return Object.freeze({ entry: Object.freeze(entry), previous: tail, length: (tail?.length ?? 0) + 1 });
}

/**
 * Starts a match: validates the options, sets up the components and runs the flow to the first
 * decision. The same options (seed included) always give the same match.
 */
export function createMatch<G extends AnyGame>(game: G, options: MatchOptions): Match<G> {
  return startMatch(game, options);
}

/** `createMatch` for tools: `prepare` changes the fresh state first (scenarios stack decks and
 *  script dice here). A prepared match cannot be saved: its state does not follow from its options. */
export function startMatch<G extends AnyGame>(game: G, options: MatchOptions, prepare?: (state: StateOf<G>) => void): Match<G> {
  requireGame(game, "createMatch");
  const valid = validateOptions(game, options);
  const state = game.setup({ players: valid.players, variants: valid.variants, seed: valid.seed }) as StateOf<G>;
  prepare?.(state);
  const initial = cloneJson(state);
  const events = recordEvents(state as BaseState, (s) => game.advance(s));
  return makeMatch(game, valid, initial, state, null, events, prepare !== undefined);
}

/**
 * Reads a move from an untrusted source (a client): a frozen plain copy that fits the game's move
 * schema, or why not. Not checked against a state: `applyMove` does that (and reads it again).
 */
export function readMove<G extends AnyGame>(game: G, input: unknown): ReadMove<MoveOf<G>> {
  requireGame(game, "readMove");
  const seats = game.maxPlayers + (game.meta.bots?.length ?? 0);
  return readMoveOf(game, input, seats) as ReadMove<MoveOf<G>>;
}

/**
 * Why `seat` may not play `input` in `state`, or the checked copy to apply. `input` is untrusted: it is
 * read once, into a frozen copy, and only that copy is checked (and later applied and logged).
 */
export function admitMove(game: Game, state: BaseState, seat: Seat, input: unknown): ReadMove {
  const shape = readMoveShape(game, input);
  const unknownType = "code" in shape && shape.code === "move/unknown-type";
  if ("code" in shape && !unknownType) return { ok: false, error: shape };
  if (game.activity(state).kind === "over") return { ok: false, error: { code: "move/game-over", reason: "the game is over" } };
  if ("code" in shape) return { ok: false, error: moveNotHere(null, false, game.legalMoves(state, seat)) };
  const read = readMoveFields(game, shape.type, shape.fields, state.players);
  if (!read.ok) return read;
  const error = game.check(state, seat, read.move);
  return error === null ? read : { ok: false, error: boundedReason(error) };
}

/** Plays one move for `seat`: a new Match, or why the move is illegal (the old Match is untouched).
 *  `move` may be anything a client sent; see `admitMove`. */
export function applyMove<G extends AnyGame>(match: Match<G>, seat: Seat, move: MoveOf<G>): MoveOutcome<G> {
  requireMatch(match, "applyMove");
  const { game } = match;
  const { tail } = innerOf(match);
  requireSeat(match.state.players, seat);
  const admitted = admitMove(game, match.state, seat, move);
  if (!admitted.ok) return admitted;
  const state = cloneJson(match.state) as StateOf<G>;
  const events = recordEvents(state as BaseState, (s) => game.apply(s, seat, admitted.move));
  const logged = appendLog(tail, { seat, move: admitted.move });
  return { ok: true, match: makeMatch(game, match.options, match.initial, state, logged, events, innerOf(match).prepared) };
}

export function whoMayAct<G extends AnyGame>(match: Match<G>): Activity {
  requireMatch(match, "whoMayAct");
  return match.game.activity(match.state);
}

export function legalMoves<G extends AnyGame>(match: Match<G>, seat: Seat): MoveOptionOf<MoveOf<G>>[] {
  requireMatch(match, "legalMoves");
  requireSeat(match.state.players, seat);
  return match.game.legalMoves(match.state, seat) as MoveOptionOf<MoveOf<G>>[];
}

/** What `seat` may know (null: a spectator). */
export function viewFor<G extends AnyGame>(match: Match<G>, seat: Seat | null): ViewOf<G> {
  requireMatch(match, "viewFor");
  if (seat !== null) requireSeat(match.state.players, seat);
  return match.game.view(match.state, seat) as ViewOf<G>;
}

export function isOver<G extends AnyGame>(match: Match<G>): boolean {
  return whoMayAct(match).kind === "over";
}

/** Scores, ranking and winners once the game is over; null before. */
export function resultOf<G extends AnyGame>(match: Match<G>): GameResult | null {
  return isOver(match) ? rankPlayers(match.game.scores(match.state), match.game.scoreParts?.(match.state)) : null;
}

/**
 * The move the rules make for a seat that does not decide (its turn clock ran out, it is away): the
 * decision's default option (`default pass`, a race's decline, a window's done) when that move is legal
 * for the seat now; null where the rules name none, and a host chooses (`botMove`, or waiting).
 */
export function defaultMove<G extends AnyGame>(match: Match<G>, seat: Seat): MoveOf<G> | null {
  requireMatch(match, "defaultMove");
  requireSeat(match.state.players, seat);
  const name = match.game.meta.defaults?.[(match.state as BaseState).pc];
  if (name === undefined) return null;
  const move = { type: name } as MoveOf<G>;
  return match.game.check(match.state, seat, move) === null ? move : null;
}

/**
 * A move of the random bot for `seat` (which must be able to act): uniform among its legal moves, or
 * by the rules' playout preferences where they state some (`prefer N`).
 * `random` gives numbers in [0, 1), as `Math.random` does.
 */
export function botMove<G extends AnyGame>(match: Match<G>, seat: Seat, random: () => number = Math.random): MoveOf<G> {
  requireMatch(match, "botMove");
  requireSeat(match.state.players, seat);
  const next = checkedRandom(random, "botMove");
  const draw = (n: number): number => Math.min(n - 1, Math.floor(next() * n));
  const rng = { int: draw, pick: <T>(items: readonly T[]): T => items[draw(items.length)]! } as unknown as Rng;
  return choosePreferredMove(match.game, match.state, seat, rng, draw) as MoveOf<G>;
}
