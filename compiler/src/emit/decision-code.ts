// What every function of a decision needs: its domains as code, its requirements, who may act, and
// the binding of the seat acting (ask each, race). Shared by legal moves, the sampler, check and apply.
import type * as A from "../syntax/ast.js";
import type { LocalSlot } from "../check/types.js";
import { subExpressions } from "../syntax/walk.js";
import type { Decision } from "../lower/ir.js";
import { quote, zoneDeclaration } from "./code.js";
import { cardListZone } from "./card-lists.js";
import { tsType, type EmitContext } from "./context.js";

export interface DomainCode {
  setup: string[];
  domain: string;
  /** Code true when the domain holds a value now; null when it always does (a set of cards may be empty). */
  nonEmpty: string | null;
  /** Why the option is not on offer when the domain is empty: the rules' `else` reason, or a plain one. */
  empty: string;
  contains: (v: string) => string;
  describe: string;
  size: string;
  valueAt: (index: string) => string;
  /** A set of cards' domain: the name of the list of cards it is drawn from, and the zone's name. */
  cards?: string;
  cardsZone?: string;
  /** A range's domain: the names of its ends. */
  ends?: { low: string; high: string };
  /** Any other domain: the name of the list of its values. */
  values?: string;
}

export class DecisionCode {
  constructor(private readonly ctx: EmitContext) {}

  /** Binds the `ask each` or race player to the seat acting, for domains, requirements and bodies.
   *  In `apply` a race winner that must last past later decisions is stored in the state. */
  askPreamble(decision: Decision, seatExpression: string, applying = false): string[] {
    const each = decision.ask.each;
    if (!each) return [];
    const binding = this.ctx.game.names.get(each.binder);
    if (binding?.kind !== "local") return [];
    if (binding.slot.storage === "state") {
      if (applying) return [`${this.ctx.code.slotAccess(binding.slot)} = ${seatExpression};`];
      this.ctx.code.overrides.set(binding.slot, seatExpression);
      return [];
    }
    return [`const ${this.ctx.code.localName(binding.slot)} = ${seatExpression};`];
  }

  /** Ends the reading of a race winner from the seat (see askPreamble). */
  endPreamble(decision: Decision): void {
    const binding = decision.ask.each ? this.ctx.game.names.get(decision.ask.each.binder) : undefined;
    if (binding?.kind === "local") this.ctx.code.overrides.delete(binding.slot);
  }

  /** Whether an expression reads any of the option's parameters. */
  mentionsParameters(e: A.Expression, option: A.MoveOptionDeclaration): boolean {
    return this.parametersRead(e, option).length > 0;
  }

  /** The option's parameters an expression reads, in the option's order. */
  parametersRead(e: A.Expression, option: A.MoveOptionDeclaration): A.ParameterDeclaration[] {
    return option.parameters.filter((p) => this.reads(e, this.parameterSlot(p)));
  }

  /** Whether an expression reads a local. */
  reads(e: A.Expression, slot: LocalSlot): boolean {
    if (e.kind === "name") {
      const binding = this.ctx.game.names.get(e);
      if (binding?.kind === "local" && binding.slot === slot) return true;
    }
    return subExpressions(e).some((x) => this.reads(x, slot));
  }

  /** A requirement's condition: a fault while testing it names the `require` line. */
  requirement(r: A.MoveOptionDeclaration["requirements"][number]): string {
    return this.ctx.code.at(r.range, () => this.ctx.code.expression(r.condition));
  }

  /** Part of a parameter's domain: a fault while computing it names the parameter's line. */
  domainExpression(p: A.ParameterDeclaration, e: A.Expression): string {
    return this.ctx.code.at(p.domain.range, () => this.ctx.code.expression(e));
  }

  /** A domain's values kept by its `where` condition, if it has one. */
  filtered(p: A.ParameterDeclaration, values: string): string {
    if (!p.condition) return values;
    const binder = this.ctx.game.filterBinders.get(p);
    if (!binder) throw new Error("internal: unresolved where binder");
    const name = this.ctx.code.localName(binder);
    const condition = this.ctx.code.at(p.condition.range, () => this.ctx.code.expression(p.condition!));
    return `${values}.filter((${name}) => ${condition})`;
  }

  /** The decision's own site, as a trailing argument, for faults about the decision as a whole. */
  askSite(decision: Decision): string {
    return this.ctx.code.at(decision.ask.range, () => this.ctx.code.rule());
  }

  parameterSlot(p: A.ParameterDeclaration): LocalSlot {
    const binding = this.ctx.game.names.get(p.name);
    if (binding?.kind !== "local") throw new Error("internal: unresolved parameter");
    return binding.slot;
  }

  /** `scope` tells apart the names of two options' parameters that share a name, where their
   *  domains are declared side by side (the random policy declares every option's at once). */
  domainCode(p: A.ParameterDeclaration, scope = ""): DomainCode {
    const slot = `${this.ctx.code.localName(this.parameterSlot(p))}${scope}`;
    if (p.domain.kind === "range" && !p.condition) {
      const [low, high] = [`${slot}_min`, `${slot}_max`];
      const setup = [`const ${low} = ${this.domainExpression(p, p.domain.low)};`, `const ${high} = ${this.domainExpression(p, p.domain.high)};`];
      return { setup, ...this.domainOver(p, { low, high }) };
    }
    const values = `${slot}_domain`;
    const type = this.ctx.game.types.get(p.domain);
    const subset = type?.kind === "subsets" && p.domain.kind === "call";
    const declared = subset ? (p.domain as A.CallExpression).args[0]! : p.domain;
    const element = type?.kind === "list" ? tsType(type.element) : type?.kind === "enum-type" ? `Enum_${type.name}` : "unknown";
    const typed = subset || type?.kind === "zone" ? "" : `: readonly ${element}[]`;
    return { setup: [`const ${values}${typed} = ${this.filtered(p, this.domainExpression(p, declared))};`], ...this.domainOver(p, { values }) };
  }

  /** A domain's code over the variables that hold it: its ends (a range) or its values. */
  domainOver(p: A.ParameterDeclaration, held: { low: string; high: string } | { values: string }): Omit<DomainCode, "setup"> {
    const name = p.name.name;
    const type = this.ctx.game.types.get(p.domain);
    if ("low" in held) {
      const { low, high } = held;
      return {
        domain: `{ kind: "range", min: ${low}, max: ${high} }`,
        nonEmpty: `${low} <= ${high}`,
        empty: this.emptyReason(p, `\`there is no ${name} to choose now: it would be a whole number from \${${low}} to \${${high}}\``),
        contains: (v) => `Number.isInteger(${v}) && ${v} >= ${low} && ${v} <= ${high}`,
        describe: `\`${name} must be a whole number from \${${low}} to \${${high}}\``,
        size: `Math.max(0, ${high} - ${low} + 1)`,
        valueAt: (index) => `${low} + ${index}`,
        ends: { low, high },
      };
    }
    const { values } = held;
    if (type?.kind === "subsets" && p.domain.kind === "call") {
      const zone = zoneDeclaration(this.ctx.game, p.domain.args[0]!)?.name.name ?? "cards";
      return {
        domain: cardsDomain(zone, values, "true"),
        cardsZone: zone,
        // Giving nothing is a choice too: the empty set is in every subset domain, even of an empty zone.
        nonEmpty: null,
        empty: this.emptyReason(p, quote(`there are no cards in ${zone} to choose ${name} from now`)),
        contains: (v) => `isCardSet(${v}, ${values})`,
        describe: `\`${name} must be distinct cards from ${zone}\``,
        size: `2 ** ${values}.length`,
        valueAt: (index) => `${values}.filter((_, bit) => Math.floor(${index} / 2 ** bit) % 2 === 1)`,
        cards: values,
      };
    }
    // A list of cards drawn from one zone (`select(c in hand[p] where ...)`, `first(hand[p], 2)`) is a
    // card domain of that zone, so that apps show cards, not numbers.
    const listZone = type?.kind === "list" && type.element.kind === "card" ? cardListZone(this.ctx.game, p.domain) : null;
    if (type?.kind === "zone" || listZone) {
      const zone = (listZone ? listZone : zoneDeclaration(this.ctx.game, p.domain))?.name.name ?? "cards";
      return {
        domain: `{ kind: "card", zone: ${quote(zone)}, cards: [...${values}] }`,
        nonEmpty: `${values}.length > 0`,
        empty: this.emptyReason(p, quote(`there is no card in ${zone} to choose as ${name} now`)),
        contains: (v) => `typeof ${v} === "number" && ${values}.includes(${v})`,
        describe: `\`${name} must be one of the cards in ${zone}\``,
        size: `${values}.length`,
        valueAt: (index) => `${values}[${index}]!`,
        values,
      };
    }
    const isPlayer = type?.kind === "list" && type.element.kind === "player";
    return {
      domain: isPlayer ? `{ kind: "player", players: ${values} }` : `{ kind: "choice", values: ${values} }`,
      nonEmpty: `${values}.length > 0`,
      empty: this.emptyReason(p, quote(`there is no ${name} to choose now`)),
      contains: (v) => `(${values} as unknown[]).includes(${v})`,
      describe: `\`${name} must be one of \${${values}.join(", ")}\``,
      size: `${values}.length`,
      valueAt: (index) => `${values}[${index}]!`,
      values,
    };
  }

  /** The reason the rules give for an empty domain (`else "..."`), else the plain one. */
  private emptyReason(p: A.ParameterDeclaration, plain: string): string {
    return p.emptyReason ? this.ctx.code.at(p.domain.range, () => this.ctx.code.reason(p.emptyReason!)) : plain;
  }

  /** Guards that only a seat who may act here goes on; `refuse` says what the function returns
   *  otherwise (check gives the reason; legal moves and the sampler give nothing). */
  whoCheck(decision: Decision, refuse: (code: string, reason: string) => string): string[] {
    if (decision.ask.race) {
      return [
        `if (!s.locals.actors.includes(seat)) ${refuse("move/not-your-turn", "`seat ${seat} takes no part in this race`")}`,
        `if (s.locals.declined[seat]) ${refuse("move/already-submitted", "`seat ${seat} has already declined`")}`,
      ];
    }
    if (decision.ask.each) {
      return [
        `if (!s.locals.actors.includes(seat)) ${refuse("move/not-your-turn", "`seat ${seat} takes no part in this decision`")}`,
        `if (s.pending?.[seat]) ${refuse("move/already-submitted", "`seat ${seat} has already chosen`")}`,
      ];
    }
    return [`if (seat !== s.locals.actor) ${refuse("move/not-your-turn", "`it is seat ${s.locals.actor}'s turn, not seat ${seat}'s`")}`];
  }

}

/** A set-of-cards domain as the runtime lists it; `none`: code telling whether the empty set is allowed. */
export function cardsDomain(zone: string, values: string, none: string): string {
  return `{ kind: "cards", zone: ${quote(zone)}, cards: [...${values}], none: ${none} }`;
}
