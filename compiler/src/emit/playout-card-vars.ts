// How a variable per card is kept. A `bool` (`per Deed var mortgaged: bool`) is kept in a
// Uint8Array, a byte a card (1 true, 0 false), not in an array of booleans: V8 reads a byte and
// compares it with a number where an element of a JS array is a tagged value, checked against its
// map at each read. Keys to Knowledge's window before a roll reads `key` and `mortgaged` of each
// deed several times a deed (alternated medians: 1.08 of the kernel with arrays of booleans). Every
// read compares the byte with 1, so an expression still sees a boolean (`a[d] === b`, a boolean
// returned or stored); every write stores `value ? 1 : 0`.
// An `int` (`per Deed var books: int`) is kept in a Float64Array: it holds every number a JS array
// would, exactly (a whole number past 2^31 included), with no check of the element's kind at a read
// (1.03 of the kernel with an array of numbers). Reads and writes are written as for an array.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { kernelType } from "./playout-lists.js";

/** The declaration of a per-card variable's array of `count` cards, where it is a typed array. */
export function cardVarArray(game: CheckedGame, declaration: A.VarDeclaration, count: number): string | null {
  if (isCardFlag(game, declaration)) return `new Uint8Array(${count})`;
  if (declaration.perCard !== null && !declaration.perPlayer && !declaration.perKey && kernelType(game.typeOfVar(declaration)) === "number") return `new Float64Array(${count})`;
  return null;
}

/** Whether the variable is a `bool` per card, kept a byte a card. */
export function isCardFlag(game: CheckedGame, declaration: A.VarDeclaration): boolean {
  return declaration.perCard !== null && !declaration.perPlayer && !declaration.perKey && kernelType(game.typeOfVar(declaration)) === "boolean";
}

/** Whether `e` names a variable kept a byte a card. */
export function namesCardFlag(game: CheckedGame, e: A.Expression): boolean {
  const binding = e.kind === "name" ? game.names.get(e) : undefined;
  return binding?.kind === "var" && isCardFlag(game, binding.declaration);
}

/** Whether the variable of that name is kept a byte a card. */
export function namesCardFlagVariable(game: CheckedGame, name: string): boolean {
  const declaration = game.vars.get(name);
  return declaration !== undefined && isCardFlag(game, declaration);
}

/** A card's flag read as a boolean. */
export function cardFlagRead(array: string, card: string): string {
  return `(${array}[${card}]! === 1)`;
}

/** The byte a flag's value is stored as. */
export function cardFlagByte(value: string): string {
  return value === "true" ? "1" : value === "false" ? "0" : `((${value}) ? 1 : 0)`;
}
