// `npm run bench:compare -- --baseline DIR`: one engine of this checkout against the same engine of
// another built checkout (the commit before a change, say), each measurement a fresh process of its
// own checkout, the two alternating round by round (which goes first changes every round), so that
// the machine's drift falls on both. What a change to the kernel writer or the runtime is worth is the
// paired ratio: the median of the rounds' own ratios, and in how many rounds this checkout was ahead.

import { BASELINE_OPTIONS, CASE_OPTIONS, ROUNDS, SECONDS, SEED, WARM_UP_OPTION, WARM_UP_USAGE, caseSettings, numberReader, parsedOptions, refusal, warmUpSetting, type Refusal } from "./arguments.js";
import { CHECKED_PLAYOUTS, selectCases, warmUpOf, type BenchCase, type EngineKind } from "./engines.js";
import type { ProcessMeasure } from "./engine-process.js";
import { THIS_CHECKOUT, engineKind, measureIn, median, notOwnBuild } from "./measure.js";
import { whole } from "./tally.js";

const USAGE = `usage: node bench/dist/compare.js --baseline DIR [--engine KIND] [--rounds N] [--seconds S] [--warm-up S] [--seed N] [--only GAME[:PLAYERS],...] [--json]
  --baseline  another built checkout, with node_modules of its own (npm ci and npx tsc -b there)
  --engine    generated (the playout kernel, default), reference or state-machine
  --rounds    rounds, each checkout measured once per round in a fresh process (default 12)
  --seconds   time each measurement runs, after its warm-up (default 2)
${WARM_UP_USAGE}
  --seed      seed of the playouts' seeds; round r uses seed + r (default 1)
  --only      the cases to run, e.g. foreclosed,keys-to-knowledge (default: all)
  --json      print one JSON object instead of the table`;

interface Settings {
  readonly baseline: string;
  readonly engine: EngineKind;
  readonly rounds: number;
  readonly seconds: number;
  /** Seconds of CPU time each process plays before it is measured; null: the default. */
  readonly warmUp: number | null;
  readonly seed: number;
  readonly only: readonly string[] | null;
  readonly json: boolean;
}

interface Comparison {
  readonly game: string;
  readonly players: number;
  readonly variants: readonly string[];
  /** Playouts per CPU second in each round, and their medians. */
  readonly baseline: number[];
  readonly current: number[];
  readonly baselineMedian: number | null;
  readonly currentMedian: number | null;
  /** This checkout ÷ the baseline: the median of the rounds' ratios, and the rounds where it is above 1. */
  readonly pairedRatio: number | null;
  readonly ahead: number;
  /** Whether both played the same decisions in each round's first CHECKED_PLAYOUTS games. */
  readonly sameGames: boolean;
  readonly missing: string[];
}

const fail: Refusal = refusal(USAGE);

const OPTIONS = {
  ...BASELINE_OPTIONS,
  rounds: { type: "string", default: "12" },
  seconds: { type: "string", default: "2" },
  ...WARM_UP_OPTION,
  seed: { type: "string", default: "1" },
  ...CASE_OPTIONS,
} as const;

function readSettings(argv: string[]): Settings {
  const values = parsedOptions(argv, OPTIONS, USAGE, fail);
  if (values.baseline === undefined) fail("--baseline DIR is required");
  const unusable = notOwnBuild(values.baseline);
  if (unusable !== null) fail(unusable);
  const engine = engineKind(values.engine, fail);
  const number = numberReader(fail);
  return {
    baseline: values.baseline,
    engine,
    rounds: number("rounds", values.rounds, ROUNDS),
    seconds: number("seconds", values.seconds, SECONDS),
    warmUp: warmUpSetting(values["warm-up"], fail),
    seed: number("seed", values.seed, SEED),
    ...caseSettings(values),
  };
}

function compareCase(c: BenchCase, settings: Settings): Comparison {
  const checkouts = [settings.baseline, THIS_CHECKOUT];
  const rates: number[][] = [[], []];
  const checked: number[][] = [[], []];
  const ratios: number[] = [];
  const missing = new Set<string>();
  for (let round = 0; round < settings.rounds; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    const measured: (ProcessMeasure | null)[] = [null, null];
    for (const i of order) {
      const m = measureIn(checkouts[i]!, settings.engine, c, settings.seconds, settings.seed + round, settings.warmUp);
      if (typeof m === "string") missing.add(`${i === 0 ? "baseline" : "this checkout"}: ${m}`);
      else measured[i] = m;
    }
    const [before, after] = measured;
    if (before === null || after === null) continue;
    const [beforeRate, afterRate] = [before.playouts / before.seconds, after.playouts / after.seconds];
    rates[0]!.push(beforeRate);
    rates[1]!.push(afterRate);
    checked[0]!.push(before.checkedDecisions);
    checked[1]!.push(after.checkedDecisions);
    ratios.push(afterRate / beforeRate);
  }
  return {
    game: c.game,
    players: c.players,
    variants: [...(c.variants ?? [])],
    baseline: rates[0]!,
    current: rates[1]!,
    baselineMedian: rates[0]!.length > 0 ? median(rates[0]!) : null,
    currentMedian: rates[1]!.length > 0 ? median(rates[1]!) : null,
    pairedRatio: ratios.length > 0 ? median(ratios) : null,
    ahead: ratios.filter((r) => r > 1).length,
    sameGames: checked[0]!.join() === checked[1]!.join(),
    missing: [...missing],
  };
}

const rate = (x: number | null): string => (x === null ? "-" : whole(x));

function main(): void {
  const settings = readSettings(process.argv.slice(2));
  const cases = selectCases(settings.only);
  if (cases.length === 0) fail(`--only ${settings.only?.join(",")} matches no case`);
  if (!settings.json) {
    console.log(
      `${settings.engine}: this checkout against ${settings.baseline}, ${settings.rounds} rounds × ${settings.seconds} s ` +
        `after ${warmUpOf(settings)} s of warm-up, ` +
        "each in a fresh process of its checkout, in turn; playouts per CPU second, medians over the rounds",
    );
    console.log(`${"game".padEnd(25)}${"players".padStart(8)}${"baseline/s".padStart(12)}${"this/s".padStart(12)}${"paired ratio".padStart(14)}${"ahead".padStart(10)}`);
  }
  const comparisons: Comparison[] = [];
  for (const c of cases) {
    const r = compareCase(c, settings);
    comparisons.push(r);
    if (settings.json) continue;
    console.log(
      `${c.title.padEnd(25)}${String(c.players).padStart(8)}${rate(r.baselineMedian).padStart(12)}${rate(r.currentMedian).padStart(12)}` +
        `${(r.pairedRatio === null ? "-" : r.pairedRatio.toFixed(3)).padStart(14)}${`${r.ahead} of ${r.current.length}`.padStart(10)}` +
        (r.sameGames ? "" : `  DIFFERENT GAMES: the first ${CHECKED_PLAYOUTS} games of a round differ between the checkouts`),
    );
    for (const m of r.missing) console.log(`${"".padEnd(25)}(${m})`);
  }
  if (settings.json) {
    console.log(JSON.stringify({ baseline: settings.baseline, engine: settings.engine, rounds: settings.rounds, secondsPerRound: settings.seconds, warmUpSeconds: warmUpOf(settings), seed: settings.seed, cases: comparisons }, null, 2));
  }
}

main();
