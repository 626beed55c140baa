// A CommonJS app: TypeScript compiles these imports to require(), which loads the ES modules of the
// packages (Node 20.19 and later). It prints the same result as play.mts.
import { applyMove, chooseRandomMove, createMatch, isOver, resultOf, Rng, whoMayAct } from "@rules/runtime";
import { game, type Move } from "@rules/generated/for-sale";

let match = createMatch(game, { players: 4, seed: 11 });
const rng = new Rng(11);
let moves = 0;
while (!isOver(match)) {
  const seat = whoMayAct(match).players[0]!;
  const outcome = applyMove(match, seat, chooseRandomMove(match.game, match.state, seat, rng) as Move);
  if (!outcome.ok) throw new Error(`a legal move was refused: ${outcome.error.reason}`);
  match = outcome.match;
  moves++;
}
console.log(JSON.stringify({ moves, result: resultOf(match) }));
