// One measurement in a process of its own (so no engine's JIT state, garbage or inline caches
// colour another's): `node bench/dist/engine-process.js KIND GAME PLAYERS SECONDS SEED [VARIANTS
// [WARM-UP]]` warms the engine up, untimed, for WARM-UP seconds of CPU time (default: twice SECONDS,
// at most 2), then plays games back to back for SECONDS and prints one JSON line
// {playouts, decisions, seconds, wallSeconds, checkedDecisions, warmUpSeconds}. Playout i's seeds are the i-th pair drawn from Rng(SEED), so
// every engine measured with one SEED is dealt the same games in the same order.

import { Rng } from "@rules/runtime/internal";
import { CHECKED_PLAYOUTS, cpuSeconds, defaultWarmUp, loadEngine, playFor, type EngineKind, type Playout } from "./engines.js";

export interface ProcessMeasure {
  readonly playouts: number;
  readonly decisions: number;
  /** CPU seconds the timed playouts took (see cpuSeconds). */
  readonly seconds: number;
  readonly wallSeconds: number;
  /** Decisions in the first CHECKED_PLAYOUTS playouts: the same seeds, so equal in every engine
   *  that plays the same games. */
  readonly checkedDecisions: number;
  /** CPU seconds the untimed warm-up took. */
  readonly warmUpSeconds: number;
}

/** Untimed playouts until the process has spent `seconds` of CPU time on them, so that the JIT has
 *  compiled the hot paths however busy the machine is (a wall-clock warm-up on a loaded machine
 *  could end before the optimizing compiler had run). */
function warmUp(playout: Playout, seconds: number, seed: number): number {
  const start = cpuSeconds();
  playFor(playout, seconds, new Rng(seed));
  return cpuSeconds() - start;
}

function run(playout: Playout, seconds: number, seed: number): Omit<ProcessMeasure, "warmUpSeconds"> {
  const seeds = new Rng(seed);
  let playouts = 0;
  let decisions = 0;
  let checkedDecisions = 0;
  // The deadline is on the wall clock, which is cheap to read; the rate is per CPU second, read
  // once at each end (a cpuUsage call is a system call: on a loaded machine it cost 12% of a run
  // that read it every 16 playouts).
  const cpuStart = cpuSeconds();
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let now = start;
  while (now < deadline || playouts < CHECKED_PLAYOUTS) {
    for (let i = 0; i < 16; i++) {
      decisions += playout(seeds.int(2 ** 31), seeds.int(2 ** 31));
      playouts++;
    }
    if (playouts === CHECKED_PLAYOUTS) checkedDecisions = decisions;
    now = performance.now();
  }
  return { playouts, decisions, seconds: cpuSeconds() - cpuStart, wallSeconds: (now - start) / 1000, checkedDecisions };
}

const [kind, game, players, seconds, seed, variants, warmUpSeconds] = process.argv.slice(2);
const playout = await loadEngine(kind as EngineKind, game!, Number(players), variants ? variants.split(",") : []);
if (typeof playout === "string") {
  console.log(JSON.stringify({ missing: playout }));
} else {
  const warmed = warmUp(playout, warmUpSeconds ? Number(warmUpSeconds) : defaultWarmUp(Number(seconds)), -1 - Number(seed));
  console.log(JSON.stringify({ ...run(playout, Number(seconds), Number(seed)), warmUpSeconds: warmed }));
}
