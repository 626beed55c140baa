// `for p in players { for c in Z[p] where c.F == E.m ... { B } }`, a loop over the seats whose whole
// body is a loop over the seat's part of a per-player zone kept to the cards of one printed value
// (Foreclosed!'s end of round: each seat's no-Exchange cards in play go to the discard). The inner
// loop's listing already looks at no card where the seat's running count of that value is 0
// (playout-counts.ts `guard`); the outer loop then visits only the seats whose count is above 0, read
// from the mask of the seats holding such a card (playout-counts.ts `seatsPassingGuard`), lowest
// first as `players` is.
//
// A seat left out would have listed nothing, so done nothing and drawn nothing. The mask is read once,
// before the walk: a seat that comes to hold such a card while the walk goes on would be missed, so
// the walk is taken only where B puts no card into Z at all (no move, deal or `move all` into Z, no
// procedure call); B taking cards out of Z at most leaves a visited seat with nothing to list.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { zoneDeclaration } from "./code.js";
import type { KernelCode } from "./playout-statements.js";

/** The mask of the seats a loop over every seat need visit, where its body is one loop over the
 *  seat's cards of one printed value that puts none back (`holderLoop`); null otherwise. */
export function holdersOf(game: CheckedGame, code: KernelCode, s: A.ForStatement): string | null {
  const inner = holderLoop(game, s);
  const filter = inner ? code.filterOf(inner.binder, inner.condition) : null;
  if (!inner || !filter?.test) return null;
  return code.countsTable?.seatsPassingGuard(filter.test, filter.slot, code.zone(inner.source).layout) ?? null;
}

/** The inner loop of `s` (a loop over every seat), where its body is that one loop over the seat's
 *  part of a per-player zone with a `where`, and that loop's body puts no card into the zone; null
 *  otherwise. */
function holderLoop(game: CheckedGame, s: A.ForStatement): A.ForStatement | null {
  if (s.condition || s.orderBy || s.body.statements.length !== 1) return null;
  const inner = s.body.statements[0]!;
  if (inner.kind !== "for" || !inner.condition || inner.orderBy) return null;
  const source = inner.source;
  if (source.kind !== "index" || source.index.kind !== "name") return null;
  const seat = game.names.get(source.index);
  const binder = game.names.get(s.binder);
  if (seat?.kind !== "local" || binder?.kind !== "local" || seat.slot !== binder.slot) return null;
  const zone = zoneDeclaration(game, source);
  if (!zone?.perPlayer || putsInto(game, inner.body.statements, zone)) return null;
  return inner;
}

/** Whether any of `statements` may put a card into `zone`: a call or a question may, unread. */
function putsInto(game: CheckedGame, statements: readonly A.Statement[], zone: A.ZoneDeclaration): boolean {
  return statements.some((s) => {
    switch (s.kind) {
      case "move":
      case "deal":
      case "move-all":
        return zoneDeclaration(game, s.to) === zone;
      case "if":
        return putsInto(game, s.then.statements, zone) || (s.otherwise !== null && putsInto(game, s.otherwise.statements, zone));
      case "while":
      case "for":
        return putsInto(game, s.body.statements, zone);
      case "call":
      case "inlined":
      case "ask":
      case "phase":
        return true;
      default:
        return false;
    }
  });
}
