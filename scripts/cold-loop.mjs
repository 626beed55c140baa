// `node scripts/cold-loop.mjs [--game for-sale] [--players 4] [--runs 7] [--baseline <checkout>]`: how soon a saved change
// answers a fresh process (docs/tooling.md, "How soon a saved change answers"). A copy of the game's
// rules is put in a scratch folder (rules/<game>.rules there, so `rules simulate <game>` finds it by
// its id as a designer's project would) and, before each run, one character of it is changed (a
// comment at its end: a different letter each time, so every run compiles anew, as after a save); each
// run is a new `node cli/dist/commands/main.js simulate <game> --games 1`, the first load of a new
// process. For comparison it also times `rules check` on the same file, and a run whose compiled game
// is in the cache already (nothing changed). Prints the median, the spread and the CPU time (user +
// system, from /usr/bin/time) of each, and the load average. Then the warm path of the watching commands
// (`rules play --watch` …): in this process, the game loaded from its changed rules again and again
// (loadGameFromSources, as a watch does on each save; the first load, which loads the compiler, is left
// out). With --baseline (another checkout of the
// repository, built), each run is made with both builds in turn, so that both meet the same load.
// Needs a build (`npx tsc -b`).
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    game: { type: "string", default: "for-sale" },
    players: { type: "string", default: "4" },
    runs: { type: "string", default: "7" },
    json: { type: "boolean", default: false },
    baseline: { type: "string" },
  },
});
const root = fileURLToPath(new URL("..", import.meta.url));
const builds = [{ name: "this build", root }, ...(values.baseline ? [{ name: "baseline", root: values.baseline }] : [])];
for (const build of builds) {
  build.cli = join(build.root, "cli/dist/commands/main.js");
  if (!existsSync(build.cli)) throw new Error(`no build in ${build.root}: run \`npx tsc -b\` there first`);
  // A checkout whose node_modules is a link to another's loads that other's compiler: both rows would time one build.
  const compiler = realpathSync(join(build.root, "node_modules/@rules/compiler"));
  if (!compiler.startsWith(join(realpathSync(build.root), "/"))) throw new Error(`${build.root} loads the compiler of ${compiler}: give it node_modules of its own`);
}
const runs = Number(values.runs);
const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
if (!(runs >= 1 && runs < LETTERS.length)) throw new Error(`--runs must be from 1 to ${LETTERS.length - 1}`);

const scratch = mkdtempSync(join(tmpdir(), "rules-cold-loop-"));
const project = join(scratch, "project");
mkdirSync(join(project, "rules"), { recursive: true });
const rulesFile = join(project, "rules", `${values.game}.rules`);
copyFileSync(join(root, "rules", `${values.game}.rules`), rulesFile);
const original = readFileSync(rulesFile, "utf8");
// The cache of compiled games, empty at first and the scratch folder's own.
const env = { ...process.env, RULES_CACHE_DIR: join(scratch, "cache") };
const hasTime = existsSync("/usr/bin/time");

/** One run of the CLI in a new process: wall-clock seconds, and CPU seconds when /usr/bin/time is there. */
function timed(cli, args) {
  const command = hasTime ? "/usr/bin/time" : process.execPath;
  const argv = hasTime ? ["-f", "%U %S", process.execPath, cli, ...args] : [cli, ...args];
  const start = performance.now();
  const result = spawnSync(command, argv, { cwd: project, env, encoding: "utf8" });
  const wall = (performance.now() - start) / 1000;
  if (result.status !== 0) throw new Error(`rules ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
  const cpu = hasTime ? result.stderr.trim().split("\n").at(-1).split(" ").map(Number).reduce((a, b) => a + b, 0) : NaN;
  return { wall, cpu };
}

/** A save: the file as the designer left it, with the comment at its end one letter different from the last save's. */
function save(run) {
  writeFileSync(rulesFile, `${original}// save ${LETTERS[run]}\n`);
}

const simulate = ["simulate", values.game, "--games", "1", "--players", values.players];
const WHAT = ["simulate after a save", "simulate, nothing changed (cached)", "check after a save"];
const rows = builds.map(() => Object.fromEntries(WHAT.map((what) => [what, []])));
const loadBefore = loadavg()[0];
try {
  // Not counted: the first run of all warms the file system's cache for Node and the packages.
  save(0);
  for (const build of builds) timed(build.cli, simulate);
  for (let run = 1; run <= runs; run++) {
    save(run);
    builds.forEach((build, b) => {
      rows[b][WHAT[0]].push(timed(build.cli, simulate));
      rows[b][WHAT[1]].push(timed(build.cli, simulate));
      rows[b][WHAT[2]].push(timed(build.cli, ["check", `rules/${values.game}.rules`]));
    });
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// The warm path: one process, a save before each load.
for (const [b, build] of builds.entries()) {
  const { loadGameFromSources } = await import(pathToFileURL(join(build.root, "compiler/dist/loading/index.js")).href);
  const cacheDir = mkdtempSync(join(tmpdir(), "rules-cold-loop-warm-"));
  const load = async (run) => {
    const text = `${original}// save ${LETTERS[run]}\n`;
    const cpu = process.cpuUsage();
    const start = performance.now();
    const outcome = await loadGameFromSources(values.game, [{ path: `rules/${values.game}.rules`, text }], { cacheDir });
    if (!outcome.ok || outcome.cached) throw new Error("the warm load did not compile the changed rules");
    const used = process.cpuUsage(cpu);
    return { wall: (performance.now() - start) / 1000, cpu: (used.user + used.system) / 1e6 };
  };
  try {
    await load(0);
    rows[b]["a save reaching a watching command"] = [];
    for (let run = 1; run <= runs; run++) rows[b]["a save reaching a watching command"].push(await load(run));
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const report = builds.flatMap((build, b) => Object.entries(rows[b]).map(([what, samples]) => ({
  build: build.name,
  what,
  wallMedian: median(samples.map((s) => s.wall)),
  wallMin: Math.min(...samples.map((s) => s.wall)),
  wallMax: Math.max(...samples.map((s) => s.wall)),
  cpuMedian: median(samples.map((s) => s.cpu)),
})));
const load = { before: loadBefore, after: loadavg()[0] };
if (values.json) console.log(JSON.stringify({ game: values.game, runs, load, report }, null, 2));
else {
  console.log(`${values.game}, ${runs} runs each; load average ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after (${execFileSync("nproc").toString().trim()} cores)`);
  for (const r of report) {
    console.log(`${builds.length > 1 ? `${r.build.padEnd(11)} ` : ""}${r.what.padEnd(36)} median ${r.wallMedian.toFixed(3)} s (${r.wallMin.toFixed(3)}–${r.wallMax.toFixed(3)}), CPU ${r.cpuMedian.toFixed(3)} s`);
  }
}
