// `npm run bench:warm-up`: how each engine's rate grows from a cold start, the kernel beside its
// speed-written reference. npm run bench measures each engine after a warm-up (by default twice the
// measured time, at most 2 s); an engine whose optimized code is still being made, or thrown away and
// made again when a rare path first runs, is measured before it has settled. This command plays each engine from its first game
// for --seconds of CPU time in a process of its own, the engines alternating round by round, and
// prints the rate in each slice of --slice seconds (medians over the rounds), the rate each settles
// at, and from when it stays within 5% of it (NEAR, below); with --deopts, how often V8 threw each engine's
// optimized code away (a function optimized before a path of it had run, when that path first runs).

import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { CASE_OPTIONS, ROUNDS, SECONDS, SEED, caseSettings, numberReader, parsedOptions, refusal, type Refusal } from "./arguments.js";
import { hasReference, selectCases, type BenchCase, type EngineKind } from "./engines.js";
import { deoptimizations } from "./deopt-trace.js";
import { THIS_CHECKOUT, childResult, median } from "./measure.js";
import { medianCurve, settledRate, staysFrom } from "./settling.js";
import { largest, sumOf, whole } from "./tally.js";
import type { Slice } from "./warm-up-process.js";

const USAGE = `usage: node bench/dist/warm-up.js [--seconds S] [--slice S] [--rounds N] [--seed N] [--deopts] [--only GAME[:PLAYERS],...] [--json]
  --seconds  CPU time each engine plays from its first game, in each round (default 8)
  --slice    the rate is reported per slice of this many seconds (default 0.5)
  --rounds   rounds, each engine played once per round in a fresh process (default 3)
  --deopts   count the times V8 threw a function's optimized code away (node --trace-deopt)
  --seed     seed of the playouts' seeds; round r uses seed + r (default 1)
  --only     the cases to run, e.g. keys-to-knowledge (default: all)
  --json     print one JSON object instead of the tables`;

/** How near its settled rate an engine must stay to count as settled, and that margin as printed. */
const NEAR = 0.95;
const NEAR_TEXT = `within ${Math.round((1 - NEAR) * 100)}%`;

interface Settings {
  readonly seconds: number;
  readonly slice: number;
  readonly rounds: number;
  readonly seed: number;
  readonly deopts: boolean;
  readonly only: readonly string[] | null;
  readonly json: boolean;
}

/** One process's run: its slices, and with --deopts the deoptimizations by function. */
interface ColdRun {
  readonly slices: Slice[];
  readonly deopts: Map<string, number> | null;
}

interface EngineCurve {
  readonly engine: EngineKind;
  /** Per slice: where it ended (CPU seconds since the first game) and its rate, medians over the rounds. */
  readonly curve: { at: number; rate: number }[];
  readonly settled: number;
  /** CPU seconds from the first game to the start of the first slice from which the rate stays
   *  within NEAR of the settled rate; null if the curve never does. */
  readonly nearFrom: number | null;
  /** With --deopts: the median over the processes of their deoptimizations, and the functions
   *  deoptimized most often, with their counts over all the processes. */
  readonly deopts: { readonly perProcess: number; readonly byFunction: [string, number][] } | null;
}

interface CaseCurves {
  readonly game: string;
  readonly players: number;
  readonly variants: readonly string[];
  readonly engines: EngineCurve[];
  readonly missing: string[];
}

const fail: Refusal = refusal(USAGE);

const OPTIONS = {
  seconds: { type: "string", default: "8" },
  slice: { type: "string", default: "0.5" },
  rounds: { type: "string", default: "3" },
  seed: { type: "string", default: "1" },
  deopts: { type: "boolean", default: false },
  ...CASE_OPTIONS,
} as const;

function readSettings(argv: string[]): Settings {
  const values = parsedOptions(argv, OPTIONS, USAGE, fail);
  const number = numberReader(fail);
  const seconds = number("seconds", values.seconds, SECONDS);
  return {
    seconds,
    slice: number("slice", values.slice, (x) => x > 0 && x <= seconds),
    rounds: number("rounds", values.rounds, ROUNDS),
    seed: number("seed", values.seed, SEED),
    deopts: values.deopts,
    ...caseSettings(values),
  };
}

/** One engine from a cold start in a fresh process: its run, or why it is missing. */
function playFromCold(kind: EngineKind, c: BenchCase, settings: Settings, seed: number): ColdRun | string {
  const script = [join(THIS_CHECKOUT, "bench", "dist", "warm-up-process.js"), kind, c.game, String(c.players), String(settings.seconds), String(settings.slice), String(seed), (c.variants ?? []).join(",")];
  const out = execFileSync(process.execPath, [...(settings.deopts ? ["--trace-deopt"] : []), ...script], { cwd: THIS_CHECKOUT, encoding: "utf8", maxBuffer: 1 << 26 });
  const result = childResult<{ slices: Slice[] } | { missing: string }>(out, `node ${script.join(" ")}`);
  if ("missing" in result) return result.missing;
  return { slices: result.slices, deopts: settings.deopts ? deoptimizations(out) : null };
}

/** The deoptimizations of an engine's runs: per process (the median) and the functions most often
 *  deoptimized over all of them. */
function deoptsOf(runs: readonly ColdRun[]): EngineCurve["deopts"] {
  if (runs.some((r) => r.deopts === null)) return null;
  const total = new Map<string, number>();
  for (const r of runs) for (const [name, n] of r.deopts!) total.set(name, (total.get(name) ?? 0) + n);
  return { perProcess: median(runs.map((r) => sumOf(r.deopts!))), byFunction: largest(total, 5) };
}

function curvesOf(c: BenchCase, settings: Settings): CaseCurves {
  const kinds: EngineKind[] = [...(hasReference(c.game) ? (["reference"] as const) : []), "generated"];
  const runs = new Map<EngineKind, ColdRun[]>(kinds.map((k) => [k, []]));
  const missing = new Set<string>();
  for (let round = 0; round < settings.rounds; round++) {
    for (const kind of round % 2 === 0 ? kinds : [...kinds].reverse()) {
      const run = playFromCold(kind, c, settings, settings.seed + round);
      if (typeof run === "string") missing.add(run);
      else runs.get(kind)!.push(run);
    }
  }
  const engines = kinds
    .filter((kind) => runs.get(kind)!.length > 0)
    .map((engine): EngineCurve => {
      const curve = medianCurve(runs.get(engine)!.map((r) => r.slices));
      const rates = curve.map((s) => s.rate);
      const settled = settledRate(rates);
      const from = staysFrom(rates, settled, NEAR);
      return { engine, curve, settled, nearFrom: from === null ? null : from === 0 ? 0 : curve[from - 1]!.at, deopts: deoptsOf(runs.get(engine)!) };
    });
  return { game: c.game, players: c.players, variants: [...(c.variants ?? [])], engines, missing: [...missing] };
}

const NAMES: Record<EngineKind, string> = { reference: "reference", generated: "kernel", "state-machine": "state machine" };

function printCurves(c: BenchCase, r: CaseCurves, settings: Settings): void {
  console.log(`\n${c.title}, ${c.players} players: playouts per CPU second from a cold start, by slice of ${settings.slice} s; ${settings.rounds === 1 ? "one process" : `medians of ${settings.rounds} processes`} per engine`);
  for (const m of r.missing) console.log(`  (${m})`);
  if (r.engines.length === 0) return;
  const [first, second] = r.engines;
  const ratioOf = (a: number | undefined, b: number | undefined): string => (a === undefined || b === undefined ? "" : (b / a).toFixed(2).padStart(11));
  console.log(`${"CPU s".padStart(8)}${r.engines.map((e) => NAMES[e.engine].padStart(12)).join("")}${second ? "kernel/ref".padStart(11) : ""}`);
  const length = Math.max(...r.engines.map((e) => e.curve.length));
  for (let i = 0; i < length; i++) {
    const at = r.engines.map((e) => e.curve[i]?.at).find((x) => x !== undefined)!;
    const rates = r.engines.map((e) => e.curve[i]?.rate);
    console.log(`${at.toFixed(2).padStart(8)}${rates.map((x) => (x === undefined ? "-" : whole(x)).padStart(12)).join("")}${second ? ratioOf(rates[0], rates[1]) : ""}`);
  }
  console.log(`${"settled".padStart(8)}${r.engines.map((e) => whole(e.settled).padStart(12)).join("")}${second ? ratioOf(first!.settled, second.settled) : ""}   (the median of the last quarter of the slices)`);
  const near = r.engines.map((e) => `${NAMES[e.engine]} ${e.nearFrom === null ? "never" : `from ${e.nearFrom.toFixed(1)} s`}`);
  console.log(`  ${NEAR_TEXT} of its settled rate: ${near.join(", ")}`);
  for (const e of r.engines) {
    if (e.deopts === null) continue;
    const most = e.deopts.byFunction.map(([name, n]) => `${name} ${n}`).join(", ");
    console.log(`  ${NAMES[e.engine]}: ${e.deopts.perProcess} deoptimizations a process${most ? ` (most often, over all: ${most})` : ""}`);
  }
}

function main(): void {
  const settings = readSettings(process.argv.slice(2));
  const cases = selectCases(settings.only);
  if (cases.length === 0) fail(`--only ${settings.only?.join(",")} matches no case`);
  const reports: CaseCurves[] = [];
  for (const c of cases) {
    const r = curvesOf(c, settings);
    reports.push(r);
    if (!settings.json) printCurves(c, r, settings);
  }
  if (settings.json) console.log(JSON.stringify({ rounds: settings.rounds, seconds: settings.seconds, slice: settings.slice, seed: settings.seed, cases: reports }, null, 2));
}

main();
