// How a game is told to people: card names and texts, option labels, the reasons of money moves,
// variables shown only at times or never, zone layouts. Templates (`"{place} ({group}, ${price})"`)
// are checked like reasons: each `{…}` is an expression a person can read. A template that others
// read (an option's label, a transfer's reason, a shown variable) may read only what every seat sees,
// so that telling it leaks nothing: `check/shows-hidden` names what it would show.
import type * as A from "../syntax/ast.js";
import { evaluateConstant, type ConstantValue } from "./constants.js";
import { Scope, type CheckContext } from "./context.js";
import type { ExpressionChecker } from "./expressions.js";
import { subExpressions } from "../syntax/walk.js";
import { BOOL, INT, PLAYER, typeName, type Type } from "./types.js";

/** What a template can tell: besides values, a piece of text chosen by a condition (`{if marked then ' (marked down)' else ''}`). */
const SHOWABLE = ["int", "bool", "player", "enum", "card", "string", "error"];
export const LAYOUTS = ["hand", "row", "pile", "top", "count", "track", "board"] as const;

export class PresentationChecker {
  constructor(
    private readonly ctx: CheckContext,
    private readonly expressions: ExpressionChecker,
  ) {}

  /** Each value a template shows is one a person can read: a number, a flag, a seat, an enum value or a card. */
  template(template: A.ReasonText, scope: Scope, what: string, parameters: ReadonlySet<string> = new Set()): void {
    this.ctx.purely(what, () => {
      for (const part of template.parts) {
        if (typeof part === "string") continue;
        const type = this.expressions.expression(part, scope);
        // A move's set of cards (`give in subset(mansion[p])`) is told as the cards it holds.
        const cardSet = type.kind === "list" && type.element.kind === "card" && parameterPart(part, parameters) !== null;
        if (!SHOWABLE.includes(type.kind) && !cardSet) {
          this.ctx.error("check/type-mismatch", `${what} can show a number, a flag, a player, an enum value, a card or a piece of text, not ${typeName(type)}`, part.range);
        }
      }
    });
  }

  /** A card's name and text are fixed before play: templates over its fields (and its line's binders). */
  cardTemplates(presentation: A.CardPresentation, scope: Scope): void {
    if (presentation.name) this.template(presentation.name, scope, "a card's name");
    if (presentation.text) this.template(presentation.text, scope, "a card's text");
  }

  /** A card template's words for one card: its fields and binders `bound`; null when a part is not constant. */
  renderCardTemplate(template: A.ReasonText, bound: ReadonlyMap<string, ConstantValue>, types: ReadonlyMap<string, Type>): string | null {
    let text = "";
    for (const part of template.parts) {
      if (typeof part === "string") {
        text += part;
        continue;
      }
      const value = evaluateConstant(part, bound, this.ctx.enums);
      if (value === null || Array.isArray(value)) {
        this.ctx.error("check/not-constant", "a card's name and text are fixed before play: show its fields, the manifest's names and constants", part.range);
        return null;
      }
      text += this.constantInWords(value, this.ctx.types.get(part) ?? types.get(part.kind === "name" ? part.name : "") ?? INT);
    }
    return text;
  }

  /** A constant as people read it: an enum member by its label, a flag as yes or no, a seat as "seat N". */
  private constantInWords(value: ConstantValue, type: Type): string {
    if (typeof value === "boolean") return value ? "yes" : "no";
    if (type.kind === "player") return `seat ${String(value)}`;
    if (typeof value === "string" && type.kind === "enum") return enumLabel(this.ctx.enums.get(type.name), value);
    return String(value);
  }

  /** An option's label: its parameters shown when the move is told, anything else read when the menu is listed. */
  optionLabel(option: A.MoveOptionDeclaration, scope: Scope): void {
    if (!option.label) return;
    const parameters = new Set(option.parameters.map((p) => p.name.name));
    this.template(option.label, scope, "an option's label", parameters);
    for (const part of option.label.parts) {
      if (typeof part === "string" || parameterPart(part, parameters)) continue;
      // The rest is read when the menu is listed, before a parameter has a value: `{d}` and `{d.price}`
      // are told by reference, but a value worked out from a parameter cannot be.
      const read = this.parameterRead(part, option, scope);
      if (read !== null) {
        const message = `an option's label shows its parameter '${read}' as {${read}} or {${read}.field}: a value worked out from it is not known when the menu is listed (say it in the option's body)`;
        this.ctx.error("check/label-parameter", message, part.range);
        continue;
      }
      this.publicOnly(part, "an option's label is read by every seat when the move is told");
    }
  }

  /** The first of the option's parameters `e` reads, by the names as the template resolved them (an
   *  aggregate's binder of the same name is another binding), or null. */
  private parameterRead(e: A.Expression, option: A.MoveOptionDeclaration, scope: Scope): string | null {
    const bound = new Map(option.parameters.flatMap((p) => {
      const binding = scope.lookup(p.name.name);
      return binding ? [[binding, p.name.name] as const] : [];
    }));
    const readOf = (x: A.Expression): string | null => {
      const binding = x.kind === "name" ? this.ctx.names.get(x) : undefined;
      if (binding) return bound.get(binding) ?? null;
      return subExpressions(x).map(readOf).find((n) => n !== null) ?? null;
    };
    return readOf(e);
  }

  /** `transfer … "why"`: told to every seat with the money's move. */
  transferReason(why: A.ReasonText, scope: Scope): void {
    this.template(why, scope, "a transfer's reason");
    for (const part of why.parts) if (typeof part !== "string") this.publicOnly(part, "a transfer's reason is told to every seat");
  }

  /** `bookkeeping`, `shown [as "…"] [when COND]`, `on ZONE` and `unit "…"` on a variable. */
  variable(v: A.VarDeclaration): void {
    if (v.unit) this.unit(v, v.unit);
    const shown = v.shown;
    if (shown?.kind === "shown") {
      if (v.perCard) {
        this.perCardShown(v, shown);
        return;
      }
      if (!shown.template && !shown.condition) {
        this.ctx.error("syntax/unexpected-token", "say how or when it is shown: shown as \"…\", shown when COND, or both", shown.range);
      }
      // A per-player variable's line is read once per seat: `owner` is the seat it belongs to.
      const scope = new Scope(this.ctx.globals);
      if (v.perPlayer) this.ctx.shownOwners.set(v, this.ctx.bindLocal(scope, { name: "owner", range: shown.range }, PLAYER, "local"));
      if (shown.condition) {
        this.ctx.purely("a shown condition", () => this.ctx.expect(this.expressions.expression(shown.condition!, scope), BOOL, shown.condition!.range, "a shown condition"));
        this.publicOnly(shown.condition, "the table is the same for every seat");
      }
      if (shown.template) {
        this.template(shown.template, scope, "a shown line");
        for (const part of shown.template.parts) if (typeof part !== "string") this.publicOnly(part, "the table is the same for every seat");
      }
      if (v.visibility !== "public") {
        this.ctx.error("check/shows-hidden", `'${v.name.name}' is ${v.visibility}: only a public variable has a line on the table for every seat`, shown.range);
      }
    }
    if (v.on) this.boardToken(v, v.on);
  }

  /** `unit "$"`, `unit "coin"`: what amounts of a whole number are counted in, a symbol or a word. */
  private unit(v: A.VarDeclaration, unit: NonNullable<A.VarDeclaration["unit"]>): void {
    const type = this.ctx.varType(v);
    if (type.kind !== "int") {
      this.ctx.error("check/type-mismatch", `'unit' says what an amount is counted in: '${v.name.name}' is a ${typeName(type)}, not a whole number`, unit.range);
    } else if (!/^(\p{L}+|[^\p{L}\s]+)$/u.test(unit.text)) {
      this.ctx.error("check/type-mismatch", `a unit is one word ("coin") or a symbol ("$"), not "${unit.text}"`, unit.range);
    }
  }

  /**
   * A per-card value is told beside its card, and only where it differs from its start value (a deed's
   * "Stacks of Books 0" on every space would be noise); a bare `shown` tells it at its start value too.
   * A line or a condition has no place there: the card is the line.
   */
  private perCardShown(v: A.VarDeclaration, shown: Extract<A.VarShown, { kind: "shown" }>): void {
    const name = v.name.name;
    if (shown.template || shown.condition) {
      const message = `'${name}' is told beside its cards, by its label: on a per-card variable write 'shown' alone (told even at its start value), without 'as' or 'when'`;
      this.ctx.error("check/shown-per-card", message, shown.range);
    } else if (this.ctx.varType(v).kind === "bool") {
      const message = `'${name}' is a flag: a card is told '${v.label ?? name}' while it is true, so 'shown' adds nothing; it is for values told even at their start value`;
      this.ctx.error("check/shown-per-card", message, shown.range);
    } else if (v.visibility !== "public") {
      this.ctx.error("check/shows-hidden", `'${name}' is ${v.visibility}: only a public value is told beside its card`, shown.range);
    }
  }

  /** `on ZONE`: a per-player whole number placing its seat on one space of a board zone. */
  private boardToken(v: A.VarDeclaration, zoneName: A.Identifier): void {
    const zone = this.ctx.zones.get(zoneName.name);
    if (!zone) {
      this.ctx.error("check/unknown-name", `'${zoneName.name}' is not a zone: 'on' names the board its seat stands on`, zoneName.range);
      return;
    }
    if (!v.perPlayer || this.ctx.varType(v).kind !== "int") {
      this.ctx.error("check/type-mismatch", `'on ${zoneName.name}' places a seat on a board space: it belongs on a per-player int variable`, zoneName.range);
    }
    if (zone.layout?.kind.name !== "board") {
      this.ctx.error("check/not-a-board", `'${zoneName.name}' is not laid out as a board: add 'layout board by FIELD' to it`, zoneName.range);
    }
  }

  /** `layout KIND [by FIELD] [with Type.field]`. */
  zoneLayout(zone: A.ZoneDeclaration): void {
    const layout = zone.layout;
    if (!layout) return;
    const kind = layout.kind.name;
    if (!(LAYOUTS as readonly string[]).includes(kind)) {
      this.ctx.error("check/unknown-layout", `unknown layout '${short(kind)}': expected ${LAYOUTS.join(", ")}`, layout.kind.range);
      return;
    }
    if (kind !== "board") {
      if (layout.by || layout.with) this.ctx.error("check/unknown-layout", "only a board is laid out by a field, with cards on its spaces", layout.range);
      if (kind === "hand" && !zone.perPlayer) this.ctx.error("check/unknown-layout", `a hand is held by a seat: '${zone.name.name}' is shared`, layout.kind.range);
      return;
    }
    if (!layout.by) {
      this.ctx.error("check/unknown-layout", "a board's spaces are in the order of one of their fields: layout board by FIELD", layout.range);
      return;
    }
    const byType = this.fieldType(zone.cardType.name, layout.by);
    if (layout.with && byType) {
      const withType = this.ctx.cardTypes.has(layout.with.type.name) ? this.fieldType(layout.with.type.name, layout.with.field) : null;
      if (!this.ctx.cardTypes.has(layout.with.type.name)) this.ctx.error("check/unknown-card-type", `unknown card type '${short(layout.with.type.name)}'`, layout.with.type.range);
      else if (withType && withType.kind !== byType.kind) {
        this.ctx.error("check/type-mismatch", `${layout.with.type.name}.${layout.with.field.name} is ${typeName(withType)} and ${zone.cardType.name}.${layout.by.name} is ${typeName(byType)}: a card stands on the space whose field equals its own`, layout.with.field.range);
      }
    }
  }

  private fieldType(cardType: string, field: A.Identifier): Type | null {
    const found = this.ctx.cardTypes.get(cardType)?.fields.find((f) => f.name === field.name);
    if (!found) this.ctx.error("check/unknown-field", `card ${cardType} has no field '${short(field.name)}'`, field.range);
    return found?.type ?? null;
  }

  /**
   * Reports the first thing `e` reads that not every seat may see: a variable that is not public, the
   * cards of a zone that is not public (its count is public), through the functions it calls.
   */
  publicOnly(e: A.Expression, why: string): void {
    const found = this.firstHidden(e, new Set());
    if (found) this.ctx.error("check/shows-hidden", `${found.what}: ${why}`, found.at.range);
  }

  private firstHidden(e: A.Expression, visited: Set<A.FunctionDeclaration>): { what: string; at: A.Expression } | null {
    if (e.kind === "call" && e.callee.name === "count" && e.args.length === 1) {
      const arg = e.args[0]!;
      // How many cards a zone holds is in every view: only the zone's index needs a look.
      return arg.kind === "index" ? this.firstHidden(arg.index, visited) : arg.kind === "name" ? null : this.firstHidden(arg, visited);
    }
    if (e.kind === "name") {
      const binding = this.ctx.names.get(e) ?? this.ctx.globals.lookup(e.name);
      if (binding?.kind === "var" && binding.declaration.visibility !== "public") {
        return { what: `'${e.name}' is ${binding.declaration.visibility}`, at: e };
      }
      if (binding?.kind === "zone" && binding.declaration.visibility !== "public") {
        return { what: `the cards of '${e.name}' are ${binding.declaration.visibility}`, at: e };
      }
    }
    if (e.kind === "call") {
      const binding = this.ctx.globals.lookup(e.callee.name);
      if (binding?.kind === "function" && !visited.has(binding.declaration)) {
        visited.add(binding.declaration);
        const inside = this.firstHidden(binding.declaration.body, visited);
        if (inside) return { what: `${e.callee.name}(…) reads ${inside.what}`, at: e };
      }
    }
    for (const sub of subExpressions(e)) {
      const found = this.firstHidden(sub, visited);
      if (found) return found;
    }
    return null;
  }
}

/** `{d}` or `{d.price}` for a parameter `d`: shown from the move itself, not from the state. */
export function parameterPart(e: A.Expression, parameters: ReadonlySet<string>): { parameter: string; field?: string } | null {
  if (e.kind === "name" && parameters.has(e.name)) return { parameter: e.name };
  if (e.kind === "member" && e.target.kind === "name" && parameters.has(e.target.name)) return { parameter: e.target.name, field: e.member.name };
  return null;
}

/** How people say an enum member: its label in the rules, else its name in words. */
export function enumLabel(declaration: A.EnumDeclaration | undefined, member: string): string {
  const index = declaration?.members.findIndex((m) => m.name === member) ?? -1;
  return (index >= 0 ? declaration!.labels[index] : null) ?? member.replace(/_+/g, " ").trim();
}

/** A name quoted in a message, cut to a few dozen characters. */
function short(name: string): string {
  return name.length > 40 ? `${name.slice(0, 37)}…` : name;
}
