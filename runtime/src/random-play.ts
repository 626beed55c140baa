// The fast path for simulations and benchmarks, and the random policy bots use: one mutable state,
// no copies, no checks. For tools (`@rules/runtime/internal`), not for untrusted input.
import type { BaseState, Game, Move, Seat } from "./contract.js";
import { GameFault, type RuleSite } from "./errors.js";
import { endingOf } from "./compiled.js";
import { randomMove } from "./bots.js";
import type { Rng } from "./random.js";
import { validateOptions, type MatchOptions } from "./options.js";
import { kernelOf } from "./play-on.js";
import { choosePreferredMove } from "./preferences.js";

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

/** How a random player picks its move: `chooseRandomMove` (uniform) or `choosePreferredMove` (the rules' preferences). */
export type MoveChooser = <S extends BaseState>(game: Game<S>, state: S, seat: Seat, rng: Rng, draw: (n: number) => number) => Move;

/** Decisions after which a simulated game is declared stuck in an endless flow loop. */
export const DECISION_CAP = 100_000;

export interface PlayedGame<S extends BaseState = BaseState> {
  readonly state: S;
  /** Moves applied, one per decision. */
  readonly decisions: number;
}

/**
 * The fast path for simulations and benchmarks: one mutable state, no copies and no `check`
 * (random bots only choose legal moves), every seat played by `randomMove`, or by `choose`
 * (`choosePreferredMove`: the rules' playout preferences). `onMove` sees each
 * move after it is applied, with the live state (do not keep or change it).
 */
export function playRandomGame<S extends BaseState>(
  game: Game<S>,
  options: MatchOptions,
  rng: Rng,
  onMove?: (seat: Seat, move: Move, state: S) => void,
  maxDecisions: number = DECISION_CAP,
  choose: MoveChooser = chooseRandomMove,
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
      const move = choose(game, state, next, rng, draw);
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
    const move = choose(game, state, seat, rng, draw);
    game.apply(state, seat, move);
    decisions++;
    onMove?.(seat, move, state);
  }
}

/** What `playRandomScores` tells of a random game. */
export interface RandomScores {
  readonly scores: number[][];
  readonly decisions: number;
  /** The `end game` statement that ended it, null when its flow ran to its end, undefined when the
   *  game does not say (see `endingOf`). */
  readonly ending: RuleSite | null | undefined;
}

/**
 * A whole random game's scores and decisions, for simulations: the game `playRandomGame` plays with
 * these options and generator, through the game's playout kernel when it has one (`Game.playout`,
 * the same game from the same seeds, several times faster). `rng` advances as under
 * `playRandomGame`. When the kernel meets a fault, the game is played again by the state machine
 * from the same seeds, so that the fault is the state machine's own, with the rule it comes from.
 * `preferred`: the random players follow the rules' playout preferences (`choosePreferredMove`).
 */
export function playRandomScores<S extends BaseState>(
  game: Game<S>,
  options: MatchOptions,
  rng: Rng,
  preferred = false,
): RandomScores {
  const valid = validateOptions(game, options);
  const choose: MoveChooser = preferred ? choosePreferredMove : chooseRandomMove;
  const kernel = kernelOf(game);
  if (!kernel) {
    const played = playRandomGame(game, valid, rng, undefined, DECISION_CAP, choose);
    return { scores: game.scores(played.state), decisions: played.decisions, ending: endingOf(played.state) };
  }
  const words = rng.words();
  const before = [...words] as typeof words;
  kernel.policy.set(words);
  try {
    const decisions = kernel.play(valid.players, valid.seed, null, valid.variants, preferred);
    for (let i = 0; i < 4; i++) words[i] = kernel.policy[i]!;
    return { scores: kernel.scores(), decisions, ending: kernel.ending() };
  } catch (error) {
    if (!(error instanceof GameFault)) throw error;
    for (let i = 0; i < 4; i++) words[i] = before[i]!;
    playRandomGame(game, valid, rng, undefined, DECISION_CAP, choose);
    throw new Error(`internal: the playout kernel of ${game.id} faulted (${error.message}) where its state machine did not, for seed ${valid.seed}`);
  }
}
