// Name resolution and type checking. Produces a CheckedGame: the declarations by name, the
// evaluated card manifests and tables, and for every expression its type and what its names mean.
import type * as A from "../syntax/ast.js";
import { editDistance, type Diagnostic } from "../diagnostics.js";
import { evaluateConstant, type ConstantValue } from "./constants.js";
import { subExpressions } from "../syntax/walk.js";
import {
  BOOL, ERROR, INT, PLAYER, STRING, sameType, typeName,
  type Binding, type LocalSlot, type Type,
} from "./types.js";

export interface CardTypeModel {
  readonly declaration: A.CardDeclaration;
  readonly fields: readonly { readonly name: string; readonly type: Type }[];
  /** Each physical card's field values, in manifest order. */
  readonly cards: readonly Record<string, ConstantValue>[];
}

export interface CheckedGame {
  readonly program: A.Program;
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly variants: readonly A.VariantDeclaration[];
  readonly enums: ReadonlyMap<string, A.EnumDeclaration>;
  readonly cardTypes: ReadonlyMap<string, CardTypeModel>;
  readonly vars: ReadonlyMap<string, A.VarDeclaration>;
  readonly zones: ReadonlyMap<string, A.ZoneDeclaration>;
  readonly tables: ReadonlyMap<string, { declaration: A.TableDeclaration; entries: Map<ConstantValue, ConstantValue> }>;
  readonly conserved: readonly A.ConserveDeclaration[];
  readonly setup: A.Block | null;
  readonly flow: A.Block;
  readonly score: A.ScoreDeclaration;
  readonly tiebreaks: readonly A.ScoreDeclaration[];
  readonly types: Map<A.Expression, Type>;
  readonly names: Map<A.Expression | A.Identifier, Binding>;
  /** Every binding that must live in the state because a decision falls inside its scope. */
  readonly stateLocals: LocalSlot[];
  /** The game reveals cards to single players: states carry what each one knows. */
  readonly usesKnowledge: boolean;
  readonly typeOfVar: (declaration: A.VarDeclaration) => Type;
}

/** Builtin functions: name → arity and how its result type follows from its arguments. */
const BUILTINS: Record<string, { arity: number; describe: string }> = {
  count: { arity: 1, describe: "count(zone)" },
  top: { arity: 1, describe: "top(zone)" },
  next: { arity: 1, describe: "next(player)" },
  random_player: { arity: 0, describe: "random_player()" },
  variant: { arity: 1, describe: "variant(name)" },
  subset: { arity: 1, describe: "subset(zone)" },
  nth: { arity: 2, describe: "nth(zone, position)" },
  players_from: { arity: 1, describe: "players_from(player)" },
  last: { arity: 1, describe: "last(zone)" },
  best_sets: { arity: 4, describe: "best_sets(cards, size, same(field) or consecutive(field), scoring_function)" },
  abs: { arity: 1, describe: "abs(number)" },
  min: { arity: 2, describe: "min(a, b)" },
  max: { arity: 2, describe: "max(a, b)" },
};
const AGGREGATES = new Set([
  "count", "sum", "min", "max", "lowest", "highest", "any", "all", "first", "distinct", "longest_run", "sort", "sort_descending",
]);
const RESERVED_PARAMETERS = new Set(["type", "seat"]);

export function containsDecision(statement: A.Statement): boolean {
  switch (statement.kind) {
    case "ask":
      return true;
    case "if":
      return blockHasDecision(statement.then) || (statement.otherwise !== null && blockHasDecision(statement.otherwise));
    case "while":
    case "for":
    case "phase":
      return blockHasDecision(statement.body);
    default:
      return false;
  }
}
export function blockHasDecision(block: A.Block): boolean {
  return block.statements.some(containsDecision);
}

class Scope {
  private readonly names = new Map<string, Binding>();
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

/** Checks a game; `fileOf` names the file of each declaration when a game spans several files. */
export function checkProgram(
  program: A.Program,
  fileOf: ReadonlyMap<A.Declaration, string> = new Map(),
): { game: CheckedGame | null; diagnostics: Diagnostic[] } {
  return new Checker(program, fileOf).run();
}

class Checker {
  private readonly diagnostics: Diagnostic[] = [];
  private readonly types = new Map<A.Expression, Type>();
  private readonly names = new Map<A.Expression | A.Identifier, Binding>();
  private readonly enums = new Map<string, A.EnumDeclaration>();
  private readonly cardTypes = new Map<string, CardTypeModel>();
  private readonly vars = new Map<string, A.VarDeclaration>();
  private readonly zones = new Map<string, A.ZoneDeclaration>();
  private readonly tables = new Map<string, { declaration: A.TableDeclaration; entries: Map<ConstantValue, ConstantValue> }>();
  private readonly globals = new Scope(null);
  private readonly stateLocals: LocalSlot[] = [];
  private readonly slotNames = new Set<string>(["phase", "actor", "actors"]);
  private readonly conservedVars = new Set<string>();
  private inSetup = false;
  /** Checking something that must not change the state: a function body, a parameter domain, a
   *  requirement, a score. Randomness there would change the game while it is only looked at. */
  private pure: string | null = null;
  /** Checking a parameter's domain, the one place `subset(zone)` may stand. */
  private inDomain = false;

  private inSimultaneous = false;
  private readonly functions: A.FunctionDeclaration[] = [];
  /** Whether the game ever reveals a card to one player (then states carry each player's knowledge). */
  private usesKnowledge = false;
  /** While checking a function body, its position: it may only call functions declared above it. */
  private functionIndex = Number.POSITIVE_INFINITY;

  /** The file of the declaration being checked, for diagnostics. */
  private currentFile: string;

  constructor(
    private readonly program: A.Program,
    private readonly fileOf: ReadonlyMap<A.Declaration, string>,
  ) {
    this.currentFile = program.file;
  }

  private enter(d: A.Declaration): void {
    this.currentFile = this.fileOf.get(d) ?? this.program.file;
  }

  private error(code: string, message: string, range: A.SourceRange): void {
    this.diagnostics.push({
      file: this.currentFile,
      line: range.start.line,
      column: range.start.column,
      endLine: range.end.line,
      endColumn: range.end.column + 1,
      severity: "error",
      code,
      message,
    });
  }

  run(): { game: CheckedGame | null; diagnostics: Diagnostic[] } {
    const program = this.program;
    const header = program.game;
    let minPlayers = 1;
    let maxPlayers = 1;
    if (!header) {
      this.error("check/missing-game", "a rules file needs a header: game \"Title\" { players 2..4 }", {
        start: { offset: 0, line: 1, column: 1 },
        end: { offset: 0, line: 1, column: 1 },
      });
    } else if (!header.players || header.players.kind !== "range") {
      this.error("check/missing-players", "the game header must say how many players: players 3..6", header.range);
    } else {
      const low = evaluateConstant(header.players.low, new Map(), this.enums);
      const high = evaluateConstant(header.players.high, new Map(), this.enums);
      if (typeof low !== "number" || typeof high !== "number" || low < 1 || high < low || high > 16) {
        this.error("check/bad-player-count", "the player count must be a range of whole numbers like 3..6, from 1 to 16", header.players.range);
      } else {
        minPlayers = low;
        maxPlayers = high;
      }
    }
    this.globals.define("players", { kind: "builtin", name: "players", type: { kind: "list", element: PLAYER } });
    this.globals.define("player_count", { kind: "builtin", name: "player_count", type: INT });

    // Declarations first, so that order in the file does not matter.
    const taken = new Map<string, A.Identifier>();
    const declare = (name: A.Identifier, binding: Binding | null): void => {
      if (name.name.startsWith("__")) {
        this.error("check/reserved-name", `names starting with '__' are reserved; rename '${name.name}'`, name.range);
      }
      const previous = taken.get(name.name);
      if (previous || name.name === "players" || name.name === "player_count") {
        this.error(
          "check/duplicate-definition",
          previous
            ? `'${name.name}' is already defined at line ${previous.range.start.line}`
            : `'${name.name}' is a built-in name`,
          name.range,
        );
        return;
      }
      taken.set(name.name, name);
      if (binding) this.globals.define(name.name, binding);
    };
    for (const d of program.declarations) {
      this.enter(d);
      if (d.kind === "enum") {
        declare(d.name, { kind: "enum-type", declaration: d, type: { kind: "enum-type", name: d.name.name } });
        this.enums.set(d.name.name, d);
        const members = new Set<string>();
        for (const m of d.members) {
          if (members.has(m.name)) this.error("check/duplicate-definition", `'${m.name}' appears twice in enum ${d.name.name}`, m.range);
          members.add(m.name);
        }
      }
    }
    for (const d of program.declarations) {
      this.enter(d);
      if (d.kind === "card") {
        declare(d.name, null);
        this.cardTypes.set(d.name.name, this.checkCardType(d));
      }
    }
    for (const d of program.declarations) {
      this.enter(d);
      switch (d.kind) {
        case "var":
          this.checkOwnerVisibility(d);
          declare(d.name, {
            kind: "var",
            declaration: d,
            type: d.perPlayer ? { kind: "per-player", element: this.varType(d) } : this.varType(d),
          });
          this.vars.set(d.name.name, d);
          break;
        case "zone": {
          this.checkCardTypeName(d.cardType);
          this.checkOwnerVisibility(d);
          const type: Type = d.perPlayer ? { kind: "zones", cardType: d.cardType.name } : { kind: "zone", cardType: d.cardType.name };
          declare(d.name, { kind: "zone", declaration: d, type });
          this.zones.set(d.name.name, d);
          break;
        }
        case "function": {
          const type: Type = {
            kind: "function",
            parameters: d.parameters.map((p) => this.resolveType(p.type, true)),
            result: this.resolveType(d.result, true),
          };
          declare(d.name, { kind: "function", declaration: d, type });
          this.functions.push(d);
          break;
        }
        case "table":
          declare(d.name, { kind: "table", declaration: d, type: { kind: "table", key: this.resolveType(d.keyType), value: this.resolveType(d.valueType) } });
          this.tables.set(d.name.name, { declaration: d, entries: this.checkTable(d) });
          break;
        default:
          break;
      }
    }
    this.checkZones();
    const conserved = program.declarations.filter((d): d is A.ConserveDeclaration => d.kind === "conserve");
    for (const c of conserved) {
      this.enter(c);
      for (const v of c.vars) {
        const declaration = this.vars.get(v.name);
        if (!declaration) this.error("check/unknown-name", `'${v.name}' is not a variable`, v.range);
        else if (this.varType(declaration).kind !== "int") this.error("check/type-mismatch", `only int variables can be conserved; '${v.name}' is ${typeName(this.varType(declaration))}`, v.range);
        else this.conservedVars.add(v.name);
      }
    }
    for (const v of this.vars.values()) {
      this.enter(v);
      const type = this.varType(v);
      const initial = this.expression(v.initial, this.globals);
      this.expect(seatLiteral(v.initial, type) ?? initial, type, v.initial.range, `the initial value of '${v.name.name}'`);
    }

    for (const [index, f] of this.functions.entries()) {
      this.enter(f);
      this.functionIndex = index;
      const scope = new Scope(this.globals);
      const binding = this.globals.lookup(f.name.name);
      const type = binding?.kind === "function" ? binding.type : null;
      f.parameters.forEach((p, i) => {
        const parameterType = type?.kind === "function" ? type.parameters[i]! : ERROR;
        this.bindLocal(scope, p.name, parameterType, "local");
      });
      this.pure = "a function";
      const result = this.expression(f.body, scope);
      this.pure = null;
      if (type?.kind === "function") this.expect(result, type.result, f.body.range, `the result of ${f.name.name}`);
    }
    this.functionIndex = Number.POSITIVE_INFINITY;

    const setups = program.declarations.filter((d): d is A.BlockDeclaration => d.kind === "setup");
    const flows = program.declarations.filter((d): d is A.BlockDeclaration => d.kind === "flow");
    const scores = program.declarations.filter((d): d is A.ScoreDeclaration => d.kind === "score");
    const tiebreaks = program.declarations.filter((d): d is A.ScoreDeclaration => d.kind === "tiebreak");
    for (const extra of [...setups.slice(1), ...flows.slice(1), ...scores.slice(1)]) {
      this.enter(extra);
      this.error("check/duplicate-definition", `a game has one ${extra.kind} block`, extra.range);
    }
    const setup = setups[0]?.body ?? null;
    if (setup) {
      this.enter(setups[0]!);
      this.inSetup = true;
      this.block(setup, new Scope(this.globals));
      this.inSetup = false;
    }
    const flow = flows[0]?.body;
    if (!flow) this.error("check/missing-flow", "a game needs a flow { ... } block: the procedure of play", header?.range ?? { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } });
    else {
      this.enter(flows[0]!);
      this.block(flow, new Scope(this.globals));
    }
    const score = scores[0];
    if (!score) this.error("check/missing-score", "a game needs a score rule: score p: <expression>", header?.range ?? { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } });
    for (const s of [...scores, ...tiebreaks]) {
      this.enter(s);
      const scope = new Scope(this.globals);
      this.bindLocal(scope, s.player, PLAYER, "local");
      this.pure = `a ${s.kind}`;
      const value = this.expression(s.value, scope);
      this.pure = null;
      // A tie-breaker may be a list of numbers, compared in order ("the highest card, then the next").
      const allowed = s.kind === "tiebreak" && value.kind === "list" ? value.element : value;
      this.expect(allowed, INT, s.value.range, `a ${s.kind}`);
    }

    if (this.diagnostics.length > 0 || !header || !flow || !score) return { game: null, diagnostics: this.diagnostics };
    return {
      diagnostics: this.diagnostics,
      game: {
        program,
        title: header.title,
        minPlayers,
        maxPlayers,
        variants: header.variants,
        enums: this.enums,
        cardTypes: this.cardTypes,
        vars: this.vars,
        zones: this.zones,
        tables: this.tables,
        conserved,
        setup,
        flow,
        score,
        tiebreaks,
        types: this.types,
        names: this.names,
        stateLocals: this.stateLocals,
        usesKnowledge: this.usesKnowledge,
        typeOfVar: (d) => this.varType(d),
      },
    };
  }

  // ── declarations ────────────────────────────────────────────────────────────

  private readonly resolvedTypes = new Map<A.TypeReference, Type>();
  /** Manifest expressions already reported as not constant (a manifest is evaluated per card). */
  private readonly notConstant = new Set<A.Expression>();

  /** The type a reference names; each reference is resolved (and reported) once. */
  private resolveType(reference: A.TypeReference, allowCards = false): Type {
    const known = this.resolvedTypes.get(reference);
    if (known) return known;
    const type = this.resolveTypeOnce(reference, allowCards);
    this.resolvedTypes.set(reference, type);
    return type;
  }

  private resolveTypeOnce(reference: A.TypeReference, allowCards: boolean): Type {
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
      this.error("check/unknown-type", `a list type like '${name}[]' can only be a function's parameter or result`, reference.name.range);
      return ERROR;
    }
    return reference.list ? { kind: "list", element } : element;
  }

  private varType(d: A.VarDeclaration): Type {
    return this.resolveType(d.type);
  }

  /** `owner` means "seen by the player it belongs to": only per-player things have one. */
  private checkOwnerVisibility(d: A.VarDeclaration | A.ZoneDeclaration): void {
    if (d.visibility === "owner" && !d.perPlayer) {
      this.error("check/owner-of-shared", `'${d.name.name}' is shared, so no player owns it: make it public or hidden, or declare it per player`, d.name.range);
    }
  }

  private checkCardTypeName(name: A.Identifier): boolean {
    if (this.cardTypes.has(name.name)) return true;
    this.error("check/unknown-card-type", `unknown card type '${name.name}'`, name.range);
    return false;
  }

  private checkCardType(d: A.CardDeclaration): CardTypeModel {
    const fields: { name: string; type: Type }[] = [];
    for (const f of d.fields) {
      if (fields.some((other) => other.name === f.name.name)) {
        this.error("check/duplicate-definition", `card ${d.name.name} has two fields named '${f.name.name}'`, f.name.range);
      }
      fields.push({ name: f.name.name, type: this.resolveType(f.type) });
    }
    const cards: Record<string, ConstantValue>[] = [];
    if (d.manifests.length === 0) {
      this.error("check/empty-manifest", `card ${d.name.name} has no cards: add a line like cards for v in 1..10 { value: v }`, d.name.range);
    }
    for (const manifest of d.manifests) {
      const expand = (index: number, bound: Map<string, ConstantValue>): void => {
        if (index === manifest.binders.length) {
          if (manifest.condition && evaluateConstant(manifest.condition, bound, this.enums) !== true) return;
          const card: Record<string, ConstantValue> = {};
          for (const f of manifest.fields) {
            const value = evaluateConstant(f.value, bound, this.enums);
            if (value === null) {
              if (this.notConstant.has(f.value)) return;
              this.notConstant.add(f.value);
              this.error("check/not-constant", `the value of '${f.name.name}' must be fixed before play: numbers, enum values and the manifest's own names only`, f.value.range);
              return;
            }
            card[f.name.name] = value;
          }
          cards.push(card);
          return;
        }
        const binder = manifest.binders[index]!;
        const values = evaluateConstant(binder.source, bound, this.enums);
        if (!Array.isArray(values)) {
          if (this.notConstant.has(binder.source)) return;
          this.notConstant.add(binder.source);
          this.error("check/not-constant", "the cards of a game are fixed before play: this list must be written with numbers, ranges and enum values only", binder.source.range);
          return;
        }
        for (const value of values) expand(index + 1, new Map(bound).set(binder.name.name, value));
      };
      // Type-check the manifest once with symbolic bindings, then evaluate it.
      const scope = new Scope(this.globals);
      for (const binder of manifest.binders) {
        const source = this.expression(binder.source, scope);
        const element = source.kind === "list" ? source.element : source.kind === "error" ? ERROR : null;
        if (!element) this.error("check/type-mismatch", `expected a list or range to draw card values from, found ${typeName(source)}`, binder.source.range);
        this.bindLocal(scope, binder.name, element ?? ERROR, "local");
      }
      if (manifest.condition) this.expect(this.expression(manifest.condition, scope), BOOL, manifest.condition.range, "a manifest condition");
      const given = new Set<string>();
      for (const f of manifest.fields) {
        const field = fields.find((candidate) => candidate.name === f.name.name);
        if (!field) {
          this.error("check/unknown-field", `card ${d.name.name} has no field '${f.name.name}'`, f.name.range);
          continue;
        }
        given.add(f.name.name);
        this.expect(this.expression(f.value, scope), field.type, f.value.range, `field '${f.name.name}'`);
      }
      for (const field of fields) {
        if (!given.has(field.name)) this.error("check/missing-field", `these cards need a value for field '${field.name}'`, manifest.range);
      }
      if (this.diagnostics.length === 0) expand(0, new Map());
    }
    return { declaration: d, fields, cards };
  }

  private checkTable(d: A.TableDeclaration): Map<ConstantValue, ConstantValue> {
    const keyType = this.resolveType(d.keyType);
    const valueType = this.resolveType(d.valueType);
    const entries = new Map<ConstantValue, ConstantValue>();
    for (const entry of d.entries) {
      const key = this.expression(entry.key, this.globals);
      this.expect(seatLiteral(entry.key, keyType) ?? key, keyType, entry.key.range, "a table key");
      this.expect(this.expression(entry.value, this.globals), valueType, entry.value.range, "a table value");
      const keyValue = evaluateConstant(entry.key, new Map(), this.enums);
      if (entries.has(keyValue)) this.error("check/duplicate-definition", `table ${d.name.name} has key ${String(keyValue)} twice`, entry.key.range);
      entries.set(keyValue, evaluateConstant(entry.value, new Map(), this.enums));
    }
    return entries;
  }

  private checkZones(): void {
    const placed = new Map<string, A.ZoneDeclaration>();
    for (const zone of this.zones.values()) {
      this.enter(zone);
      if (zone.initialCards) {
        if (!this.checkCardTypeName(zone.initialCards)) continue;
        if (zone.initialCards.name !== zone.cardType.name) {
          this.error("check/type-mismatch", `zone '${zone.name.name}' holds ${zone.cardType.name} cards, not ${zone.initialCards.name}`, zone.initialCards.range);
        }
        if (zone.perPlayer) this.error("check/type-mismatch", "a per-player zone cannot start with every card of a type", zone.initialCards.range);
        const before = placed.get(zone.initialCards.name);
        if (before) this.error("check/duplicate-definition", `every ${zone.initialCards.name} card already starts in '${before.name.name}'`, zone.initialCards.range);
        placed.set(zone.initialCards.name, zone);
      }
      if (zone.limit) {
        const limit = evaluateConstant(zone.limit, new Map(), this.enums);
        if (typeof limit !== "number" || limit < 1) this.error("check/type-mismatch", "a zone limit must be a whole number of at least 1", zone.limit.range);
      }
    }
    for (const [name, type] of this.cardTypes) {
      this.enter(type.declaration);
      if (!placed.has(name)) {
        this.error("check/cards-nowhere", `no zone starts with the ${name} cards: add '= all ${name}' to a zone`, type.declaration.name.range);
      }
    }
  }

  // ── statements ──────────────────────────────────────────────────────────────

  private bindLocal(scope: Scope, name: A.Identifier, type: Type, storage: "state" | "local"): LocalSlot {
    if (scope.has(name.name)) this.error("check/duplicate-definition", `'${name.name}' is already defined in this block`, name.range);
    if (name.name.startsWith("__")) this.error("check/reserved-name", `names starting with '__' are reserved; rename '${name.name}'`, name.range);
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

  private block(block: A.Block, scope: Scope): void {
    let ended: A.EndGameStatement | null = null;
    block.statements.forEach((statement, index) => {
      if (ended) {
        this.error("check/unreachable", "this can never run: the game has already ended above", statement.range);
        ended = null;
      }
      const restHasDecision = block.statements.slice(index).some(containsDecision);
      this.statement(statement, scope, restHasDecision);
      if (statement.kind === "end-game") ended = statement;
    });
  }

  private statement(s: A.Statement, scope: Scope, restHasDecision: boolean): void {
    switch (s.kind) {
      case "let": {
        const type = this.expression(s.value, scope);
        if (type.kind === "zones" || type.kind === "per-player" || type.kind === "table" || type.kind === "enum-type" || type.kind === "function") {
          this.error("check/type-mismatch", `a let binding holds a value, not ${typeName(type)}`, s.value.range);
        } else if (type.kind === "zone" && restHasDecision) {
          this.error("check/type-mismatch", "a let binding that lasts past a decision cannot hold a zone: name the zone itself where it is used", s.value.range);
        }
        this.bindLocal(scope, s.name, type, restHasDecision ? "state" : "local");
        return;
      }
      case "assign": {
        const target = this.expression(s.target, scope);
        this.checkAssignable(s.target, scope);
        const value = this.expression(s.value, scope);
        if (s.operator === "=") this.expect(value, target, s.value.range, "the assigned value");
        else {
          this.expect(target, INT, s.target.range, `the target of ${s.operator}`);
          this.expect(value, INT, s.value.range, `the value of ${s.operator}`);
        }
        return;
      }
      case "if":
        this.expect(this.expression(s.condition, scope), BOOL, s.condition.range, "an if condition");
        this.block(s.then, new Scope(scope));
        if (s.otherwise) this.block(s.otherwise, new Scope(scope));
        return;
      case "while":
        this.expect(this.expression(s.condition, scope), BOOL, s.condition.range, "a while condition");
        if (s.condition.kind === "boolean" && s.condition.value && !blockHasDecision(s.body) && !endsGame(s.body)) {
          this.error("check/endless-loop", "this loop can never stop: its condition is always true and it asks no one anything", s.condition.range);
        }
        this.block(s.body, new Scope(scope));
        return;
      case "for": {
        const element = this.elementType(this.expression(s.source, scope), s.source.range);
        const inner = new Scope(scope);
        this.bindLocal(inner, s.binder, element, blockHasDecision(s.body) ? "state" : "local");
        if (s.condition) this.expect(this.expression(s.condition, inner), BOOL, s.condition.range, "a where condition");
        if (s.orderBy) this.expect(this.expression(s.orderBy, inner), INT, s.orderBy.range, "a sort key");
        this.block(s.body, inner);
        return;
      }
      case "phase":
        this.block(s.body, new Scope(scope));
        return;
      case "shuffle":
        this.expectZone(s.zone, scope);
        return;
      case "deal": {
        this.expect(this.expression(s.count, scope), INT, s.count.range, "the number of cards to deal");
        const from = this.expectZone(s.from, scope);
        const to = this.expectZone(s.to, scope);
        if (from && to && from !== to) this.error("check/card-type-mismatch", `cannot deal ${from} cards into a zone of ${to} cards`, s.to.range);
        return;
      }
      case "move": {
        const card = this.expression(s.card, scope);
        const to = this.expectZone(s.to, scope);
        if (card.kind !== "card" && card.kind !== "error") this.error("check/type-mismatch", `expected a card to move, found ${typeName(card)}`, s.card.range);
        else if (card.kind === "card" && to && card.cardType !== to) this.error("check/card-type-mismatch", `cannot move a ${card.cardType} card into a zone of ${to} cards`, s.to.range);
        return;
      }
      case "move-all": {
        const from = this.expectZone(s.from, scope);
        const to = this.expectZone(s.to, scope);
        if (from && to && from !== to) this.error("check/card-type-mismatch", `cannot move ${from} cards into a zone of ${to} cards`, s.to.range);
        return;
      }
      case "transfer": {
        this.expect(this.expression(s.amount, scope), INT, s.amount.range, "the amount to transfer");
        for (const side of [s.from, s.to]) {
          this.expect(this.expression(side, scope), INT, side.range, "a transfer's source and destination");
          this.checkAssignable(side, scope, true);
        }
        return;
      }
      case "end-game":
        if (this.inSetup) this.error("check/end-in-setup", "the game cannot end during setup: move 'end game' into the flow", s.range);
        return;
      case "reveal": {
        const card = this.expression(s.card, scope);
        if (card.kind !== "card" && card.kind !== "error") this.error("check/type-mismatch", `only a card can be revealed, not ${typeName(card)}`, s.card.range);
        this.expect(seatLiteral(s.player, PLAYER) ?? this.expression(s.player, scope), PLAYER, s.player.range, "the player a card is revealed to");
        this.usesKnowledge = true;
        return;
      }
      case "ask":
        this.ask(s, scope);
        return;
    }
  }

  private ask(s: A.AskStatement, scope: Scope): void {
    if (this.inSetup) this.error("check/decision-in-setup", "setup runs before play starts and cannot ask players to decide; move this into the flow", s.range);
    if (this.inSimultaneous) this.error("check/decision-in-simultaneous", "a simultaneous decision cannot contain another decision", s.range);
    const inner = new Scope(scope);
    if (s.each) {
      const element = this.elementType(this.expression(s.each.source, scope), s.each.source.range);
      this.expect(element, PLAYER, s.each.source.range, s.race ? "the players of a race" : "the players of 'ask each'");
      // A race's winner is needed after the decisions its option may hold.
      const lasts = s.race && s.options.some((o) => blockHasDecision(o.body));
      this.bindLocal(inner, s.each.binder, PLAYER, lasts ? "state" : "local");
    } else if (s.player) {
      this.expect(this.expression(s.player, scope), PLAYER, s.player.range, "the player who decides");
    }
    if (s.options.length === 0) {
      this.error("check/empty-decision", "this decision offers no options: a player asked here could never move", s.range);
    }
    const names = new Set<string>();
    if (s.race && s.options.length === 1) {
      this.error("check/empty-decision", "this race offers nothing to claim: add an option such as grab { ... }", s.range);
    }
    for (const option of s.options) {
      if (names.has(option.name.name)) {
        const message = s.race && option.name.name === "decline" ? "every race already has a 'decline' option; name this one differently" : `option '${option.name.name}' appears twice in this decision`;
        this.error("check/duplicate-definition", message, s.race && option.name.name === "decline" ? s.options.find((o) => o.name.name === "decline")!.name.range : option.name.range);
      }
      names.add(option.name.name);
      const optionScope = new Scope(inner);
      const bodyHasDecision = blockHasDecision(option.body);
      for (const parameter of option.parameters) {
        if (RESERVED_PARAMETERS.has(parameter.name.name)) {
          this.error("check/reserved-name", `'${parameter.name.name}' is reserved in moves; choose another parameter name`, parameter.name.range);
        }
        this.inDomain = true;
        const wasPure = this.pure;
        this.pure ??= "a parameter's domain";
        const domain = this.expression(parameter.domain, optionScope);
        this.inDomain = false;
        this.pure = wasPure;
        this.checkNoParameterIn(parameter.domain, option, parameter);
        let element: Type = ERROR;
        if (domain.kind === "zone") element = { kind: "card", cardType: domain.cardType };
        else if (domain.kind === "subsets") element = { kind: "list", element: { kind: "card", cardType: domain.cardType } };
        else if (domain.kind === "list") element = domain.element;
        else if (domain.kind !== "error") this.error("check/type-mismatch", `a parameter's domain must be a range, a zone, subset(zone) or a list, not ${typeName(domain)}`, parameter.domain.range);
        if (parameter.domain.kind === "range") {
          const low = evaluateConstant(parameter.domain.low, new Map(), this.enums, true);
          const high = evaluateConstant(parameter.domain.high, new Map(), this.enums, true);
          if (typeof low === "number" && typeof high === "number" && low > high) {
            this.error("check/empty-domain", `the range ${low}..${high} is empty: option '${option.name.name}' could never be chosen`, parameter.domain.range);
          }
        }
        this.bindLocal(optionScope, parameter.name, element, bodyHasDecision ? "state" : "local");
      }
      for (const requirement of option.requirements) {
        const wasPure = this.pure;
        this.pure ??= "a requirement";
        this.expression(requirement.condition, optionScope);
        this.pure = wasPure;
        this.expect(this.types.get(requirement.condition) ?? ERROR, BOOL, requirement.condition.range, "a requirement");
        if (requirement.condition.kind === "boolean" && !requirement.condition.value) {
          this.error("check/empty-domain", `this requirement is always false: option '${option.name.name}' could never be chosen`, requirement.range);
        }
      }
      const wasSimultaneous = this.inSimultaneous;
      this.inSimultaneous = wasSimultaneous || (s.each !== null && !s.race);
      this.block(option.body, optionScope);
      this.inSimultaneous = wasSimultaneous;
    }
  }

  /** A parameter's domain is fixed before any parameter is chosen: it may not use one. */
  private checkNoParameterIn(domain: A.Expression, option: A.MoveOptionDeclaration, parameter: A.ParameterDeclaration): void {
    const others = new Set(option.parameters.filter((p) => p !== parameter).map((p) => p.name.name));
    const visit = (e: A.Expression): void => {
      if (e.kind === "name" && others.has(e.name)) {
        this.error("check/parameter-in-domain", `the choices for '${parameter.name.name}' cannot depend on '${e.name}': each parameter's domain is fixed before the move is chosen; use a require line instead`, e.range);
      }
      for (const child of subExpressions(e)) visit(child);
    };
    visit(domain);
  }

  private checkAssignable(target: A.Expression, scope: Scope, transfer = false): void {
    const root = target.kind === "index" ? target.target : target;
    const binding = root.kind === "name" ? scope.lookup(root.name) : undefined;
    const isVar = binding?.kind === "var" && (target.kind === "name" ? !binding.declaration.perPlayer : binding.declaration.perPlayer);
    const isLocal = binding?.kind === "local" && target.kind === "name";
    if (!isVar && !isLocal) {
      if (binding || root.kind !== "name") this.error("check/not-assignable", "only variables and let bindings can be assigned", target.range);
      return;
    }
    if (isVar && !transfer && root.kind === "name" && this.conservedVars.has(root.name)) {
      this.error("check/conserved", `'${root.name}' is conserved: change it with transfer ... from ... to ...`, target.range);
    }
    if (transfer && isLocal) this.error("check/not-assignable", "transfer moves amounts between variables, not let bindings", target.range);
  }

  private expectZone(e: A.Expression, scope: Scope): string | null {
    const type = this.expression(e, scope);
    if (type.kind === "zone") return type.cardType;
    if (type.kind !== "error") {
      this.error("check/not-a-zone", type.kind === "zones" ? `'${describeExpression(e)}' is a zone per player: say whose, e.g. ${describeExpression(e)}[p]` : `expected a zone, found ${typeName(type)}`, e.range);
    }
    return null;
  }

  private elementType(type: Type, range: A.SourceRange): Type {
    if (type.kind === "list") return type.element;
    if (type.kind === "zone") return { kind: "card", cardType: type.cardType };
    if (type.kind !== "error") this.error("check/type-mismatch", `expected a zone or a list to go through, found ${typeName(type)}`, range);
    return ERROR;
  }

  private expect(actual: Type, expected: Type, range: A.SourceRange, what: string): void {
    if (!sameType(actual, expected)) {
      this.error("check/type-mismatch", `${what} must be ${typeName(expected)}, but this is ${typeName(actual)}`, range);
    }
  }

  // ── expressions ─────────────────────────────────────────────────────────────

  private expression(e: A.Expression, scope: Scope): Type {
    const type = this.infer(e, scope);
    this.types.set(e, type);
    return type;
  }

  private infer(e: A.Expression, scope: Scope): Type {
    switch (e.kind) {
      case "integer":
        return INT;
      case "boolean":
        return BOOL;
      case "string":
        return STRING;
      case "name": {
        const binding = scope.lookup(e.name);
        if (!binding) {
          this.error("check/unknown-name", `unknown name '${e.name}'${this.suggest(e.name, scope)}`, e.range);
          return ERROR;
        }
        this.names.set(e, binding);
        return binding.type;
      }
      case "index": {
        const target = this.expression(e.target, scope);
        const index = this.expression(e.index, scope);
        if (target.kind === "zones" || target.kind === "per-player") {
          this.expect(seatLiteral(e.index, PLAYER) ?? index, PLAYER, e.index.range, "the index of a per-player value");
          return target.kind === "zones" ? { kind: "zone", cardType: target.cardType } : target.element;
        }
        if (target.kind === "table") {
          this.expect(index, target.key, e.index.range, "the table key");
          return target.value;
        }
        if (target.kind !== "error") this.error("check/type-mismatch", `cannot index ${typeName(target)}`, e.range);
        return ERROR;
      }
      case "member": {
        const target = this.expression(e.target, scope);
        if (target.kind === "enum-type") {
          const declaration = this.enums.get(target.name)!;
          if (!declaration.members.some((m) => m.name === e.member.name)) {
            this.error("check/unknown-name", `enum ${target.name} has no member '${e.member.name}'`, e.member.range);
            return ERROR;
          }
          return { kind: "enum", name: target.name };
        }
        if (target.kind === "card") {
          const field = this.cardTypes.get(target.cardType)?.fields.find((f) => f.name === e.member.name);
          if (!field) {
            this.error("check/unknown-field", `${target.cardType} cards have no field '${e.member.name}'`, e.member.range);
            return ERROR;
          }
          return field.type;
        }
        if (target.kind !== "error") this.error("check/type-mismatch", `${typeName(target)} has no fields`, e.range);
        return ERROR;
      }
      case "unary": {
        const operand = this.expression(e.operand, scope);
        const expected = e.operator === "not" ? BOOL : INT;
        this.expect(operand, expected, e.operand.range, `the operand of '${e.operator}'`);
        return expected;
      }
      case "binary":
        return this.binary(e, scope);
      case "conditional": {
        this.expect(this.expression(e.condition, scope), BOOL, e.condition.range, "a condition");
        const then = this.expression(e.then, scope);
        this.expect(this.expression(e.otherwise, scope), then, e.otherwise.range, "both branches");
        return then;
      }
      case "list": {
        let element: Type | null = null;
        for (const item of e.elements) {
          let type = this.expression(item, scope);
          if (item.kind === "range") type = INT;
          if (element === null) element = type;
          else this.expect(type, element, item.range, "every list element");
        }
        return { kind: "list", element: element ?? INT };
      }
      case "range":
        this.expect(this.expression(e.low, scope), INT, e.low.range, "a range's low end");
        this.expect(this.expression(e.high, scope), INT, e.high.range, "a range's high end");
        return { kind: "list", element: INT };
      case "call":
        return this.call(e, scope);
      case "aggregate":
        return this.aggregate(e, scope);
    }
  }

  private binary(e: A.BinaryExpression, scope: Scope): Type {
    const left = this.expression(e.left, scope);
    const right = this.expression(e.right, scope);
    switch (e.operator) {
      case "and":
      case "or":
        this.expect(left, BOOL, e.left.range, `the operands of '${e.operator}'`);
        this.expect(right, BOOL, e.right.range, `the operands of '${e.operator}'`);
        return BOOL;
      case "==":
      case "!=":
        if (!sameType(left, right)) this.error("check/type-mismatch", `cannot compare ${typeName(left)} with ${typeName(right)}`, e.range);
        else if (left.kind === "zone" || left.kind === "zones" || left.kind === "list" || left.kind === "table" || left.kind === "per-player") this.error("check/type-mismatch", `cannot compare ${typeName(left)} with '${e.operator}'`, e.range);
        return BOOL;
      case "<":
      case "<=":
      case ">":
      case ">=":
        this.expect(left, INT, e.left.range, `the operands of '${e.operator}'`);
        this.expect(right, INT, e.right.range, `the operands of '${e.operator}'`);
        return BOOL;
      default:
        this.expect(left, INT, e.left.range, `the operands of '${e.operator}'`);
        this.expect(right, INT, e.right.range, `the operands of '${e.operator}'`);
        return INT;
    }
  }

  private call(e: A.CallExpression, scope: Scope): Type {
    const name = e.callee.name;
    if (name === "variant") return this.variantTest(e);
    if (name === "best_sets") return this.bestSets(e, scope);
    const user = scope.lookup(name);
    if (user?.kind === "function") return this.userCall(e, user, scope);
    const builtin = BUILTINS[name];
    const args = e.args.map((a) => this.expression(a, scope));
    if (!builtin) {
      const known = [...Object.keys(BUILTINS), ...AGGREGATES, ...this.functions.map((f) => f.name.name)];
      const close = known.find((k) => editDistance(k, name) <= 2);
      const hint = close ? `did you mean '${close}'?` : "docs/language.md lists the built-in functions";
      this.error("check/unknown-function", `unknown function '${name}'; ${hint}`, e.callee.range);
      return ERROR;
    }
    if (args.length !== builtin.arity) {
      this.error("check/wrong-arity", `${name} takes ${builtin.arity} argument${builtin.arity === 1 ? "" : "s"}, as in ${builtin.describe}, but was given ${args.length}`, e.range);
      return ERROR;
    }
    switch (name) {
      case "count":
        if (args[0]!.kind !== "zone" && args[0]!.kind !== "list" && args[0]!.kind !== "error") this.error("check/type-mismatch", `count needs a zone or a list, not ${typeName(args[0]!)}`, e.args[0]!.range);
        return INT;
      case "top":
        if (args[0]!.kind === "zone") return { kind: "card", cardType: args[0].cardType };
        if (args[0]!.kind === "list") return args[0].element;
        if (args[0]!.kind !== "error") this.error("check/not-a-zone", `top needs a zone or a list, not ${typeName(args[0]!)}`, e.args[0]!.range);
        return ERROR;
      case "last":
        if (args[0]!.kind === "zone") return { kind: "card", cardType: args[0].cardType };
        if (args[0]!.kind === "list") return args[0].element;
        if (args[0]!.kind !== "error") this.error("check/not-a-zone", `last needs a zone or a list, not ${typeName(args[0]!)}`, e.args[0]!.range);
        return ERROR;
      case "nth":
        this.expect(args[1]!, INT, e.args[1]!.range, "the position (1 is the first)");
        if (args[0]!.kind === "zone") return { kind: "card", cardType: args[0].cardType };
        if (args[0]!.kind === "list") return args[0].element;
        if (args[0]!.kind !== "error") this.error("check/not-a-zone", `nth needs a zone or a list, not ${typeName(args[0]!)}`, e.args[0]!.range);
        return ERROR;
      case "subset":
        if (!this.inDomain) {
          this.error("check/subset-outside-domain", "subset(zone) describes a move parameter's choices, as in give in subset(hand[p]); it is not a value", e.range);
          return ERROR;
        }
        if (args[0]!.kind === "zone") return { kind: "subsets", cardType: args[0].cardType };
        if (args[0]!.kind !== "error") this.error("check/not-a-zone", `subset needs a zone, not ${typeName(args[0]!)}`, e.args[0]!.range);
        return ERROR;
      case "next":
        this.expect(args[0]!, PLAYER, e.args[0]!.range, "the argument of next");
        return PLAYER;
      case "random_player":
        if (this.pure) this.error("check/random-in-pure", `random_player() draws from the game's random numbers, which ${this.pure} may not do: draw in the flow and keep the result in a let or a var`, e.range);
        return PLAYER;
      case "players_from":
        this.expect(seatLiteral(e.args[0]!, PLAYER) ?? args[0]!, PLAYER, e.args[0]!.range, "the argument of players_from");
        return { kind: "list", element: PLAYER };
      default:
        for (const [i, a] of args.entries()) this.expect(a, INT, e.args[i]!.range, `the arguments of ${name}`);
        return INT;
    }
  }

  private userCall(e: A.CallExpression, binding: Extract<Binding, { kind: "function" }>, scope: Scope): Type {
    const type = binding.type;
    if (type.kind !== "function") return ERROR;
    const index = this.functions.indexOf(binding.declaration);
    if (index >= this.functionIndex) {
      this.error("check/recursive-function", `${e.callee.name} is not declared above this function: a function may only call functions declared before it, so none can recurse`, e.callee.range);
    }
    this.names.set(e, binding);
    const args = e.args.map((a) => this.expression(a, scope));
    if (args.length !== type.parameters.length) {
      this.error("check/wrong-arity", `${e.callee.name} takes ${type.parameters.length} argument${type.parameters.length === 1 ? "" : "s"} but was given ${args.length}`, e.range);
      return type.result;
    }
    args.forEach((a, i) => {
      const expected = type.parameters[i]!;
      const given = expected.kind === "list" && a.kind === "zone" ? { kind: "list" as const, element: { kind: "card" as const, cardType: a.cardType } } : a;
      this.expect(seatLiteral(e.args[i]!, expected) ?? given, expected, e.args[i]!.range, `argument ${i + 1} of ${e.callee.name}`);
    });
    return type.result;
  }

  /** `best_sets(cards, 3, consecutive(value), run_points)`: the best total score of disjoint sets. */
  private bestSets(e: A.CallExpression, scope: Scope): Type {
    if (e.args.length !== 4) {
      this.error("check/wrong-arity", "best_sets takes 4 arguments, as in best_sets(mansion[p], 3, consecutive(value), run_points)", e.range);
      return ERROR;
    }
    const [cardsArg, sizeArg, ruleArg, scorerArg] = e.args as [A.Expression, A.Expression, A.Expression, A.Expression];
    const cards = this.expression(cardsArg, scope);
    const cardType = cards.kind === "zone" ? cards.cardType : cards.kind === "list" && cards.element.kind === "card" ? cards.element.cardType : null;
    if (!cardType) {
      if (cards.kind !== "error") this.error("check/type-mismatch", `best_sets needs a zone or a list of cards, not ${typeName(cards)}`, cardsArg.range);
      return ERROR;
    }
    this.expect(this.expression(sizeArg, scope), INT, sizeArg.range, "the size of each set");
    const field = ruleArg.kind === "call" && (ruleArg.callee.name === "same" || ruleArg.callee.name === "consecutive") && ruleArg.args.length === 1 && ruleArg.args[0]!.kind === "name" ? (ruleArg.args[0] as A.NameExpression).name : null;
    const fieldType = field ? this.cardTypes.get(cardType)?.fields.find((f) => f.name === field)?.type : undefined;
    if (!field || !fieldType) {
      this.error("check/type-mismatch", `the third argument of best_sets says what makes a set: same(field) or consecutive(field), with a field of ${cardType}`, ruleArg.range);
      return ERROR;
    }
    if (ruleArg.kind === "call" && ruleArg.callee.name === "consecutive") this.expect(fieldType, INT, ruleArg.range, "the field of consecutive()");
    const scorer = scorerArg.kind === "name" ? scope.lookup(scorerArg.name) : undefined;
    const listType: Type = { kind: "list", element: { kind: "card", cardType } };
    if (scorer?.kind !== "function" || scorer.type.kind !== "function" || scorer.type.parameters.length !== 1 || !sameType(scorer.type.parameters[0]!, listType) || !sameType(scorer.type.result, INT)) {
      this.error("check/type-mismatch", `the fourth argument of best_sets names a function from ${cardType}[] to int that scores one set`, scorerArg.range);
      return ERROR;
    }
    this.names.set(scorerArg, scorer);
    return INT;
  }

  /** `variant(short)`: true when the named variant is in force. */
  private variantTest(e: A.CallExpression): Type {
    const argument = e.args[0];
    if (e.args.length !== 1 || argument?.kind !== "name") {
      this.error("check/wrong-arity", "variant takes the name of one variant, as in variant(first_game)", e.range);
      return ERROR;
    }
    const declared = this.program.game?.variants ?? [];
    if (!declared.some((v) => v.name.name === argument.name)) {
      const known = declared.map((v) => v.name.name).join(", ") || "none";
      this.error("check/unknown-variant", `unknown variant '${argument.name}'; the game header declares: ${known}`, argument.range);
      return ERROR;
    }
    return BOOL;
  }

  private aggregate(e: A.AggregateExpression, scope: Scope): Type {
    const name = e.callee.name;
    const source = this.expression(e.source, scope);
    const element = this.elementType(source, e.source.range);
    const inner = new Scope(scope);
    this.bindLocal(inner, e.binder, element, "local");
    if (e.condition) this.expect(this.expression(e.condition, inner), BOOL, e.condition.range, "a where condition");
    const value = e.value ? this.expression(e.value, inner) : null;
    if (!AGGREGATES.has(name)) {
      this.error("check/unknown-function", `unknown aggregate '${name}'; the aggregates are ${[...AGGREGATES].join(", ")}`, e.callee.range);
      return ERROR;
    }
    const needsValue = name !== "count" && name !== "first";
    if (needsValue && !value) {
      this.error("check/wrong-arity", `${name} needs a value after ':', as in ${name}(c in zone: c.value)`, e.range);
      return ERROR;
    }
    if (!needsValue && value) this.error("check/wrong-arity", `${name} takes no value after ':'; filter with where`, e.value!.range);
    switch (name) {
      case "count":
        return INT;
      case "first":
        return element;
      case "distinct":
        if (value!.kind !== "int" && value!.kind !== "enum" && value!.kind !== "bool" && value!.kind !== "player" && value!.kind !== "error") {
          this.error("check/type-mismatch", `distinct collects numbers, players, flags or enum values, not ${typeName(value!)}`, e.value!.range);
        }
        return { kind: "list", element: value! };
      case "sort":
      case "sort_descending":
        this.expect(value!, INT, e.value!.range, `the key of ${name}`);
        return { kind: "list", element: INT };
      case "longest_run":
        this.expect(value!, INT, e.value!.range, "the key of longest_run");
        return INT;
      case "any":
      case "all":
        this.expect(value!, BOOL, e.value!.range, `the value of ${name}`);
        return BOOL;
      case "lowest":
      case "highest":
        this.expect(value!, INT, e.value!.range, `the key of ${name}`);
        return element;
      default:
        this.expect(value!, INT, e.value!.range, `the value of ${name}`);
        return INT;
    }
  }

  private suggest(name: string, scope: Scope): string {
    const close = scope.visible().find((c) => editDistance(c, name) <= 2);
    return close ? `; did you mean '${close}'?` : "";
  }
}

function endsGame(block: A.Block): boolean {
  return block.statements.some((s) =>
    s.kind === "end-game" ||
    (s.kind === "if" && (endsGame(s.then) || (s.otherwise !== null && endsGame(s.otherwise)))) ||
    ((s.kind === "while" || s.kind === "for" || s.kind === "phase") && endsGame(s.body)),
  );
}

/** A literal seat number (`properties[0]`) may stand where a player is expected. */
function seatLiteral(e: A.Expression, expected: Type): Type | null {
  return expected.kind === "player" && e.kind === "integer" ? PLAYER : null;
}

function describeExpression(e: A.Expression): string {
  return e.kind === "name" ? e.name : "this";
}

