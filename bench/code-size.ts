// `npm run bench:code-size`: how much optimized machine code V8 makes of the kernel and of the
// speed-written reference while each plays, function by function. Where the kernel runs no more
// instructions than its reference and still takes longer (Keys to Knowledge), valgrind's model of
// this machine's caches (`bench:instructions --misses`) finds it missing the 32 KB instruction cache
// several times as often: this says how large the code it runs through is. With `--baseline DIR`,
// a built checkout's engine against this one's: what a change to the kernel writer does to the
// code's size. A size is not time either; bench/README.md, "Machine code".

import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { BASELINE_OPTIONS, CASE_OPTIONS, COUNT, SECONDS, caseSettings, numberReader, parsedOptions, refusal, type Refusal } from "./arguments.js";
import { selectCases, type BenchCase, type EngineKind } from "./engines.js";
import { baselineOptions, childResult, subjects, type Subject } from "./measure.js";
import { optimizedCodeSizes } from "./optimized-code.js";
import { largest, sumOf, whole } from "./tally.js";

const USAGE = `usage: node bench/dist/code-size.js [--baseline DIR] [--engine KIND] [--seconds S] [--top N] [--only GAME[:PLAYERS],...] [--json]
  without --baseline: the kernel (generated) against the speed-written reference, in this checkout
  --baseline  another built checkout, with node_modules of its own: its engine against this one's
  --engine    with --baseline: generated (default), reference or state-machine
  --seconds   CPU seconds each engine plays before its code is weighed (default 2)
  --top       also the N largest functions of each (default 10; 0: none)
  --only      the cases to run, e.g. foreclosed,for-sale:4 (default: all)
  --json      print one JSON object instead of the table`;

const fail: Refusal = refusal(USAGE);

interface Settings {
  readonly baseline: string | null;
  readonly engine: EngineKind;
  readonly seconds: number;
  readonly top: number;
  readonly only: readonly string[] | null;
  readonly json: boolean;
}

const OPTIONS = {
  ...BASELINE_OPTIONS,
  seconds: { type: "string", default: "2" },
  top: { type: "string", default: "10" },
  ...CASE_OPTIONS,
} as const;

function readSettings(argv: string[]): Settings {
  const values = parsedOptions(argv, OPTIONS, USAGE, fail);
  const number = numberReader(fail);
  return {
    ...baselineOptions(values, fail),
    seconds: number("seconds", values.seconds, SECONDS),
    top: number("top", values.top, COUNT),
    ...caseSettings(values),
  };
}

/** The subject's optimized code after it has played for `seconds` of CPU time, in a process of its
 *  own checkout, `--single-threaded` as under bench:instructions (V8 compiles on the main thread). */
function weigh(s: Subject, c: BenchCase, seconds: number): Map<string, number> | string {
  const script = [join(s.checkout, "bench", "dist", "count-process.js"), s.engine, c.game, String(c.players), `for:${seconds}`, "1", (c.variants ?? []).join(",")];
  const run = spawnSync(process.execPath, ["--single-threaded", "--print-opt-code", ...script], { cwd: s.checkout, encoding: "utf8", maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`node ${script.join(" ")} failed:\n${run.stderr.slice(-2000)}`);
  const last = childResult<{ games: number } | { missing: string }>(run.stdout, `node ${script.join(" ")}`);
  return "missing" in last ? last.missing : optimizedCodeSizes(run.stdout);
}

function main(): void {
  const settings = readSettings(process.argv.slice(2));
  const cases = selectCases(settings.only);
  if (cases.length === 0) fail(`--only ${settings.only?.join(",")} matches no case`);
  const [first, second] = subjects(settings.baseline, settings.engine);
  if (!settings.json) {
    console.log(
      `optimized machine code (V8's --print-opt-code) after ${settings.seconds} s of play, in bytes: every function's last version, ` +
        `the engine's and those of the runtime and of node it ran; ratio = ${second.label} ÷ ${first.label}`,
    );
    console.log(`${"game".padEnd(25)}${"players".padStart(8)}${first.label.padStart(12)}${second.label.padStart(12)}${"ratio".padStart(8)}`);
  }
  const report = [];
  for (const c of cases) {
    const sides = [weigh(first, c, settings.seconds), weigh(second, c, settings.seconds)] as const;
    const missing = sides.find((side) => typeof side === "string");
    if (missing !== undefined) {
      if (!settings.json) console.log(`${c.title.padEnd(25)}${String(c.players).padStart(8)}  (${missing})`);
      continue;
    }
    const [a, b] = sides as readonly [Map<string, number>, Map<string, number>];
    const [sizeA, sizeB] = [sumOf(a), sumOf(b)];
    report.push({
      game: c.game,
      players: c.players,
      variants: c.variants ?? [],
      [first.label]: sizeA,
      [second.label]: sizeB,
      ratio: sizeB / sizeA,
      largest: { [first.label]: largest(a, settings.top), [second.label]: largest(b, settings.top) },
    });
    if (settings.json) continue;
    console.log(`${c.title.padEnd(25)}${String(c.players).padStart(8)}${whole(sizeA).padStart(12)}${whole(sizeB).padStart(12)}${(sizeB / sizeA).toFixed(2).padStart(8)}`);
    for (const [label, sizes] of [[first.label, a], [second.label, b]] as const) {
      if (settings.top === 0) continue;
      console.log(`  ${label}: the largest functions (${sizes.size} optimized)`);
      for (const [name, size] of largest(sizes, settings.top)) console.log(`${whole(size).padStart(10)}  ${name}`);
    }
  }
  if (settings.json) console.log(JSON.stringify({ seconds: settings.seconds, cases: report }, null, 2));
}

main();
