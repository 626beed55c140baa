// The app-facing API. A Match is a value: a successful move returns a new Match and an illegal
// one returns the reason, leaving the old Match exactly as it was. States inside a Match are
// frozen; a game's `advance` and `apply` only ever run on private copies.

import type { Activity, BaseState, Game, GameResult, IllegalMove, Move, MoveOption, Seat } from "./contract.js";
import { illegal, GameFault, MatchError } from "./errors.js";
import { cloneJson, freezeDeep, sameJson } from "./json.js";
import { rankPlayers } from "./result.js";
import { randomMove } from "./bots.js";
import type { Rng } from "./random.js";
import { recordEvents, type GameEvent } from "./events.js";
import { seatPlan } from "./seats.js";

export interface MatchOptions {
  /** The people playing: the human seats. A game's `bot` lines may add seats the rules play
   *  (`seatPlan(game.meta, players)`); the state's `players` counts those too. */
  readonly players: number;
  /** Variant names; none for the base game. */
  readonly variants?: readonly string[];
  /** Any safe integer; the same seed and moves give the same match on every machine. */
  readonly seed: number;
}

export interface LoggedMove {
  readonly seat: Seat;
  readonly move: Move;
}

export interface Match<S extends BaseState = BaseState> {
  readonly game: Game<S>;
  /** As validated, with `variants` always present. */
  readonly options: MatchOptions;
  /** The state after setup (and any `prepare` step), before the flow first advanced. */
  readonly initial: S;
  readonly state: S;
  readonly log: readonly LoggedMove[];
  /** What the last move did (or, for a new match, its start up to the first decision), as every seat
   *  may see it; `eventsFor(game.meta, events, seat)` gives one seat's share. Empty after a replay. */
  readonly events: readonly GameEvent[];
}

export type MoveOutcome<S extends BaseState = BaseState> =
  { readonly ok: true; readonly match: Match<S> } | { readonly ok: false; readonly error: IllegalMove };

/** Checks the options against the game and returns them with `variants` filled in. */
function validateOptions(game: Game<BaseState>, options: MatchOptions): MatchOptions {
  const { players, seed } = options;
  if (!Number.isInteger(players) || players < game.minPlayers || players > game.maxPlayers) {
    const span =
      game.minPlayers === game.maxPlayers ? `${game.minPlayers}` : `${game.minPlayers} to ${game.maxPlayers}`;
    throw new MatchError("match/players", `${game.title} is for ${span} players, not ${players}`);
  }
  const variants = [...(options.variants ?? [])];
  const known = game.variants.map((variant) => variant.name);
  for (const [i, name] of variants.entries()) {
    if (!known.includes(name)) {
      const list = known.length === 0 ? "it has none" : `its variants are ${known.map((v) => `"${v}"`).join(", ")}`;
      throw new MatchError("match/variant", `${game.title} has no variant "${name}"; ${list}`);
    }
    if (variants.indexOf(name) !== i) throw new MatchError("match/variant", `variant "${name}" is given twice`);
  }
  if (!Number.isSafeInteger(seed)) {
    throw new MatchError("match/seed", `a seed must be a whole number (at most 2^53 in size), not ${seed}`);
  }
  return { players, variants, seed };
}

function requireSeat(players: number, seat: Seat): void {
  if (!Number.isInteger(seat) || seat < 0 || seat >= players) {
    throw new MatchError(
      "match/seat",
      `there is no seat ${seat} in a ${players}-player match (seats are 0 to ${players - 1})`,
    );
  }
}

function freezeMatch<S extends BaseState>(
  game: Game<S>,
  options: MatchOptions,
  initial: S,
  state: S,
  log: readonly LoggedMove[],
  events: readonly GameEvent[] = [],
): Match<S> {
  return Object.freeze({
    game,
    options: freezeDeep(options),
    initial: freezeDeep(initial),
    state: freezeDeep(state),
    log: freezeDeep(log),
    events: freezeDeep(events),
  });
}

/** Refusals the runtime makes for every game before asking the game itself. */
function precheck<S extends BaseState>(game: Game<S>, state: S, move: Move): IllegalMove | null {
  if (typeof move !== "object" || move === null || typeof move.type !== "string") {
    return illegal("move/bad-parameter", "a move is an object with a type");
  }
  if (game.activity(state).kind === "over") return illegal("move/game-over", "the game is over");
  return null;
}

/**
 * Starts a match: validates the options, sets up the components, lets `prepare` change the
 * fresh state (scenarios stack decks and script dice here), then runs the flow to the first decision.
 */
export function createMatch<S extends BaseState>(
  game: Game<S>,
  options: MatchOptions,
  prepare?: (state: S) => void,
): Match<S> {
  const valid = validateOptions(game, options);
  const state = game.setup({ players: valid.players, variants: valid.variants, seed: valid.seed });
  prepare?.(state);
  const initial = cloneJson(state);
  const events = recordEvents(state, (s) => game.advance(s));
  return freezeMatch(game, valid, initial, state, [], events);
}

/** Plays one move for `seat`: a new Match, or why the move is illegal (the old Match is untouched). */
export function applyMove<S extends BaseState>(match: Match<S>, seat: Seat, move: Move): MoveOutcome<S> {
  const { game } = match;
  requireSeat(match.state.players, seat);
  const error = precheck(game, match.state, move) ?? game.check(match.state, seat, move);
  if (error !== null) return { ok: false, error };
  const state = cloneJson(match.state);
  // The log keeps its own copy, so the caller may reuse the move object.
  const logged = cloneJson(move);
  const events = recordEvents(state, (s) => game.apply(s, seat, cloneJson(logged)));
  return {
    ok: true,
    match: freezeMatch(game, match.options, match.initial, state, [...match.log, { seat, move: logged }], events),
  };
}

export function whoMayAct(match: Match): Activity {
  return match.game.activity(match.state);
}

export function legalMoves(match: Match, seat: Seat): MoveOption[] {
  requireSeat(match.state.players, seat);
  return match.game.legalMoves(match.state, seat);
}

/** What `seat` may know (null: a spectator). */
export function viewFor(match: Match, seat: Seat | null): unknown {
  if (seat !== null) requireSeat(match.state.players, seat);
  return match.game.view(match.state, seat);
}

export function isOver(match: Match): boolean {
  return whoMayAct(match).kind === "over";
}

/** Scores, ranking and winners once the game is over; null before. */
export function resultOf(match: Match): GameResult | null {
  return isOver(match) ? rankPlayers(match.game.scores(match.state)) : null;
}

/** Rebuilds a match from its initial state and log; a logged move that is illegal is a MatchError. */
export function replay<S extends BaseState>(
  game: Game<S>,
  options: MatchOptions,
  initial: S,
  log: readonly LoggedMove[],
): Match<S> {
  const valid = validateOptions(game, options);
  // The state counts every seat, bots included; the options count the people.
  if (initial.players !== seatPlan(game.meta, valid.players).seats || !sameJson([...initial.variants].sort(), [...valid.variants!].sort())) {
    throw new MatchError(
      "match/replay",
      "the initial state was not set up with these options (players or variants differ)",
    );
  }
  // One private state, changed in place: replaying a long log costs no copy per move.
  const state = cloneJson(initial);
  game.advance(state);
  for (const [i, { seat, move }] of log.entries()) {
    if (!Number.isInteger(seat) || seat < 0 || seat >= state.players) {
      throw new MatchError("match/replay", `move ${i + 1} of the log is by seat ${seat}, which does not exist`);
    }
    const error = precheck(game, state, move) ?? game.check(state, seat, move);
    if (error !== null) {
      throw new MatchError(
        "match/replay",
        `move ${i + 1} of the log (seat ${seat}: ${JSON.stringify(move)}) is illegal: ${error.reason}`,
      );
    }
    game.apply(state, seat, cloneJson(move));
  }
  return freezeMatch(game, valid, cloneJson(initial), state, cloneJson([...log]));
}

/** Names the JSON layout of a saved match; bump the version when it changes. */
export const MATCH_FORMAT = "rules-match";
export const MATCH_FORMAT_VERSION = 1;

interface SavedMatch {
  format: typeof MATCH_FORMAT;
  version: number;
  game: string;
  options: MatchOptions;
  initial: BaseState;
  log: LoggedMove[];
  state: BaseState;
}

/** A match as JSON: the options, initial state and log, plus the current state to check them by. */
export function serializeMatch(match: Match): string {
  const saved: SavedMatch = {
    format: MATCH_FORMAT,
    version: MATCH_FORMAT_VERSION,
    game: match.game.id,
    options: match.options,
    initial: match.initial,
    log: [...match.log],
    state: match.state,
  };
  return JSON.stringify(saved);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Why `data` is not a saved match of `game`, or null when its shape is right. */
function shapeProblem(data: unknown, gameId: string): string | null {
  if (!isRecord(data) || data["format"] !== MATCH_FORMAT)
    return `it is not a saved match (no "format": "${MATCH_FORMAT}")`;
  if (data["version"] !== MATCH_FORMAT_VERSION) {
    return `it is format version ${JSON.stringify(data["version"])}; this runtime reads version ${MATCH_FORMAT_VERSION}`;
  }
  if (data["game"] !== gameId) return `it is a match of ${JSON.stringify(data["game"])}, not of "${gameId}"`;
  const options = data["options"];
  if (
    !isRecord(options) ||
    typeof options["players"] !== "number" ||
    typeof options["seed"] !== "number" ||
    !(
      options["variants"] === undefined ||
      (Array.isArray(options["variants"]) && options["variants"].every((v) => typeof v === "string"))
    )
  ) {
    return `its "options" need a number "players", a number "seed" and a list of "variants"`;
  }
  if (!isRecord(data["initial"]) || !isRecord(data["state"])) return `its "initial" and "state" must be objects`;
  const log = data["log"];
  if (!Array.isArray(log)) return `its "log" must be a list`;
  for (const [i, entry] of log.entries()) {
    if (
      !isRecord(entry) ||
      typeof entry["seat"] !== "number" ||
      !isRecord(entry["move"]) ||
      typeof entry["move"]["type"] !== "string"
    ) {
      return `entry ${i + 1} of its log is not { "seat": number, "move": { "type": string, ... } }`;
    }
  }
  return null;
}

/**
 * Reads a saved match of `game`, replaying its log from its initial state; the result must
 * reproduce the saved state, so a tampered or corrupt save is a MatchError, never a wrong game.
 */
export function deserializeMatch<S extends BaseState>(game: Game<S>, text: string): Match<S> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new MatchError("match/format", `cannot read this match: it is not JSON (${(error as Error).message})`);
  }
  const problem = shapeProblem(data, game.id);
  if (problem !== null) throw new MatchError("match/format", `cannot read this match: ${problem}`);
  const saved = data as SavedMatch;
  const match = replay(game, saved.options, saved.initial as S, saved.log);
  if (!sameJson(match.state, saved.state)) {
    throw new MatchError("match/replay", "the saved log does not lead from the saved initial state to the saved state");
  }
  return match;
}

/**
 * The random bot's move for `seat`: uniform among legal moves, through the game's compiled sampler
 * when it has one (required for moves described by constraints, such as sets of cards), else drawn
 * from `legalMoves`. Reads the state only.
 */
export function chooseRandomMove<S extends BaseState>(
  game: Game<S>,
  state: S,
  seat: Seat,
  rng: Rng,
  draw: (n: number) => number = (n) => rng.int(n),
): Move {
  return game.randomMove?.(state, seat, draw) ?? randomMove(game.legalMoves(state, seat), rng);
}

/** Decisions after which a simulated game is declared stuck in an endless flow loop. */
export const DECISION_CAP = 100_000;

export interface PlayedGame<S extends BaseState = BaseState> {
  readonly state: S;
  /** Moves applied, one per decision. */
  readonly decisions: number;
}

/**
 * The fast path for simulations and benchmarks: one mutable state, no copies and no `check`
 * (random bots only choose legal moves), every seat played by `randomMove`. `onMove` sees each
 * move after it is applied, with the live state (do not keep or change it).
 */
export function playRandomGame<S extends BaseState>(
  game: Game<S>,
  options: MatchOptions,
  rng: Rng,
  onMove?: (seat: Seat, move: Move, state: S) => void,
  maxDecisions: number = DECISION_CAP,
): PlayedGame<S> {
  const valid = validateOptions(game, options);
  const state = game.setup({ players: valid.players, variants: valid.variants, seed: valid.seed });
  game.advance(state);
  const draw = (n: number): number => rng.int(n);
  let decisions = 0;
  for (;;) {
    // The seat to move without building an Activity, when the game says it (see Game.nextActor).
    const next = game.nextActor?.(state) ?? -2;
    if (next >= 0 && decisions < maxDecisions) {
      const move = chooseRandomMove(game, state, next, rng, draw);
      game.apply(state, next, move);
      decisions++;
      onMove?.(next, move, state);
      continue;
    }
    if (next === -1) return { state, decisions };
    const activity = game.activity(state);
    if (activity.kind === "over") return { state, decisions };
    if (decisions >= maxDecisions) {
      throw new GameFault(
        "fault/decision-cap",
        `${game.id} did not end within ${maxDecisions} decisions (it waits at "${state.pc}"): an endless flow loop?`,
      );
    }
    const seats = activity.players;
    if (seats.length === 0) {
      throw new GameFault("fault/no-legal-move", `${game.id} waits at "${state.pc}" but no seat may act`);
    }
    // A race's claims arrive in a random order (the first wins). Simultaneous choices are
    // resolved together, so their order changes nothing: the first seat still to choose goes.
    const seat = seats.length === 1 || activity.kind === "simultaneous" ? seats[0]! : rng.pick(seats);
    const move = chooseRandomMove(game, state, seat, rng, draw);
    game.apply(state, seat, move);
    decisions++;
    onMove?.(seat, move, state);
  }
}
