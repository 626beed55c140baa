// A `bool` variable per card (`per Deed var mortgaged: bool`) is kept in a Uint8Array, a byte a card
// (1 true, 0 false), not in an array of booleans: V8 reads a byte and compares it with a number
// where an element of a JS array is a tagged value, checked against its map at each read. Keys to
// Knowledge's window before a roll reads `key` and `mortgaged` of each deed several times a deed
// (alternated medians: 1.10 of the kernel with arrays of booleans). Every read compares the byte
// with 1, so an expression still sees a boolean (`a[d] === b`, a boolean returned or stored); every
// write stores `value ? 1 : 0`.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { kernelType } from "./playout-lists.js";

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
