// An app as a user writes it, in ES module form: For Sale from its own entry point, played by random
// bots to the end through the public API. It prints the result as JSON.
import { applyMove, chooseRandomMove, createMatch, isOver, legalMoves, resultOf, Rng, viewFor, whoMayAct } from "@rules/runtime";
import { game, type Move, type View } from "@rules/generated/for-sale";

let match = createMatch(game, { players: 4, seed: 11 });
const rng = new Rng(11);
let moves = 0;
while (!isOver(match)) {
  const seat = whoMayAct(match).players[0]!;
  if (legalMoves(match, seat).length === 0) throw new Error(`seat ${seat} may act but has no legal move`);
  const move = chooseRandomMove(match.game, match.state, seat, rng) as Move;
  const outcome = applyMove(match, seat, move);
  if (!outcome.ok) throw new Error(`a legal move was refused: ${outcome.error.reason}`);
  match = outcome.match;
  moves++;
}
const view = viewFor(match, 0) as View;
console.log(JSON.stringify({ moves, result: resultOf(match), coinsSeenBySeat0: view.vars.coins }));
