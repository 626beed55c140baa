// The playout kernel's partitioned moves: `for c in Z [where …] { move c to Y }`, the loop's only
// statement a move of its own card out of the zone it walks. The state machine snapshots the kept
// cards, then takes each from Z by a search and a shift; the kernel takes them all in one stable pass
// over Z (the kept cards list is a subsequence of Z, in Z's order), then puts each, in the list's order,
// into Y, with the same running-count markers per card. A setup that sorts one board's spaces out of
// a box of two (Keys to Knowledge) moved each with a search and a shift of the rest.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { zoneDeclaration } from "./code.js";

/** The move of the loop's own card, when the loop is one the kernel writes as a partition: its
 *  source a zone not per player (one segment, read once), the move's origin that zone, and its
 *  destination another zone not per player and with no limit (no fault can come between two moves). */
export function partitionedMove(game: CheckedGame, s: A.ForStatement, originOf: (card: A.Expression) => A.Expression | null): A.MoveStatement | null {
  if (s.orderBy || s.body.statements.length !== 1) return null;
  const move = s.body.statements[0]!;
  if (move.kind !== "move" || move.card.kind !== "name") return null;
  const binder = game.names.get(s.binder);
  const card = game.names.get(move.card);
  if (binder?.kind !== "local" || card?.kind !== "local" || card.slot !== binder.slot) return null;
  const from = game.types.get(s.source)?.kind === "zone" ? zoneDeclaration(game, s.source) : undefined;
  const origin = originOf(move.card);
  const to = zoneDeclaration(game, move.to);
  if (!from || from.perPlayer || !origin || zoneDeclaration(game, origin) !== from) return null;
  if (!to || to === from || to.perPlayer || to.zoneKind === "slot" || to.limit) return null;
  return move;
}

/** Takes the `count` cards listed in `list` (in the zone's order) out of segment `seg`, the others
 *  keeping their order. A zone stored top-last holds its first card last, so its list is met from
 *  its end. */
export function partitionOut(seg: string, topLast: boolean, list: string, count: string): string[] {
  const [next, more, step] = topLast ? [`${count} - 1`, "$j >= 0", "$j--"] : ["0", `$j < ${count}`, "$j++"];
  return [
    `if (${count} > 0) {`,
    `let $j = ${next};`,
    "let $w = 0;",
    `const $n = N[${seg}]!;`,
    "for (let $r = 0; $r < $n; $r++) {",
    `const $c = C[${seg} * CAP + $r]!;`,
    `if (${more} && $c === ${list}[$j]) { ${step}; continue; }`,
    `C[${seg} * CAP + $w++] = $c;`,
    "}",
    `N[${seg}] = $w;`,
    "}",
  ];
}
