// `any(q in players: T)` and `first(q in players where T)`, T read as a set of seats
// (playout-seat-sets.ts), in a game whose seats may leave it too: the seats passing T worked out
// once, then walked lowest first (the order of `players`), skipping the seats out of the game, and
// the first one kept. Keys to Knowledge's `owned(i)` and `owner_of(i)`, both through
// `owns(q, i) = any(d in deeds[q]: d.space == i)`, so read the masks of the seats holding a deed of
// space i (playout-counts.ts `seatsHolding`) where they called `owns` seat by seat; few seats
// hold such a card, so the walk is a step or two.
import type * as A from "../syntax/ast.js";
import { quote } from "./code.js";
import { ALL_SEATS, seatsPassing, setsOverSeats, type SeatSets } from "./playout-seat-sets.js";

/** What the read needs of the expression writer. */
export interface SeatSetFirstsWriter {
  readonly sets: Omit<SeatSets, "meaningOf">;
  /** The statements run before the one being written; null where there are none (in place). */
  readonly prelude: string[] | null;
  /** The variable of the eliminated flags, or null in a game no seat leaves. */
  readonly eliminated: string | null;
  expression(e: A.Expression): string;
  temp(name: string): string;
}

/** The code of `any(q in players: T)` or `first(q in players where T)` from the mask of T; null
 *  for any other aggregate or where T does not read as a set of seats. */
export function seatSetFirst(w: SeatSetFirstsWriter, e: A.AggregateExpression): string | null {
  const test = e.callee.name === "any" && !e.condition ? e.value : e.callee.name === "first" && !e.value ? e.condition : null;
  if (!test || !w.prelude) return null;
  const sets = setsOverSeats(w.sets, e, (x) => w.expression(x));
  const passing = sets ? seatsPassing(sets, test) : null;
  if (!passing) return null;
  passing.keep();
  const seat = w.temp("seat");
  const left = w.temp("left");
  const q = w.temp("q");
  w.prelude.push(
    `let ${seat} = -1;`,
    `for (let ${left} = ${ALL_SEATS} & ${passing.mask}; ${left} !== 0; ${left} &= ${left} - 1) {`,
    `const ${q} = 31 - Math.clz32(${left} & -${left});`,
    w.eliminated ? `if (${w.eliminated}[${q}] === 0) { ${seat} = ${q}; break; }` : `${seat} = ${q}; break;`,
    "}",
  );
  if (e.callee.name === "any") return `(${seat} >= 0)`;
  w.prelude.push(`if (${seat} < 0) throw new GameFault("fault/empty-aggregate", ${quote(`${e.callee.name}(…): no item matches`)});`);
  return seat;
}
