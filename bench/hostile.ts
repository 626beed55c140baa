// Hostile input for the runtime's public API, shared by the CI fuzz test (tests/embedding/) and
// `npm run fuzz` (fuzz-runtime.ts): moves a client might send (getters, proxies, cycles, deep
// nesting, huge strings, unknown types, extra and missing fields...) and saves a client might
// tamper with (coins, stacked decks, random state, forged logs, garbage). What they must do:
// a move is refused with a typed, bounded IllegalMove or applied consistently, never a throw;
// a save is refused with a MatchError or is exactly the match its options and log make.

import {
  MatchError,
  Rng,
  applyMove,
  createMatch,
  deserializeMatch,
  isOver,
  legalMoves,
  botMove,
  sameJson,
  seatPlan,
  serializeMatch,
  whoMayAct,
  MAX_REASON,
  type Game,
  type Match,
  type Move,
} from "@rules/runtime/internal";

function nested(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { type: "raise", inner: value };
  return value;
}

/** A marker planted in hostile strings: a reason that contains it echoed the input. */
export const MARK = "HOSTILEinput";
const HUGE = MARK + "x".repeat(10 * 1024 * 1024);
/** Big lists, made once: a sparse one of 5,000,000 and a dense one of 200,000 numbers. */
const SPARSE = new Array(5_000_000);
const LONG = Array.from({ length: 200_000 }, (_, i) => i);
const DEEP_LIST = nested(2_000, 0, true);
const DEEP_OBJECT = nested(2_000, MARK, false);


/** Values that are wrong wherever a move's field expects a number, card, list or string. */
function hostileValues(rng: Rng): unknown[] {
  const cycle: Record<string, unknown> = { type: MARK };
  cycle["self"] = cycle;
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  return [
    undefined, null, NaN, Infinity, -Infinity, -0, 1.5, 2 ** 53, -(2 ** 60), 1e308, rng.int(1_000_000) - 500_000,
    "", MARK, HUGE, "7", true, false, [], [MARK], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120],
    SPARSE, LONG, {}, cycle, DEEP_LIST, DEEP_OBJECT,
    new Date(0), new Map([[1, 2]]), new Uint8Array(4), () => 1, Symbol(MARK), 10n, revoked.proxy,
    new Proxy({}, { get: () => { throw new RangeError(MARK); } }),
  ];
}

/** A move built from `base` with one field replaced by `value` (or added, when the field is new). */
function withField(base: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  return { ...base, [field]: value };
}

/** An object whose `field` is a getter: it answers differently each time it is read. */
function flipping(base: Record<string, unknown>, field: string, values: readonly unknown[]): Record<string, unknown> {
  const move: Record<string, unknown> = { ...base };
  let reads = 0;
  Object.defineProperty(move, field, { enumerable: true, get: () => values[reads++ % values.length] });
  return move;
}

/** A proxy of a legal move whose traps lie or throw. */
function lyingProxy(base: Record<string, unknown>, rng: Rng): unknown {
  const kind = rng.int(4);
  let reads = 0;
  return new Proxy(base, {
    get(target, key) {
      if (kind === 0) throw new TypeError(MARK);
      reads++;
      return reads % 2 === 0 ? MARK : Reflect.get(target, key);
    },
    ownKeys(target) {
      if (kind === 1) throw new RangeError(MARK);
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(target, key) {
      if (kind === 2) return undefined;
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      if (kind === 3 && descriptor && reads++ % 2 === 1) return { ...descriptor, value: MARK };
      return descriptor;
    },
    getPrototypeOf() {
      if (kind === 0) throw new Error(MARK);
      return Object.prototype;
    },
  });
}

/** Hostile moves for `seat` in `match`: each a variation on one of its legal moves, or garbage. */
export function hostileMoves(match: Match, seat: number, rng: Rng): unknown[] {
  const options = legalMoves(match, seat);
  const legal = (options.length > 0 && !isOver(match) ? (botMove(match, seat, () => rng.int(1 << 30) / (1 << 30)) as Move) : { type: "pass" }) as Record<string, unknown>;
  const fields = Object.keys(legal).filter((field) => field !== "type");
  const values = hostileValues(rng);
  const moves: unknown[] = [
    null, undefined, 7, MARK, HUGE, [], [legal], () => legal, Symbol(MARK), 10n,
    { type: MARK }, { type: HUGE }, { type: legal["type"], [MARK]: 1 }, { ...legal, extra: MARK },
    { ...legal, type: String(legal["type"]).toUpperCase() }, { type: "__proto__" }, { type: "constructor" }, { type: "toString" },
    JSON.parse(`{"type": ${JSON.stringify(legal["type"])}, "__proto__": {"polluted": 1}}`),
    Object.assign(Object.create(null), legal), Object.assign(Object.create({ inherited: 1 }), legal),
    Object.assign(new (class Move {})(), legal), { ...legal, [Symbol(MARK)]: 1 },
    nested(2_000, legal, true), nested(2_000, legal, false), lyingProxy(legal, rng), lyingProxy(legal, rng),
    flipping(legal, "type", [legal["type"], MARK]),
  ];
  for (const field of fields) {
    const rest = { ...legal };
    delete rest[field];
    moves.push(rest);
    for (const value of values) moves.push(withField(legal, field, value));
    moves.push(flipping(legal, field, [legal[field], MARK, -1]));
    moves.push(flipping(legal, field, [MARK, legal[field]]));
  }
  for (const value of values) moves.push(withField(legal, "type", value));
  return moves;
}

export interface MoveFuzzCounts {
  moves: number;
  refused: number;
  accepted: number;
  /** Anything thrown by applyMove (the seat was valid): a TypeError, RangeError, a fault... */
  untyped: number;
  /** A refusal whose reason is too long, echoes the input, or has no code. */
  badReasons: number;
  /** An accepted move whose match does not replay from its options and log (the getter wedge). */
  inconsistent: number;
  examples: string[];
}

export function emptyMoveCounts(): MoveFuzzCounts {
  return { moves: 0, refused: 0, accepted: 0, untyped: 0, badReasons: 0, inconsistent: 0, examples: [] };
}

function note(counts: { examples: string[] }, text: string): void {
  if (counts.examples.length < 10) counts.examples.push(text.slice(0, 300));
}

/** Throws hostile moves at `match` for every seat that may act; adds to `counts`. */
export function fuzzMoves(match: Match, rng: Rng, counts: MoveFuzzCounts): void {
  const seats = whoMayAct(match).players.length > 0 ? [...whoMayAct(match).players] : [0];
  const before = serializeMatch(match);
  for (const seat of seats) {
    for (const move of hostileMoves(match, seat, rng)) {
      counts.moves++;
      let outcome;
      try {
        outcome = applyMove(match, seat, move as Move);
      } catch (error) {
        counts.untyped++;
        note(counts, `${match.game.id} seat ${seat}: ${String((error as Error)?.name)}: ${String((error as Error)?.message).slice(0, 200)}`);
        continue;
      }
      if (!outcome.ok) {
        counts.refused++;
        const { code, reason } = outcome.error;
        if (typeof code !== "string" || typeof reason !== "string" || reason.length > MAX_REASON || reason.includes(MARK)) {
          counts.badReasons++;
          note(counts, `${match.game.id}: reason ${JSON.stringify(reason).slice(0, 250)}`);
        }
        continue;
      }
      counts.accepted++;
      // An accepted move is plain JSON in the log, and the match replays to the same state.
      const again = deserializeMatch(match.game, serializeMatch(outcome.match));
      if (!sameJson(again.state, outcome.match.state) || JSON.stringify(outcome.match.log).includes(MARK)) {
        counts.inconsistent++;
        note(counts, `${match.game.id}: accepted move does not replay`);
      }
    }
  }
  if (serializeMatch(match) !== before) {
    counts.inconsistent++;
    note(counts, `${match.game.id}: a refused move changed the match`);
  }
}

/** A match of `game` played `moves` random moves in (fewer if it ends). */
export function randomMatch(game: Game, players: number, seed: number, moves: number): Match {
  const rng = new Rng(seed);
  let match = createMatch(game, { players, seed });
  for (let i = 0; i < moves && !isOver(match); i++) {
    const seats = whoMayAct(match).players;
    const seat = seats[rng.int(seats.length)]!;
    const next = applyMove(match, seat, botMove(match, seat, () => rng.int(1 << 30) / (1 << 30)));
    if (!next.ok) throw new Error(`the random bot's move was refused: ${next.error.reason}`);
    match = next.match;
  }
  return match;
}

/** Tampered and garbage saves made from an honest one. */
export function hostileSaves(match: Match, rng: Rng): string[] {
  const text = serializeMatch(match);
  const saved = JSON.parse(text) as Record<string, unknown> & { log: { seat: number; move: Record<string, unknown> }[]; options: Record<string, unknown> };
  const copy = (): typeof saved => JSON.parse(text);
  const state = JSON.parse(JSON.stringify(match.state)) as { vars: Record<string, unknown>; zones: Record<string, unknown[]>; random: { s: number[]; script: unknown[] } };
  const richer = JSON.parse(JSON.stringify(state));
  for (const [name, value] of Object.entries(richer.vars)) if (Array.isArray(value) && typeof value[0] === "number") richer.vars[name] = value.map((v: number) => v + 100);
  const stacked = JSON.parse(JSON.stringify(state));
  for (const [name, cards] of Object.entries(stacked.zones)) if (Array.isArray(cards) && typeof cards[0] === "number") stacked.zones[name] = [...cards].sort((a, b) => (b as number) - (a as number));
  const chosen = JSON.parse(JSON.stringify(state));
  chosen.random = { s: [1, 2, 3, 4], script: [0, 0, 0, 0, 0] };
  const saves: unknown[] = [
    { ...copy(), state: richer }, { ...copy(), initial: richer }, { ...copy(), initial: stacked }, { ...copy(), state: stacked },
    { ...copy(), initial: chosen }, { ...copy(), random: chosen.random }, { ...copy(), options: { ...saved.options, random: chosen.random } },
    { ...copy(), options: { ...saved.options, coins: 100 } }, { ...copy(), version: 1, initial: richer, state: richer },
    { ...copy(), options: { ...saved.options, players: 99 } }, { ...copy(), options: { ...saved.options, seed: 1.5 } },
    { ...copy(), options: { ...saved.options, seed: MARK } }, { ...copy(), options: { ...saved.options, variants: [MARK, HUGE] } },
    { ...copy(), options: { ...saved.options, variants: nested(2_000, 1, true) } }, { ...copy(), options: null },
    { ...copy(), game: HUGE }, { ...copy(), format: MARK }, { ...copy(), log: nested(2_000, 1, true) }, { ...copy(), log: {} },
    { ...copy(), log: [...saved.log, ...saved.log] }, { ...copy(), log: saved.log.slice(0, -1) }, { ...copy(), log: [...saved.log].reverse() },
  ];
  for (let i = 0; i < 6 && saved.log.length > 0; i++) {
    const at = rng.int(saved.log.length);
    const values: unknown[] = [null, 1.5, 2 ** 53, -1, 1e308, 999_999, "", MARK, HUGE, "7", true, [], [MARK], {}, { type: MARK }, nested(2_000, 1, true)];
    const value = values[rng.int(values.length)];
    const forged = copy();
    const entry = forged.log[at]!;
    const field = Object.keys(entry.move).filter((f) => f !== "type")[0] ?? "type";
    const choice = rng.int(5);
    if (choice === 0) entry.seat = (entry.seat + 1 + rng.int(3)) % 7;
    else if (choice === 1) entry.move[field] = value === undefined ? null : value;
    else if (choice === 2) entry.move["extra"] = MARK;
    else if (choice === 3) forged.log.splice(at, 0, { seat: entry.seat, move: { ...entry.move } });
    else forged.log[at] = { seat: entry.seat, move: { type: MARK } } as never;
    saves.push(forged);
  }
  const texts: string[] = [];
  for (const save of saves) {
    try {
      texts.push(JSON.stringify(save));
    } catch {
      // A value JSON cannot write (a cycle): not a text a client can send.
    }
  }
  texts.push("", "{", "null", "[]", '"rules-match"', HUGE, "[".repeat(100_000) + "]".repeat(100_000), text.slice(0, text.length >> 1), text + MARK);
  return texts;
}

export interface SaveFuzzCounts {
  saves: number;
  refused: number;
  /** Accepted saves that are the match their own options and log make (a changed seed or a cut log). */
  acceptedHonest: number;
  /** Accepted saves that are not what createMatch + applyMove make of their options and log. */
  tamperedAccepted: number;
  /** Anything thrown that is not a MatchError. */
  untyped: number;
  /** A refusal whose message is too long or echoes the input. */
  badMessages: number;
  examples: string[];
}

export function emptySaveCounts(): SaveFuzzCounts {
  return { saves: 0, refused: 0, acceptedHonest: 0, tamperedAccepted: 0, untyped: 0, badMessages: 0, examples: [] };
}

/** The match a save's options and log make through the public API, or null if some move is refused. */
function honestReplay(game: Game, text: string): Match | null {
  const saved = JSON.parse(text) as { options: { players: number; seed: number; variants?: string[] }; log: { seat: number; move: Move }[] };
  let match = createMatch(game, saved.options);
  for (const { seat, move } of saved.log) {
    if (seat >= match.state.players) return null;
    const next = applyMove(match, seat, move);
    if (!next.ok) return null;
    match = next.match;
  }
  return match;
}

/** Loads each hostile save of `match`; adds to `counts`. */
export function fuzzSaves(match: Match, rng: Rng, counts: SaveFuzzCounts): void {
  for (const text of hostileSaves(match, rng)) {
    counts.saves++;
    let loaded: Match;
    try {
      loaded = deserializeMatch(match.game, text);
    } catch (error) {
      if (error instanceof MatchError) {
        counts.refused++;
        if (error.message.length > 300 || error.message.includes(MARK)) {
          counts.badMessages++;
          note(counts, `${match.game.id}: ${error.message.slice(0, 250)}`);
        }
      } else {
        counts.untyped++;
        note(counts, `${match.game.id}: ${String((error as Error)?.name)}: ${String((error as Error)?.message).slice(0, 200)}`);
      }
      continue;
    }
    const honest = honestReplay(match.game, text);
    if (honest !== null && sameJson(honest.state, loaded.state) && sameJson(honest.log, loaded.log)) counts.acceptedHonest++;
    else {
      counts.tamperedAccepted++;
      note(counts, `${match.game.id}: a tampered save was accepted`);
    }
  }
}

/** Every table of a game: its player counts (the people). */
export function playerCounts(game: Game): number[] {
  const counts: number[] = [];
  for (let players = game.minPlayers; players <= game.maxPlayers; players++) {
    if (seatPlan(game.meta, players).seats > 0) counts.push(players);
  }
  return counts;
}
