// `npm run bench`: random playouts per second of each compiled game against a reference written by
// hand for speed. Every measurement runs in a child process of its own, the engines alternating
// round by round (which goes first changes every round) so that drift in the machine's speed falls
// on both; the figures are medians over the rounds. See README.md for the output.

import { CASE_OPTIONS, ROUNDS, SECONDS, SEED, WARM_UP_OPTION, WARM_UP_USAGE, caseSettings, numberReader, parsedOptions, refusal, warmUpSetting, type Refusal } from "./arguments.js";
import { CHECKED_PLAYOUTS, hasKernel, hasReference, selectCases, warmUpOf, type BenchCase, type EngineKind } from "./engines.js";
import type { ProcessMeasure } from "./engine-process.js";
import { THIS_CHECKOUT, measureIn, median } from "./measure.js";
import { whole } from "./tally.js";

const USAGE = `usage: node bench/dist/run.js [--seconds S] [--warm-up S] [--rounds N] [--seed N] [--only GAME[:PLAYERS],...] [--json]
  --seconds   time each engine runs in each round, after its warm-up (default 1)
${WARM_UP_USAGE}
  --rounds    rounds, each engine measured once per round in a fresh process (default 3)
  --seed      seed of the playouts' seeds; round r uses seed + r (default 1)
  --only      the cases to run, e.g. for-sale:4,freak-shop (default: all)
  --json      print one JSON object instead of the table`;

interface Settings {
  readonly seconds: number;
  /** Seconds of CPU time each process plays before it is measured; null: the default. */
  readonly warmUp: number | null;
  readonly rounds: number;
  readonly seed: number;
  readonly only: readonly string[] | null;
  readonly json: boolean;
}

interface EngineReport {
  /** Median over the rounds. */
  readonly playoutsPerSec: number;
  readonly roundPlayoutsPerSec: number[];
  readonly playouts: number;
  readonly meanDecisions: number;
  /** Decisions in the first CHECKED_PLAYOUTS playouts of each round (the same seeds in every engine). */
  readonly checkedDecisions: number[];
}

interface CaseReport {
  readonly game: string;
  readonly players: number;
  readonly variants: readonly string[];
  readonly reference: EngineReport | null;
  readonly generated: EngineReport | null;
  /** The compiled state machine under `playRandomGame`, when `generated` is the game's playout kernel. */
  readonly stateMachine: EngineReport | null;
  /** generated ÷ reference, the median of the rounds' own ratios. */
  readonly ratio: number | null;
  /** Whether the engines took the same decisions in each round's first CHECKED_PLAYOUTS games. */
  readonly sameGames: boolean | null;
  readonly missing: string[];
}

const fail: Refusal = refusal(USAGE);

const OPTIONS = {
  seconds: { type: "string", default: "1" },
  ...WARM_UP_OPTION,
  rounds: { type: "string", default: "3" },
  seed: { type: "string", default: "1" },
  ...CASE_OPTIONS,
} as const;

function readSettings(argv: string[]): Settings {
  const values = parsedOptions(argv, OPTIONS, USAGE, fail);
  const number = numberReader(fail);
  return {
    seconds: number("seconds", values.seconds, SECONDS),
    warmUp: warmUpSetting(values["warm-up"], fail),
    rounds: number("rounds", values.rounds, ROUNDS),
    seed: number("seed", values.seed, SEED),
    ...caseSettings(values),
  };
}

/** One measurement in a fresh Node process. */
function measure(kind: EngineKind, c: BenchCase, settings: Settings, round: number): ProcessMeasure | string {
  return measureIn(THIS_CHECKOUT, kind, c, settings.seconds, settings.seed + round, settings.warmUp);
}

function report(measures: readonly ProcessMeasure[]): EngineReport | null {
  if (measures.length === 0) return null;
  const rates = measures.map((m) => m.playouts / m.seconds);
  const playouts = measures.reduce((sum, m) => sum + m.playouts, 0);
  const decisions = measures.reduce((sum, m) => sum + m.decisions, 0);
  return {
    playoutsPerSec: median(rates),
    roundPlayoutsPerSec: rates,
    playouts,
    meanDecisions: decisions / playouts,
    checkedDecisions: measures.map((m) => m.checkedDecisions),
  };
}

async function runCase(c: BenchCase, settings: Settings): Promise<CaseReport> {
  const kinds: EngineKind[] = [
    ...(hasReference(c.game) ? (["reference"] as const) : []),
    "generated",
    ...((await hasKernel(c.game)) ? (["state-machine"] as const) : []),
  ];
  const measures = new Map<EngineKind, ProcessMeasure[]>(kinds.map((k) => [k, []]));
  const missing = new Set<string>();
  const ratios: number[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    const order = round % 2 === 0 ? kinds : [...kinds].reverse();
    const rate = new Map<EngineKind, number>();
    for (const kind of order) {
      const m = measure(kind, c, settings, round);
      if (typeof m === "string") {
        missing.add(m);
        continue;
      }
      measures.get(kind)!.push(m);
      rate.set(kind, m.playouts / m.seconds);
    }
    if (rate.has("reference") && rate.has("generated")) ratios.push(rate.get("generated")! / rate.get("reference")!);
  }
  const reference = measures.has("reference") ? report(measures.get("reference")!) : null;
  const generated = report(measures.get("generated")!);
  const stateMachine = measures.has("state-machine") ? report(measures.get("state-machine")!) : null;
  const measured = [reference, generated, stateMachine].filter((r): r is EngineReport => r !== null);
  return {
    game: c.game,
    players: c.players,
    variants: [...(c.variants ?? [])],
    reference,
    generated,
    stateMachine,
    ratio: ratios.length > 0 ? median(ratios) : null,
    sameGames: measured.length > 1 ? measured.every((r) => r.checkedDecisions.join() === measured[0]!.checkedDecisions.join()) : null,
    missing: [...missing],
  };
}

const rate = (r: EngineReport | null): string => (r ? whole(r.playoutsPerSec) : "-");

async function main(): Promise<void> {
  const settings = readSettings(process.argv.slice(2));
  const cases = selectCases(settings.only);
  if (cases.length === 0) fail(`--only ${settings.only?.join(",")} matches no case`);
  if (!settings.json) {
    console.log(
      `${settings.rounds} rounds × ${settings.seconds} s per engine after ${warmUpOf(settings)} s of warm-up, each in its own process, rates per CPU second; medians over rounds`,
    );
    console.log(
      `${"game".padEnd(25)}${"players".padStart(8)}${"reference/s".padStart(13)}${"generated/s".padStart(13)}` +
        `${"gen/ref".padStart(9)}${"state machine/s".padStart(17)}${"decisions ref".padStart(15)}${"decisions gen".padStart(15)}`,
    );
  }
  const reports: CaseReport[] = [];
  for (const c of cases) {
    const r = await runCase(c, settings);
    reports.push(r);
    if (settings.json) continue;
    console.log(
      `${c.title.padEnd(25)}${String(c.players).padStart(8)}${rate(r.reference).padStart(13)}${rate(r.generated).padStart(13)}` +
        `${(r.ratio === null ? "-" : r.ratio.toFixed(2)).padStart(9)}` +
        `${rate(r.stateMachine).padStart(17)}` +
        `${(r.reference ? r.reference.meanDecisions.toFixed(2) : "-").padStart(15)}` +
        `${(r.generated ? r.generated.meanDecisions.toFixed(2) : "-").padStart(15)}` +
        (r.sameGames === false ? `  DISAGREE: the first ${CHECKED_PLAYOUTS} games of a round differ between engines` : ""),
    );
    for (const m of r.missing) console.log(`${"".padEnd(25)}(${m})`);
  }
  if (settings.json) {
    console.log(
      JSON.stringify(
        {
          rounds: settings.rounds,
          secondsPerRound: settings.seconds,
          warmUpSeconds: warmUpOf(settings),
          seed: settings.seed,
          cases: reports,
        },
        null,
        2,
      ),
    );
  }
}

await main();
