// Saved matches. A save holds the options (seed included) and the log, nothing else: loading one
// sets the game up again from its options and replays the log, reading and checking every move as
// a client's move is read. So a save cannot hand a player coins, stack a deck or choose the random
// state; it can only choose its seed, which is why a server loads only the saves it wrote.
// A save holds secrets: the seed decides every shuffle.

import type { BaseState, Seat } from "./contract.js";
import { MatchError } from "./errors.js";
import { cloneJson, sameJson } from "./json.js";
import { admitMove, appendLog, makeMatch, matchInner, type AnyGame, type LoggedMove, type LogNode, type Match, type StateOf } from "./match.js";
import { validateOptions, type MatchOptions } from "./options.js";
import { seatPlan } from "./seats.js";
import { requireGame, requireMatch } from "./arguments.js";

/** The limits as given, each checked to be a positive number (or left out). */
function checkedLimits(limits: unknown): SaveLimits {
  if (limits === undefined || limits === null) return {};
  if (typeof limits !== "object" || Array.isArray(limits)) throw new MatchError("match/limits", "save limits are { maxBytes?, maxMoves?, maxMillis? }");
  const given = limits as Record<string, unknown>;
  for (const key of ["maxBytes", "maxMoves", "maxMillis"]) {
    const value = given[key];
    if (value !== undefined && (typeof value !== "number" || !(value > 0))) {
      throw new MatchError("match/limits", `the save limit ${key} must be a positive number`);
    }
  }
  return given as SaveLimits;
}

/** Names the JSON layout of a saved match; bump the version when it changes. */
export const MATCH_FORMAT = "rules-match";
/** Version 2 holds no initial or current state (version 1 did, and trusted them). Version 3: the same
 *  layout, for runtime 0.2's draws (Lemire's): a version 2 save's seed deals another game now. */
export const MATCH_FORMAT_VERSION = 3;

/** Bounds on what loading a save may cost; each refusal is a `match/limits` MatchError. */
export interface SaveLimits {
  /** Longest save text, in characters (default 8,000,000). */
  readonly maxBytes?: number;
  /** Most moves in its log (default 100,000). */
  readonly maxMoves?: number;
  /** Longest replay, in milliseconds of wall-clock time (default 5,000). */
  readonly maxMillis?: number;
}

export const DEFAULT_SAVE_LIMITS: Required<SaveLimits> = { maxBytes: 8_000_000, maxMoves: 100_000, maxMillis: 5_000 };

interface SavedMatch {
  format: typeof MATCH_FORMAT;
  version: number;
  game: string;
  options: MatchOptions;
  log: LoggedMove[];
}

/** A match as JSON: its game, options and log. It holds secrets (the seed decides every deck). */
export function serializeMatch<G extends AnyGame>(match: Match<G>): string {
  requireMatch(match, "serializeMatch");
  if (matchInner(match).prepared) {
    throw new MatchError("match/format", "a match started with a prepared state cannot be saved: its state does not follow from its options");
  }
  const saved: SavedMatch = {
    format: MATCH_FORMAT,
    version: MATCH_FORMAT_VERSION,
    game: match.game.id,
    options: match.options,
    log: [...match.log],
  };
  return JSON.stringify(saved);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const SAVE_KEYS = ["format", "version", "game", "options", "log"];

/** Why `data` is not a saved match of `game`, or null when its shape is right. Quotes nothing of it. */
function shapeProblem(data: unknown, gameId: string, maxMoves: number): string | null {
  if (!isRecord(data) || data["format"] !== MATCH_FORMAT) return `it is not a saved match (no "format": "${MATCH_FORMAT}")`;
  if (data["version"] === 2) {
    return "it was saved by an earlier runtime (format version 2, @rules/runtime 0.1), whose shuffles and dice differ for the same seed, so its moves would replay into another game";
  }
  if (data["version"] !== MATCH_FORMAT_VERSION) {
    return `it is not format version ${MATCH_FORMAT_VERSION}, the one this runtime reads`;
  }
  if (data["game"] !== gameId) return `it is not a match of "${gameId}"`;
  if (Object.keys(data).some((key) => !SAVE_KEYS.includes(key))) return `it has fields a save does not have (only ${SAVE_KEYS.join(", ")})`;
  const options = data["options"];
  if (!isRecord(options) || Object.keys(options).some((key) => !["players", "seed", "variants"].includes(key))) {
    return `its "options" are { "players", "seed", "variants" }`;
  }
  const log = data["log"];
  if (!Array.isArray(log)) return `its "log" must be a list`;
  if (log.length > maxMoves) throw new MatchError("match/limits", `cannot read this match: its log is longer than ${maxMoves} moves`);
  for (const [i, entry] of log.entries()) {
    if (!isRecord(entry) || Object.keys(entry).length !== 2 || typeof entry["seat"] !== "number" || !("move" in entry)) {
      return `entry ${i + 1} of its log is not { "seat": number, "move": { "type": string, ... } }`;
    }
  }
  return null;
}

/** Plays `log` on `state` (changed in place), each move read and checked as a client's would be. */
function replayInto<G extends AnyGame>(
  game: G,
  state: StateOf<G>,
  log: readonly { readonly seat: Seat; readonly move: unknown }[],
  maxMillis: number,
): LogNode | null {
  const started = Date.now();
  let tail: LogNode | null = null;
  for (const [i, { seat, move }] of log.entries()) {
    if (i % 64 === 63 && Date.now() - started > maxMillis) {
      throw new MatchError("match/limits", `cannot read this match: replaying it took longer than ${maxMillis} ms`);
    }
    if (typeof seat !== "number" || !Number.isInteger(seat) || seat < 0 || seat >= state.players) {
      throw new MatchError("match/replay", `move ${i + 1} of the log is by a seat that does not exist`);
    }
    const admitted = admitMove(game, state, seat, move);
    if (!admitted.ok) {
      throw new MatchError("match/replay", `move ${i + 1} of the log (seat ${seat}) is illegal: ${admitted.error.reason}`);
    }
    game.apply(state, seat, admitted.move);
    tail = appendLog(tail, { seat, move: admitted.move });
  }
  return tail;
}

/** For tools: rebuilds a match from an initial state and a log; a logged move that is illegal is a
 *  MatchError. The initial state is trusted: never call this on a client's data. */
export function replay<G extends AnyGame>(
  game: G,
  options: MatchOptions,
  initial: StateOf<G>,
  log: readonly LoggedMove[],
): Match<G> {
  const valid = validateOptions(game, options);
  // The state counts every seat, bots included; the options count the people.
  const base = initial as BaseState;
  if (base.players !== seatPlan(game.meta, valid.players).seats || !sameJson([...base.variants].sort(), [...valid.variants].sort())) {
    throw new MatchError("match/replay", "the initial state was not set up with these options (players or variants differ)");
  }
  // One private state, changed in place: replaying a long log costs no copy per move.
  const state = cloneJson(initial);
  game.advance(state);
  const tail = replayInto(game, state, log, Infinity);
  return makeMatch(game, valid, cloneJson(initial), state, tail, [], !sameJson(initial, game.setup(valid)));
}

/**
 * Reads a saved match of `game`: sets it up again from its options and replays its log, every move
 * read and checked as a client's. A tampered, corrupt or oversized save is a MatchError.
 */
export function deserializeMatch<G extends AnyGame>(game: G, text: string, limits: SaveLimits = {}): Match<G> {
  requireGame(game, "deserializeMatch");
  const { maxBytes, maxMoves, maxMillis } = { ...DEFAULT_SAVE_LIMITS, ...checkedLimits(limits) };
  if (typeof text !== "string") throw new MatchError("match/format", "cannot read this match: a save is a string of JSON");
  if (text.length > maxBytes) throw new MatchError("match/limits", `cannot read this match: it is longer than ${maxBytes} characters`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new MatchError("match/format", "cannot read this match: it is not JSON");
  }
  const problem = shapeProblem(data, game.id, maxMoves);
  if (problem !== null) throw new MatchError("match/format", `cannot read this match: ${problem}`);
  const saved = data as SavedMatch;
  const options = validateOptions(game, saved.options);
  const state = game.setup(options) as StateOf<G>;
  const initial = cloneJson(state);
  game.advance(state);
  const tail = replayInto(game, state, saved.log, maxMillis);
  return makeMatch(game, options, initial, state, tail, [], false);
}
