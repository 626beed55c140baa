// The replay every kernel test runs: random games played by the state machine and by the playout
// kernel from the same two seeds, expected to be the same games move for move (the same seat and
// move at every decision, the same number of decisions, scores and ending).
import { expect } from "vitest";
import type { BaseState, Game, MatchOptions, Move, PlayoutKernel } from "@rules/runtime/internal";
import { expectSameTrace, traced } from "./kernel-trace.js";

/** What the replay needs of the runtime the game was loaded with. The compiler's tests load the
 *  runtime's sources, whose generator and move choosers are types of their own: hence the type
 *  parameters. */
export interface ReplayRuntime<G extends Generator, C> {
  Rng: new (seed: number) => G;
  playRandomGame(
    game: Game,
    options: MatchOptions,
    rng: G,
    onMove: (seat: number, move: Move) => void,
    maxDecisions: undefined,
    choose: C,
  ): { state: BaseState; decisions: number };
  chooseRandomMove: C;
  choosePreferredMove: C;
  endingOf(state: BaseState): unknown;
}
interface Generator {
  int(bound: number): number;
  words(): ArrayLike<number>;
}

export interface ReplayPlan {
  /** Seeds the generator that draws each game's seed, then its policy's seed. */
  seed: number;
  playerCounts: readonly number[];
  gamesPerCount: number;
  /** Each set of variants is played at every player count; none by default. */
  variantSets?: readonly (readonly string[])[];
  /** Uniform random moves (false) and the rules' preferences (true); uniform only by default. */
  preferences?: readonly boolean[];
  /** Sees each move the state machine plays (and the game's player count), e.g. to collect the
   *  move types played. */
  onMove?: (seat: number, move: Move, players: number) => void;
  /** Runs just before the kernel plays a game, e.g. to reset a counter the kernel bumps. */
  beforeKernel?: () => void;
  /** Runs once a game matched, with the text that names it in a failure. */
  afterGame?: (context: string, kernel: PlayoutKernel) => void;
}

export interface ReplayTotals {
  games: number;
  decisions: number;
  /** Games ended by an `end game` statement rather than by their flow running out. */
  endedByStatement: number;
}

/** Plays the plan's games on both engines; one kernel plays them all, as a bench reuses it. */
export function expectKernelReplays<G extends Generator, C>(runtime: ReplayRuntime<G, C>, game: Game, plan: ReplayPlan): ReplayTotals {
  const kernel = game.playout!();
  const seeds = new runtime.Rng(plan.seed);
  const totals: ReplayTotals = { games: 0, decisions: 0, endedByStatement: 0 };
  for (const variants of plan.variantSets ?? [[]]) {
    for (const preferred of plan.preferences ?? [false]) {
      const choose = preferred ? runtime.choosePreferredMove : runtime.chooseRandomMove;
      for (const players of plan.playerCounts) {
        for (let i = 0; i < plan.gamesPerCount; i++) {
          const gameSeed = seeds.int(2 ** 31);
          const policySeed = seeds.int(2 ** 31);
          const expected: unknown[] = [];
          const onMove = (seat: number, move: Move): void => {
            expected.push(...traced(game, seat, move));
            plan.onMove?.(seat, move, players);
          };
          const options = { players, seed: gameSeed, variants: [...variants] };
          const played = runtime.playRandomGame(game, options, new runtime.Rng(policySeed), onMove, undefined, choose);
          kernel.policy.set(new runtime.Rng(policySeed).words());
          const trace: number[] = [];
          plan.beforeKernel?.();
          const decisions = kernel.play(players, gameSeed, trace, variants, preferred);
          const context = `${players} players, variants [${variants.join(", ")}], preferred ${preferred}, seeds ${gameSeed} ${policySeed}`;
          expectSameTrace(trace, expected, context);
          expect(decisions, context).toBe(played.decisions);
          expect(kernel.scores(), context).toEqual(game.scores(played.state));
          expect(kernel.ending(), context).toEqual(runtime.endingOf(played.state));
          plan.afterGame?.(context, kernel);
          totals.games++;
          totals.decisions += decisions;
          if (kernel.ending() !== null) totals.endedByStatement++;
        }
      }
    }
  }
  return totals;
}
