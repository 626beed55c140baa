// Decisions: `ask`, `ask each`, races and windows, with their options, parameters and domains,
// requirements and the reasons shown when a move is refused. Option bodies are statements again,
// checked by the statement checker that owns this one.
import type * as A from "../syntax/ast.js";
import type { PresentationChecker } from "./presentation.js";
import { innerBlocks, subExpressions } from "../syntax/walk.js";
import { evaluateConstant } from "./constants.js";
import { BOOL, ERROR, INT, PLAYER, typeName, type Type } from "./types.js";
import { Scope, type CheckContext } from "./context.js";
import type { ExpressionChecker } from "./expressions.js";

const RESERVED_PARAMETERS = new Set(["type", "seat"]);

/** Does the statement ask anyone (itself, or somewhere inside)? Such a statement is a point where play waits. */
export function containsDecision(statement: A.Statement): boolean {
  return statement.kind === "ask" || innerBlocks(statement).some(blockHasDecision);
}
export function blockHasDecision(block: A.Block): boolean {
  return block.statements.some(containsDecision);
}

export class DecisionChecker {
  /** Each move name's parameters where it is first offered: a move name is one move type in the
   *  game's move union and schema, so every decision offering it must take the same parameters. */
  private readonly moveSignatures = new Map<string, { signature: string; line: number }>();

  constructor(
    private readonly ctx: CheckContext,
    private readonly expressions: ExpressionChecker,
    /** Checks a block of statements (an option's body) in a scope. */
    private readonly block: (block: A.Block, scope: Scope) => void,
    private readonly presentation: PresentationChecker,
  ) {}

  ask(s: A.AskStatement, scope: Scope): void {
    if (this.ctx.inSetup) this.ctx.error("check/decision-in-setup", "setup runs before play starts and cannot ask players to decide; move this into the flow", s.range);
    if (this.ctx.inSimultaneous) this.ctx.error("check/decision-in-simultaneous", "a simultaneous decision cannot contain another decision", s.range);
    const inner = new Scope(scope);
    if (s.each) {
      this.expressions.expectValue(s.each.source, scope, { kind: "list", element: PLAYER }, s.race ? "the players of a race" : s.pause ? "the seats of a pause (pause for [winner])" : "the players of 'ask each'");
      // A race's winner is needed after the decisions its option may hold.
      const lasts = s.race && s.options.some((o) => blockHasDecision(o.body));
      this.ctx.bindLocal(inner, s.each.binder, PLAYER, lasts ? "state" : "local");
      // `where COND` keeps the seats asked; COND reads each seat through the binder, before anyone moves.
      if (s.each.condition) this.expressions.expectValue(s.each.condition, inner, BOOL, s.race ? "the condition of the race's players" : "the condition of 'ask each'");
    } else if (s.player) {
      this.expressions.expectValue(s.player, scope, PLAYER, "the player who decides");
    }
    if (s.others) {
      // Why a seat that is not asked may not move: the binder is that seat.
      const othersScope = new Scope(scope);
      this.ctx.bindLocal(othersScope, s.others.binder, PLAYER, "local");
      for (const requirement of s.others.requirements) this.requirement(requirement, othersScope, null);
    }
    if (s.options.length === 0) {
      this.ctx.error("check/empty-decision", "this decision offers no options: a player asked here could never move", s.range);
    }
    const names = new Set<string>();
    if (s.race && s.options.length === 1) {
      this.ctx.error("check/empty-decision", "this race offers nothing to claim: add an option such as grab { ... }", s.range);
    }
    if (s.window && s.options.length === 1) {
      this.ctx.error("check/empty-decision", "this window offers nothing to do: add an option such as play(card in hand[p]) { ... }", s.range);
    }
    // The default move is made for a seat that does not decide (a turn clock, an empty seat): without
    // asking, so it takes no parameters, and a decision has one at most.
    const defaults = s.options.filter((option) => option.isDefault);
    for (const extra of defaults.slice(1)) {
      this.ctx.error("check/duplicate-definition", `this decision already has a default move, '${defaults[0]!.name.name}'`, extra.name.range);
    }
    for (const option of defaults.filter((o) => o.parameters.length > 0)) {
      this.ctx.error("check/default-with-parameters", `the default move is made without asking anyone, so '${option.name.name}' cannot take parameters`, option.name.range);
    }
    for (const option of s.options) {
      if (names.has(option.name.name)) {
        const supplied = s.race ? "decline" : s.window ? "done" : null;
        const clash = option.name.name === supplied;
        const message = clash ? `every ${s.race ? "race" : "window"} already has a '${supplied}' option; name this one differently` : `option '${option.name.name}' appears twice in this decision`;
        this.ctx.error("check/duplicate-definition", message, clash ? s.options.find((o) => o.name.name === supplied)!.name.range : option.name.range);
      }
      names.add(option.name.name);
      const optionScope = new Scope(inner);
      const bodyHasDecision = blockHasDecision(option.body);
      const elements: Type[] = [];
      for (const parameter of option.parameters) {
        if (RESERVED_PARAMETERS.has(parameter.name.name)) {
          this.ctx.error("check/reserved-name", `'${parameter.name.name}' is reserved in moves; choose another parameter name`, parameter.name.range);
        }
        this.ctx.inDomain = true;
        const domain = this.ctx.purely("a parameter's domain", () => this.expressions.expression(parameter.domain, optionScope));
        this.ctx.inDomain = false;
        this.checkNoParameterIn(parameter.domain, option, parameter);
        let element: Type = ERROR;
        if (domain.kind === "zone") element = { kind: "card", cardType: domain.cardType };
        else if (domain.kind === "subsets") element = { kind: "list", element: { kind: "card", cardType: domain.cardType } };
        else if (domain.kind === "list") element = domain.element;
        else if (domain.kind === "enum-type") element = { kind: "enum", name: domain.name };
        else if (domain.kind !== "error") this.ctx.error("check/type-mismatch", `a parameter's domain must be a range, a zone, subset(zone), a list or an enum, not ${typeName(domain)}`, parameter.domain.range);
        if (parameter.condition) this.domainFilter(parameter, domain.kind === "subsets" ? { kind: "card", cardType: domain.cardType } : element, option, optionScope);
        if (parameter.emptyReason) {
          this.reason(parameter.emptyReason, optionScope);
          for (const part of parameter.emptyReason.parts) if (typeof part !== "string") this.checkNoParameterIn(part, option, parameter);
        }
        if (parameter.domain.kind === "range") {
          const low = evaluateConstant(parameter.domain.low, new Map(), this.ctx.enums, true);
          const high = evaluateConstant(parameter.domain.high, new Map(), this.ctx.enums, true);
          if (typeof low === "number" && typeof high === "number" && low > high) {
            this.ctx.error("check/empty-domain", `the range ${low}..${high} is empty: option '${option.name.name}' could never be chosen`, parameter.domain.range);
          }
        }
        this.ctx.bindLocal(optionScope, parameter.name, element, bodyHasDecision ? "state" : "local");
        elements.push(element);
      }
      this.sameMoveEverywhere(option, elements);
      this.presentation.optionLabel(option, optionScope);
      for (const requirement of option.requirements) this.requirement(requirement, optionScope, option);
      // Shown while the game waits at another decision, where this decision's names mean nothing.
      if (option.otherwise) this.reason(option.otherwise, this.ctx.globals);
      if (option.preference) this.preference(option, option.preference, inner);
      const wasSimultaneous = this.ctx.inSimultaneous;
      this.ctx.inSimultaneous = wasSimultaneous || (s.each !== null && !s.race);
      this.block(option.body, optionScope);
      this.ctx.inSimultaneous = wasSimultaneous;
    }
  }

  private sameMoveEverywhere(option: A.MoveOptionDeclaration, elements: readonly Type[]): void {
    if (elements.some((e) => e.kind === "error")) return;
    const describe = (): string =>
      option.parameters.length === 0 ? "no parameters" : option.parameters.map((p, i) => `${p.name.name}: ${typeName(elements[i]!)}`).join(", ");
    const signature = describe();
    const first = this.moveSignatures.get(option.name.name);
    if (!first) {
      this.moveSignatures.set(option.name.name, { signature, line: option.name.range.start.line });
    } else if (first.signature !== signature) {
      this.ctx.error(
        "check/move-signature",
        `move '${option.name.name}' takes ${first.signature} at line ${first.line} but ${signature} here: a move name is one kind of move in the whole game, so name this one differently or give it the same parameters`,
        option.name.range,
      );
    }
  }

  /** `require COND else "reason"` of an option (or of the seats not asked, with no option). */
  private requirement(requirement: A.Requirement, scope: Scope, option: A.MoveOptionDeclaration | null): void {
    this.ctx.purely("a requirement", () => this.ctx.expect(this.expressions.expression(requirement.condition, scope), BOOL, requirement.condition.range, "a requirement"));
    if (option && requirement.condition.kind === "boolean" && !requirement.condition.value) {
      this.ctx.error("check/empty-domain", `this requirement is always false: option '${option.name.name}' could never be chosen`, requirement.range);
    }
    this.reason(requirement.reason, scope);
  }

  /** The values a reason shows are read, never changed, and each is something a person can read. */
  reason(reason: A.ReasonText, scope: Scope): void {
    this.ctx.purely("a reason", () => {
      for (const part of reason.parts) {
        if (typeof part === "string") continue;
        const type = this.expressions.expression(part, scope);
        if (!["int", "bool", "player", "enum", "card", "error"].includes(type.kind)) {
          this.ctx.error("check/type-mismatch", `a reason can show a number, a flag, a player, an enum value or a card, not ${typeName(type)}`, part.range);
        }
      }
    });
  }

  /** `card in hand where card.artist == a`: the condition keeps the values it holds for (for a set of
   *  cards, the cards that may be in it); the parameter's name stands for the value tested. */
  private domainFilter(parameter: A.ParameterDeclaration, value: Type, option: A.MoveOptionDeclaration, scope: Scope): void {
    const condition = parameter.condition!;
    const inner = new Scope(scope);
    this.ctx.filterBinders.set(parameter, this.ctx.bindLocal(inner, parameter.name, value, "local"));
    this.ctx.purely("a parameter's domain", () => this.ctx.expect(this.expressions.expression(condition, inner), BOOL, condition.range, "a where condition"));
    this.checkNoParameterIn(condition, option, parameter);
  }

  /** A parameter's domain is fixed before any parameter is chosen: it may not use one. */
  /** `prefer N`: a whole number weighed when the option is picked, so before its parameters exist. */
  private preference(option: A.MoveOptionDeclaration, weight: A.Expression, scope: Scope): void {
    const parameters = new Set(option.parameters.map((p) => p.name.name));
    const visit = (e: A.Expression): boolean => (e.kind === "name" && parameters.has(e.name) ? (this.parameterInPreference(option, e), true) : subExpressions(e).some(visit));
    if (visit(weight)) return;
    this.ctx.purely("a preference", () => this.ctx.expect(this.expressions.expression(weight, scope), INT, weight.range, "a preference"));
    const constant = evaluateConstant(weight, new Map(), this.ctx.enums, true);
    if (typeof constant === "number" && constant < 0) {
      this.ctx.error("check/negative-preference", `a preference is how often the option is picked: ${constant} is below 0 (0 means never, while another option is open)`, weight.range);
    }
  }

  private parameterInPreference(option: A.MoveOptionDeclaration, name: A.NameExpression): void {
    const message = `'${option.name.name}' is weighed before its parameters are chosen, so its preference cannot read '${name.name}': prefer the option, then a require or a narrower domain picks the value`;
    this.ctx.error("check/parameter-in-domain", message, name.range);
  }

  private checkNoParameterIn(domain: A.Expression, option: A.MoveOptionDeclaration, parameter: A.ParameterDeclaration): void {
    const others = new Set(option.parameters.filter((p) => p !== parameter).map((p) => p.name.name));
    const visit = (e: A.Expression): void => {
      if (e.kind === "name" && others.has(e.name)) {
        this.ctx.error("check/parameter-in-domain", `the choices for '${parameter.name.name}' cannot depend on '${e.name}': each parameter's domain is fixed before the move is chosen; use a require line instead`, e.range);
      }
      for (const child of subExpressions(e)) visit(child);
    };
    visit(domain);
  }

}
