// A fixed number of playouts in a process of its own, for counting the instructions they take
// (bench/instructions.ts runs it under valgrind): `node bench/dist/count-process.js KIND GAME PLAYERS
// GAMES SEED [VARIANTS]` plays GAMES games and prints one JSON line {games, decisions}. Two runs whose
// GAMES differ play the same first games (playout i's seeds are the i-th pair drawn from Rng(SEED)),
// so the difference of their counts is what the extra games cost, start-up and compiling cancelled.
// GAMES as `for:SECONDS` plays for that long instead and prints how many it played (to size a run).

import { Rng } from "@rules/runtime/internal";
import { loadEngine, type EngineKind } from "./engines.js";

const [kind, game, players, games, seed, variants] = process.argv.slice(2);
const playout = await loadEngine(kind as EngineKind, game!, Number(players), variants ? variants.split(",") : []);
if (typeof playout === "string") {
  console.log(JSON.stringify({ missing: playout }));
} else {
  const seeds = new Rng(Number(seed));
  let played = 0;
  let decisions = 0;
  if (games!.startsWith("for:")) {
    const deadline = performance.now() + Number(games!.slice(4)) * 1000;
    while (performance.now() < deadline) {
      for (let i = 0; i < 16; i++, played++) decisions += playout(seeds.int(2 ** 31), seeds.int(2 ** 31));
    }
  } else {
    for (; played < Number(games); played++) decisions += playout(seeds.int(2 ** 31), seeds.int(2 ** 31));
  }
  console.log(JSON.stringify({ games: played, decisions }));
}
