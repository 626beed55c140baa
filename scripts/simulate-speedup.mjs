// `node scripts/simulate-speedup.mjs [--game G] [--players P] [--games N] [--workers 1,2] [--rounds R]`:
// the wall-clock time of a whole `rules simulate` command (start-up, compile-cache load and thread
// start-up included) for each worker count, the counts alternating round by round (the first one
// rotates) so that drift in a shared machine's speed falls on all alike. Prints each round, the
// medians, and the speed-up of each count over the first (median of the per-round ratios). Needs a
// build (npm run build). Every run of a round must print the same JSON: it checks that too.
// Each run is also asked for its CPU time (`--timing`): the CPU seconds per game spent by the
// threads that played (the sum over the threads, so 2 threads that waste nothing spend what 1 does)
// and by the whole process (start-up, coordination and V8's GC threads included). On a machine
// shared with other work, wall-clock time says how much CPU the scheduler gave; CPU time says what
// the run cost.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    game: { type: "string", default: "for-sale" },
    players: { type: "string", default: "4" },
    games: { type: "string", default: "20000" },
    workers: { type: "string", default: "1,2" },
    rounds: { type: "string", default: "5" },
    seed: { type: "string", default: "1" },
  },
});
const main = fileURLToPath(new URL("../cli/dist/commands/main.js", import.meta.url));
const counts = values.workers.split(",").map(Number);
const rounds = Number(values.rounds);
const args = ["simulate", values.game, "--players", values.players, "--games", values.games, "--seed", values.seed, "--json", "--timing"];
const games = Number(values.games);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

console.log(`rules ${args.join(" ")} --workers {${counts.join(",")}}: ${rounds} rounds, wall-clock seconds`);
const times = new Map(counts.map((n) => [n, []]));
const playing = new Map(counts.map((n) => [n, []]));
const whole = new Map(counts.map((n) => [n, []]));
let reference;
for (let round = 0; round < rounds; round++) {
  const order = counts.map((_, i) => counts[(i + round) % counts.length]);
  const line = [];
  for (const n of order) {
    const start = performance.now();
    const run = spawnSync(process.execPath, [main, ...args, "--workers", String(n)], { encoding: "utf8", maxBuffer: 1 << 26 });
    const seconds = (performance.now() - start) / 1000;
    if (run.status !== 0) throw new Error(`--workers ${n} failed (${run.status}):\n${run.stderr}`);
    const out = run.stdout;
    const timing = /playing ([\d.]+) s CPU.*whole process ([\d.]+) s CPU/.exec(run.stderr);
    if (timing) {
      playing.get(n).push(Number(timing[1]));
      whole.get(n).push(Number(timing[2]));
    }
    reference ??= out;
    if (out !== reference) throw new Error(`--workers ${n} printed other figures than the first run`);
    times.get(n).push(seconds);
    line.push(`w${n} ${seconds.toFixed(2)}${timing ? ` (CPU ${timing[2]} s, playing ${timing[1]} s)` : ""}`);
  }
  console.log(`round ${round + 1}: ${line.join("  ")}`);
}
const base = times.get(counts[0]);
for (const n of counts) {
  const ratios = times.get(n).map((t, i) => base[i] / t);
  console.log(
    `workers ${n}: median ${median(times.get(n)).toFixed(2)} s, ${(Number(values.games) / median(times.get(n))).toFixed(0)} games/s, ` +
      `speed-up over ${counts[0]} worker${counts[0] === 1 ? "" : "s"}: ${median(ratios).toFixed(2)}× (median of per-round ratios)`,
  );
  if (playing.get(n).length > 0) {
    const us = (xs) => ((median(xs) / games) * 1e6).toFixed(1);
    console.log(`  CPU per game: ${us(playing.get(n))} µs in the playing threads, ${us(whole.get(n))} µs for the whole process (medians)`);
  }
}
console.log("every run printed the same JSON");
