// Declarations evaluated before play: card types and their manifests (every physical card), tables,
// zones (where cards start), and who may see shared or owned things.
import type * as A from "../syntax/ast.js";
import { pairKeyType } from "./pairs.js";
import { nearName } from "../diagnostics.js";
import { evaluateBounded, evaluateConstant, MAX_CONSTANT_VALUES, tableKey, TooManyValues, type ConstantValue } from "./constants.js";
import { BOOL, ERROR, typeName, type Type } from "./types.js";
import { Scope, type CardTypeModel, type CheckContext } from "./context.js";
import { checkSeatVisibility } from "./visibility.js";
import type { ExpressionChecker } from "./expressions.js";
import type { PresentationChecker } from "./presentation.js";

/** The most cards a game may have, all card types together. The games so far have at most 106. */
export const MAX_CARDS = 10_000;
/**
 * The most combinations of values the manifests of a game may go through, kept or not by their
 * `where`: `cards for a in 1..10000, b in 1..10000 where a == b` makes few cards but takes 10^8 steps.
 */
export const MAX_MANIFEST_STEPS = 100_000;

export class DeclarationChecker {
  /** Manifest expressions already reported as not constant (a manifest is evaluated per card). */
  private readonly notConstant = new Set<A.Expression>();
  /** Cards listed and combinations gone through so far, over every card type of the game. */
  private cardsListed = 0;
  private manifestSteps = 0;

  constructor(
    private readonly ctx: CheckContext,
    private readonly expressions: ExpressionChecker,
    private readonly presentation: PresentationChecker,
  ) {}

  /** The type a variable's name has: its value's, or per player or per card, still to be indexed. */
  varBindingType(d: A.VarDeclaration): Type {
    if (d.perPlayer && d.perKey) {
      // A row per seat is told value by value (the table's own lines); `shown` and `on` say one line per seat.
      const clause = d.shown && d.shown.kind !== "bookkeeping" ? d.shown.range : d.on?.range;
      if (clause) this.ctx.error("check/type-mismatch", `'${d.name.name}' holds one value per player per ${d.perKey.name}: the table tells each value with its label, so 'shown' and 'on' are for variables of one value per seat`, clause);
      const key = pairKeyType(this.ctx, d.perKey);
      return key.kind === "error" ? ERROR : { kind: "per-pair", key, element: this.ctx.varType(d) };
    }
    if (d.perPlayer) return { kind: "per-player", element: this.ctx.varType(d) };
    if (d.perCard) return this.checkCardTypeName(d.perCard) ? { kind: "per-card", cardType: d.perCard.name, element: this.ctx.varType(d) } : ERROR;
    return this.ctx.varType(d);
  }

  /** `owner` means "seen by the player it belongs to": only per-player things have one. */
  checkOwnerVisibility(d: A.VarDeclaration | A.ZoneDeclaration): void {
    checkSeatVisibility(this.ctx, d);
    if (d.visibility === "owner" && d.kind === "var" && d.perCard) {
      this.ctx.error("check/owner-of-shared", `'${d.name.name}' belongs to ${d.perCard.name} cards, which no player owns: make it public (seen wherever its card is seen) or hidden`, d.name.range);
    } else if (d.visibility === "owner" && !d.perPlayer) {
      this.ctx.error("check/owner-of-shared", `'${d.name.name}' is shared, so no player owns it: make it public or hidden, or declare it per player`, d.name.range);
    }
  }

  checkCardTypeName(name: A.Identifier): boolean {
    if (this.ctx.cardTypes.has(name.name)) return true;
    const close = nearName(name.name, this.ctx.cardTypes.keys());
    this.ctx.error("check/unknown-card-type", `unknown card type '${name.name}'${close ? `; did you mean '${close}'?` : ""}`, name.range);
    return false;
  }

  checkCardType(d: A.CardDeclaration): CardTypeModel {
    const fields: { name: string; type: Type }[] = [];
    for (const f of d.fields) {
      if (fields.some((other) => other.name === f.name.name)) {
        this.ctx.error("check/duplicate-definition", `card ${d.name.name} has two fields named '${f.name.name}'`, f.name.range);
      }
      fields.push({ name: f.name.name, type: this.ctx.resolveType(f.type) });
    }
    const cards: Record<string, ConstantValue>[] = [];
    const names: (string | null)[] = [];
    const texts: (string | null)[] = [];
    const fieldTypes = new Map(fields.map((f) => [f.name, f.type]));
    /** A card's fields as names a template reads, over the scope of its line (fields win over binders). */
    const fieldScope = (parent: Scope): Scope => {
      const scope = new Scope(parent);
      for (const f of d.fields) {
        const type = fieldTypes.get(f.name.name);
        if (type && !scope.has(f.name.name)) this.ctx.bindLocal(scope, f.name, type, "local");
      }
      return scope;
    };
    this.presentation.cardTemplates(d.presentation, fieldScope(new Scope(this.ctx.globals)));
    if (d.manifests.length === 0) {
      this.ctx.error("check/empty-manifest", `card ${d.name.name} has no cards: add a line like cards for v in 1..10 { value: v }`, d.name.range);
    }
    for (const manifest of d.manifests) {
      /** Set when a bound is passed: the expansion stops there, the error reported once. */
      let tooMany = false;
      // One refusal stops the listing: the rest would repeat it.
      const refuse = (message: string, range: A.SourceRange, code = "check/too-many-cards"): void => {
        tooMany = true;
        this.ctx.error(code, message, range);
      };
      const expand = (index: number, bound: Map<string, ConstantValue>): void => {
        if (tooMany) return;
        if (index === manifest.binders.length) {
          if (++this.manifestSteps > MAX_MANIFEST_STEPS) {
            refuse(`listing these cards goes through more than ${MAX_MANIFEST_STEPS} combinations of values: use fewer or shorter ranges`, manifest.range);
            return;
          }
          if (manifest.condition && evaluateConstant(manifest.condition, bound, this.ctx.enums, false, this.ctx.tables) !== true) return;
          if (++this.cardsListed > MAX_CARDS) {
            refuse(`a game has at most ${MAX_CARDS} cards, and these would make more`, manifest.range);
            return;
          }
          const card: Record<string, ConstantValue> = {};
          for (const f of manifest.fields) {
            const value = evaluateConstant(f.value, bound, this.ctx.enums, false, this.ctx.tables);
            if (value === null) {
              if (this.notConstant.has(f.value)) return;
              this.notConstant.add(f.value);
              this.ctx.error("check/not-constant", `the value of '${f.name.name}' must be fixed before play: numbers, enum values, tables and the manifest's own names only`, f.value.range);
              return;
            }
            const maxSeats = Math.max(...this.ctx.seatCounts);
            if (fields.find((field) => field.name === f.name.name)?.type.kind === "player" && (typeof value !== "number" || value < 0 || value >= maxSeats)) {
              refuse(`there is no seat ${String(value)} for '${f.name.name}': the game has at most ${maxSeats} seats, numbered 0 to ${maxSeats - 1}`, f.value.range, "check/no-such-seat");
              return;
            }
            card[f.name.name] = value;
          }
          cards.push(card);
          const own = new Map([...bound, ...Object.entries(card)]);
          const say = (line: A.ReasonText | null, type: A.ReasonText | null): string | null => {
            const template = line ?? type;
            return template ? this.presentation.renderCardTemplate(template, template === line ? own : new Map(Object.entries(card)), fieldTypes) : null;
          };
          names.push(say(manifest.presentation.name, d.presentation.name));
          texts.push(say(manifest.presentation.text, d.presentation.text));
          return;
        }
        const binder = manifest.binders[index]!;
        let values: ConstantValue;
        try {
          values = evaluateBounded(binder.source, bound, this.ctx.enums, false, this.ctx.tables);
        } catch (error) {
          if (!(error instanceof TooManyValues)) throw error;
          refuse(`cards are drawn from at most ${MAX_CONSTANT_VALUES} values, and this holds more`, binder.source.range);
          return;
        }
        if (!Array.isArray(values)) {
          if (this.notConstant.has(binder.source)) return;
          this.notConstant.add(binder.source);
          this.ctx.error("check/not-constant", "the cards of a game are fixed before play: this list must be written with numbers, ranges and enum values only", binder.source.range);
          return;
        }
        for (const value of values) expand(index + 1, new Map(bound).set(binder.name.name, value));
      };
      // Type-check the manifest once with symbolic bindings, then evaluate it.
      const scope = new Scope(this.ctx.globals);
      for (const binder of manifest.binders) {
        const source = this.expressions.expression(binder.source, scope);
        // An enum is the list of its members here as everywhere a list is meant (`for k in Colour`).
        const element =
          source.kind === "list" ? source.element : source.kind === "enum-type" ? ({ kind: "enum", name: source.name } as const) : source.kind === "error" ? ERROR : null;
        if (!element) this.ctx.error("check/type-mismatch", `expected a list, a range or an enum to draw card values from, found ${typeName(source)}`, binder.source.range);
        this.ctx.bindLocal(scope, binder.name, element ?? ERROR, "local");
      }
      if (manifest.condition) this.ctx.expect(this.expressions.expression(manifest.condition, scope), BOOL, manifest.condition.range, "a manifest condition");
      const given = new Set<string>();
      for (const f of manifest.fields) {
        const field = fields.find((candidate) => candidate.name === f.name.name);
        if (!field) {
          this.ctx.error("check/unknown-field", `card ${d.name.name} has no field '${f.name.name}'`, f.name.range);
          continue;
        }
        given.add(f.name.name);
        // A manifest's values are fixed: where a field is a player, a whole number is a seat (its range is
        // checked as the cards are listed), as it is wherever a player is meant.
        const actual = this.expressions.expression(f.value, scope);
        if (!(field.type.kind === "player" && actual.kind === "int")) this.ctx.expect(actual, field.type, f.value.range, `field '${f.name.name}'`);
      }
      for (const field of fields) {
        if (!given.has(field.name)) this.ctx.error("check/missing-field", `these cards need a value for field '${field.name}'`, manifest.range);
      }
      this.presentation.cardTemplates(manifest.presentation, fieldScope(scope));
      if (!this.ctx.diagnostics.some((d) => d.severity === "error")) expand(0, new Map());
    }
    return { declaration: d, fields, cards, names, texts };
  }

  checkTable(d: A.TableDeclaration): Map<ConstantValue, ConstantValue> {
    const keyType = this.ctx.resolveType(d.keyType, false, true);
    const valueType = this.ctx.resolveType(d.valueType);
    const entries = new Map<ConstantValue, ConstantValue>();
    for (const entry of d.entries) {
      this.expressions.expectValue(entry.key, this.ctx.globals, keyType, "a table key");
      this.expressions.expectValue(entry.value, this.ctx.globals, valueType, "a table value");
      const keyValue = tableKey(evaluateConstant(entry.key, new Map(), this.ctx.enums));
      if (entries.has(keyValue)) this.ctx.error("check/duplicate-definition", `table ${d.name.name} has key ${String(keyValue)} twice`, entry.key.range);
      entries.set(keyValue, evaluateConstant(entry.value, new Map(), this.ctx.enums));
    }
    return entries;
  }

  checkZones(): void {
    const placed = new Map<string, A.ZoneDeclaration>();
    for (const zone of this.ctx.zones.values()) {
      this.ctx.enter(zone);
      if (zone.initialCards) {
        if (!this.checkCardTypeName(zone.initialCards)) continue;
        if (zone.initialCards.name !== zone.cardType.name) {
          this.ctx.error("check/type-mismatch", `zone '${zone.name.name}' holds ${zone.cardType.name} cards, not ${zone.initialCards.name}`, zone.initialCards.range);
        }
        if (zone.perPlayer) this.ctx.error("check/type-mismatch", "a per-player zone cannot start with every card of a type", zone.initialCards.range);
        const before = placed.get(zone.initialCards.name);
        if (before) this.ctx.error("check/duplicate-definition", `every ${zone.initialCards.name} card already starts in '${before.name.name}'`, zone.initialCards.range);
        placed.set(zone.initialCards.name, zone);
      }
      if (zone.limit) {
        const limit = evaluateConstant(zone.limit, new Map(), this.ctx.enums);
        if (typeof limit !== "number" || limit < 1) this.ctx.error("check/type-mismatch", "a zone limit must be a whole number of at least 1", zone.limit.range);
      }
    }
    for (const [name, type] of this.ctx.cardTypes) {
      this.ctx.enter(type.declaration);
      if (!placed.has(name)) {
        this.ctx.error("check/cards-nowhere", `no zone starts with the ${name} cards: add '= all ${name}' to a zone`, type.declaration.name.range);
      }
    }
  }
}
