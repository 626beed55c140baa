// `node scripts/simulate-speedup.mjs [--game G] [--players P] [--games N] [--workers 1,2] [--rounds R]`:
// the wall-clock time of a whole `rules simulate` command (start-up, compile-cache load and thread
// start-up included) for each worker count, the counts alternating round by round (the first one
// rotates) so that drift in a shared machine's speed falls on all alike. Prints each round, the
// medians, and the speed-up of each count over the first (median of the per-round ratios). Needs a
// build (npm run build). Every run of a round must print the same JSON: it checks that too.
import { execFileSync } from "node:child_process";
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
const main = fileURLToPath(new URL("../compiler/dist/cli/main.js", import.meta.url));
const counts = values.workers.split(",").map(Number);
const rounds = Number(values.rounds);
const args = ["simulate", values.game, "--players", values.players, "--games", values.games, "--seed", values.seed, "--json"];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

console.log(`rules ${args.join(" ")} --workers {${counts.join(",")}}: ${rounds} rounds, wall-clock seconds`);
const times = new Map(counts.map((n) => [n, []]));
let reference;
for (let round = 0; round < rounds; round++) {
  const order = counts.map((_, i) => counts[(i + round) % counts.length]);
  const line = [];
  for (const n of order) {
    const start = performance.now();
    const out = execFileSync(process.execPath, [main, ...args, "--workers", String(n)], { encoding: "utf8", maxBuffer: 1 << 26 });
    const seconds = (performance.now() - start) / 1000;
    reference ??= out;
    if (out !== reference) throw new Error(`--workers ${n} printed other figures than the first run`);
    times.get(n).push(seconds);
    line.push(`w${n} ${seconds.toFixed(2)}`);
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
}
console.log("every run printed the same JSON");
