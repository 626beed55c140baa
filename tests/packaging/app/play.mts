// An app as a user writes it, in ES module form: For Sale from its own entry point, played by the
// runtime's random bots to the end through the public API. It prints the result as JSON.
import { applyMove, botMove, createMatch, isOver, legalMoves, resultOf, viewFor, whoMayAct } from "@rules/runtime";
import { game, type View } from "@rules/generated/for-sale";

/** Seeded numbers in [0, 1) for the bots (mulberry32), so every run plays the same match. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let match = createMatch(game, { players: 4, seed: 11 });
const random = seededRandom(11);
let moves = 0;
while (!isOver(match)) {
  const seat = whoMayAct(match).players[0]!;
  if (legalMoves(match, seat).length === 0) throw new Error(`seat ${seat} may act but has no legal move`);
  const outcome = applyMove(match, seat, botMove(match, seat, random));
  if (!outcome.ok) throw new Error(`a legal move was refused: ${outcome.error.reason}`);
  match = outcome.match;
  moves++;
}
// Typed by the game: no cast.
const view: View = viewFor(match, 0);
console.log(JSON.stringify({ moves, result: resultOf(match), coinsSeenBySeat0: view.vars.coins }));
