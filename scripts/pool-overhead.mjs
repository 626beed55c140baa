// `node scripts/pool-overhead.mjs [--game G] [--players P] [--games N] [--threads T] [--rounds R]`:
// what handing chunks to the worker pool costs, apart from playing them. One pool, started and
// warmed up first (so thread start-up is left out), plays the same run alternately with one chunk per
// round trip (how the pool worked before) and with guided batches (how it works now: pool.ts,
// guidedBatch), and prints for each the wall-clock time, the CPU time of the whole process
// (process.cpuUsage: every thread, V8's GC threads included), the CPU time of the playing threads
// (each batch's own, read by the thread), and their difference, the overhead; and, for comparison,
// the same run played on this thread alone (as --workers 1 does). Needs a build.
import { parseArgs } from "node:util";
import { createPool, guidedBatch } from "../cli/dist/simulation/pool.js";
import { chunksOf } from "../cli/dist/simulation/chunks.js";
import { playChunk } from "../cli/dist/simulation/play-chunk.js";
import { loadRunGame } from "../cli/dist/simulation/run-spec.js";
import { threadCpuSeconds } from "../cli/dist/simulation/thread-cpu.js";

const { values } = parseArgs({
  options: {
    game: { type: "string", default: "for-sale" },
    players: { type: "string", default: "4" },
    games: { type: "string", default: "100000" },
    threads: { type: "string", default: "2" },
    rounds: { type: "string", default: "3" },
  },
});
const threads = Number(values.threads);
const spec = { game: { kind: "compiled", id: values.game }, options: { players: Number(values.players), variants: [], seed: 1 }, games: Number(values.games) };
const chunks = chunksOf(spec.games);
const pool = await createPool(threads);

async function run(batchOf) {
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  let next = 0;
  let playing = 0;
  let trips = 0;
  const feed = async () => {
    while (next < chunks.length) {
      const take = batchOf(chunks.length - next);
      const batch = chunks.slice(next, next + take);
      next += take;
      const result = await pool.run({ spec, chunks: batch });
      playing += result.cpuSeconds ?? NaN;
      trips++;
    }
  };
  await Promise.all(Array.from({ length: threads }, feed));
  const cpu = process.cpuUsage(cpu0);
  return { wall: (performance.now() - start) / 1000, cpu: (cpu.user + cpu.system) / 1e6, playing, trips };
}

/** The run on this thread alone, as `--workers 1` plays it. */
async function here() {
  const game = await loadRunGame(spec.game);
  const cpu0 = process.cpuUsage();
  const thread0 = threadCpuSeconds();
  const start = performance.now();
  for (const chunk of chunks) playChunk(game, spec.options, chunk);
  const cpu = process.cpuUsage(cpu0);
  return { wall: (performance.now() - start) / 1000, cpu: (cpu.user + cpu.system) / 1e6, playing: threadCpuSeconds() - thread0, trips: 0 };
}

console.log(`${values.game}, ${values.players} players, ${spec.games} games (${chunks.length} chunks) on ${threads} threads`);
await run((rest) => guidedBatch(rest, threads)); // warm-up: threads started, game loaded, code compiled
await here();
for (let round = 1; round <= Number(values.rounds); round++) {
  for (const [name, play] of [
    ["this thread alone", here],
    ["a chunk per trip", () => run(() => 1)],
    ["guided batches", () => run((rest) => guidedBatch(rest, threads))],
  ]) {
    const r = await play();
    console.log(
      `round ${round}, ${name.padEnd(17)}: wall ${r.wall.toFixed(2)} s, process CPU ${r.cpu.toFixed(2)} s, ` +
        `playing threads ${r.playing.toFixed(2)} s, overhead ${(r.cpu - r.playing).toFixed(2)} s, ${r.trips} round trips`,
    );
  }
}
await pool.destroy();
