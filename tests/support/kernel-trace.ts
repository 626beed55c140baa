// A move as a playout kernel traces it (PlayoutKernel.play's `trace`), for comparing a kernel's
// games with its state machine's.
import { expect } from "vitest";
import type { BaseState, Game, Move } from "@rules/runtime/internal";

/** Per game: its move types in order, and each type's parameters in schema order. */
const schemas = new WeakMap<Game, { readonly types: readonly string[]; readonly parameters: ReadonlyMap<string, readonly string[]> }>();

function schemaOf(game: Game): { readonly types: readonly string[]; readonly parameters: ReadonlyMap<string, readonly string[]> } {
  let schema = schemas.get(game);
  if (!schema) {
    const types = Object.keys(game.moves!);
    schema = { types, parameters: new Map(types.map((type) => [type, Object.keys(game.moves![type]!)])) };
    schemas.set(game, schema);
  }
  return schema;
}

/** Seat, move type's index in `game.moves`, parameters in schema order (a set of cards as its size,
 *  then its cards). */
export function traced(game: Game, seat: number, move: Move): unknown[] {
  const { types, parameters } = schemaOf(game);
  const trace: unknown[] = [seat, types.indexOf(move.type)];
  for (const name of parameters.get(move.type) ?? Object.keys(game.moves![move.type]!)) {
    const value = move[name];
    if (Array.isArray(value)) trace.push(value.length, ...value);
    else trace.push(value);
  }
  return trace;
}

/**
 * `expect(actual, context).toEqual(expected)` for two traces: tens of thousands of numbers, which
 * Vitest's deep equality compares slowly. Equal lists of primitives (by Object.is, as toEqual compares
 * numbers and strings) pass at once; anything else is left to toEqual, which fails with its diff.
 */
export function expectSameTrace(actual: readonly unknown[], expected: readonly unknown[], context: string): void {
  if (actual.length === expected.length && actual.every((value, i) => (typeof value !== "object" || value === null) && Object.is(value, expected[i]))) return;
  expect(actual, context).toEqual(expected);
}

/** What a drill's resume check needs of the runtime (the source's internal entry, as the drills import it). */
interface ResumeRuntime {
  Rng: new (seed: number) => { int(n: number): number };
  playRandomGame(game: Game, options: { players: number; seed: number }, rng: unknown, onMove: (seat: number, move: Move, state: BaseState) => void): unknown;
  playOnRandom(game: Game, state: BaseState, rng: unknown, options: { kernel: boolean; trace: unknown[] }): { scores: unknown; decisions: number; byKernel: number };
  cloneJson<T>(value: T): T;
}

/**
 * Games stopped after a random number of the state machine's moves (up to `moves`, so inside the
 * drill's loops) and played on twice from there, by the kernel and by the state machine alone:
 * the same moves (as the kernel traces them), scores and decisions. Returns how many the kernel
 * took up (the others it left to the state machine, as `playOnRandom` may).
 */
export function expectKernelResumesMidGame(runtime: ResumeRuntime, game: Game, plan: { seed: number; playerCounts: readonly number[]; gamesPerCount: number; moves: number }): number {
  const seeds = new runtime.Rng(plan.seed);
  let resumed = 0;
  for (const players of plan.playerCounts) {
    for (let g = 0; g < plan.gamesPerCount; g++) {
      const states: BaseState[] = [];
      const stop = 1 + seeds.int(plan.moves);
      runtime.playRandomGame(game, { players, seed: seeds.int(2 ** 31) }, new runtime.Rng(seeds.int(2 ** 31)), (_seat, _move, state) => {
        if (states.length < stop) states.push(runtime.cloneJson(state));
      });
      const state = states[states.length - 1]!;
      const policy = seeds.int(2 ** 31);
      const played = (kernel: boolean) => {
        const moves: unknown[] = [];
        const recorded: Game = { ...game, apply: (s, seat, move) => (moves.push(...traced(game, seat, move)), game.apply(s, seat, move)) };
        const result = runtime.playOnRandom(recorded, runtime.cloneJson(state), new runtime.Rng(policy), { kernel, trace: moves });
        return { moves, scores: result.scores, decisions: result.decisions, byKernel: result.byKernel };
      };
      const byKernel = played(true);
      const bySM = played(false);
      expect(bySM.byKernel).toBe(0);
      expect({ ...byKernel, byKernel: 0 }).toEqual(bySM);
      if (byKernel.byKernel > 0) resumed++;
    }
  }
  return resumed;
}
