// Cards a `let` takes from a zone, moved before anything else can move them. In
//   let card = top(exchange[p])
//   let money_before = money_cards(p)
//   transfer protection[p] from protection[p] to bank
//   move card to collection[p]
// the card is still in exchange[p] when it moves: only `let`s, `say`s and transfers (of numbers, not
// of the variables the zone's expression reads) come between, and none of them moves a card. So the
// kernel moves it as it moves a card whose zone the rules make plain (a loop's binder, a parameter):
// found in that zone and taken from it, with that zone's running counts, not looked for wherever it
// lies and then tested against every counted zone. The state machine, and any other move of the same
// card, are unchanged. A `let` of a name (`let worn = g`) is left alone: the name's own zone, a
// parameter's or a loop binder's, may no longer hold it.
import type { CheckedGame } from "../check/checker.js";
import type * as A from "../syntax/ast.js";
import { walk } from "./playout-memo-reads.js";

/** Per `move` card expression (the name of a `let`'s card, at that move): the zone it is in. */
export function letOrigins(game: CheckedGame, origin: (card: A.Expression) => A.Expression | null): Map<A.Expression, A.Expression> {
  const found = new Map<A.Expression, A.Expression>();
  const slotOf = (node: A.Identifier | A.Expression) => {
    const binding = game.names.get(node as A.NameExpression);
    return binding?.kind === "local" ? binding.slot : undefined;
  };
  const block = (statements: readonly A.Statement[]): void => {
    statements.forEach((s, i) => {
      // A card the value takes from a zone (a name's origin, a parameter's or a binder's, may be stale).
      if (s.kind !== "let" || s.value.kind === "name") return;
      const zone = origin(s.value);
      const slot = slotOf(s.name);
      if (!zone || slot === undefined) return;
      // The variables the zone's expression reads (`p` of `exchange[p]`): a transfer into one ends the run.
      const reads = new Set<string>();
      walk(zone, (node) => void (node.kind === "name" && reads.add((node as A.NameExpression).name)));
      for (const next of statements.slice(i + 1)) {
        if (next.kind === "move" && next.card.kind === "name" && slotOf(next.card) === slot) {
          found.set(next.card, zone);
          return;
        }
        if (next.kind === "transfer" && ![next.from, next.to].some((target) => reads.has(rootName(target)))) continue;
        if (next.kind !== "let" && next.kind !== "say") return;
        // A `let` of the card's own name again: a move of that name is another card's.
        if (next.kind === "let" && slotOf(next.name) === slot) return;
      }
    });
  };
  // Every block of the setup and the flow, procedures' bodies as inlined where they are called.
  const seen = new Set<object>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.statements)) block(record.statements as A.Statement[]);
    for (const [key, child] of Object.entries(record)) if (key !== "range" && key !== "procedure") visit(child);
  };
  visit(game.setup);
  visit(game.flow);
  return found;
}

/** The variable a transfer's side writes (`coins` of `coins[p]`). */
function rootName(e: A.Expression): string {
  return e.kind === "index" ? rootName(e.target) : e.kind === "name" ? e.name : "";
}
