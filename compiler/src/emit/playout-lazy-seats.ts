// A seat parameter kept by a plain `where` (`buyer in players where buyer != q`) whose own requirements
// narrow it (`require cash[buyer] > 0`) is walked, not listed: the option is offered while some seat
// passes both (a search that stops at the first), and the list of those that pass is made only once
// the option is drawn. Listing the seats that pass the `where` alone, at every decision, is work a
// hand-written engine does not do (it lists buyers only when some deed is for sale). The seats are
// walked in the order the list held them, and the narrowed list holds the same seats in the same
// order, so the draws are the same; the `where` reads nothing that can fault (no call, aggregate or
// division), so testing it later, or not at all, changes nothing the state machine does.
//
// Where the seats can be a mask (`seatMaskParameter`, tried first: the seats in play, and a `where`
// read as a set of seats), the parameter is that mask, narrowed by the requirements read so, and
// neither walked nor listed.
import { failing } from "./playout-flags.js";
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { KernelDomain } from "./playout-domains.js";
import type { KernelCode } from "./playout-statements.js";
import { plain } from "./playout-memo-reads.js";
import { localName } from "./playout-zones.js";
import { callerMeaning, seatMaskDomain, seatsPassing } from "./playout-seat-sets.js";

/** A seat parameter's domain as a mask of seats, worked out where the domain is declared: the seats
 *  in play (`players` in a game whose seats leave), or those of them passing a `where` that reads as
 *  a set of seats (playout-seat-sets.ts: `buyer in players where buyer != q`); null for any other
 *  parameter, or where the masks cannot be kept. The mask's seats lowest first are the list's values
 *  in order, so the draws are the same; the `where` reads nothing that can fault or draw. A `players`
 *  parameter without a `where` in a game no seat leaves is the plain seats (playout-domains.ts). */
export function seatMaskParameter(game: CheckedGame, code: KernelCode, p: A.ParameterDeclaration, lines: string[]): KernelDomain | null {
  const held = code.heldTable;
  if (!held || (!p.condition && !game.eliminates)) return null;
  if (p.domain.kind !== "name" || p.domain.name !== "players" || game.names.get(p.domain)?.kind !== "builtin") return null;
  const slot = p.condition ? game.filterBinders.get(p) : null;
  if (p.condition && !slot) return null;
  const kept = p.condition ? seatsPassing({ game, held, counts: code.countsTable, meaningOf: callerMeaning(game, slot, (e) => code.expression(e)) }, p.condition) : null;
  if (p.condition && !kept) return null;
  const inPlay = held.inPlay();
  if (inPlay === null) return null;
  kept?.keep();
  const mask = code.temp("seats");
  lines.push(`const ${mask} = ${inPlay}${kept ? ` & ${kept.mask}` : ""};`);
  return seatMaskDomain(mask);
}

/** The seats of a parameter `p in players where T` (T plain), as a domain that is walked and never
 *  listed, its lines (a search for a seat that passes T) pushed to `lines`; null for any other
 *  parameter. Only for a parameter its own requirements narrow into a list of its own: the domain has
 *  no size and no values by index. */
export function lazySeatDomain(game: CheckedGame, code: KernelCode, p: A.ParameterDeclaration, lines: string[]): KernelDomain | null {
  if (!p.condition || !plain(p.condition)) return null;
  if (p.domain.kind !== "name" || p.domain.name !== "players" || game.names.get(p.domain)?.kind !== "builtin") return null;
  const slot = game.filterBinders.get(p);
  if (!slot) return null;
  const seat = localName(slot);
  const condition = p.condition;
  const filter = { slot, test: condition };
  // The seats that pass the `where`, each bound to `binder` for `body`.
  const each = (binder: string, body: string[]): string[] => {
    const keep = code.hoisted(() => code.expression(condition));
    const bound = binder === seat ? [] : [`const ${binder} = ${seat};`];
    return code.eachOf(p.domain, seat, [...keep.pre, `if (${failing(keep.code)}) continue;`, ...bound, ...body], filter);
  };
  const some = code.temp("some");
  lines.push(`let ${some} = false;`, ...each(seat, [`${some} = true;`, "break;"]));
  const unlisted = (): never => {
    throw new Error("internal: a walked seat domain has no values by index");
  };
  return {
    nonEmpty: some,
    get size(): string {
      return unlisted();
    },
    valueAt: unlisted,
    each,
  };
}
