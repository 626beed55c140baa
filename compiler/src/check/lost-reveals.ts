// A `reveal` whose effect ends before anyone could use it. A seat's knowledge of a card ends when the
// card moves or its zone is shuffled (docs/language.md, "Knowledge is a set of cards per player"), so a
// reveal followed by a move of that card, with no decision between, is lost at once: the rules file
// runs, says nothing, and the player never sees the card. The checker warns at the reveal.

import type * as A from "../syntax/ast.js";
import { innerBlocks, sameExpression } from "../syntax/walk.js";
import { blockHasDecision } from "./decisions.js";

export interface LostReveal {
  readonly range: A.SourceRange;
  readonly message: string;
}

/** Every reveal of the block (and the blocks in it) whose card moves before the next decision. */
export function lostReveals(block: A.Block): LostReveal[] {
  const found: LostReveal[] = [];
  visit(block, found);
  return found;
}

function visit(block: A.Block, found: LostReveal[]): void {
  block.statements.forEach((s, i) => {
    if (s.kind === "reveal") {
      const ending = endingBeforeDecision(block.statements.slice(i + 1), s.card);
      if (ending) found.push({ range: s.range, message: lostMessage(ending) });
    }
    for (const inner of innerBlocks(s)) visit(inner, found);
  });
}

/** The first statement that ends the knowledge of `card`, if it comes before any decision. */
function endingBeforeDecision(following: readonly A.Statement[], card: A.Expression): A.Statement | null {
  const zone = zoneOf(card);
  for (const s of following) {
    if (endsKnowledge(s, card, zone)) return s;
    const inner = innerBlocks(s);
    if (s.kind === "ask" || inner.some(blockHasDecision)) return null;
    for (const block of inner) {
      const ending = endingBeforeDecision(block.statements, card);
      if (ending) return ending;
    }
  }
  return null;
}

function endsKnowledge(s: A.Statement, card: A.Expression, zone: A.Expression | null): boolean {
  if (s.kind === "move") return sameExpression(s.card, card);
  if (zone === null) return false;
  if (s.kind === "shuffle") return sameExpression(s.zone, zone);
  if (s.kind === "move-all") return sameExpression(s.from, zone);
  return false;
}

/** `top(deck)`, `nth(face_down, 2)`: the zone a card is read from, when the expression says. */
function zoneOf(card: A.Expression): A.Expression | null {
  if (card.kind !== "call" || card.args.length === 0) return null;
  return ["top", "bottom", "last", "nth"].includes(card.callee.name) ? card.args[0]! : null;
}

function lostMessage(ending: A.Statement): string {
  const line = ending.range.start.line;
  const what = ending.kind === "move" ? "the card moves" : ending.kind === "shuffle" ? "its zone is shuffled" : "its zone is emptied";
  return (
    `this reveal is lost at once: ${what} at line ${line} before anyone is asked anything, and what a seat ` +
    "was shown ends when the card moves or its zone is shuffled; reveal it after the move"
  );
}
