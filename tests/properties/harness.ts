// What every property test shares: each compiled game at each player count (and each variant),
// and a seeded random player that plays a match move by move through the app-facing API.
// A failing property prints its fast-check counterexample: the game's seed, the bot's seed and
// the bot's policy, which replay the failing match exactly.

import fc from "fast-check";
import { games } from "@rules/generated";
import { MatchError, Rng, applyMove, createMatch, randomMove, seatPlan, whoMayAct } from "@rules/runtime/internal";
import type {
  BaseState,
  CardId,
  Game,
  Match,
  MatchOptions,
  Move,
  MoveOption,
  ParameterDomain,
  Seat,
  Value,
} from "@rules/runtime/internal";

/** One way to set a game up: a player count and the variants in force. */
export interface Table {
  readonly game: Game;
  /** The people: the match's `players` option. */
  readonly players: number;
  /** Every seat of such a match: the people, then the bots the rules play (a game's `bot` lines). */
  readonly seats: number;
  readonly variants: readonly string[];
  /** "for-sale, 4 players" (and the variant, if any): names the describe block. */
  readonly name: string;
  /** Random play may go on past MOVE_CAP (see RUNS_LONG): bots play its first LONG_PLAY_MOVES moves. */
  readonly runsLong: boolean;
}

/** Moves the bots play of a table that runs long: the properties are checked along the way. */
export const LONG_PLAY_MOVES = 1_500;

/**
 * Games whose random play may outlast MOVE_CAP, unless a variant in `endsWith` is in force: games
 * that end only when all players but one are out. Keys to Knowledge ends when one player is left
 * (the rulebook's end); random bots, who seldom complete a colour group, took a median of about
 * 6,400 decisions with 2 players, and up to 25,000 (`npx rules simulate keys-to-knowledge --players 2 --games 20`). Its `short`
 * variant ends after 20 rounds.
 */
const RUNS_LONG: readonly { readonly game: string; readonly endsWith: readonly string[] }[] = [
  { game: "keys-to-knowledge", endsWith: ["short"] },
];

function runsLong(game: Game, variants: readonly string[]): boolean {
  return RUNS_LONG.some((entry) => entry.game === game.id && !entry.endsWith.some((v) => variants.includes(v)));
}

function offered(game: Game, players: number, variants: readonly string[]): boolean {
  try {
    createMatch(game, { players, variants, seed: 0 });
    return true;
  } catch (error) {
    // A variant may rule a player count out; only the match's own validation may say so.
    if (error instanceof MatchError) return false;
    throw error;
  }
}

/** Every compiled game at every player count, in the base game and in each variant alone. */
export const tables: readonly Table[] = Object.values(games).flatMap((game) => {
  const variantSets: (readonly string[])[] = [[], ...game.variants.map((variant) => [variant.name])];
  const found: Table[] = [];
  for (let players = game.minPlayers; players <= game.maxPlayers; players++) {
    for (const variants of variantSets) {
      if (!offered(game, players, variants)) continue;
      const variant = variants.length === 0 ? "" : `, variant ${variants.join(" + ")}`;
      const { seats } = seatPlan(game.meta, players);
      const bots = seats > players ? ` and ${seats - players} played by the rules` : "";
      const long = runsLong(game, variants);
      const name = `${game.id}, ${players} players${bots}${variant}${long ? ` (its first ${LONG_PLAY_MOVES} moves)` : ""}`;
      found.push({ game, players, seats, variants, name, runsLong: long });
    }
  }
  return found;
});

/** A deeper search: PROPERTY_RUNS=10 npx vitest run tests/properties (ten times the runs and time). */
const RUN_SCALE = Math.max(1, Number(process.env["PROPERTY_RUNS"] ?? 1) || 1);

/** Time the whole property suite may spend trying cases beyond each property's minimum (about half
 *  of it in wall time on two cores), shared equally among the games whatever their number, so new
 *  games keep it bounded. */
const SUITE_BUDGET_MS = 50_000;

/**
 * Each property's weight in that budget: its share is its weight over the sum of them all. The weights
 * are in one table so that the budget stays the whole suite's: a property added with its weight takes
 * its time from the others'. (Shares written beside each property had grown, one property at a time,
 * to 1.48 of the budget: 74 s where 50 s was meant.)
 */
const WEIGHTS = {
  conservation: 15,
  elimination: 10,
  ending: 20,
  views: 10,
  "card places": 10,
  "secrets unseen": 15,
  "illegal moves": 15,
  "unknown seats": 5,
  replay: 10,
  samples: 5,
  "sample copies": 3,
  "search decisions": 5,
  serialization: 10,
  "told events": 5,
  "frozen moves": 4,
  "log not copied": 2,
  "seat logs": 4,
  saves: 3,
} as const;

/** A property test's name in the budget (`WEIGHTS`). */
export type Property = keyof typeof WEIGHTS;

const TOTAL_WEIGHT = Object.values(WEIGHTS).reduce((sum, weight) => sum + weight, 0);

/**
 * The cases a property always runs for a table, whatever the load: one in MIN_RUNS_PER of the most it
 * may run, and at least one. A time limit alone ran none at all when a loaded machine let its first
 * case start after the limit ("Property interrupted after 0 tests"). On a quiet machine the budget
 * runs at least this many anyway for nearly every table (estimated per table from cases and CPU per
 * case, 2026-12-05: under 2 s more in all, some of ending.test.ts's), so the work stays about the same.
 */
const MIN_RUNS_PER = 30;

/**
 * How many cases one property runs for one table: `perGame` runs and the property's share of the
 * suite's time are split among the game's tables. The first `minRuns` cases always run; more run while the
 * table's share of the time lasts, up to `numRuns`. A slow game stops early, on time.
 */
export function runsFor(table: Table, perGame: number, property: Property): fc.Parameters<unknown> {
  const share = WEIGHTS[property] / TOTAL_WEIGHT;
  const gameCount = new Set(tables.map((t) => t.game)).size;
  const tablesOfGame = tables.filter((t) => t.game === table.game).length;
  const numRuns = Math.max(5, Math.ceil((perGame * RUN_SCALE) / tablesOfGame));
  const minRuns = Math.max(1, Math.floor(numRuns / MIN_RUNS_PER));
  const timeLimit = Math.ceil((SUITE_BUDGET_MS * share * RUN_SCALE) / gameCount / tablesOfGame);
  return { numRuns, plugins: [atLeastThenWithin(minRuns, timeLimit)] };
}

/**
 * A fast-check plugin: the first `minRuns` cases run whatever the time; after them, no case starts
 * once `timeLimitMs` have passed since the first, and the property ends as passed (interrupted) if
 * none failed. Shrinking a failure goes through it too, so a slow shrink also stops on time.
 */
export function atLeastThenWithin(minRuns: number, timeLimitMs: number): fc.UniversalPlugin {
  return () => {
    let started = 0;
    let deadline = Number.NaN;
    return {
      decorateRun: (nestedRun) => (value) => {
        const now = performance.now();
        if (started === 0) deadline = now + timeLimitMs;
        if (started >= minRuns && now >= deadline) return new fc.PreconditionFailure(true);
        started++;
        return nestedRun(value);
      },
    };
  };
}

/** How a bot picks among its legal moves. */
export type Policy =
  /** The game's own random policy (its compiled sampler, else every concrete move equally likely). */
  | "any-move"
  /** Every option equally likely, then each parameter uniformly: passes as often as raises. */
  | "any-option"
  /** Every option equally likely, then each parameter at one end of its domain. */
  | "extremes";

export const POLICIES: readonly Policy[] = ["any-move", "any-option", "extremes"];

/** Everything that decides a match played by bots. */
export interface Deal {
  /** The match's seed. */
  readonly seed: number;
  /** The bots' seed: which seat goes first in simultaneous decisions, and which moves. */
  readonly botSeed: number;
  readonly policy: Policy;
}

export const dealArb: fc.Arbitrary<Deal> = fc.record({
  seed: fc.maxSafeInteger(),
  botSeed: fc.integer(),
  policy: fc.constantFrom(...POLICIES),
});

export function matchOptions(table: Table, deal: Deal): MatchOptions {
  return { players: table.players, variants: table.variants, seed: deal.seed };
}

/** How many values a parameter may take (a set of cards: any subset of the cards listed). */
export function domainSize(domain: ParameterDomain): number {
  switch (domain.kind) {
    case "range":
      return Math.max(0, domain.max - domain.min + 1);
    case "card":
      return domain.cards.length;
    case "cards":
      return 2 ** domain.cards.length;
    case "player":
      return domain.players.length;
    case "choice":
      return domain.values.length;
  }
}

/** One value of a list, uniformly or at one of its ends. */
function pickFrom<T>(values: readonly T[], rng: Rng, atEnds: boolean): T {
  return values[atEnds ? (rng.int(2) === 0 ? 0 : values.length - 1) : rng.int(values.length)]!;
}

/** A value of a parameter's domain; a set of cards is drawn by size first, as the games' samplers do. */
function drawValue(domain: ParameterDomain, rng: Rng, atEnds: boolean): Value | CardId[] {
  switch (domain.kind) {
    case "range": {
      const size = domainSize(domain);
      return domain.min + (atEnds ? (rng.int(2) === 0 ? 0 : size - 1) : rng.int(size));
    }
    case "card":
      return pickFrom(domain.cards, rng, atEnds);
    case "cards": {
      const cards = [...domain.cards];
      rng.shuffle(cards);
      return cards.slice(0, atEnds ? (rng.int(2) === 0 ? 0 : cards.length) : rng.int(cards.length + 1));
    }
    case "player":
      return pickFrom(domain.players, rng, atEnds);
    case "choice":
      return pickFrom(domain.values, rng, atEnds);
  }
}

/**
 * A move of this option, its parameters drawn uniformly or at the ends of their domains. It is
 * legal unless the option has requirements on its parameters (a set of cards, two different
 * choices): the domains list the candidates, and the requirements, checked by the game, say which
 * combinations are legal.
 */
export function moveOf(option: MoveOption, rng: Rng, atEnds: boolean): Move {
  const move: Record<string, Value | CardId[]> = { type: option.type };
  for (const [name, domain] of Object.entries(option.parameters)) move[name] = drawValue(domain, rng, atEnds);
  return move as Move;
}

/** An option with parameters may carry requirements on them (a set of cards, two different
 *  positions), which the game checks on apply: a draw from its domains may be refused for them. */
function takesParameters(options: readonly MoveOption[], move: Move): boolean {
  const option = options.find((o) => o.type === move.type);
  return option !== undefined && Object.keys(option.parameters).length > 0;
}

/** Draws of a set-valued move refused by its requirements before the game's own sampler is asked. */
const SET_DRAWS = 200;

/**
 * A legal move for `seat`, chosen by the policy. "any-move" asks the game's compiled sampler first,
 * as the runtime's fast path does. A drawn move may be refused only for breaking its option's
 * requirements on its parameters (then another is drawn); any other refusal is an error.
 */
export function legalMoveFor(game: Game, state: BaseState, seat: Seat, rng: Rng, policy: Policy): Move {
  const where = `seat ${seat} at "${state.pc}"`;
  const draw = (n: number) => rng.int(n);
  const sampled = policy === "any-move" ? (game.randomMove?.(state, seat, draw) ?? null) : null;
  if (sampled !== null) return sampled;
  const options = game.legalMoves(state, seat);
  if (options.length === 0) throw new Error(`${where} may act but has no legal move`);
  for (let attempt = 0; attempt < SET_DRAWS; attempt++) {
    const move =
      policy === "any-move" ? randomMove(options, rng) : moveOf(rng.pick(options), rng, policy === "extremes");
    const error = game.check(state, seat, move);
    if (error === null) return move;
    if (error.code !== "move/constraint" || !takesParameters(options, move)) {
      throw new Error(
        `${where}: ${JSON.stringify(move)}, drawn from its legal moves, was refused: ${error.code}: ${error.reason}`,
      );
    }
  }
  const fallback = game.randomMove?.(state, seat, draw) ?? null;
  if (fallback !== null) return fallback;
  throw new Error(`${where}: no set of cards drawn in ${SET_DRAWS} tries meets its option's requirements`);
}

/** A bot's next decision: which of the seats that may act moves (any order is allowed), and how. */
export function nextDecision(match: Match, rng: Rng, policy: Policy): { seat: Seat; move: Move } {
  const seats = whoMayAct(match).players;
  if (seats.length === 0) throw new Error(`the game waits at "${match.state.pc}" but no seat may act`);
  const seat = rng.pick(seats);
  return { seat, move: legalMoveFor(match.game, match.state, seat, rng, policy) };
}

/** Moves after which a match is declared endless (For Sale takes under 100). */
export const MOVE_CAP = 10_000;

/** Plays one bot move; a legal move that is refused is an error. */
export function step(match: Match, rng: Rng, policy: Policy): Match {
  const { seat, move } = nextDecision(match, rng, policy);
  const outcome = applyMove(match, seat, move);
  if (!outcome.ok) {
    throw new Error(
      `seat ${seat}'s legal move ${JSON.stringify(move)} at "${match.state.pc}" was refused: ` +
        `${outcome.error.code}: ${outcome.error.reason}`,
    );
  }
  return outcome.match;
}

/**
 * Plays a match with bots from setup until it ends or `moves` moves are made (at most
 * LONG_PLAY_MOVES on a table that runs long), whichever comes first. `visit` sees the match after
 * setup and after every move.
 */
export function play(
  table: Table,
  deal: Deal,
  visit?: (match: Match) => void,
  moves: number = Number.POSITIVE_INFINITY,
): Match {
  const rng = new Rng(deal.botSeed);
  let match = createMatch(table.game, matchOptions(table, deal));
  visit?.(match);
  const bound = table.runsLong ? Math.min(moves, LONG_PLAY_MOVES) : moves;
  for (let made = 0; made < bound && whoMayAct(match).kind !== "over"; made++) {
    if (made >= MOVE_CAP) throw new Error(`${table.name}: no end after ${MOVE_CAP} moves (at "${match.state.pc}")`);
    match = step(match, rng, deal.policy);
    visit?.(match);
  }
  return match;
}

/** Plays a whole match and returns every match along the way: after setup, then after each move. */
export function playAll(table: Table, deal: Deal): Match[] {
  const matches: Match[] = [];
  play(table, deal, (match) => matches.push(match));
  return matches;
}
