// How a variable per card is kept. A `bool` (`per Deed var mortgaged: bool`) is kept in a
// Uint8Array, a byte a card (playout-flags.ts): Keys to Knowledge's window before a roll reads `key`
// and `mortgaged` of each deed several times a deed.
// An `int` (`per Deed var books: int`) is kept in a Float64Array: it holds every number a JS array
// would, exactly (a whole number past 2^31 included), with no check of the element's kind at a read
// (1.03 of the kernel with an array of numbers). Reads and writes are written as for an array.
// An enum (`per Property var committed: Colour`) is kept as its member's code (the member's place
// in its enum) in an Int8Array, as printed enum fields are compared (playout-enum-codes.ts):
// `committed[c] == Colour.none` compares a byte with a number, two cards' values compare two codes,
// and no string is stored or checked. A read that needs the value hands out the member's name
// (`ALL_Colour[code]`), so every other expression still sees a name; a write stores its value's
// code (a member written is its code, a value worked out is looked up among the members).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { kernelType } from "./playout-lists.js";
import { codeArray, writtenMember } from "./playout-enum-codes.js";
import { typedArray } from "./playout-arrays.js";
import { byteFlagSet, flagByte } from "./playout-flags.js";

/** Whether the variable holds one value per card (not per card per seat or per key). */
function onePerCard(declaration: A.VarDeclaration): boolean {
  return declaration.perCard !== null && !declaration.perPlayer && !declaration.perKey;
}

/** The declaration of a per-card variable's array of `count` cards, where it is a typed array. */
export function cardVarArray(game: CheckedGame, declaration: A.VarDeclaration, count: number): string | null {
  if (isCardFlag(game, declaration)) return typedArray("Uint8Array", count);
  const enumName = cardEnumOf(game, declaration);
  if (enumName !== null) return typedArray(codeArray(game.enums.get(enumName)!.members.length), count);
  if (onePerCard(declaration) && kernelType(game.typeOfVar(declaration)) === "number") return typedArray("Float64Array", count);
  return null;
}

/** Whether the variable is a `bool` per card, kept a byte a card. */
export function isCardFlag(game: CheckedGame, declaration: A.VarDeclaration): boolean {
  return onePerCard(declaration) && kernelType(game.typeOfVar(declaration)) === "boolean";
}

/** The enum a per-card variable holds, where it is kept as codes; null for any other variable. */
export function cardEnumOf(game: CheckedGame, declaration: A.VarDeclaration): string | null {
  if (!onePerCard(declaration)) return null;
  const type = game.typeOfVar(declaration);
  return type.kind === "enum" && game.enums.has(type.name) ? type.name : null;
}

/** The declaration of the per-card variable `e` names, if any. */
export function cardVarNamed(game: CheckedGame, e: A.Expression): A.VarDeclaration | null {
  const binding = e.kind === "name" ? game.names.get(e) : undefined;
  return binding?.kind === "var" && binding.declaration.perCard !== null ? binding.declaration : null;
}

/** A card's value of the variable, as an expression sees it (a boolean, a number, a member's name). */
export function cardVarRead(game: CheckedGame, declaration: A.VarDeclaration, array: string, card: string): string {
  if (isCardFlag(game, declaration)) return byteFlagSet(`${array}[${card}]!`);
  const enumName = cardEnumOf(game, declaration);
  return enumName !== null ? `ALL_${enumName}[${array}[${card}]!]!` : `${array}[${card}]!`;
}

/** What the array stores for `value` (the code of a member, the byte of a flag). */
export function cardVarStored(game: CheckedGame, declaration: A.VarDeclaration, value: string): string {
  if (isCardFlag(game, declaration)) return flagByte(value);
  const enumName = cardEnumOf(game, declaration);
  if (enumName === null) return value;
  const members = game.enums.get(enumName)!.members.map((m) => m.name);
  const literal = /^"(\w+)"$/.exec(value);
  const index = literal ? members.indexOf(literal[1]!) : -1;
  return index >= 0 ? String(index) : `(ALL_${enumName} as readonly string[]).indexOf(${value})`;
}

/** The code of member `member` of the enum per-card variable `declaration` holds, or null. */
export function cardEnumCode(game: CheckedGame, declaration: A.VarDeclaration, member: A.Expression): number | null {
  const written = writtenMember(game, member);
  return written !== null && written.enumName === cardEnumOf(game, declaration) ? written.index : null;
}
