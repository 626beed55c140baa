// The state a kernel keeps for a loop around decisions (a `for` whose body asks someone, so its turns
// run across steps): where it is, and what it visits. In general the values are listed into a scratch
// list when the loop starts, as the state machine lists them, and each turn reads the next one.
// A loop over every seat in turn order - `for p in players` or `for p in players_from(s)`, with no
// `where` and no `sortedBy`, in a game that eliminates no one - visits s, s + 1, ... round the table,
// so the kernel keeps only its first seat and works each seat out from its place, as a plain loop
// over the seats does (playout-expressions.ts `eachOf`): no list is filled when the loop starts.
// Such a loop with a `where` that reads nothing a game changes but its seat (`where not bot(p)`) keeps
// the state machine's list as its state, for a game resumed inside it; a fresh game's native loop
// (playout-fresh-loops.ts) walks the seats instead and tests each as it comes to it: the same seats
// pass, in the same order (Foreclosed!'s window at the start of each round, 1.5% of its instructions).
import type { CheckedGame } from "../check/checker.js";
import type { LoopSlots } from "../lower/ir.js";
import type * as A from "../syntax/ast.js";
import type { KernelLoop } from "./playout-resume.js";
import type { KernelCode } from "./playout-statements.js";
import { namesSlot } from "./playout-memo-reads.js";
import { localName } from "./playout-zones.js";

/** A loop's state: `fill` starts it (its count set), `bind` sets its binder at each turn; `guard`, the
 *  running count its listing tests first (none: no value can pass its `where`), in the closure's terms. */
export interface LoopState extends KernelLoop {
  readonly fill: string[];
  readonly bind: string;
  readonly guard?: string | null;
  /** A fresh game's native loop's own first seat, start and binding, where they differ from the
   *  state's: a walk of the seats whose `bind` skips (`continue`) a seat the `where` would not have
   *  listed. */
  readonly fresh?: { readonly start: string | null; readonly fill: string[]; readonly bind: string[] };
}

/** The first seat of a loop over every seat in turn order (`null`: seat 0), or undefined where the
 *  loop lists its values: a `where` or an order, another source, or seats out of the game to skip.
 *  Loops around decisions walk by it here; a loop that asks no one, in playout-statements.ts `forLoop`. */
export function walkStart(game: CheckedGame, s: A.ForStatement): A.Expression | null | undefined {
  return s.condition ? undefined : turnOrderStart(game, s);
}

/** `walkStart` whatever the loop's `where`. */
function turnOrderStart(game: CheckedGame, s: A.ForStatement): A.Expression | null | undefined {
  if (s.orderBy || game.eliminates) return undefined;
  const source = s.source;
  if (source.kind === "name" && source.name === "players" && game.names.get(source)?.kind === "builtin") return null;
  if (source.kind === "call" && source.callee.name === "players_from" && game.names.get(source)?.kind !== "function") return source.args[0];
  return undefined;
}

/** The state of `loop`: a walk of the seats where it visits every seat in turn order, else a list. */
export function loopState(game: CheckedGame, code: KernelCode, loop: LoopSlots): LoopState {
  const binder = localName(loop.binder);
  const index = `${binder}$index`;
  const count = `${binder}$count`;
  const start = walkStart(game, loop.statement);
  if (start === undefined) {
    const snapshot = code.snapshot(loop.statement);
    const listed = { list: snapshot.list, count, index, start: null, fill: ["{", ...snapshot.lines, `${count} = ${snapshot.count};`, "}"], bind: `${binder} = ${snapshot.list}[${index}]!;`, guard: listGuard(code, loop.statement) };
    const fresh = fixedFilterWalk(game, code, loop, index, count);
    return fresh ? { ...listed, fresh } : listed;
  }
  return { list: null, count, index, ...seatWalk(code, binder, index, count, start) };
}

/** A walk of every seat in turn order from `start` (null: seat 0): its first seat (a name the loop
 *  declares, none from seat 0), the lines that start it, and the binding of the seat at `index`. */
function seatWalk(code: KernelCode, binder: string, index: string, count: string, start: A.Expression | null): { start: string | null; fill: string[]; bind: string } {
  if (start === null) return { start: null, fill: [`${count} = players;`], bind: `${binder} = ${index};` };
  const first = `${binder}$start`;
  const { pre, code: at } = code.hoisted(() => code.expression(start));
  const seat = `${first} + ${index}`;
  return { start: first, fill: ["{", ...pre, `${first} = ${at};`, `${count} = players;`, "}"], bind: `${binder} = ${seat} < players ? ${seat} : ${seat} - players;` };
}

/** A fresh game's walk of a loop over every seat in turn order whose `where` reads nothing a game
 *  changes but the loop's seat (`fixedForTheGame`): each seat bound, then skipped where it fails the
 *  `where`; null for any other loop. */
function fixedFilterWalk(game: CheckedGame, code: KernelCode, loop: LoopSlots, index: string, count: string): LoopState["fresh"] | null {
  const s = loop.statement;
  if (!s.condition || !fixedForTheGame(game, s.condition, loop.binder)) return null;
  const start = turnOrderStart(game, s);
  if (start === undefined) return null;
  const test = code.hoisted(() => code.expression(s.condition!));
  if (test.pre.length > 0) return null;
  const walk = seatWalk(code, localName(loop.binder), index, count, start);
  return { start: walk.start, fill: walk.fill, bind: [walk.bind, `if (!(${test.code})) continue;`] };
}

/** Whether `test` is made of `bot(q)` (q the seat `slot`), `true`, `false`, `not`, `and` and `or`:
 *  the seats it lets through are the same all game long (a seat the rules play stays one). */
function fixedForTheGame(game: CheckedGame, test: A.Expression, slot: unknown): boolean {
  switch (test.kind) {
    case "boolean":
      return true;
    case "unary":
      return test.operator === "not" && fixedForTheGame(game, test.operand, slot);
    case "binary":
      return (test.operator === "and" || test.operator === "or") && fixedForTheGame(game, test.left, slot) && fixedForTheGame(game, test.right, slot);
    case "call":
      return test.callee.name === "bot" && game.names.get(test)?.kind !== "function" && test.args.length === 1 && namesSlot(game, test.args[0]!, slot);
    default:
      return false;
  }
}

/** The running count a `for x in Z where C` loop's listing tests before it looks at Z's cards (no card
 *  of Z passes C's leading test where it is 0: playout-counts.ts `guard`), written with Z's segment as
 *  the rules' expression reads it (a zone, or a per-player zone at a name's seat), so that it can be
 *  tested where the flow goes into the loop; null where the listing has none. */
function listGuard(code: KernelCode, s: A.ForStatement): string | null {
  if (!s.condition || !code.isZone(s.source)) return null;
  const filter = code.filterOf(s.binder, s.condition);
  if (!filter?.test) return null;
  const zone = code.zone(s.source);
  if (!/^(Z_\w+|\(Z_\w+ \+ [\w$]+\))$/.test(zone.seg)) return null;
  return code.countsTable?.guard(filter.test, filter.slot, zone.layout, zone.seg) ?? null;
}
