// `npm run bench:search`: how many ISMCTS iterations per CPU second the search bot runs in each game,
// from three mid-game positions per game (ten random moves in, then on to a seat with a choice: a
// forced move is not searched), 2 s of search each; prints the median and the three figures. Its
// rollouts play the game's state machine with the rules' playout preferences (Keys to Knowledge's).

import { games } from "@rules/generated";
import { Rng, chooseRandomMove, countMoves, type Game } from "@rules/runtime/internal";
import { searchMove } from "@rules/runtime/search";

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

for (const [id, players, variants] of CASES) {
  const game = games[id]!;
  const rates: number[] = [];
  for (let seed = 1; seed <= 3; seed++) {
    const rng = new Rng(seed);
    const { state, seat } = position(game, players, variants, seed, rng);
    const start = cpuSeconds();
    const { iterations } = searchMove(game, state, seat, rng, { timeMs: 2000 });
    rates.push(iterations / (cpuSeconds() - start));
  }
  const sorted = [...rates].sort((a, b) => a - b);
  const name = `${game.title}${variants.length ? ` (${variants.join(", ")})` : ""}, ${players} players`;
  console.log(`${name}: ${Math.round(sorted[1]!)} iterations per CPU second (median of 3 positions: ${rates.map((r) => Math.round(r)).join(", ")})`);
}
