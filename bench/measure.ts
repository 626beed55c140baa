// One engine measured in a fresh Node process of a built checkout (`bench/dist/engine-process.js`,
// run from that checkout so that its own packages load), and the median both benchmarks report.

import { execFileSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { basename, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { Refusal } from "./arguments.js";
import type { BenchCase, EngineKind } from "./engines.js";
import type { ProcessMeasure } from "./engine-process.js";

/** What a bench child process printed as its result: its last line that is a JSON object (V8's
 *  own output, under --print-opt-code or --trace-deopt, may come before it on the same stream). */
export function childResult<T>(stdout: string, command: string): T {
  const line = stdout.split("\n").filter((l) => l.startsWith("{\"")).pop();
  if (line === undefined) throw new Error(`${command} printed no result`);
  return JSON.parse(line) as T;
}

/** The checkout these benchmarks run from (bench/dist/measure.js, or bench/measure.ts under Vitest). */
const here = fileURLToPath(new URL(".", import.meta.url));
export const THIS_CHECKOUT = realpathSync(join(here, basename(here) === "dist" ? "../.." : ".."));

/** One measurement in a fresh Node process of `checkout`, after `warmUp` seconds of CPU time
 *  (default: engines.ts's defaultWarmUp): its counts, or why the engine is missing. */
export function measureIn(checkout: string, kind: EngineKind, c: BenchCase, seconds: number, seed: number, warmUp: number | null = null): ProcessMeasure | string {
  const args = [
    join(checkout, "bench", "dist", "engine-process.js"),
    kind,
    c.game,
    String(c.players),
    String(seconds),
    String(seed),
    (c.variants ?? []).join(","),
    ...(warmUp === null ? [] : [String(warmUp)]),
  ];
  const out = execFileSync(process.execPath, args, { cwd: checkout, encoding: "utf8" });
  const result = childResult<ProcessMeasure | { missing: string }>(out, `node ${args.join(" ")}`);
  if ("missing" in result) return result.missing;
  // A checkout built before --warm-up ignores it: its measure would not be the one asked for.
  if (warmUp !== null && result.warmUpSeconds === undefined) return `${checkout} was built before --warm-up (its engine-process.js warms up as it always did): measure without --warm-up, or build a later commit there`;
  return result;
}

export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Why `checkout` cannot be measured as itself, or null: it must be built, and the packages its engines
 * load (`@rules/runtime`, `@rules/generated`) must be its own. A copy whose node_modules is a link to
 * another checkout's loads that checkout's compiled games, and would measure it against itself.
 */
export function notOwnBuild(checkout: string): string | null {
  let root: string;
  try {
    root = realpathSync(checkout);
  } catch {
    return `${checkout} is not a folder here`;
  }
  try {
    realpathSync(join(root, "bench", "dist", "engine-process.js"));
  } catch {
    return `${checkout} has no bench/dist/engine-process.js: build it first (npx tsc -b)`;
  }
  for (const name of ["runtime", "generated"]) {
    let target: string;
    try {
      target = realpathSync(join(root, "node_modules", "@rules", name));
    } catch {
      return `${checkout} has no node_modules/@rules/${name}: run npm ci there`;
    }
    if (!target.startsWith(root + sep)) {
      return `${checkout} loads @rules/${name} from ${target}: give it node_modules of its own (its node_modules/@rules links copied, not the folder linked)`;
    }
  }
  return null;
}

/** One side of a comparison: an engine of a built checkout, and what the report calls it. */
export interface Subject {
  readonly label: string;
  readonly checkout: string;
  readonly engine: EngineKind;
}

/** Without a baseline, this checkout's kernel against its speed-written reference; with one, the
 *  baseline's engine `engine` against this checkout's. */
export function subjects(baseline: string | null, engine: EngineKind): [Subject, Subject] {
  if (baseline === null) {
    return [
      { label: "reference", checkout: THIS_CHECKOUT, engine: "reference" },
      { label: "kernel", checkout: THIS_CHECKOUT, engine: "generated" },
    ];
  }
  return [
    { label: "baseline", checkout: baseline, engine },
    { label: "this", checkout: THIS_CHECKOUT, engine },
  ];
}

/** Why a baseline cannot play a fixed number of games in a process of its own (count-process.js, which
 *  bench:instructions and bench:code-size run there), or null. */
export function notCountable(baseline: string): string | null {
  const unusable = notOwnBuild(baseline);
  if (unusable !== null) return unusable;
  if (!existsSync(join(baseline, "bench", "dist", "count-process.js"))) {
    return `${baseline} has no bench/dist/count-process.js: it predates bench:instructions (copy bench/count-process.ts there and build it)`;
  }
  return null;
}

/** The engines a comparison may name (`--engine`). */
export const ENGINE_KINDS: readonly EngineKind[] = ["generated", "reference", "state-machine"];

/** `--engine`'s text as one of ENGINE_KINDS; refused otherwise. */
export function engineKind(text: string, refuse: Refusal): EngineKind {
  if (!ENGINE_KINDS.includes(text as EngineKind)) refuse(`--engine ${text} is not one of ${ENGINE_KINDS.join(", ")}`);
  return text as EngineKind;
}

/** `--baseline` and `--engine` as bench:instructions and bench:code-size take them: the baseline able to
 *  run count-process.js, the engine one of ENGINE_KINDS; refused otherwise. */
export function baselineOptions(values: { readonly baseline?: string; readonly engine: string }, refuse: Refusal): { baseline: string | null; engine: EngineKind } {
  if (values.baseline !== undefined) {
    const unusable = notCountable(values.baseline);
    if (unusable !== null) refuse(unusable);
  }
  const engine = engineKind(values.engine, refuse);
  return { baseline: values.baseline ?? null, engine };
}
