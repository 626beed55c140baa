// One engine from a cold start, in a process of its own: `node bench/dist/warm-up-process.js KIND GAME
// PLAYERS SECONDS SLICE SEED [VARIANTS]` loads the engine, then plays games back to back for SECONDS of
// CPU time with no warm-up, and prints one JSON line {slices: [{at, playouts, seconds}]}: for each
// SLICE of it, where it ended (CPU seconds since the first game), the games played and the CPU seconds
// they took. The process's CPU time counts V8's compiler threads too, so what compiling (and compiling
// again after a deoptimization) costs shows in the rates, as it does in npm run bench.

import { Rng } from "@rules/runtime/internal";
import { cpuSeconds, loadEngine, type EngineKind, type Playout } from "./engines.js";

export interface Slice {
  /** CPU seconds since the first game, at the slice's end. */
  readonly at: number;
  readonly playouts: number;
  /** CPU seconds the slice took. */
  readonly seconds: number;
}

/** Games back to back for `seconds` of CPU time, cut into slices of about `slice` seconds each. The
 *  slice's end is found on the wall clock, cheap to read (CPU time is a system call, which on a busy
 *  machine cost a run that read it often a tenth of its time); its CPU time is read once at each end,
 *  so on a busy machine a slice holds less CPU time than `slice` (and more while V8's compiler
 *  threads run beside the game on another core), and `at` says where each ends. */
function sliced(playout: Playout, seconds: number, slice: number, seed: number): Slice[] {
  const seeds = new Rng(seed);
  const slices: Slice[] = [];
  const first = cpuSeconds();
  let sliceStart = first;
  while (sliceStart - first < seconds) {
    const deadline = performance.now() + slice * 1000;
    let playouts = 0;
    do {
      for (let i = 0; i < 16; i++, playouts++) playout(seeds.int(2 ** 31), seeds.int(2 ** 31));
    } while (performance.now() < deadline);
    const end = cpuSeconds();
    slices.push({ at: end - first, playouts, seconds: end - sliceStart });
    sliceStart = end;
  }
  return slices;
}

const [kind, game, players, seconds, slice, seed, variants] = process.argv.slice(2);
const playout = await loadEngine(kind as EngineKind, game!, Number(players), variants ? variants.split(",") : []);
if (typeof playout === "string") console.log(JSON.stringify({ missing: playout }));
else console.log(JSON.stringify({ slices: sliced(playout, Number(seconds), Number(slice), Number(seed)) }));
