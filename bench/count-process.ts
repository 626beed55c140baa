// A fixed number of playouts in a process of its own, for counting the instructions they take
// (bench/instructions.ts runs it under valgrind): `node bench/dist/count-process.js KIND GAME PLAYERS
// GAMES SEED [VARIANTS]` plays GAMES games and prints one JSON line {games, decisions}. Two runs whose
// GAMES differ play the same first games (playout i's seeds are the i-th pair drawn from Rng(SEED)),
// so the difference of their counts is what the extra games cost, start-up and compiling cancelled.
// GAMES as `for:SECONDS` warms the engine up for that much CPU time (the process's own, so a busy
// machine does not shorten it), then prints how many games it plays in as much again: how
// instructions.ts sizes its runs.

import { Rng } from "@rules/runtime/internal";
import { loadEngine, playFor, type EngineKind } from "./engines.js";

const [kind, game, players, games, seed, variants] = process.argv.slice(2);
const playout = await loadEngine(kind as EngineKind, game!, Number(players), variants ? variants.split(",") : []);
if (typeof playout === "string") {
  console.log(JSON.stringify({ missing: playout }));
} else {
  const seeds = new Rng(Number(seed));
  let played = 0;
  let decisions = 0;
  if (games!.startsWith("for:")) {
    const seconds = Number(games!.slice(4));
    playFor(playout, seconds, seeds);
    ({ games: played, decisions } = playFor(playout, seconds, seeds));
  } else {
    for (; played < Number(games); played++) decisions += playout(seeds.int(2 ** 31), seeds.int(2 ** 31));
  }
  console.log(JSON.stringify({ games: played, decisions }));
}
