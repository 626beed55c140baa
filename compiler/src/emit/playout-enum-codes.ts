// Enum-valued card fields compared with a member, as small integers in the kernel. cards.js keeps a
// card's enum field as the member's name (a string), and `c.kind == Kind.dual` read it and compared
// strings; the kernel makes each such field's codes once, per kernel (the member's place in its
// enum, in a typed array by card id), and compares integers: no string's map to check in the hot
// loops that test cards' kinds. Values the kernel hands out stay names (only the tests change).
import type { CheckedGame } from "../check/checker.js";
import type * as A from "../syntax/ast.js";
import { cardFieldArray } from "./code.js";

/** The codes of one card field: the array's name in the kernel and how it is made from cards.js. */
export type EnumCodes = { readonly name: string; readonly init: string };

/** A member written in the rules (`Colour.red`): its enum, the enum's members and its code. */
export type WrittenMember = { readonly enumName: string; readonly members: readonly string[]; readonly index: number };

/** `E.m` as the member it names, with its code (its place in its enum); null for any other expression. */
export function writtenMember(game: CheckedGame, e: A.Expression): WrittenMember | null {
  if (e.kind !== "member" || game.types.get(e.target)?.kind !== "enum-type" || e.target.kind !== "name") return null;
  const declaration = game.enums.get(e.target.name);
  if (!declaration) return null;
  const members = declaration.members.map((m) => m.name);
  const index = members.indexOf(e.member.name);
  return index < 0 ? null : { enumName: e.target.name, members, index };
}

/** The typed array that holds codes of an enum of `members` members. */
export function codeArray(members: number): "Int8Array" | "Int32Array" {
  return members <= 127 ? "Int8Array" : "Int32Array";
}

export class KernelEnumCodes {
  /** Per card field array of cards.js compared with a member: its codes' array. */
  private readonly used = new Map<string, EnumCodes>();

  constructor(private readonly game: CheckedGame) {}

  /** `card.field == Enum.member` (or `!=`, either way round) as a comparison of codes, where the
   *  field is an enum's; null for any other comparison. `card` writes the card's expression. */
  comparison(e: A.BinaryExpression, card: (target: A.Expression) => string): string | null {
    if (e.operator !== "==" && e.operator !== "!=") return null;
    const pairs: [A.Expression, A.Expression][] = [[e.left, e.right], [e.right, e.left]];
    for (const [field, member] of pairs) {
      const code = writtenMember(this.game, member);
      if (code === null || field.kind !== "member") continue;
      const target = this.game.types.get(field.target);
      const type = this.game.types.get(field);
      if (target?.kind !== "card" || type?.kind !== "enum" || type.name !== code.enumName) continue;
      const codes = this.codes(cardFieldArray(target.cardType, field.member.name), code.enumName, code.members.length);
      return `(${codes}[${card(field.target)}]! ${e.operator === "==" ? "===" : "!=="} ${code.index})`;
    }
    return null;
  }

  /** The code arrays the written code reads, to make once per kernel. */
  arrays(): EnumCodes[] {
    return [...this.used.values()];
  }

  /** The codes' array of a card field of enum `enumName` (`members` members): each card's member's
   *  place in cards.js's list of the enum's members. */
  private codes(array: string, enumName: string, members: number): string {
    const name = `${array}$code`;
    if (!this.used.has(array)) {
      const typed = codeArray(members);
      this.used.set(array, { name, init: `offHeap(${typed}.from(cardData.${array}, ($v) => (cardData.ALL_${enumName} as readonly string[]).indexOf($v)))` });
    }
    return name;
  }
}
