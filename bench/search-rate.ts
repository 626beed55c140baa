// `npm run bench:search`: how many ISMCTS iterations per CPU second the search bot runs in each game,
// from three mid-game positions per game (ten random moves in, then on to a seat with a choice: a
// forced move is not searched), 2 s of search each (or `--iterations N` each; `--game ID` for one
// game); prints the median and the three figures, with rollouts on the game's playout kernel (as the
// search bot plays) and on its state machine (`kernel: false`, as before the kernels resumed),
// position by position in one run so that both meet the same load, after a warm-up search of 1 s
// each. Rollouts follow the rules' playout preferences (Keys to Knowledge's).

import { parseArgs } from "node:util";
import { games } from "@rules/generated";
import { Rng, chooseRandomMove, countMoves, type Game } from "@rules/runtime/internal";
import { searchMove } from "@rules/runtime/search";
import { median } from "./measure.js";

const CASES: readonly (readonly [string, number, readonly string[]])[] = [
  ["for-sale", 4, []],
  ["lady-richmond", 4, []],
  ["freak-shop", 4, []],
  ["foreclosed", 4, []],
  ["keys-to-knowledge", 4, ["short"]],
];

const cpuSeconds = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** A position `seed` leads to: ten random moves in, then on until the seat to move has a choice. */
function position(game: Game, players: number, variants: readonly string[], seed: number, rng: Rng) {
  const state = game.setup({ players, seed, variants: [...variants] });
  game.advance(state);
  const mover = () => game.activity(state).players[0]!;
  const step = () => game.apply(state, mover(), chooseRandomMove(game, state, mover(), rng));
  for (let i = 0; i < 10 && game.activity(state).kind !== "over"; i++) step();
  while (countMoves(game.legalMoves(state, mover())) < 2) step();
  return { state, seat: mover() };
}

/** `--iterations N`: each search runs N iterations instead of 2 s. Steadier for comparing two builds:
 *  a search with a time budget grows a larger tree when it is faster, and a deeper tree costs more per
 *  iteration. `--game ID`: that game only. */
function readSettings(): { iterations: number | undefined; game: string | undefined } {
  try {
    const { values } = parseArgs({ options: { iterations: { type: "string" }, game: { type: "string" } } });
    const iterations = values.iterations === undefined ? undefined : Number(values.iterations);
    if (iterations !== undefined && !(Number.isInteger(iterations) && iterations > 0)) throw new Error(`--iterations takes a whole number above 0, not '${values.iterations}'`);
    if (values.game !== undefined && !CASES.some(([id]) => id === values.game)) throw new Error(`--game takes one of ${CASES.map(([id]) => id).join(", ")}, not '${values.game}'`);
    return { iterations, game: values.game };
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}
const settings = readSettings();
const budget = settings.iterations === undefined ? { timeMs: 2000 } : { iterations: settings.iterations };

for (const [id, players, variants] of CASES) {
  if (settings.game !== undefined && id !== settings.game) continue;
  const game = games[id]!;
  const rates = { kernel: [] as number[], machine: [] as number[] };
  // Warm-up, not counted: a large kernel runs slowly until V8 has optimized it (a bot process
  // searches many positions), and the search's own code warms up too.
  {
    const { state, seat } = position(game, players, variants, 99, new Rng(99));
    for (const kernel of [true, false]) searchMove(game, state, seat, new Rng(99), { timeMs: 1000, kernel });
  }
  for (let seed = 1; seed <= 3; seed++) {
    const rng = new Rng(seed);
    const { state, seat } = position(game, players, variants, seed, rng);
    for (const kernel of [true, false]) {
      const start = cpuSeconds();
      const { iterations } = searchMove(game, state, seat, new Rng(seed * 7919), { ...budget, kernel });
      rates[kernel ? "kernel" : "machine"].push(iterations / (cpuSeconds() - start));
    }
  }
  const name = `${game.title}${variants.length ? ` (${variants.join(", ")})` : ""}, ${players} players`;
  const [k, m] = [median(rates.kernel), median(rates.machine)];
  const figures = (r: readonly number[]) => r.map((x) => Math.round(x)).join(", ");
  console.log(
    `${name}: ${Math.round(k)} iterations per CPU second with rollouts on the kernel (${figures(rates.kernel)}), ` +
      `${Math.round(m)} on the state machine (${figures(rates.machine)}): ${(k / m).toFixed(2)}x`,
  );
}
