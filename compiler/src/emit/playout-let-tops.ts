// A zone's top card, named by a `let` and moved before anything could move a card. In
//   let card = top(exchange[p])
//   let money_before = money_cards(p)
//   transfer protection[p] from protection[p] to bank
//   move card to collection[p]
// only `let`s, `say`s and transfers come between, and none of them moves a card or rebinds what the
// zone's expression reads: the card is still exchange[p]'s top when it moves. So the kernel takes it
// from that place, as `move top(Z)` does, with no search for it (the let read it there) and none of
// the running counts of the zones it might have been in; a slot, which holds that one card, is
// emptied. Hand-written engines take it so. The state machine is unchanged.
import type { CheckedGame } from "../check/checker.js";
import type * as A from "../syntax/ast.js";
import { walk } from "./playout-memo-reads.js";

/** Per `move` card expression (the name a `let` gave a zone's top card, at that move): the zone. */
export function letTops(game: CheckedGame): Map<A.Expression, A.Expression> {
  const found = new Map<A.Expression, A.Expression>();
  const slotOf = (node: A.Identifier | A.Expression) => {
    const binding = game.names.get(node as A.NameExpression);
    return binding?.kind === "local" ? binding.slot : undefined;
  };
  const block = (statements: readonly A.Statement[]): void => {
    statements.forEach((s, i) => {
      if (s.kind !== "let" || s.value.kind !== "call" || s.value.callee.name !== "top" || s.value.args.length !== 1) return;
      const zone = s.value.args[0]!;
      const slot = slotOf(s.name);
      if (game.types.get(zone)?.kind !== "zone" || slot === undefined) return;
      // The names the zone's expression reads (`p` of `exchange[p]`): a let or transfer of one ends the run.
      const reads = new Set<string>();
      walk(zone, (node) => void (node.kind === "name" && reads.add((node as A.NameExpression).name)));
      for (const next of statements.slice(i + 1)) {
        if (next.kind === "move" && next.card.kind === "name" && slotOf(next.card) === slot) {
          found.set(next.card, zone);
          return;
        }
        if (next.kind === "say") continue;
        if (next.kind === "transfer" && ![next.from, next.to].some((side) => reads.has(rootName(side)))) continue;
        // A let of another name, and of none the zone reads (a let of the card's own name: a move of
        // that name is another card's).
        if (next.kind === "let" && slotOf(next.name) !== slot && !reads.has(next.name.name)) continue;
        return;
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
