// Lists of cards in the emitted code: which zone a list expression draws its cards from, when the
// rules make that plain (`select(c in hand[p] where ...)`, `first(hand[p], 2)`, one inside the other).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { zoneDeclaration } from "./code.js";

export function cardListZone(game: CheckedGame, e: A.Expression): A.ZoneDeclaration | undefined {
  const from = (source: A.Expression): A.ZoneDeclaration | undefined =>
    game.types.get(source)?.kind === "zone" ? zoneDeclaration(game, source) : cardListZone(game, source);
  if (e.kind === "aggregate" && e.callee.name === "select") return from(e.source);
  if (e.kind === "call" && e.callee.name === "first" && e.args.length === 2) return from(e.args[0]!);
  return undefined;
}
