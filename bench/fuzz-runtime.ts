// `npm run fuzz`: hostile moves and saves against every compiled game, through the public API
// (hostile.ts says what is thrown and what counts as a failure). Prints the figures for the
// closing note of issue 11, and exits non-zero if any untyped error or accepted tampered save.

import { parseArgs } from "node:util";
import { games } from "@rules/generated";
import { Rng, isOver } from "@rules/runtime/internal";
import { emptyMoveCounts, emptySaveCounts, fuzzMoves, fuzzSaves, playerCounts, randomMatch } from "./hostile.js";

const USAGE = `usage: node bench/dist/fuzz-runtime.js [--matches N] [--seed N]
  --matches  matches per game and player count (default 3), each fuzzed at several points
  --seed     first seed (default 1)`;

const { values } = parseArgs({ options: { matches: { type: "string", default: "3" }, seed: { type: "string", default: "1" }, help: { type: "boolean" } } });
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const matches = Number(values.matches);
const firstSeed = Number(values.seed);
if (!Number.isInteger(matches) || matches < 1 || !Number.isSafeInteger(firstSeed)) {
  console.error(USAGE);
  process.exit(2);
}

const moves = emptyMoveCounts();
const saves = emptySaveCounts();
const started = Date.now();
for (const game of Object.values(games)) {
  for (const players of playerCounts(game)) {
    for (let i = 0; i < matches; i++) {
      const seed = firstSeed + i;
      const rng = new Rng(seed * 7919 + players);
      // The start, a few points in the middle, and the end, or 10,000 moves in for a game whose
      // random play runs longer (Keys to Knowledge's can pass 100,000 moves: a save that long is
      // refused by the default save limits, as it should be, and no longer tests the fuzzing).
      for (const depth of [0, 1 + rng.int(10), 10 + rng.int(60), 10_000]) {
        const match = randomMatch(game, players, seed, depth);
        fuzzMoves(match, rng, moves);
        fuzzSaves(match, rng, saves);
        if (isOver(match)) break;
      }
    }
  }
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`games: ${Object.keys(games).join(", ")}; ${matches} match(es) per player count; ${seconds} s`);
console.log(
  `${moves.moves} hostile moves, ${moves.untyped} untyped errors; ${moves.refused} refused with a typed reason ` +
    `(${moves.badReasons} too long or echoing the input), ${moves.accepted} accepted (${moves.inconsistent} not replaying)`,
);
console.log(
  `${saves.saves} hostile saves, ${saves.tamperedAccepted} tampered accepted; ${saves.refused} refused with a MatchError ` +
    `(${saves.badMessages} too long or echoing), ${saves.acceptedHonest} accepted as the match their options and log make, ${saves.untyped} untyped errors`,
);
for (const example of [...moves.examples, ...saves.examples]) console.log(`  ${example}`);
const failed = moves.untyped + moves.badReasons + moves.inconsistent + saves.tamperedAccepted + saves.untyped + saves.badMessages;
process.exit(failed === 0 ? 0 : 1);
