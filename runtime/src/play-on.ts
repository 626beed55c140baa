// A game played on from a state to its end by random players, through the game's playout kernel
// where it has one: search rollouts (ISMCTS), and anything else that plays a position out.
import type { BaseState, Game, Move, PlayoutKernel, Seat } from "./contract.js";
import { GameFault, type RuleSite } from "./errors.js";
import { endingOf } from "./compiled.js";
import { chooseRandomMove, DECISION_CAP, playRandomGame, type RandomScores } from "./random-play.js";
import { validateOptions, type MatchOptions } from "./options.js";
import { choosePreferredMove } from "./preferences.js";
import type { Rng } from "./random.js";

/** One kernel per game, made on first use: its state is reused by every playout of this thread. */
const kernels = new WeakMap<Game, PlayoutKernel>();

/** The game's playout kernel for this thread (`Game.playout`), or null where it has none. */
export function kernelOf<S extends BaseState>(game: Game<S>): PlayoutKernel | null {
  const g = game as unknown as Game;
  if (!g.playout) return null;
  let kernel = kernels.get(g);
  if (!kernel) kernels.set(g, (kernel = g.playout()));
  return kernel;
}

export interface PlayOnOptions {
  /** Random players follow the rules' playout preferences (`choosePreferredMove`); else uniform. */
  readonly preferred?: boolean;
  /** Moves after which the game is left unfinished (`capped`), as a search's playout cap. */
  readonly maxDecisions?: number;
  /** false: the state machine plays every move (for comparisons); by default the kernel takes over
   *  as soon as it can. */
  readonly kernel?: boolean;
  /** Receives each move the kernel makes, as `PlayoutKernel.play` traces them. */
  readonly trace?: unknown[] | null;
  /** Sees each move the state machine makes (before the kernel takes over), with the live state. */
  readonly onMove?: (seat: Seat, move: Move, state: BaseState) => void;
}

export interface PlayedOn {
  /** Per seat [score, ...tie-breakers] at the end; null when the game was left unfinished. */
  readonly scores: number[][] | null;
  /** Moves made from the state given: by the state machine, then by the kernel. */
  readonly decisions: number;
  /** Of them, the ones the kernel made (0 when the state machine played to the end). */
  readonly byKernel: number;
  /** The `end game` that ended it (null: its flow ran out; undefined: unfinished or not said). */
  readonly ending: RuleSite | null | undefined;
}

/**
 * Plays `state` on to the end (changing it) with random players drawing from `rng`: the moves
 * `playRandomGame`'s loop makes from that state (a race's claimant by `rng.pick`, the first seat still
 * to choose at a secret round), with `choosePreferredMove` when `preferred`. The state machine moves
 * until the game's kernel can take the state (`PlayoutKernel.resume`: at once, unless an `ask each`
 * has answers pending or a race is under way), then the kernel plays on: the same moves from the
 * same generator, which advances as it would have. After `maxDecisions` moves the game is left
 * unfinished (scores null), as a search's playout cap leaves it, even if that last move ended it.
 */
export function playOnRandom<S extends BaseState>(game: Game<S>, state: S, rng: Rng, options: PlayOnOptions = {}): PlayedOn {
  const cap = options.maxDecisions ?? DECISION_CAP;
  const choose = options.preferred ? choosePreferredMove : chooseRandomMove;
  const kernel = options.kernel === false ? null : kernelOf(game);
  const draw = (n: number): number => rng.int(n);
  for (let moves = 0; moves < cap; moves++) {
    if (kernel?.resume) {
      const words = rng.words();
      kernel.policy.set(words);
      let played: number;
      try {
        played = kernel.resume(state, options.trace ?? null, options.preferred ?? false, cap - moves);
      } catch (error) {
        // The generator stands where the state machine's would at the same fault.
        for (let i = 0; i < 4; i++) words[i] = kernel.policy[i]!;
        if (error instanceof GameFault && error.code === "fault/decision-cap") return { scores: null, decisions: cap, byKernel: cap - moves, ending: undefined };
        throw error;
      }
      if (played >= 0) {
        for (let i = 0; i < 4; i++) words[i] = kernel.policy[i]!;
        const decisions = moves + played;
        if (decisions >= cap) return { scores: null, decisions, byKernel: played, ending: undefined };
        return { scores: kernel.scores(), decisions, byKernel: played, ending: kernel.ending() };
      }
    }
    const activity = game.activity(state);
    if (activity.kind === "over") return { scores: game.scores(state), decisions: moves, byKernel: 0, ending: endingOf(state) };
    const seats = activity.players;
    if (seats.length === 0) throw new GameFault("fault/no-legal-move", `${game.id} waits at "${state.pc}" but no seat may act`);
    const seat = seats.length === 1 || activity.kind === "simultaneous" ? seats[0]! : rng.pick(seats);
    const move = choose(game, state, seat, rng, draw);
    game.apply(state, seat, move);
    options.onMove?.(seat, move, state);
  }
  return { scores: null, decisions: cap, byKernel: 0, ending: undefined };
}

/**
 * The moves of a kernel's trace (`PlayoutKernel.play` and `resume`), as the state machine's
 * `onMove` sees them: per decision the seat, the move type's index in `game.moves`, then its
 * parameters in the schema's order (a set of cards as its size, then its cards).
 */
export function tracedMoves(game: Game<never>, trace: readonly unknown[]): { seat: Seat; move: Move }[] {
  const schema = (game as unknown as Game).moves;
  if (!schema) throw new Error(`internal: ${game.id} has no move schema to read a kernel's trace by`);
  const types = Object.keys(schema);
  const moves: { seat: Seat; move: Move }[] = [];
  for (let at = 0; at < trace.length; ) {
    const seat = trace[at++] as Seat;
    const type = types[trace[at++] as number]!;
    const move: Record<string, unknown> = { type };
    for (const [name, kind] of Object.entries(schema[type]!)) {
      if (kind === "cards") {
        const size = trace[at++] as number;
        move[name] = trace.slice(at, at + size);
        at += size;
      } else move[name] = trace[at++];
    }
    moves.push({ seat, move: move as Move });
  }
  return moves;
}

/**
 * A whole random game's moves, told to `onMove` once it is over (seat and move, in order), and its
 * scores: the game `playRandomGame` plays with these options and generator, through the game's
 * playout kernel where it has one (its trace read back into moves). For an observer that needs the
 * moves but not the live state. `preferred`: by the rules' playout preferences.
 */
export function playRandomMoves<S extends BaseState>(
  game: Game<S>,
  options: MatchOptions,
  rng: Rng,
  onMove: (seat: Seat, move: Move) => void,
  preferred = false,
): RandomScores {
  const kernel = kernelOf(game);
  if (!kernel) {
    const played = playRandomGame(game, options, rng, onMove, DECISION_CAP, preferred ? choosePreferredMove : chooseRandomMove);
    return { scores: game.scores(played.state), decisions: played.decisions, ending: endingOf(played.state) };
  }
  const trace: unknown[] = [];
  const valid = validateOptions(game, options);
  const words = rng.words();
  const before = [...words] as typeof words;
  kernel.policy.set(words);
  let decisions: number;
  try {
    decisions = kernel.play(valid.players, valid.seed, trace, valid.variants, preferred);
  } catch (error) {
    if (!(error instanceof GameFault)) throw error;
    // As playRandomScores: the state machine plays the game again, telling its moves, so that the
    // fault is its own, with the rule it comes from.
    for (let i = 0; i < 4; i++) words[i] = before[i]!;
    playRandomGame(game, valid, rng, onMove, DECISION_CAP, preferred ? choosePreferredMove : chooseRandomMove);
    throw new Error(`internal: the playout kernel of ${game.id} faulted (${error.message}) where its state machine did not, for seed ${valid.seed}`);
  }
  for (let i = 0; i < 4; i++) words[i] = kernel.policy[i]!;
  for (const { seat, move } of tracedMoves(game as unknown as Game<never>, trace)) onMove(seat, move);
  return { scores: kernel.scores(), decisions, ending: kernel.ending() };
}
