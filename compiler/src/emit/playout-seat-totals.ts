// Running counts summed over the seats in play. A per-player zone counted by a field printed on
// its cards (playout-counts.ts: how many deeds of each group each seat holds) answers
// `sum(q in players: count(d in deeds[q] where d.group == g))` (a group's deeds held by the seats
// still in the game) by a pass over the seats, one read each. A hand-written engine keeps that
// number beside the counts; so does the kernel, once such a sum is read: a total per member over
// the seats in play, moved with each seat's count by the same markers, and made afresh from the
// seats' counts (`$recountSeats`) the first time it is read after the zones were loaded whole or a
// seat left the game or came back (any write of `eliminated`), which marks it stale; a listing pass,
// which writes nothing, makes it fresh before it and reads it plainly (`freshSeatReads`).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { ELIMINATED } from "../check/elimination.js";
import { readsSlot } from "./playout-memo-reads.js";
import { varName } from "./playout-zones.js";
import { typedArray } from "./playout-arrays.js";

/** Whether the seat totals are good (false: made afresh at the next read). */
export const SEATS_FRESH = "$seatTotalsFresh";

/** The inner count of `sum(q in players: count(x in Z[q] where …))`, Z a per-player zone indexed by
 *  q and by nothing else q reads; null for any other aggregate. */
export function seatSumOf(game: CheckedGame, e: A.AggregateExpression): A.AggregateExpression | null {
  if (e.callee.name !== "sum" || e.condition || !e.value || e.value.kind !== "aggregate") return null;
  const players = game.names.get(e.source as never);
  if (players?.kind !== "builtin" || players.name !== "players") return null;
  const binder = game.names.get(e.binder);
  const inner = e.value;
  if (binder?.kind !== "local" || inner.callee.name !== "count" || inner.value || !inner.condition) return null;
  const source = inner.source;
  if (source.kind !== "index" || source.index.kind !== "name") return null;
  const zone = game.names.get(source.target as never);
  const seat = game.names.get(source.index);
  if (zone?.kind !== "zone" || !zone.declaration.perPlayer || seat?.kind !== "local" || seat.slot !== binder.slot) return null;
  // q is read only as the zone's seat: the count's test is the same for every seat.
  if (readsSlot(game, inner.condition, binder.slot)) return null;
  return inner;
}

/** The name of a counted zone's totals over the seats in play. */
export function seatTotalsName(counts: string): string {
  return `${counts}$seats`;
}

/** Whether seat `seat` (code) is in play, as `players` passes over them. */
export function inPlay(game: CheckedGame, seat: string): string | null {
  return game.eliminates ? `${varName(ELIMINATED)}[${seat}] === 0` : null;
}

/** The update of the totals for one card of member `$member` put in (`step` "++") or taken from
 *  ("--") seat `seat`'s segment. */
export function seatTotalStep(game: CheckedGame, counts: string, seat: string, step: "++" | "--"): string {
  const update = `${seatTotalsName(counts)}[$member]!${step};`;
  const guard = inPlay(game, seat);
  return guard ? `if (${guard}) ${update}` : update;
}

/** Before seat `seat`'s segment is emptied: its cards leave the totals. */
export function seatTotalsClear(game: CheckedGame, counts: string, members: number, seat: string): string {
  const update = `for (let $m = 0; $m < ${members}; $m++) ${seatTotalsName(counts)}[$m]! -= ${counts}[(${seat}) * ${members} + $m]!;`;
  const guard = inPlay(game, seat);
  return guard ? `if (${guard}) { ${update} }` : update;
}

/** Whether an assignment or transfer writes `eliminated`: the seats in play change. */
export function writesEliminated(game: CheckedGame, target: A.Expression): boolean {
  if (!game.eliminates) return false;
  const variable = target.kind === "index" ? target.target : target;
  if (variable.kind !== "name") return false;
  const binding = game.names.get(variable);
  return binding?.kind === "var" && binding.declaration.name.name === ELIMINATED;
}

/** A read of the totals as playout-counts.ts writes it where the member is sure to be one: the
 *  total itself where fresh, else through `$seatTotal`, which makes them afresh first. */
const GUARDED_READ = new RegExp(`\\(\\${SEATS_FRESH} \\? ([\\w$]+)\\[(.+?)\\]! : \\$seatTotal\\(\\1, \\2\\)\\)`, "g");

/**
 * The code of a pass that lists values and writes nothing (a shared listing pass,
 * playout-shared-search.ts) with each guarded read of the totals made a plain read, and the line
 * that makes them fresh once before the pass (none where it reads no totals so): nothing in the
 * pass can make them stale, so the test of their freshness at each value, and the call beside it
 * in the pass's loop, go.
 */
export function freshSeatReads(code: readonly string[]): { code: string[]; before: string[] } {
  let read = false;
  const plain = code.map((line) =>
    line.replace(GUARDED_READ, (_all, totals: string, member: string) => {
      read = true;
      return `${totals}[${member}]!`;
    }),
  );
  return { code: plain, before: read ? [`if (!${SEATS_FRESH}) $recountSeats();`] : [] };
}

/** The totals' arrays, their freshness and the functions that read and remake them. */
export function seatTotalsCode(game: CheckedGame, totals: readonly { name: string; members: number }[]): string[] {
  if (totals.length === 0) return [];
  return [
    ...totals.map((t) => `const ${seatTotalsName(t.name)} = ${typedArray("Int32Array", t.members)};`),
    `let ${SEATS_FRESH} = false;`,
    "/** The seats in play's total of one member (its index; -1 for a value that is no member: none). */",
    "function $seatTotal(totals: Int32Array, member: number): number {",
    `if (!${SEATS_FRESH}) $recountSeats();`,
    "return member < 0 ? 0 : totals[member]!;",
    "}",
    "/** Every total made afresh from the seats' counts. */",
    "function $recountSeats(): void {",
    ...totals.flatMap((t) => {
      const add = `for (let $m = 0; $m < ${t.members}; $m++) ${seatTotalsName(t.name)}[$m]! += ${t.name}[$s * ${t.members} + $m]!;`;
      const guard = inPlay(game, "$s");
      return [`${seatTotalsName(t.name)}.fill(0);`, `for (let $s = 0; $s < players; $s++) {`, guard ? `if (${guard}) { ${add} }` : add, "}"];
    }),
    `${SEATS_FRESH} = true;`,
    "}",
  ];
}
