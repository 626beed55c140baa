// Running counts of a zone's cards by a key the rules work out from the card alone, its own variables
// included: `uncommitted(c)` (a Dual whose per-card `committed` is still none), `colour_of(c)` (the
// printed colour, or the committed one), as a hand-written engine keeps "uncommitted Duals" and "cards
// of each colour" per seat beside its zones. playout-counts.ts keeps these counts as it keeps its counts
// by a printed field (every move in or out of the zone updates them, by the card's key as it stands);
// this module says what makes a key, and writes the code around a write of a per-card variable that a
// key reads: the card leaves its count under the old key and comes back under the new one.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { functionName } from "./code.js";
import { walk } from "./playout-memo-reads.js";

/** A rules function of one card that reads only that card: its printed fields, its own per-card
 *  variables (at least one: a key of printed fields only never changes, a card table serves it), enum
 *  members and constants, through operators that cannot fault (no division) and other such functions. */
export interface CardKey {
  readonly function: string;
  readonly cardType: string;
  /** The enum of its values; null for a `bool` key (false counted at 0, true at 1). */
  readonly enumName: string | null;
  readonly members: number;
  /** The per-card variables it reads (rules names). */
  readonly variables: ReadonlySet<string>;
}

export class CardKeys {
  private readonly found = new Map<string, CardKey | null>();
  private readonly functions = new Map<string, A.FunctionDeclaration>();
  private transfers: Set<string> | null = null;

  constructor(private readonly game: CheckedGame) {
    for (const d of game.program.declarations) if (d.kind === "function") this.functions.set(d.name.name, d);
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
    return key && key.variables.size > 0 ? key : null;
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

  /** The code of the key's member index (0 up) for the card of code `card`. */
  memberCode(key: CardKey, card: string, memberIndex: (enumName: string, value: string) => string): string {
    const call = `${functionName(key.function)}(${card})`;
    return key.enumName === null ? `(${call} ? 1 : 0)` : memberIndex(key.enumName, call);
  }

  private examine(name: string): CardKey | null {
    const d = this.functions.get(name);
    if (!d || d.parameters.length !== 1) return null;
    const parameter = this.game.names.get(d.parameters[0]!.name);
    if (parameter?.kind !== "local" || parameter.slot.type.kind !== "card") return null;
    const cardType = parameter.slot.type.cardType;
    const result = this.game.types.get(d.body);
    const enumName = result?.kind === "enum" ? result.name : null;
    if (result?.kind !== "bool" && enumName === null) return null;
    const members = enumName === null ? 2 : (this.game.enums.get(enumName)?.members.length ?? 0);
    if (members === 0) return null;
    const variables = new Set<string>();
    if (!this.readsOnlyCard(d.body, parameter.slot, cardType, variables)) return null;
    return { function: name, cardType, enumName, members, variables };
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
    if (e.kind !== "name") return false;
    const binding = this.game.names.get(e);
    return binding?.kind === "local" && binding.slot === slot;
  }
}
