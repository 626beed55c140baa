// `node bench/dist/freak-shop-seats.js`: what Freak Shop's starting Mansions are worth by seat,
// counted clockwise from the Shop Keeper, under A Tidy Mansion (the one objective that the
// categories of the starting cards decide: they are 1, 2, 3 and 4 + k, one run, none marked down).
// A seat whose starting run is worth more than another's starts ahead. See README.md.

import { parseArgs } from "node:util";
import { type BaseState } from "@rules/runtime";
import { games } from "@rules/generated";

const USAGE = `usage: node bench/dist/freak-shop-seats.js [--deals N] [--seed N] [--json]
  --deals  set-ups per player count (default 2000)
  --seed   the first set-up's seed; the others follow (default 1)
  --json   print one JSON object instead of a table`;

interface Row {
  readonly players: number;
  /** 1 is the Shop Keeper, 2 the player after him clockwise, and so on. */
  readonly position: number;
  readonly deals: number;
  /** The starting A Tidy Mansion score: its mean, and how often it is 3, 5 and 7. */
  readonly mean: number;
  readonly share: Record<string, number>;
}

function readSettings(argv: string[]): { deals: number; seed: number; json: boolean } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        deals: { type: "string", default: "2000" },
        seed: { type: "string", default: "1" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    const deals = Number(values.deals);
    const seed = Number(values.seed);
    if (!Number.isInteger(deals) || deals < 1) throw new Error(`--deals ${values.deals} is not valid`);
    if (!Number.isSafeInteger(seed)) throw new Error(`--seed ${values.seed} is not valid`);
    return { deals, seed, json: values.json };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}

function main(): void {
  const settings = readSettings(process.argv.slice(2));
  const game = games["freak-shop"]!;
  const tidy = game.meta.cards.find((c) => c.type === "Objective" && c.fields["goal"] === "tidy_mansion")!.id;
  const rows: Row[] = [];
  for (let players = 2; players <= 5; players++) {
    const scores: number[][] = Array.from({ length: players }, () => []);
    for (let d = 0; d < settings.deals; d++) {
      const state: BaseState = game.setup({ players, seed: settings.seed + d });
      const keeper = state.vars["shop_keeper"] as number;
      state.zones["objectives"] = [tidy];
      const bySeat = game.scores(state);
      for (let position = 0; position < players; position++) scores[position]!.push(bySeat[(keeper + position) % players]![0]!);
    }
    scores.forEach((list, position) => {
      const share: Record<string, number> = {};
      for (const points of list) share[points] = (share[points] ?? 0) + 1 / list.length;
      rows.push({ players, position: position + 1, deals: list.length, mean: list.reduce((a, b) => a + b, 0) / list.length, share });
    });
  }
  if (settings.json) {
    console.log(JSON.stringify({ game: "freak-shop", objective: "tidy_mansion", seed: settings.seed, rows }));
    return;
  }
  console.log(`Freak Shop: the starting Mansion under A Tidy Mansion, by seat from the Shop Keeper (1); ${settings.deals} set-ups per player count`);
  console.log(`players  seat   mean      3      5      7   other`);
  const percent = (x: number | undefined) => `${((x ?? 0) * 100).toFixed(1)}%`.padStart(7);
  for (const row of rows) {
    const other = Object.entries(row.share).filter(([points]) => !["3", "5", "7"].includes(points)).reduce((sum, [, share]) => sum + share, 0);
    console.log(
      `${String(row.players).padStart(7)}${String(row.position).padStart(6)}${row.mean.toFixed(2).padStart(7)}${percent(row.share["3"])}${percent(row.share["5"])}${percent(row.share["7"])}${percent(other)}`,
    );
  }
  for (let players = 2; players <= 5; players++) {
    const means = rows.filter((r) => r.players === players).map((r) => r.mean);
    console.log(`${players} players: best seat − worst seat = ${(Math.max(...means) - Math.min(...means)).toFixed(2)} points`);
  }
}

main();
