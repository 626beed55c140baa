// Types of rules-language expressions and what each name resolves to.
import type * as A from "../syntax/ast.js";

export type Type =
  | { readonly kind: "int" }
  | { readonly kind: "bool" }
  | { readonly kind: "string" }
  | { readonly kind: "player" }
  | { readonly kind: "enum"; readonly name: string }
  | { readonly kind: "card"; readonly cardType: string }
  /** One concrete zone (a shared zone, or a per-player zone indexed by a player). */
  | { readonly kind: "zone"; readonly cardType: string }
  /** A per-player zone not yet indexed. */
  | { readonly kind: "zones"; readonly cardType: string }
  /** A per-player variable not yet indexed. */
  | { readonly kind: "per-player"; readonly element: Type }
  /** A per-card variable (`per Deed var houses`) not yet indexed by a card of its type. */
  | { readonly kind: "per-card"; readonly cardType: string; readonly element: Type }
  /** A variable per player per enum member or per player (`per player per Field var owned`), not yet
   *  indexed by both: `owned[p, f]`. */
  | { readonly kind: "per-pair"; readonly key: Type; readonly element: Type }
  | { readonly kind: "list"; readonly element: Type }
  | { readonly kind: "table"; readonly key: Type; readonly value: Type }
  | { readonly kind: "enum-type"; readonly name: string }
  /** `subset(zone)`: the domain of a parameter that is a set of that zone's cards. */
  | { readonly kind: "subsets"; readonly cardType: string }
  /** A user function. */
  | { readonly kind: "function"; readonly parameters: readonly Type[]; readonly result: Type }
  /** `(Colour, int)`: a table key of two or more values. */
  | { readonly kind: "tuple"; readonly elements: readonly Type[] }
  /** Already reported; suppresses follow-on errors. */
  | { readonly kind: "error" };

export const INT: Type = { kind: "int" };
export const BOOL: Type = { kind: "bool" };
export const STRING: Type = { kind: "string" };
export const PLAYER: Type = { kind: "player" };
export const ERROR: Type = { kind: "error" };

export function typeName(type: Type): string {
  switch (type.kind) {
    case "enum":
      return type.name;
    case "card":
      return `a ${type.cardType} card`;
    case "zone":
      return `a zone of ${type.cardType} cards`;
    case "zones":
      return `a per-player zone of ${type.cardType} cards (index it with a player)`;
    case "per-player":
      return `a per-player ${typeName(type.element)} (index it with a player)`;
    case "per-card":
      return `a ${typeName(type.element)} per ${type.cardType} card (index it with a ${type.cardType} card)`;
    case "per-pair":
      return `${typeName(type.element)} values per player per ${type.key.kind === "player" ? "player" : typeName(type.key)} (index it with both, as in v[p, k])`;
    case "list":
      return `a list of ${typeName(type.element)}`;
    case "table":
      return `a table from ${typeName(type.key)} to ${typeName(type.value)}`;
    case "enum-type":
      return `the enum ${type.name}`;
    case "subsets":
      return `a choice of ${type.cardType} cards`;
    case "function":
      return "a function";
    case "tuple":
      return `a pair (${type.elements.map(typeName).join(", ")})`;
    default:
      return type.kind;
  }
}

export function sameType(a: Type, b: Type): boolean {
  if (a.kind === "error" || b.kind === "error") return true;
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case "enum":
    case "enum-type":
      return a.name === (b as typeof a).name;
    case "card":
    case "zone":
    case "zones":
    case "subsets":
      return a.cardType === (b as typeof a).cardType;
    case "per-player":
    case "list":
      return sameType(a.element, (b as typeof a).element);
    case "per-card":
      return a.cardType === (b as typeof a).cardType && sameType(a.element, (b as typeof a).element);
    case "per-pair":
      return sameType(a.key, (b as typeof a).key) && sameType(a.element, (b as typeof a).element);
    case "tuple": {
      const other = b as typeof a;
      return a.elements.length === other.elements.length && a.elements.every((e, i) => sameType(e, other.elements[i]!));
    }
    case "table":
      return sameType(a.key, (b as typeof a).key) && sameType(a.value, (b as typeof a).value);
    default:
      return true;
  }
}

/** Where a flow binding lives at run time: in the state (it spans a decision) or in a TS local. */
export type Storage = "state" | "local";

/** What a name in an expression refers to. */
export type Binding =
  | { readonly kind: "var"; readonly declaration: A.VarDeclaration; readonly type: Type }
  | { readonly kind: "zone"; readonly declaration: A.ZoneDeclaration; readonly type: Type }
  | { readonly kind: "table"; readonly declaration: A.TableDeclaration; readonly type: Type }
  | { readonly kind: "enum-type"; readonly declaration: A.EnumDeclaration; readonly type: Type }
  | { readonly kind: "function"; readonly declaration: A.FunctionDeclaration; readonly type: Type }
  | { readonly kind: "procedure"; readonly declaration: A.ProcedureDeclaration; readonly type: Type }
  | { readonly kind: "builtin"; readonly name: "players" | "player_count"; readonly type: Type }
  | { readonly kind: "local"; readonly slot: LocalSlot; readonly type: Type };

/** A `let`, loop binder, move parameter or aggregate binder, with a name unique in its game. */
export interface LocalSlot {
  readonly name: string;
  /** Unique name in the generated code. */
  readonly slot: string;
  readonly type: Type;
  storage: Storage;
  readonly declaredAt: A.SourceRange;
}
