// `npm run bench`: random playouts per second of the generated For Sale engine against the
// hand-written one, measured in one process, the two alternating round by round so that drift in
// the machine's speed (other work, CPU frequency) falls on both alike. See README.md for the output.

import { parseArgs } from "node:util";
import { Rng, playRandomGame, type Game } from "@rules/runtime/internal";
import { newGame, playRandomly } from "./hand-written/for-sale.js";

const USAGE = `usage: node bench/dist/run.js [--seconds S] [--rounds N] [--players P] [--seed N] [--json]
  --seconds  time each engine runs in each round (default 2)
  --rounds   rounds, each engine measured once per round (default 5)
  --players  For Sale player count, 3 to 6 (default 4)
  --seed     first seed; round r plays the seed sequence drawn from seed + r (default 1)
  --json     print one JSON object instead of a table`;

interface Settings {
  readonly seconds: number;
  readonly rounds: number;
  readonly players: number;
  readonly seed: number;
  readonly json: boolean;
}

/** One engine as the harness sees it: plays a whole game, returns the decisions taken. */
interface Engine {
  readonly name: string;
  playout(seed: number, policy: Rng): number;
}

interface Measure {
  readonly playouts: number;
  readonly decisions: number;
  readonly seconds: number;
}

interface EngineReport {
  /** Median over the rounds. */
  readonly playoutsPerSec: number;
  readonly roundPlayoutsPerSec: number[];
  readonly playouts: number;
  readonly meanDecisions: number;
}

/** The settings from the command line; a bad flag prints the usage and exits with status 2. */
function readSettings(argv: string[]): Settings {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        seconds: { type: "string", default: "2" },
        rounds: { type: "string", default: "5" },
        players: { type: "string", default: "4" },
        seed: { type: "string", default: "1" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    const number = (name: string, text: string, valid: (x: number) => boolean): number => {
      const x = Number(text);
      if (text.trim() === "" || !valid(x)) throw new Error(`--${name} ${text} is not valid`);
      return x;
    };
    return {
      seconds: number("seconds", values.seconds, (x) => x > 0 && Number.isFinite(x)),
      rounds: number("rounds", values.rounds, (x) => Number.isInteger(x) && x >= 1),
      players: number("players", values.players, (x) => Number.isInteger(x) && x >= 3 && x <= 6),
      seed: number("seed", values.seed, (x) => Number.isSafeInteger(x)),
      json: values.json,
    };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

/**
 * The compiled For Sale, or why it cannot be had. Imported by a computed name so that the
 * harness builds and runs, on the hand-written engine alone, before the compiler has emitted it.
 */
async function loadGenerated(): Promise<Game | string> {
  const specifier = "@rules/generated";
  try {
    const module = (await import(specifier)) as { games?: Record<string, Game> };
    return module.games?.["for-sale"] ?? `${specifier} has no game "for-sale" in its \`games\``;
  } catch (error) {
    return `${specifier} could not be loaded (${error instanceof Error ? error.message.split("\n")[0] : String(error)})`;
  }
}

/** Plays games back to back for `seconds`. Each game's seed and policy come from `seed`, so
 *  both engines are dealt the same sequence of seeds in a round. */
function measure(engine: Engine, seconds: number, seed: number): Measure {
  const games = new Rng(seed);
  let playouts = 0;
  let decisions = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  let now = start;
  while (now < deadline) {
    decisions += engine.playout(games.int(2 ** 31), games.fork());
    playouts++;
    now = performance.now();
  }
  return { playouts, decisions, seconds: (now - start) / 1000 };
}

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function report(measures: readonly Measure[]): EngineReport {
  const rates = measures.map((m) => m.playouts / m.seconds);
  const playouts = measures.reduce((sum, m) => sum + m.playouts, 0);
  const decisions = measures.reduce((sum, m) => sum + m.decisions, 0);
  return { playoutsPerSec: median(rates), roundPlayoutsPerSec: rates, playouts, meanDecisions: decisions / playouts };
}

async function main(): Promise<void> {
  const settings = readSettings(process.argv.slice(2));
  const { players } = settings;
  const engines: Engine[] = [
    { name: "hand-written", playout: (seed, policy) => playRandomly(newGame(players, seed), policy) },
  ];
  const generated = await loadGenerated();
  const missing = typeof generated === "string" ? generated : null;
  if (typeof generated !== "string") {
    engines.push({
      name: "generated",
      playout: (seed, policy) => playRandomGame(generated, { players, seed }, policy).decisions,
    });
  } else if (!settings.json) {
    console.error(`The generated For Sale engine is missing: ${generated}.`);
    console.error(
      "Run `npm run compile` to emit generated/for-sale, then `npm run bench`. Measuring the hand-written engine alone.\n",
    );
  }

  // Warm-up, not counted: the JIT compiles both engines' hot paths before any round is timed.
  for (const engine of engines) measure(engine, Math.min(1, settings.seconds / 2), -1);

  const measures = new Map<string, Measure[]>(engines.map((e) => [e.name, []]));
  const ratios: number[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    // Alternate which engine goes first, so neither always runs on the warmer or cooler machine.
    const order = round % 2 === 0 ? engines : [...engines].reverse();
    const rate = new Map<string, number>();
    for (const engine of order) {
      const m = measure(engine, settings.seconds, settings.seed + round);
      measures.get(engine.name)!.push(m);
      rate.set(engine.name, m.playouts / m.seconds);
    }
    if (rate.has("generated")) ratios.push(rate.get("generated")! / rate.get("hand-written")!);
  }

  const handWritten = report(measures.get("hand-written")!);
  const compiled = measures.has("generated") ? report(measures.get("generated")!) : null;
  const ratio = ratios.length > 0 ? median(ratios) : null;
  const decisionGap = compiled ? compiled.meanDecisions / handWritten.meanDecisions - 1 : null;

  if (settings.json) {
    const result = {
      game: "for-sale",
      players,
      rounds: settings.rounds,
      secondsPerRound: settings.seconds,
      seed: settings.seed,
      handWritten,
      generated: compiled,
      ratio,
      decisionGap,
      missing,
    };
    console.log(JSON.stringify(result, null, 2));
    return;
  }

  console.log(
    `For Sale, ${players} players: ${settings.rounds} rounds × ${settings.seconds} s per engine, medians over rounds`,
  );
  console.log(
    `${"engine".padEnd(14)}${"playouts/s".padStart(14)}${"decisions/playout".padStart(20)}${"playouts".padStart(12)}`,
  );
  for (const [name, r] of [
    ["hand-written", handWritten],
    ["generated", compiled],
  ] as const) {
    if (r === null) continue;
    console.log(
      `${name.padEnd(14)}${Math.round(r.playoutsPerSec).toLocaleString("en-US").padStart(14)}` +
        `${r.meanDecisions.toFixed(2).padStart(20)}${r.playouts.toLocaleString("en-US").padStart(12)}`,
    );
  }
  if (ratio !== null && decisionGap !== null) {
    console.log(
      `generated / hand-written: ${ratio.toFixed(3)} (median of the rounds' ratios; hand-written is ${(1 / ratio).toFixed(1)}× as fast)`,
    );
    const agree = Math.abs(decisionGap) < 0.01 ? "agree" : "DISAGREE: the two engines may not play the same game";
    const gap = (decisionGap * 100).toFixed(2).replace(/^-(0\.00)$/, "$1");
    console.log(`decisions per playout differ by ${gap}%: ${agree}`);
  }
}

await main();
