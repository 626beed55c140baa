// Bots by name, as the CLI's `--bots` lists them (`mcts:1000`, `mcts:200ms`, `random`), and a game
// played between them, one bot per seat.

import type { BaseState, Game, Move, Seat } from "../contract.js";
import { GameFault, MatchError } from "../errors.js";
import type { MatchOptions } from "../match.js";
import { chooseRandomMove, DECISION_CAP } from "../random-play.js";
import { choosePreferredMove } from "../preferences.js";
import type { Rng } from "../random.js";
import { seatPlan } from "../seats.js";
import { DEFAULT_ITERATIONS, searchMove, type MctsOptions } from "./mcts.js";

export type BotSpec =
  | { readonly kind: "random" }
  | { readonly kind: "mcts"; readonly iterations?: number; readonly timeMs?: number };

/** `random`, `mcts` (1000 iterations), `mcts:N` (N iterations) or `mcts:Nms` (N milliseconds per decision). */
export function parseBotSpec(text: string): BotSpec {
  const spec = text.trim();
  if (spec === "random") return { kind: "random" };
  const mcts = /^(?:mcts|ismcts)(?::(\d+)(ms|s)?)?$/.exec(spec);
  if (mcts) {
    if (mcts[1] === undefined) return { kind: "mcts", iterations: DEFAULT_ITERATIONS };
    const n = Number(mcts[1]);
    if (n < 1) throw new MatchError("match/bots", `bot "${spec}": the budget must be at least 1`);
    if (mcts[2] === "ms") return { kind: "mcts", timeMs: n };
    if (mcts[2] === "s") return { kind: "mcts", timeMs: n * 1000 };
    return { kind: "mcts", iterations: n };
  }
  throw new MatchError("match/bots", `unknown bot "${spec}": use random, mcts, mcts:<iterations> or mcts:<ms>ms`);
}

/** A bot's name as people read it back: `mcts:1000`, `mcts:200ms`, `random`. */
export function botName(spec: BotSpec): string {
  if (spec.kind === "random") return "random";
  return spec.timeMs !== undefined ? `mcts:${spec.timeMs}ms` : `mcts:${spec.iterations ?? DEFAULT_ITERATIONS}`;
}

/** One bot per seat of a match of `players` people; the rules' own seats (`bot` lines) play randomly. */
export function botsForSeats(specs: readonly BotSpec[], meta: Game["meta"], players: number): BotSpec[] {
  const seats = seatPlan(meta, players).seats;
  if (specs.length !== players) {
    throw new MatchError("match/bots", `${specs.length} bot${specs.length === 1 ? "" : "s"} given for ${players} players: give one per player`);
  }
  return [...specs, ...new Array<BotSpec>(seats - players).fill({ kind: "random" })];
}

/** The bot's move for `seat`: it reads the state only through `legalMoves` and the game's `sample`. */
export function botMove<S extends BaseState>(game: Game<S>, state: S, seat: Seat, spec: BotSpec, rng: Rng): Move {
  // The random bot plays the rules' preferences where they state some (uniform elsewhere).
  if (spec.kind === "random") return choosePreferredMove(game, state, seat, rng);
  const options: MctsOptions = spec.timeMs !== undefined ? { timeMs: spec.timeMs } : { iterations: spec.iterations ?? DEFAULT_ITERATIONS };
  const move = searchMove(game, state, seat, rng, options).move;
  // The referee's word: a move the search found legal in the states it drew is checked on the real one.
  return game.check(state, seat, move) === null ? move : chooseRandomMove(game, state, seat, rng);
}

export interface BotGame<S extends BaseState = BaseState> {
  readonly state: S;
  readonly decisions: number;
}

/**
 * A whole game between bots, `bots[seat]` for each seat (see `botsForSeats`). In a race the seat
 * that moves first is drawn from `rng`, as in random play. `onMove` sees the live state after each move.
 * A game still going after `maxDecisions` decisions throws a GameFault `fault/decision-cap`.
 */
export function playBotGame<S extends BaseState>(
  game: Game<S>,
  options: MatchOptions,
  bots: readonly BotSpec[],
  rng: Rng,
  onMove?: (seat: Seat, move: Move, state: S) => void,
  maxDecisions: number = DECISION_CAP,
): BotGame<S> {
  const state = game.setup({ players: options.players, variants: options.variants ?? [], seed: options.seed });
  game.advance(state);
  let decisions = 0;
  for (;;) {
    const activity = game.activity(state);
    if (activity.kind === "over") return { state, decisions };
    if (decisions >= maxDecisions) {
      throw new GameFault("fault/decision-cap", `${game.id} did not end within ${maxDecisions} decisions (it waits at "${state.pc}")`);
    }
    const seats = activity.players;
    if (seats.length === 0) throw new GameFault("fault/no-legal-move", `${game.id} waits at "${state.pc}" but no seat may act`);
    const seat = seats.length === 1 || activity.kind === "simultaneous" ? seats[0]! : rng.pick(seats);
    const move = botMove(game, state, seat, bots[seat] ?? { kind: "random" }, rng);
    game.apply(state, seat, move);
    decisions++;
    onMove?.(seat, move, state);
  }
}
