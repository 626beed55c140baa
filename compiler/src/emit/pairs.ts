// State per pair in the emitted code: a variable per player per enum member is, per seat, a record by
// member (`owned: Record<Enum_Field, boolean>[]`, read `s.vars.owned[p][f]`); per player per player,
// a list by seat (`trust: number[][]`). Plain JSON either way, and a seat's row is one value of a
// per-player variable for views, events and the runtime.
import type * as A from "../syntax/ast.js";
import { quote } from "./code.js";
import type { EmitContext } from "./context.js";

/** One seat's row: its TypeScript type, for `elementType` the type of one value. */
export function pairRowType(v: A.VarDeclaration, elementType: string): string {
  return v.perKey!.name === "player" ? `${elementType}[]` : `Record<Enum_${v.perKey!.name}, ${elementType}>`;
}

/** One seat's row, every value at `initial` (the code of the initial value). */
export function pairRowStart(ctx: EmitContext, v: A.VarDeclaration, initial: string, seats = "$players"): string {
  if (v.perKey!.name === "player") return `Array.from({ length: ${seats} }, () => ${initial})`;
  const members = ctx.game.enums.get(v.perKey!.name)?.members ?? [];
  return `({ ${members.map((m) => `${quote(m.name)}: ${initial}`).join(", ")} })`;
}

/** A copy of a row, for a view (a view never shares an object with the state). */
export function pairRowCopy(v: A.VarDeclaration, row: string): string {
  return v.perKey!.name === "player" ? `[...${row}]` : `({ ...${row} })`;
}
