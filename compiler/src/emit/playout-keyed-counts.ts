// Running counts of a zone's cards by a key the rules work out from the card alone, its own variables
// included: `uncommitted(c)` (a Dual whose per-card `committed` is still none), `colour_of(c)` (the
// printed colour, or the committed one), as a hand-written engine keeps "uncommitted Duals" and "cards
// of each colour" per seat beside its zones. playout-counts.ts keeps these counts as it keeps its counts
// by a printed field (every move in or out of the zone updates them, by the card's key as it stands);
// this module says what makes a key, and writes the code around a write of a per-card variable that a
// key reads: the card leaves its count under the old key and comes back under the new one.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { cardFieldArray, functionName, quote } from "./code.js";
import { localName, varName } from "./playout-zones.js";
import { functionsByName, namesSlot, walk } from "./playout-memo-reads.js";
import { cardEnumOf, cardVarNamed, cardVarRead } from "./playout-card-vars.js";
import type { EnumIndexes } from "./playout-count-registry.js";
import { writtenMember } from "./playout-enum-codes.js";

/** A rules function of one card that reads only that card: its printed fields, its own per-card
 *  variables (at least one: a key of printed fields only never changes, a card table serves it), enum
 *  members and constants, through operators that cannot fault (no division) and other such functions. */
export interface CardKey {
  readonly function: string;
  readonly cardType: string;
  /** The enum of its values; null for a `bool` key (false counted at 0, true at 1). */
  readonly enumName: string | null;
  readonly members: number;
  /** What it returns: a key is a `bool` or an enum; an `int` function of the card only is read by
   *  tests of the card (`cardTest`), never counted by. */
  readonly kind: "bool" | "enum" | "int";
  /** The per-card variables it reads (rules names). */
  readonly variables: ReadonlySet<string>;
}

export class CardKeys {
  private readonly found = new Map<string, CardKey | null>();
  private readonly functions: ReadonlyMap<string, A.FunctionDeclaration>;
  private transfers: Set<string> | null = null;

  constructor(private readonly game: CheckedGame) {
    this.functions = functionsByName(game);
  }

  /** The key `e` computes, when it calls a key function on the card bound to `slot`; else null. */
  callOn(e: A.Expression, slot: unknown): CardKey | null {
    if (e.kind !== "call" || e.args.length !== 1 || !this.isSlot(e.args[0]!, slot)) return null;
    if (this.game.names.get(e)?.kind !== "function") return null;
    return this.keyOf(e.callee.name);
  }

  /** The key function `name`, or null when it is none. */
  keyOf(name: string): CardKey | null {
    const key = this.ofCard(name);
    return key && key.variables.size > 0 && key.kind !== "int" ? key : null;
  }

  /** `name` as a function of one card that reads only that card (maybe no variable of it). */
  private ofCard(name: string): CardKey | null {
    if (this.found.has(name)) return this.found.get(name)!;
    // A function calling itself is none (and is not looked at twice while it is being looked at).
    this.found.set(name, null);
    const key = this.examine(name);
    this.found.set(name, key);
    return key;
  }

  /** Whether a transfer writes the per-card variable `name` (the counts follow assignments only). */
  transferred(name: string): boolean {
    if (!this.transfers) {
      const transfers = new Set<string>();
      walk(this.game.program.declarations, (node) => {
        if (node.kind !== "transfer") return;
        for (const end of [(node as A.TransferStatement).from, (node as A.TransferStatement).to]) {
          if (end.kind === "index" && end.target.kind === "name") transfers.add(end.target.name);
          else if (end.kind === "name") transfers.add(end.name);
        }
      });
      this.transfers = transfers;
    }
    return this.transfers.has(name);
  }

  /** The code of the key's member index (0 up) for the card of code `card`; `indexed`: whether the
   *  key has a function of its own that works the index out (see `indexFunction`). */
  memberCode(key: CardKey, card: string, memberIndex: (enumName: string, value: string) => string, indexed: boolean): string {
    if (indexed) return `${functionName(key.function)}$member(${card})`;
    const call = `${functionName(key.function)}(${card})`;
    return key.enumName === null ? `(${call} ? 1 : 0)` : memberIndex(key.enumName, call);
  }

  /** An enum key as a function of the card that works out its member's index (the kernel's enum
   *  values are their names: the key's value, then its index, would be a text compared and looked up
   *  per card moved), or null where its body holds what this writes not. The card's printed enum
   *  fields are read by their members' indexes by card id (`fieldIndex`), its variables compared
   *  with a member by name. */
  indexFunction(key: CardKey, indexes: EnumIndexes): string[] | null {
    const d = this.functions.get(key.function)!;
    if (key.enumName === null) return null;
    const parameter = this.game.names.get(d.parameters[0]!.name);
    if (parameter?.kind !== "local") return null;
    const card = localName(parameter.slot);
    const writer = new IndexWriter(this.game, parameter.slot, card, key.cardType, indexes);
    try {
      return [`function ${functionName(key.function)}$member(${card}: number): number {`, `return ${writer.index(d.body)};`, "}"];
    } catch (error) {
      if (error instanceof NotWritten) return null;
      throw error;
    }
  }

  /** A `bool` test of the card bound to `slot` (of type `cardType`) that reads only that card, at
   *  least one of its own variables and none a transfer writes (playout-paired-counts.ts): the code
   *  of its value for the card of code `card` (a `number`), and the variables it reads; else null. */
  cardTest(test: A.Expression, slot: unknown, cardType: string, card: string, indexes: EnumIndexes): { code: string; variables: ReadonlySet<string> } | null {
    if (this.game.types.get(test)?.kind !== "bool") return null;
    const variables = new Set<string>();
    if (!this.readsOnlyCard(test, slot, cardType, variables) || variables.size === 0) return null;
    if ([...variables].some((v) => this.transferred(v))) return null;
    try {
      return { code: new IndexWriter(this.game, slot, card, cardType, indexes).test(test), variables };
    } catch (error) {
      if (error instanceof NotWritten) return null;
      throw error;
    }
  }

  private examine(name: string): CardKey | null {
    const d = this.functions.get(name);
    if (!d || d.parameters.length !== 1) return null;
    const parameter = this.game.names.get(d.parameters[0]!.name);
    if (parameter?.kind !== "local" || parameter.slot.type.kind !== "card") return null;
    const cardType = parameter.slot.type.cardType;
    const result = this.game.types.get(d.body);
    const enumName = result?.kind === "enum" ? result.name : null;
    const kind = result?.kind === "int" ? "int" : enumName !== null ? "enum" : "bool";
    if (result?.kind !== "bool" && result?.kind !== "int" && enumName === null) return null;
    const members = enumName === null ? 2 : (this.game.enums.get(enumName)?.members.length ?? 0);
    if (members === 0) return null;
    const variables = new Set<string>();
    if (!this.readsOnlyCard(d.body, parameter.slot, cardType, variables)) return null;
    return { function: name, cardType, enumName, members, variables, kind };
  }

  /** Whether `e` reads only the card bound to `slot` (adding the per-card variables it reads). */
  private readsOnlyCard(e: A.Expression, slot: unknown, cardType: string, variables: Set<string>): boolean {
    const only = (x: A.Expression): boolean => this.readsOnlyCard(x, slot, cardType, variables);
    switch (e.kind) {
      case "integer":
      case "boolean":
      case "string":
        return true;
      case "name":
        return this.isSlot(e, slot);
      case "member":
        // A printed field of the card, or an enum's member.
        return this.isSlot(e.target, slot) || this.game.types.get(e.target)?.kind === "enum-type";
      case "index": {
        if (e.target.kind !== "name" || !this.isSlot(e.index, slot)) return false;
        const variable = this.game.names.get(e.target);
        if (variable?.kind !== "var" || !variable.declaration.perCard || variable.declaration.perPlayer || variable.declaration.perKey) return false;
        variables.add(e.target.name);
        return true;
      }
      case "unary":
        return only(e.operand);
      case "binary":
        return e.operator !== "/" && e.operator !== "%" && e.operator !== "in" && only(e.left) && only(e.right);
      case "conditional":
        return only(e.condition) && only(e.then) && only(e.otherwise);
      case "call": {
        if (e.args.length !== 1 || !this.isSlot(e.args[0]!, slot) || this.game.names.get(e)?.kind !== "function") return false;
        const inner = this.ofCard(e.callee.name);
        if (!inner || inner.cardType !== cardType) return false;
        for (const v of inner.variables) variables.add(v);
        return true;
      }
      default:
        return false;
    }
  }

  private isSlot(e: A.Expression, slot: unknown): boolean {
    return namesSlot(this.game, e, slot);
  }
}

class NotWritten extends Error {}

/** The code of a key function's body, its enum values as their members' indexes (see indexFunction). */
class IndexWriter {
  constructor(
    private readonly game: CheckedGame,
    private readonly slot: unknown,
    private readonly card: string,
    private readonly cardType: string,
    private readonly indexes: EnumIndexes,
  ) {}

  /** An enum value's member index. */
  index(e: A.Expression): string {
    const type = this.game.types.get(e);
    if (type?.kind !== "enum") throw new NotWritten();
    const written = writtenMember(this.game, e);
    if (written) {
      if (written.enumName !== type.name) throw new NotWritten();
      return String(written.index);
    }
    if (e.kind === "member" && this.isCard(e.target)) return `${this.indexes.fieldIndex(cardFieldArray(this.cardType, e.member.name), type.name)}[${this.card}]!`;
    if (e.kind === "conditional") return `(${this.test(e.condition)} ? ${this.index(e.then)} : ${this.index(e.otherwise)})`;
    if (e.kind === "index" || e.kind === "call") return this.codedRead(e) ?? this.indexes.memberIndex(type.name, this.value(e));
    throw new NotWritten();
  }

  /** The card's enum variable read as its code, the member's index (playout-card-vars.ts); null
   *  for any other read. */
  private codedRead(e: A.Expression): string | null {
    if (e.kind !== "index" || e.target.kind !== "name" || !this.isCard(e.index)) return null;
    const declaration = cardVarNamed(this.game, e.target);
    return declaration && cardEnumOf(this.game, declaration) !== null ? `${varName(e.target.name)}[${this.card}]!` : null;
  }

  /** A `bool` value. */
  test(e: A.Expression): string {
    switch (e.kind) {
      case "boolean":
        return String(e.value);
      case "unary":
        if (e.operator !== "not") throw new NotWritten();
        return `!(${this.test(e.operand)})`;
      case "binary": {
        if (e.operator === "and" || e.operator === "or") return `(${this.test(e.left)} ${e.operator === "and" ? "&&" : "||"} ${this.test(e.right)})`;
        const same = e.operator === "==" ? "===" : e.operator === "!=" ? "!==" : null;
        const leftType = this.game.types.get(e.left)?.kind;
        if (same && leftType === "enum") {
          // A variable against a named member: the names compared; else the indexes.
          for (const [side, other] of [[e.left, e.right], [e.right, e.left]] as const) {
            if (side.kind === "index" && this.codedRead(side) === null && other.kind === "member" && this.game.types.get(other.target)?.kind === "enum-type") return `${this.value(side)} ${same} ${quote(other.member.name)}`;
          }
          return `${this.index(e.left)} ${same} ${this.index(e.right)}`;
        }
        if (same && leftType === "bool") return `${this.test(e.left)} ${same} ${this.test(e.right)}`;
        if (["<", "<=", ">", ">="].includes(e.operator) || (same && leftType === "int")) return `${this.number(e.left)} ${same ?? e.operator} ${this.number(e.right)}`;
        throw new NotWritten();
      }
      case "member":
      case "index":
      case "call":
        if (this.game.types.get(e)?.kind !== "bool") throw new NotWritten();
        return this.value(e);
      default:
        throw new NotWritten();
    }
  }

  /** An `int` value. */
  private number(e: A.Expression): string {
    if (this.game.types.get(e)?.kind !== "int") throw new NotWritten();
    switch (e.kind) {
      case "integer":
        return String(e.value);
      case "unary":
        if (e.operator !== "-") throw new NotWritten();
        return `(-${this.number(e.operand)})`;
      case "binary":
        if (e.operator !== "+" && e.operator !== "-" && e.operator !== "*") throw new NotWritten();
        return `(${this.number(e.left)} ${e.operator} ${this.number(e.right)})`;
      case "conditional":
        return `(${this.test(e.condition)} ? ${this.number(e.then)} : ${this.number(e.otherwise)})`;
      case "member":
      case "index":
      case "call":
        return this.value(e);
      default:
        throw new NotWritten();
    }
  }

  /** A printed field, a variable of the card or another key function's value, as the kernel keeps it. */
  private value(e: A.Expression): string {
    if (e.kind === "member" && this.isCard(e.target)) return `${cardFieldArray(this.cardType, e.member.name)}[${this.card}]!`;
    if (e.kind === "index" && e.target.kind === "name" && this.isCard(e.index)) {
      const declaration = cardVarNamed(this.game, e.target);
      return declaration ? cardVarRead(this.game, declaration, varName(e.target.name), this.card) : `${varName(e.target.name)}[${this.card}]!`;
    }
    if (e.kind === "call" && e.args.length === 1 && this.isCard(e.args[0]!)) return `${functionName(e.callee.name)}(${this.card})`;
    throw new NotWritten();
  }

  private isCard(e: A.Expression): boolean {
    return namesSlot(this.game, e, this.slot);
  }
}
