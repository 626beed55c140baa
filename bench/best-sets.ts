// `node bench/dist/best-sets.js`: how long Freak Shop takes to score a big Mansion under its three
// objectives that search for the best disjoint sets (best_sets): A Tidy Mansion (runs of three),
// Seeing double (pairs) and Three is better than two (three of a kind). Scores go through the
// compiled game (`scores`), as at the end of a match. See README.md for the output.

import { parseArgs } from "node:util";
import { Rng, type BaseState, type CardId } from "@rules/runtime";
import { games } from "@rules/generated";

const USAGE = `usage: node bench/dist/best-sets.js [--sizes 20,30,45,60,65] [--hands N] [--seed N] [--json]
  --sizes  Mansion sizes in cards, 1 to 65 (default 20,30,45,60,65)
  --hands  random Mansions per size (default 10; a 65-card Mansion is the whole deck every time)
  --seed   seed of the random Mansions (default 1)
  --json   print one JSON object instead of a table`;

const OBJECTIVES = ["tidy_mansion", "seeing_double", "three_is_better_than_two"] as const;

interface Settings {
  readonly sizes: number[];
  readonly hands: number;
  readonly seed: number;
  readonly json: boolean;
}

interface Row {
  readonly cards: number;
  readonly objective: string;
  readonly hands: number;
  /** Milliseconds of one scoring, wall clock: the median and the slowest over the hands. */
  readonly medianMs: number;
  readonly maxMs: number;
  /** The median CPU time of this process for one scoring, in milliseconds: less disturbed than the
   *  wall clock when other programs share the machine. */
  readonly medianCpuMs: number;
  /** The points scored, averaged over the hands (a sanity check: more cards, more points). */
  readonly meanPoints: number;
}

function readSettings(argv: string[]): Settings {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        sizes: { type: "string", default: "20,30,45,60,65" },
        hands: { type: "string", default: "10" },
        seed: { type: "string", default: "1" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    const sizes = values.sizes.split(",").map(Number);
    if (sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 65)) throw new Error(`--sizes ${values.sizes} is not valid`);
    const hands = Number(values.hands);
    if (!Number.isInteger(hands) || hands < 1) throw new Error(`--hands ${values.hands} is not valid`);
    const seed = Number(values.seed);
    if (!Number.isSafeInteger(seed)) throw new Error(`--seed ${values.seed} is not valid`);
    return { sizes, hands, seed, json: values.json };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function main(): void {
  const settings = readSettings(process.argv.slice(2));
  const game = games["freak-shop"]!;
  const cards = game.meta.cards;
  const merchandise = cards.filter((c) => c.type === "Merchandise" && c.fields["closed"] !== true).map((c) => c.id);
  const objectiveId = (goal: string): CardId => cards.find((c) => c.type === "Objective" && c.fields["goal"] === goal)!.id;
  // A 2-player position whose Mansions are replaced: seat 0 holds the hand, seat 1 nothing.
  const state: BaseState = game.setup({ players: 2, seed: settings.seed });
  const rng = new Rng(settings.seed);
  const rows: Row[] = [];
  for (const size of settings.sizes) {
    const hands = Array.from({ length: settings.hands }, () => {
      const deck = [...merchandise];
      rng.shuffle(deck);
      return deck.slice(0, size);
    });
    for (const goal of OBJECTIVES) {
      const times: number[] = [];
      const cpuTimes: number[] = [];
      let points = 0;
      for (const hand of hands) {
        state.zones["mansion"] = [hand, []];
        state.zones["objectives"] = [objectiveId(goal)];
        const cpu = process.cpuUsage();
        const start = performance.now();
        points += game.scores(state)[0]![0]!;
        times.push(performance.now() - start);
        const used = process.cpuUsage(cpu);
        cpuTimes.push((used.user + used.system) / 1000);
      }
      rows.push({
        cards: size,
        objective: goal,
        hands: hands.length,
        medianMs: median(times),
        maxMs: Math.max(...times),
        medianCpuMs: median(cpuTimes),
        meanPoints: points / hands.length,
      });
    }
  }
  if (settings.json) {
    console.log(JSON.stringify({ game: "freak-shop", seed: settings.seed, rows }));
    return;
  }
  console.log(`Freak Shop, one Mansion scored under one objective: ${settings.hands} random Mansions per size (seed ${settings.seed})`);
  console.log(`${"cards".padStart(5)}  ${"objective".padEnd(26)}${"median ms".padStart(10)}${"max ms".padStart(10)}${"cpu ms".padStart(8)}${"points".padStart(8)}`);
  for (const row of rows) {
    const ms = (x: number, width: number) => x.toFixed(1).padStart(width);
    console.log(`${String(row.cards).padStart(5)}  ${row.objective.padEnd(26)}${ms(row.medianMs, 10)}${ms(row.maxMs, 10)}${ms(row.medianCpuMs, 8)}${ms(row.meanPoints, 8)}`);
  }
}

main();
