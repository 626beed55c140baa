// A CommonJS app: TypeScript compiles these imports to require(), which loads the ES modules of the
// packages (Node 20.19 and later). It prints the same result as play.mts.
import { applyMove, botMove, createMatch, isOver, resultOf, whoMayAct } from "@rules/runtime";
import { game } from "@rules/generated/for-sale";

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
  const outcome = applyMove(match, seat, botMove(match, seat, random));
  if (!outcome.ok) throw new Error(`a legal move was refused: ${outcome.error.reason}`);
  match = outcome.match;
  moves++;
}
console.log(JSON.stringify({ moves, result: resultOf(match) }));
