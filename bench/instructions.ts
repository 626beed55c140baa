// `npm run bench:instructions`: machine instructions per playout, counted by valgrind, where `npm run
// bench` times them. A count does not swing with the machine's load: two runs of one build agree to
// about 0.2%, where paired timings on this shared host need a dozen rounds to see 2%. So a change to
// the kernel writer can be weighed at once, and `--by-function` says where the instructions go.
// Instructions are not time (a cache miss or a mispredicted branch costs many), so a speed claim is
// still measured by `npm run bench` / `bench:compare`; bench/README.md, "Counting instructions".

import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { BASELINE_OPTIONS, CASE_OPTIONS, COUNT, SECONDS, SEED, caseSettings, numberReader, parsedOptions, refusal, type Refusal } from "./arguments.js";
import { readJitDump, selfCosts, type Attribution, type Costs } from "./callgrind.js";
import { selectCases, type BenchCase, type EngineKind } from "./engines.js";
import { baselineOptions, childResult, subjects, type Subject } from "./measure.js";
import { largest, sumOf, whole } from "./tally.js";

const USAGE = `usage: node bench/dist/instructions.js [--baseline DIR] [--engine KIND] [--seconds S] [--seed N] [--by-function N] [--by-line N] [--misses N] [--only GAME[:PLAYERS],...] [--json]
  (needs valgrind: apt-get install valgrind)
  without --baseline: the kernel (generated) against the speed-written reference, in this checkout
  --baseline      another built checkout, with node_modules of its own: its engine against this one's
  --engine        with --baseline: generated (default), reference or state-machine
  --seconds       how long, at full speed, the counted games would take (default 0.6; valgrind runs
                  them tens of times slower)
  --seed          seed of the playouts' seeds (default 1)
  --by-function   also the N functions whose own instructions a game adds most (callgrind, slower)
  --by-line       also the N source lines whose own instructions a game adds most (callgrind)
  --misses        also the cache misses and mispredicted branches a game (callgrind's models of this
                  machine's caches and of a simple branch predictor), and the N functions that miss
                  most in the instruction cache
  --only          the cases to run, e.g. foreclosed,for-sale:4 (default: all)
  --json          print one JSON object instead of the table`;

interface Settings {
  readonly baseline: string | null;
  readonly engine: EngineKind;
  readonly seconds: number;
  readonly seed: number;
  readonly byFunction: number;
  readonly byLine: number;
  readonly misses: number;
  readonly only: readonly string[] | null;
  readonly json: boolean;
}

/** One engine of one checkout counted over `games` games played after as many untimed ones. */
interface Count {
  readonly label: string;
  readonly games: number;
  readonly instructionsPerGame: number;
  readonly decisionsPerGame: number;
  /** Own instructions per game of the functions and the source lines that take most, when asked for. */
  readonly functions: [string, number][];
  readonly lines: [string, number][];
  /** What the profile's functions add up to per game (null without a profile): about the count above,
   *  unless a run's profile missed its compiled code (then every figure of it is off). */
  readonly profiled: number | null;
  /** Simulated misses per game (with --misses): the models' events, and the functions that miss most
   *  in the instruction cache. */
  readonly misses: Misses | null;
}

interface Misses {
  /** The modelled caches, as callgrind describes them. */
  readonly caches: readonly string[];
  readonly instructionCache: number;
  readonly dataCache: number;
  readonly branches: number;
  readonly functions: [string, number][];
}

const fail: Refusal = refusal(USAGE);

const OPTIONS = {
  ...BASELINE_OPTIONS,
  seconds: { type: "string", default: "0.6" },
  seed: { type: "string", default: "1" },
  "by-function": { type: "string", default: "0" },
  "by-line": { type: "string", default: "0" },
  misses: { type: "string", default: "0" },
  ...CASE_OPTIONS,
} as const;

function readSettings(argv: string[]): Settings {
  const values = parsedOptions(argv, OPTIONS, USAGE, fail);
  const number = numberReader(fail);
  return {
    ...baselineOptions(values, fail),
    seconds: number("seconds", values.seconds, SECONDS),
    seed: number("seed", values.seed, SEED),
    byFunction: number("by-function", values["by-function"], COUNT),
    byLine: number("by-line", values["by-line"], COUNT),
    misses: number("misses", values.misses, COUNT),
    ...caseSettings(values),
  };
}

/** Runs count-process.js of `checkout` (natively, or under the valgrind arguments given). */
function countProcess(s: Subject, c: BenchCase, games: string, seed: number, valgrind: string[] = [], cwd = s.checkout) {
  const script = [join(s.checkout, "bench", "dist", "count-process.js"), s.engine, c.game, String(c.players), games, String(seed), (c.variants ?? []).join(",")];
  // --single-threaded: V8 compiles on the main thread, so two runs do the same work in the same order.
  const node = [process.execPath, ...(valgrind.length > 0 ? ["--single-threaded"] : []), ...(valgrind.includes("--tool=callgrind") ? ["--perf-prof"] : [])];
  const [command, ...args] = valgrind.length > 0 ? ["valgrind", ...valgrind, ...node, ...script] : [...node, ...script];
  const run = spawnSync(command!, args, { cwd, encoding: "utf8", maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${run.stderr.slice(-2000)}`);
  const last = childResult<{ games: number; decisions: number } | { missing: string }>(run.stdout, `${command} ${args.join(" ")}`);
  return { result: last, stderr: run.stderr };
}

/** Instructions of one run under cachegrind (no cache model: the count alone). --smc-check: V8 writes
 *  and rewrites machine code in memory, which valgrind must see. */
function cachegrindRun(s: Subject, c: BenchCase, games: number, seed: number): { instructions: number; decisions: number } {
  const { result, stderr } = countProcess(s, c, String(games), seed, ["--tool=cachegrind", "--cache-sim=no", "--smc-check=all-non-file", "--cachegrind-out-file=/dev/null"]);
  if ("missing" in result) throw new Error(result.missing);
  const m = /I\s+refs:\s+([\d,]+)/.exec(stderr);
  if (!m) throw new Error(`valgrind printed no instruction count:\n${stderr.slice(-1000)}`);
  return { instructions: Number(m[1]!.replace(/,/g, "")), decisions: result.decisions };
}

/** One run under callgrind, its costs by function and line; with `models`, under its cache and branch
 *  models too. V8 writes its record of JIT code (jit-PID.dump) into the folder it runs in: a scratch
 *  folder, removed after. */
function callgrindRun(s: Subject, c: BenchCase, games: number, seed: number, models: boolean): Costs {
  const folder = mkdtempSync(join(tmpdir(), "bench-instructions-"));
  try {
    const out = join(folder, "callgrind.out");
    const simulate = models ? ["--cache-sim=yes", "--branch-sim=yes"] : [];
    const valgrind = ["--tool=callgrind", "--dump-instr=yes", ...simulate, "--smc-check=all-non-file", `--callgrind-out-file=${out}`];
    const { result } = countProcess(s, c, String(games), seed, valgrind, folder);
    if ("missing" in result) throw new Error(result.missing);
    const text = readFileSync(out, "utf8");
    const pid = /^pid: (\d+)/m.exec(text)?.[1];
    return selfCosts(text, readJitDump(readFileSync(join(folder, `jit-${pid}.dump`))));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The largest per-game differences between two runs' attributions, `games` games apart. */
function topDifferences(before: Map<string, number>, after: Map<string, number>, games: number, n: number): [string, number][] {
  const names = [...new Set([...before.keys(), ...after.keys()])];
  return largest(names.map((name): [string, number] => [name, ((after.get(name) ?? 0) - (before.get(name) ?? 0)) / games]), n);
}

/** How many games the subject plays in `seconds` of CPU time at full speed, warmed up (at least 64).
 *  Those games are also the warm-up before the counted ones, under valgrind: fewer left Keys to
 *  Knowledge's kernel compiling into them (counted after 1,296 games: 968,694 instructions a game,
 *  against about 760,000 after 5,000 or more). */
function gamesFor(s: Subject, c: BenchCase, settings: Settings): number {
  const { result } = countProcess(s, c, `for:${settings.seconds}`, settings.seed);
  if ("missing" in result) throw new Error(result.missing);
  return Math.max(64, result.games);
}

function count(s: Subject, c: BenchCase, games: number, settings: Settings): Count {
  // The first run plays `games` games, the second twice as many: the same first games, so their
  // difference is the second half's cost alone, after the JIT has compiled what they run.
  const [a, b] = [cachegrindRun(s, c, games, settings.seed), cachegrindRun(s, c, 2 * games, settings.seed)];
  let functions: [string, number][] = [];
  let lines: [string, number][] = [];
  let profiled: number | null = null;
  let misses: Misses | null = null;
  if (settings.byFunction > 0 || settings.byLine > 0 || settings.misses > 0) {
    const models = settings.misses > 0;
    const [ca, cb] = [callgrindRun(s, c, games, settings.seed, models), callgrindRun(s, c, 2 * games, settings.seed, models)];
    const event = (name: string): [Attribution, Attribution] => [ca.events.get(name) ?? NONE, cb.events.get(name) ?? NONE];
    const perGame = (name: string): number => (sumOf(event(name)[1].byFunction) - sumOf(event(name)[0].byFunction)) / games;
    const [fa, fb] = event("Ir");
    functions = topDifferences(fa.byFunction, fb.byFunction, games, settings.byFunction);
    lines = topDifferences(fa.byLine, fb.byLine, games, settings.byLine);
    profiled = perGame("Ir");
    if (models) {
      const [ia, ib] = event("I1mr");
      misses = {
        caches: cb.caches,
        instructionCache: perGame("I1mr"),
        dataCache: perGame("D1mr") + perGame("D1mw"),
        branches: perGame("Bcm") + perGame("Bim"),
        functions: topDifferences(ia.byFunction, ib.byFunction, games, settings.misses),
      };
    }
  }
  return {
    label: s.label,
    games,
    instructionsPerGame: (b.instructions - a.instructions) / games,
    decisionsPerGame: (b.decisions - a.decisions) / games,
    functions,
    lines,
    profiled,
    misses,
  };
}

const NONE: Attribution = { byFunction: new Map(), byLine: new Map() };

const sources = new Map<string, string[]>();
/** `FILE:LINE` as `file.js:LINE  the line's text` (the text when the file is here to read). */
function showLine(site: string): string {
  const m = /^(.*):(\d+)$/.exec(site);
  if (!m) return site;
  const path = m[1]!.startsWith("file://") ? fileURLToPath(m[1]!) : m[1]!;
  if (!sources.has(path)) sources.set(path, existsSync(path) ? readFileSync(path, "utf8").split("\n") : []);
  const text = sources.get(path)![Number(m[2]) - 1]?.trim() ?? "";
  return `${`${basename(path)}:${m[2]}`.padEnd(25)} ${text.slice(0, 100)}`;
}

function main(): void {
  const settings = readSettings(process.argv.slice(2));
  const cases = selectCases(settings.only);
  if (cases.length === 0) fail(`--only ${settings.only?.join(",")} matches no case`);
  if (spawnSync("valgrind", ["--version"]).error) fail("valgrind is not installed here (apt-get install valgrind)");
  const [first, second] = subjects(settings.baseline, settings.engine);
  if (!settings.json) {
    console.log(
      `instructions per playout (valgrind), ${second.label} against ${first.label}: each count the difference of two runs, of the games played in ${settings.seconds} s ` +
        `at full speed and of twice as many; ratio = ${first.label} ÷ ${second.label} (above 1: ${second.label} runs fewer)`,
    );
    console.log(`${"game".padEnd(25)}${"players".padStart(8)}${first.label.padStart(12)}${second.label.padStart(12)}${"ratio".padStart(8)}${"games".padStart(8)}`);
  }
  const report = [];
  for (const c of cases) {
    // Both count the same games: as many as the slower plays in the time given.
    let games: number;
    let counts: readonly [Count, Count];
    try {
      games = Math.min(gamesFor(first, c, settings), gamesFor(second, c, settings));
      counts = [count(first, c, games, settings), count(second, c, games, settings)];
    } catch (error) {
      if (!settings.json) console.log(`${c.title.padEnd(25)}${String(c.players).padStart(8)}  (${error instanceof Error ? error.message : error})`);
      continue;
    }
    const ratio = counts[0].instructionsPerGame / counts[1].instructionsPerGame;
    const sameGames = counts[0].decisionsPerGame === counts[1].decisionsPerGame;
    report.push({ game: c.game, players: c.players, variants: c.variants ?? [], ratio, sameGames, counts });
    if (settings.json) continue;
    console.log(
      `${c.title.padEnd(25)}${String(c.players).padStart(8)}${whole(counts[0].instructionsPerGame).padStart(12)}${whole(counts[1].instructionsPerGame).padStart(12)}` +
        `${ratio.toFixed(3).padStart(8)}${String(games).padStart(8)}` +
        (sameGames ? "" : `  DIFFERENT GAMES: ${counts[0].decisionsPerGame} and ${counts[1].decisionsPerGame} decisions a game`),
    );
    for (const k of counts) {
      if (k.profiled !== null) {
        // Once, a profile came out twice too large (one run's compiled code not attributed): say so.
        const off = Math.abs(k.profiled / k.instructionsPerGame - 1) > 0.1;
        console.log(`  ${k.label}: the profile adds up to ${whole(k.profiled)} a game${off ? `, not the ${whole(k.instructionsPerGame)} counted: its figures are not to be trusted (run it again)` : ""}`);
      }
      if (k.functions.length > 0) console.log(`  ${k.label}: own instructions per game, by function`);
      for (const [name, n] of k.functions) console.log(`${whole(n).padStart(10)}  ${name}`);
      if (k.lines.length > 0) console.log(`  ${k.label}: own instructions per game, by line of the built JavaScript`);
      for (const [site, n] of k.lines) console.log(`${whole(n).padStart(10)}  ${showLine(site)}`);
      if (k.misses !== null) {
        const m = k.misses;
        console.log(
          `  ${k.label}: simulated misses a game: ${whole(m.instructionCache)} in the instruction cache, ${whole(m.dataCache)} in the data cache ` +
            `(${m.caches.filter((d) => /^(I1|D1) /.test(d)).join("; ")}), ${whole(m.branches)} mispredicted branches`,
        );
        if (m.functions.length > 0) console.log(`  ${k.label}: instruction-cache misses per game, by function`);
        for (const [name, n] of m.functions) console.log(`${whole(n).padStart(10)}  ${name}`);
      }
    }
  }
  if (settings.json) console.log(JSON.stringify({ seconds: settings.seconds, seed: settings.seed, cases: report }, null, 2));
}

main();
