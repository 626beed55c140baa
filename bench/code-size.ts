// `npm run bench:code-size`: how much optimized machine code V8 makes of the kernel and of the
// speed-written reference while each plays, function by function. Where the kernel runs no more
// instructions than its reference and still takes longer (Keys to Knowledge), valgrind's model of
// this machine's caches (`bench:instructions --misses`) finds it missing the 32 KB instruction cache
// several times as often: this says how large the code it runs through is. A size is not time
// either; bench/README.md, "Machine code".

import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { CASE_OPTIONS, numberOption, parsedOptions, refusal, type Refusal } from "./arguments.js";
import { selectCases, type BenchCase, type EngineKind } from "./engines.js";
import { THIS_CHECKOUT } from "./measure.js";
import { optimizedCodeSizes, totalSize } from "./optimized-code.js";

const USAGE = `usage: node bench/dist/code-size.js [--seconds S] [--top N] [--only GAME[:PLAYERS],...] [--json]
  the kernel (generated) against the speed-written reference, in this checkout
  --seconds   CPU seconds each engine plays before its code is weighed (default 2)
  --top       also the N largest functions of each (default 10; 0: none)
  --only      the cases to run, e.g. foreclosed,for-sale:4 (default: all)
  --json      print one JSON object instead of the table`;

const fail: Refusal = refusal(USAGE);

interface Settings {
  readonly seconds: number;
  readonly top: number;
  readonly only: readonly string[] | null;
  readonly json: boolean;
}

const OPTIONS = {
  seconds: { type: "string", default: "2" },
  top: { type: "string", default: "10" },
  ...CASE_OPTIONS,
} as const;

function readSettings(argv: string[]): Settings {
  const values = parsedOptions(argv, OPTIONS, USAGE, fail);
  const number = (name: string, text: string, valid: (x: number) => boolean): number => numberOption(fail, name, text, valid);
  return {
    seconds: number("seconds", values.seconds, (x) => x > 0 && Number.isFinite(x)),
    top: number("top", values.top, (x) => Number.isInteger(x) && x >= 0),
    only: values.only === undefined ? null : values.only.split(",").map((s) => s.trim()),
    json: values.json,
  };
}

/** The engine's optimized code after it has played for `seconds` of CPU time, in a process of its
 *  own, `--single-threaded` as under bench:instructions (V8 compiles on the main thread). */
function weigh(kind: EngineKind, c: BenchCase, seconds: number): Map<string, number> | string {
  const script = [join(THIS_CHECKOUT, "bench", "dist", "count-process.js"), kind, c.game, String(c.players), `for:${seconds}`, "1", (c.variants ?? []).join(",")];
  const run = spawnSync(process.execPath, ["--single-threaded", "--print-opt-code", ...script], { cwd: THIS_CHECKOUT, encoding: "utf8", maxBuffer: 1 << 28 });
  if (run.status !== 0) throw new Error(`node ${script.join(" ")} failed:\n${run.stderr.slice(-2000)}`);
  // count-process's own line, among V8's: its last that is a JSON object.
  const line = run.stdout.split("\n").filter((l) => l.startsWith("{\"")).pop();
  if (line === undefined) throw new Error(`node ${script.join(" ")} printed no result`);
  const last = JSON.parse(line) as { games: number } | { missing: string };
  return "missing" in last ? last.missing : optimizedCodeSizes(run.stdout);
}

const whole = (x: number): string => Math.round(x).toLocaleString("en-US");

/** The `n` largest functions, largest first. */
function largest(sizes: ReadonlyMap<string, number>, n: number): [string, number][] {
  return [...sizes].sort((a, b) => b[1] - a[1]).slice(0, n);
}

function main(): void {
  const settings = readSettings(process.argv.slice(2));
  const cases = selectCases(settings.only);
  if (cases.length === 0) fail(`--only ${settings.only?.join(",")} matches no case`);
  if (!settings.json) {
    console.log(
      `optimized machine code (V8's --print-opt-code) after ${settings.seconds} s of play, in bytes: every function's last version, ` +
        `the engine's and those of the runtime and of node it ran; ratio = kernel ÷ reference`,
    );
    console.log(`${"game".padEnd(25)}${"players".padStart(8)}${"reference".padStart(12)}${"kernel".padStart(12)}${"ratio".padStart(8)}`);
  }
  const report = [];
  for (const c of cases) {
    const reference = weigh("reference", c, settings.seconds);
    const kernel = weigh("generated", c, settings.seconds);
    if (typeof reference === "string" || typeof kernel === "string") {
      if (!settings.json) console.log(`${c.title.padEnd(25)}${String(c.players).padStart(8)}  (${typeof reference === "string" ? reference : kernel})`);
      continue;
    }
    const [r, k] = [totalSize(reference), totalSize(kernel)];
    report.push({ game: c.game, players: c.players, variants: c.variants ?? [], reference: r, kernel: k, ratio: k / r, largest: { reference: largest(reference, settings.top), kernel: largest(kernel, settings.top) } });
    if (settings.json) continue;
    console.log(`${c.title.padEnd(25)}${String(c.players).padStart(8)}${whole(r).padStart(12)}${whole(k).padStart(12)}${(k / r).toFixed(2).padStart(8)}`);
    for (const [label, sizes] of [["reference", reference], ["kernel", kernel]] as const) {
      if (settings.top === 0) continue;
      console.log(`  ${label}: the largest functions (${sizes.size} optimized)`);
      for (const [name, size] of largest(sizes, settings.top)) console.log(`${whole(size).padStart(10)}  ${name}`);
    }
  }
  if (settings.json) console.log(JSON.stringify({ seconds: settings.seconds, cases: report }, null, 2));
}

main();
