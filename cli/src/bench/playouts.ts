// One engine of a game playing random playouts back to back, timed in CPU seconds: what each child
// process of `rules bench` runs (engine-process.ts). The two engines play the same games from the same
// seeds: the playout kernel (`Game.playout`, generated/<game>/playout.ts) and the state machine driven
// by the runtime's random bot (`playRandomGame`), both drawing the policy from one sfc32 per playout.

import { Rng, playRandomGame, seedWords, type Game, type MatchOptions } from "@rules/runtime/internal";

export type EngineKind = "kernel" | "state-machine";

/** Playouts whose decisions every engine reports, so that the caller can check both played the same games. */
export const CHECKED_PLAYOUTS = 16;

export interface EngineMeasure {
  readonly playouts: number;
  readonly decisions: number;
  /** CPU seconds (user and system) the timed playouts took. */
  readonly cpuSeconds: number;
  readonly wallSeconds: number;
  /** Decisions of the first CHECKED_PLAYOUTS playouts. */
  readonly checkedDecisions: number;
}

/** Plays one whole game from its two seeds; returns its decisions. */
type Playout = (gameSeed: number, policySeed: number) => number;

/** The engine's playout; throws when the game has no kernel and the kernel is asked for. */
export function enginePlayout(game: Game, kind: EngineKind, options: MatchOptions): Playout {
  if (kind === "kernel") {
    if (!game.playout) throw new Error(`${game.id} has no playout kernel`);
    const kernel = game.playout();
    const variants = options.variants ?? [];
    return (gameSeed, policySeed) => {
      seedWords(kernel.policy, policySeed);
      return kernel.play(options.players, gameSeed, null, variants);
    };
  }
  const played = { ...options };
  return (gameSeed, policySeed) => {
    played.seed = gameSeed;
    return playRandomGame(game, played, new Rng(policySeed)).decisions;
  };
}

function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** The warm-up a measurement of `seconds` gets unless told: twice it, at most 2 s of CPU time, by
 *  which V8 has optimized the hot paths (at half of it, at most a second, a large kernel was measured
 *  while still being compiled); a game with rare paths may take longer to settle (V8 optimizes a
 *  function again when a path it had not seen first runs): `--warm-up`. */
export function defaultWarmUp(seconds: number): number {
  return Math.min(2, 2 * seconds);
}

/**
 * Warms the engine up, untimed, for `warmSeconds` of its own CPU time (by default defaultWarmUp's), so
 * that the optimizing compiler has run however busy the machine is; then plays for `seconds` of wall
 * clock (and at least CHECKED_PLAYOUTS playouts). Playout i gets the i-th pair of seeds drawn from
 * `Rng(seed)`, so every engine measured with one seed plays the same games in the same order.
 */
export function measurePlayouts(playout: Playout, seconds: number, seed: number, warmSeconds = defaultWarmUp(seconds)): EngineMeasure {
  const warmSeeds = new Rng(-1 - seed);
  const warmStart = cpuNow();
  while (cpuNow() - warmStart < warmSeconds) {
    for (let i = 0; i < 8; i++) playout(warmSeeds.int(2 ** 31), warmSeeds.int(2 ** 31));
  }
  const seeds = new Rng(seed);
  let playouts = 0;
  let decisions = 0;
  let checkedDecisions = 0;
  // The deadline is read on the wall clock (cheap); the CPU time only at both ends (a system call).
  const cpuStart = cpuNow();
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let now = start;
  while (now < deadline || playouts < CHECKED_PLAYOUTS) {
    for (let i = 0; i < 8; i++) {
      decisions += playout(seeds.int(2 ** 31), seeds.int(2 ** 31));
      playouts++;
      if (playouts === CHECKED_PLAYOUTS) checkedDecisions = decisions;
    }
    now = performance.now();
  }
  return { playouts, decisions, cpuSeconds: cpuNow() - cpuStart, wallSeconds: (now - start) / 1000, checkedDecisions };
}
