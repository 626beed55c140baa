// What every part of the checker shares while it walks one game: the declarations found so far,
// what each expression's type is and what each name means, the diagnostics, and where the walk is
// (in setup, in a pure expression, in a parameter's domain...), which decides what is allowed.
import type * as A from "../syntax/ast.js";
import type { Diagnostic, Severity } from "../diagnostics.js";
import type { ConstantValue } from "./constants.js";
import { BOOL, ERROR, INT, PLAYER, sameType, typeName, type Binding, type LocalSlot, type Type } from "./types.js";

export interface CardTypeModel {
  readonly declaration: A.CardDeclaration;
  readonly fields: readonly { readonly name: string; readonly type: Type }[];
  /** Each physical card's field values, in manifest order. */
  readonly cards: readonly Record<string, ConstantValue>[];
  /** Each card's name and text from the rules' templates, by the same index (null: none given). */
  readonly names: readonly (string | null)[];
  readonly texts: readonly (string | null)[];
}

export interface TableModel {
  readonly declaration: A.TableDeclaration;
  readonly entries: Map<ConstantValue, ConstantValue>;
}

export class Scope {
  readonly names = new Map<string, Binding>();
  constructor(readonly parent: Scope | null) {}
  lookup(name: string): Binding | undefined {
    return this.names.get(name) ?? this.parent?.lookup(name);
  }
  define(name: string, binding: Binding): void {
    this.names.set(name, binding);
  }
  has(name: string): boolean {
    return this.names.has(name);
  }
  /** Every name visible here, innermost first. */
  visible(): string[] {
    return [...this.names.keys(), ...(this.parent?.visible() ?? [])];
  }
}


export class CheckContext {
  readonly diagnostics: Diagnostic[] = [];
  readonly types = new Map<A.Expression, Type>();
  readonly names = new Map<A.Expression | A.Identifier, Binding>();
  readonly enums = new Map<string, A.EnumDeclaration>();
  readonly cardTypes = new Map<string, CardTypeModel>();
  readonly vars = new Map<string, A.VarDeclaration>();
  readonly zones = new Map<string, A.ZoneDeclaration>();
  readonly tables = new Map<string, TableModel>();
  readonly globals = new Scope(null);
  readonly stateLocals: LocalSlot[] = [];
  private readonly slotNames = new Set<string>(["phase", "actor", "actors"]);
  /** Locals of a `let` without a type: they took their value's, which a diagnostic may explain. */
  readonly untypedLets = new Set<LocalSlot>();
  readonly conservedVars = new Set<string>();
  inSetup = false;
  /** Checking something that must not change the state: a function body, a parameter domain, a
   *  requirement, a score. Randomness there would change the game while it is only looked at. */
  pure: string | null = null;

  /** Runs `check` as checking `what`, a thing that must not draw (unless an enclosing one already
   *  names what is checked), then returns to what was checked before. */
  purely<T>(what: string, check: () => T): T {
    const was = this.pure;
    this.pure ??= what;
    try {
      return check();
    } finally {
      this.pure = was;
    }
  }
  /** Checking a parameter's domain, the one place `subset(zone)` may stand. */
  inDomain = false;

  inSimultaneous = false;
  readonly functions: A.FunctionDeclaration[] = [];
  /** Whether the game ever reveals a card to one player (then states carry each player's knowledge). */
  usesKnowledge = false;
  /** While checking a function body, its position: it may only call functions declared above it. */
  functionIndex = Number.POSITIVE_INFINITY;
  /** The file of the declaration being checked, for diagnostics. */
  currentFile: string;
  /** The binding that stands for each value a parameter's `where` condition tests. */
  readonly filterBinders = new Map<A.ParameterDeclaration, LocalSlot>();
  /** For a per-player variable's `shown` clause, the binding of `owner`: the seat whose line it is. */
  readonly shownOwners = new Map<A.VarDeclaration, LocalSlot>();
  /** The player counts of the game header: seat numbers run from 0 to maxPlayers - 1. */
  minPlayers = 1;
  maxPlayers = 1;
  /** Every seat count a match can have (humans and the header's bots): what `player_count` can be;
   *  seats run from 0 to the largest minus 1. */
  seatCounts: readonly number[] = [1];

  constructor(
    readonly program: A.Program,
    private readonly fileOf: ReadonlyMap<A.Declaration, string>,
  ) {
    this.currentFile = program.file;
  }

  enter(d: A.Declaration): void {
    this.currentFile = this.fileOf.get(d) ?? this.program.file;
  }

  error(code: string, message: string, range: A.SourceRange): void {
    this.report("error", code, message, range);
  }

  report(severity: Severity, code: string, message: string, range: A.SourceRange): void {
    this.diagnostics.push({
      file: this.currentFile,
      line: range.start.line,
      column: range.start.column,
      endLine: range.end.line,
      endColumn: range.end.column + 1,
      severity,
      code,
      message,
    });
  }

  expect(actual: Type, expected: Type, range: A.SourceRange, what: string): void {
    if (!sameType(actual, expected)) {
      this.error("check/type-mismatch", `${what} must be ${typeName(expected)}, but this is ${typeName(actual)}`, range);
    }
  }

  bindLocal(scope: Scope, name: A.Identifier, type: Type, storage: "state" | "local"): LocalSlot {
    if (scope.has(name.name)) this.error("check/duplicate-definition", `'${name.name}' is already defined in this block`, name.range);
    if (name.name.startsWith("__") && !name.synthetic) this.error("check/reserved-name", `names starting with '__' are reserved; rename '${name.name}'`, name.range);
    // Bindings kept in the state need names unique in the game; TypeScript locals are block-scoped.
    let slot = name.name;
    if (storage === "state") {
      for (let n = 2; this.slotNames.has(slot); n++) slot = `${name.name}_${n}`;
      this.slotNames.add(slot);
    }
    const local: LocalSlot = { name: name.name, slot, type, storage, declaredAt: name.range };
    if (storage === "state") this.stateLocals.push(local);
    const binding: Binding = { kind: "local", slot: local, type };
    scope.define(name.name, binding);
    this.names.set(name, binding);
    return local;
  }

  private readonly resolvedTypes = new Map<A.TypeReference, Type>();

  /** The type a reference names; each reference is resolved (and reported) once. */
  resolveType(reference: A.TypeReference, allowCards = false, allowTuple = false): Type {
    const known = this.resolvedTypes.get(reference);
    if (known) return known;
    const type = this.resolveTypeOnce(reference, allowCards, allowTuple);
    this.resolvedTypes.set(reference, type);
    return type;
  }

  private resolveTypeOnce(reference: A.TypeReference, allowCards: boolean, allowTuple: boolean): Type {
    if (reference.elements) {
      // A pair of values is only ever a table's key (`table points: (Colour, int) -> int`).
      if (!allowTuple) {
        this.error("check/unknown-type", `a pair of types like '${reference.name.name}' can only be the key of a table`, reference.name.range);
        return ERROR;
      }
      return { kind: "tuple", elements: reference.elements.map((e) => this.resolveType(e)) };
    }
    const name = reference.name.name;
    let element: Type | null = null;
    if (name === "int") element = INT;
    else if (name === "bool") element = BOOL;
    else if (name === "player") element = PLAYER;
    else if (this.enums.has(name)) element = { kind: "enum", name };
    else if (allowCards && this.cardTypes.has(name)) element = { kind: "card", cardType: name };
    if (!element) {
      const expected = allowCards ? "int, bool, player, an enum or a card type" : "int, bool, player or an enum";
      this.error("check/unknown-type", `unknown type '${name}': expected ${expected}`, reference.name.range);
      return ERROR;
    }
    if (reference.list && !allowCards) {
      this.error("check/unknown-type", `a list type like '${name}[]' can only be a function's parameter or result, or a let's type`, reference.name.range);
      return ERROR;
    }
    return reference.list ? { kind: "list", element } : element;
  }

  varType(d: A.VarDeclaration): Type {
    return this.resolveType(d.type);
  }

}
