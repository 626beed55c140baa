// How a kernel tests a flag. The kernel's variables live in its closure, and V8 knows nothing of the
// type a closure slot holds, nor of a plain array's entries (a card's printed field): a flag there
// tested for truth is tested against every falsy value JavaScript has (false, 0, "", an undetectable
// object, a heap number, a BigInt), some fifteen instructions and five branches. Compared with
// `true`, one: booleans are single objects. Every such flag of a kernel holds `true` or `false`, so
// the two tests agree. The kernel's own switches (`$preferred`, the seat totals' freshness, a
// window's pass-by) stay tested for truth: compared with `true`, they gained nothing measured
// (docs/kernel.md).
//
// A flag kept per seat or per card (`per player var passed: bool`, `per Deed var mortgaged: bool`)
// is a byte in a Uint8Array (1 set, 0 not): V8 reads a byte and compares it with a number, where an
// element of a JS array is a tagged value checked against its map at each read (Keys to Knowledge's
// deeds: 1.08 of the kernel with arrays of booleans; the seats' flags: Foreclosed! 1.01, Lady
// Richmond 1.03). Every read compares the byte with 1, so an expression still sees a boolean; every
// write stores `value ? 1 : 0`.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { kernelType } from "./playout-lists.js";

/** The test that the flag read by `read` (a name, or an array's entry) is set. */
export function flagSet(read: string): string {
  return `(${read} === true)`;
}

/** The test that the flag kept as a byte, read by `read` (an array's entry), is set. */
export function byteFlagSet(read: string): string {
  return `(${read} === 1)`;
}

/** The byte a flag's value is stored as. */
export function flagByte(value: string): string {
  return value === "true" ? "1" : value === "false" ? "0" : `((${value}) ? 1 : 0)`;
}

/** The test that fails where `code` holds: a flag's test (flagSet, byteFlagSet) turned round,
 *  anything else negated. */
export function failing(code: string): string {
  const flag = /^\(([\w$]+(\[[\w$ +*-]*\]!?)?) (===|!==) (true|1)\)$/.exec(code);
  // A byte is a flag only as an array's entry: `(n === 1)` is a number's compare.
  if (flag === null || (flag[4] === "1" && flag[2] === undefined)) return `!(${code})`;
  return `${flag[1]} ${flag[3] === "===" ? "!==" : "==="} ${flag[4]}`;
}

/** Whether the variable is a `bool` per seat only (not per card or per key), kept a byte a seat. */
export function isSeatFlag(game: CheckedGame, declaration: A.VarDeclaration): boolean {
  return declaration.perPlayer && declaration.perCard === null && !declaration.perKey && kernelType(game.typeOfVar(declaration)) === "boolean";
}

/** What a per-seat variable's array stores for `value`: a flag per seat, its byte; any other, the value. */
export function seatVarStored(game: CheckedGame, declaration: A.VarDeclaration, value: string): string {
  return isSeatFlag(game, declaration) ? flagByte(value) : value;
}
