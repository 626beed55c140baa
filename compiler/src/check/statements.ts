// Statements of setup and flow, and decisions with their options and parameters: what each may
// contain, what it may change, and where the bindings it makes live (the state or a TypeScript local).
import type * as A from "../syntax/ast.js";
import { subExpressions } from "../syntax/walk.js";
import { evaluateConstant } from "./constants.js";
import { BOOL, ERROR, INT, PLAYER, typeName, type Type } from "./types.js";
import { Scope, type CheckContext } from "./context.js";
import type { ExpressionChecker } from "./expressions.js";
import { LoopAnalysis } from "./loop-analysis.js";
import { didYouMean } from "../diagnostics.js";

const RESERVED_PARAMETERS = new Set(["type", "seat"]);

export function containsDecision(statement: A.Statement): boolean {
  switch (statement.kind) {
    case "ask":
      return true;
    case "inlined":
      return blockHasDecision(statement.body);
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

export class StatementChecker {
  constructor(
    private readonly ctx: CheckContext,
    private readonly expressions: ExpressionChecker,
  ) {}

  block(block: A.Block, scope: Scope): void {
    let ended: A.EndGameStatement | null = null;
    block.statements.forEach((statement, index) => {
      if (ended) {
        this.ctx.error("check/unreachable", "this can never run: the game has already ended above", statement.range);
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
        const type = this.expressions.expression(s.value, scope);
        if (type.kind === "zones" || type.kind === "per-player" || type.kind === "per-card" || type.kind === "table" || type.kind === "enum-type" || type.kind === "function") {
          this.ctx.error("check/type-mismatch", `a let binding holds a value, not ${typeName(type)}`, s.value.range);
        } else if (type.kind === "zone" && restHasDecision) {
          this.ctx.error("check/type-mismatch", "a let binding that lasts past a decision cannot hold a zone: name the zone itself where it is used", s.value.range);
        }
        this.ctx.bindLocal(scope, s.name, type, restHasDecision ? "state" : "local");
        return;
      }
      case "assign": {
        const target = this.expressions.expression(s.target, scope);
        this.checkAssignable(s.target, scope);
        if (s.operator === "=") this.expressions.expectValue(s.value, scope, target, "the assigned value");
        else {
          const value = this.expressions.expression(s.value, scope);
          this.ctx.expect(target, INT, s.target.range, `the target of ${s.operator}`);
          this.ctx.expect(value, INT, s.value.range, `the value of ${s.operator}`);
        }
        return;
      }
      case "if":
        this.ctx.expect(this.expressions.expression(s.condition, scope), BOOL, s.condition.range, "an if condition");
        this.block(s.then, new Scope(scope));
        if (s.otherwise) this.block(s.otherwise, new Scope(scope));
        return;
      case "while":
        this.ctx.expect(this.expressions.expression(s.condition, scope), BOOL, s.condition.range, "a while condition");
        if (s.condition.kind === "boolean" && s.condition.value && !blockHasDecision(s.body) && !endsGame(s.body)) {
          this.ctx.error("check/endless-loop", "this loop can never stop: its condition is always true and it asks no one anything", s.condition.range);
        }
        this.block(s.body, new Scope(scope));
        this.warnIfUnchanging(s);
        return;
      case "for": {
        const element = this.expressions.elementType(this.expressions.expression(s.source, scope), s.source.range);
        const inner = new Scope(scope);
        this.ctx.bindLocal(inner, s.binder, element, blockHasDecision(s.body) ? "state" : "local");
        if (s.condition) this.ctx.expect(this.expressions.expression(s.condition, inner), BOOL, s.condition.range, "a where condition");
        if (s.orderBy) this.ctx.expect(this.expressions.expression(s.orderBy, inner), INT, s.orderBy.range, "a sort key");
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
        this.ctx.expect(this.expressions.expression(s.count, scope), INT, s.count.range, "the number of cards to deal");
        const from = this.expectZone(s.from, scope);
        const to = this.expectZone(s.to, scope);
        if (from && to && from !== to) this.ctx.error("check/card-type-mismatch", `cannot deal ${from} cards into a zone of ${to} cards`, s.to.range);
        return;
      }
      case "move": {
        const card = this.expressions.expression(s.card, scope);
        const to = this.expectZone(s.to, scope);
        if (card.kind !== "card" && card.kind !== "error") this.ctx.error("check/type-mismatch", `expected a card to move, found ${typeName(card)}`, s.card.range);
        else if (card.kind === "card" && to && card.cardType !== to) this.ctx.error("check/card-type-mismatch", `cannot move a ${card.cardType} card into a zone of ${to} cards`, s.to.range);
        return;
      }
      case "move-all": {
        const from = this.expectZone(s.from, scope);
        const to = this.expectZone(s.to, scope);
        if (from && to && from !== to) this.ctx.error("check/card-type-mismatch", `cannot move ${from} cards into a zone of ${to} cards`, s.to.range);
        return;
      }
      case "transfer": {
        this.ctx.expect(this.expressions.expression(s.amount, scope), INT, s.amount.range, "the amount to transfer");
        for (const side of [s.from, s.to]) {
          this.ctx.expect(this.expressions.expression(side, scope), INT, side.range, "a transfer's source and destination");
          this.checkAssignable(side, scope, true);
        }
        return;
      }
      case "end-game":
        if (this.ctx.inSetup) this.ctx.error("check/end-in-setup", "the game cannot end during setup: move 'end game' into the flow", s.range);
        return;
      case "reveal":
      case "conceal": {
        const card = this.expressions.expression(s.card, scope);
        if (card.kind !== "card" && card.kind !== "error") this.ctx.error("check/type-mismatch", `only a card can be ${s.kind}ed, not ${typeName(card)}`, s.card.range);
        this.expressions.expectValue(s.player, scope, PLAYER, s.kind === "reveal" ? "the player a card is revealed to" : "the player a card is concealed from");
        this.ctx.usesKnowledge = true;
        return;
      }
      case "call":
        this.notAProcedure(s, scope);
        return;
      case "inlined":
        this.inlined(s, scope);
        return;
      case "say":
        this.reason(s.text, scope);
        if (s.to) this.expressions.expectValue(s.to, scope, PLAYER, "the player told");
        return;
      case "ask":
        this.ask(s, scope);
        return;
    }
  }

  private ask(s: A.AskStatement, scope: Scope): void {
    if (this.ctx.inSetup) this.ctx.error("check/decision-in-setup", "setup runs before play starts and cannot ask players to decide; move this into the flow", s.range);
    if (this.ctx.inSimultaneous) this.ctx.error("check/decision-in-simultaneous", "a simultaneous decision cannot contain another decision", s.range);
    const inner = new Scope(scope);
    if (s.each) {
      this.expressions.expectValue(s.each.source, scope, { kind: "list", element: PLAYER }, s.race ? "the players of a race" : "the players of 'ask each'");
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
      for (const parameter of option.parameters) {
        if (RESERVED_PARAMETERS.has(parameter.name.name)) {
          this.ctx.error("check/reserved-name", `'${parameter.name.name}' is reserved in moves; choose another parameter name`, parameter.name.range);
        }
        this.ctx.inDomain = true;
        const wasPure = this.ctx.pure;
        this.ctx.pure ??= "a parameter's domain";
        const domain = this.expressions.expression(parameter.domain, optionScope);
        this.ctx.inDomain = false;
        this.ctx.pure = wasPure;
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
      }
      for (const requirement of option.requirements) this.requirement(requirement, optionScope, option);
      // Shown while the game waits at another decision, where this decision's names mean nothing.
      if (option.otherwise) this.reason(option.otherwise, this.ctx.globals);
      const wasSimultaneous = this.ctx.inSimultaneous;
      this.ctx.inSimultaneous = wasSimultaneous || (s.each !== null && !s.race);
      this.block(option.body, optionScope);
      this.ctx.inSimultaneous = wasSimultaneous;
    }
  }

  /** A procedure written out at a call: the arguments are read where it is called, each bound to its
   *  parameter; the body sees the game's names and its parameters, never the caller's locals. */
  private inlined(s: A.InlinedCall, scope: Scope): void {
    const procedure = s.procedure;
    const file = this.ctx.currentFile;
    if (s.call.args.length !== procedure.parameters.length) {
      const count = procedure.parameters.length;
      this.ctx.error("check/wrong-arity", `${procedure.name.name} takes ${count} argument${count === 1 ? "" : "s"} but was given ${s.call.args.length}`, s.call.range);
    }
    const lasts = blockHasDecision(s.body) ? "state" : "local";
    const inner = new Scope(this.ctx.globals);
    procedure.parameters.forEach((p, i) => {
      const type = this.ctx.resolveType(p.type, true);
      const argument = s.call.args[i];
      if (argument) this.expressions.expectValue(argument, scope, type, `argument ${i + 1} of ${procedure.name.name}`);
      this.ctx.bindLocal(inner, s.parameters[i]!.name, type, lasts);
    });
    this.ctx.enter(procedure);
    this.block(s.body, inner);
    this.ctx.currentFile = file;
  }

  /** A procedure on its own, its parameters bound: its mistakes are found even if nobody calls it. */
  procedureAlone(d: A.ProcedureDeclaration): void {
    this.ctx.enter(d);
    const scope = new Scope(this.ctx.globals);
    for (const p of d.parameters) this.ctx.bindLocal(scope, p.name, this.ctx.resolveType(p.type, true), "local");
    this.block(d.body, scope);
  }

  /** A call left as written: its name is no procedure (or calls itself, reported already). */
  private notAProcedure(s: A.CallStatement, scope: Scope): void {
    if (s.callee.name === "") return; // a bare expression, reported by the parser
    const binding = scope.lookup(s.callee.name);
    if (binding?.kind === "procedure") return;
    for (const a of s.args) this.expressions.expression(a, scope);
    if (binding?.kind === "function") {
      this.ctx.error("check/not-a-procedure", `${s.callee.name} is a function: it gives a value, which a statement must use (x = ${s.callee.name}(...))`, s.callee.range);
      return;
    }
    const procedures = this.ctx.program.declarations.filter((d): d is A.ProcedureDeclaration => d.kind === "procedure").map((d) => d.name.name);
    this.ctx.error("check/unknown-name", `unknown procedure '${s.callee.name}'${didYouMean(s.callee.name, procedures)}`, s.callee.range);
  }

  /** A loop that asks nobody and whose body changes nothing its condition reads never stops once
   *  it starts: a warning, since the rules may mean it never to start. */
  private warnIfUnchanging(s: A.WhileStatement): void {
    if (blockHasDecision(s.body) || endsGame(s.body) || s.condition.kind === "boolean") return;
    const analysis = new LoopAnalysis(this.ctx.names);
    if (analysis.changed(s.condition, s.body).length > 0) return;
    const read = analysis.readNames(s.condition);
    const what = read.length === 0 ? "nothing the loop changes" : read.map((n) => `'${n}'`).join(", ");
    this.ctx.report("warning", "check/loop-never-ends", `once this loop starts it never ends: its condition reads ${what}, which nothing in its body changes, and it asks no one anything`, s.condition.range);
  }

  /** `require COND else "reason"` of an option (or of the seats not asked, with no option). */
  private requirement(requirement: A.Requirement, scope: Scope, option: A.MoveOptionDeclaration | null): void {
    const wasPure = this.ctx.pure;
    this.ctx.pure ??= "a requirement";
    this.ctx.expect(this.expressions.expression(requirement.condition, scope), BOOL, requirement.condition.range, "a requirement");
    this.ctx.pure = wasPure;
    if (option && requirement.condition.kind === "boolean" && !requirement.condition.value) {
      this.ctx.error("check/empty-domain", `this requirement is always false: option '${option.name.name}' could never be chosen`, requirement.range);
    }
    this.reason(requirement.reason, scope);
  }

  /** The values a reason shows are read, never changed, and each is something a person can read. */
  private reason(reason: A.ReasonText, scope: Scope): void {
    const wasPure = this.ctx.pure;
    this.ctx.pure ??= "a reason";
    for (const part of reason.parts) {
      if (typeof part === "string") continue;
      const type = this.expressions.expression(part, scope);
      if (!["int", "bool", "player", "enum", "card", "error"].includes(type.kind)) {
        this.ctx.error("check/type-mismatch", `a reason can show a number, a flag, a player, an enum value or a card, not ${typeName(type)}`, part.range);
      }
    }
    this.ctx.pure = wasPure;
  }

  /** `card in hand where card.artist == a`: the condition keeps the values it holds for (for a set of
   *  cards, the cards that may be in it); the parameter's name stands for the value tested. */
  private domainFilter(parameter: A.ParameterDeclaration, value: Type, option: A.MoveOptionDeclaration, scope: Scope): void {
    const condition = parameter.condition!;
    const inner = new Scope(scope);
    this.ctx.filterBinders.set(parameter, this.ctx.bindLocal(inner, parameter.name, value, "local"));
    const wasPure = this.ctx.pure;
    this.ctx.pure ??= "a parameter's domain";
    this.ctx.expect(this.expressions.expression(condition, inner), BOOL, condition.range, "a where condition");
    this.ctx.pure = wasPure;
    this.checkNoParameterIn(condition, option, parameter);
  }

  /** A parameter's domain is fixed before any parameter is chosen: it may not use one. */
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

  private checkAssignable(target: A.Expression, scope: Scope, transfer = false): void {
    const root = target.kind === "index" ? target.target : target;
    const binding = root.kind === "name" ? scope.lookup(root.name) : undefined;
    const indexed = binding?.kind === "var" && (binding.declaration.perPlayer || binding.declaration.perCard !== null);
    const isVar = binding?.kind === "var" && (target.kind === "name" ? !indexed : indexed);
    const isLocal = binding?.kind === "local" && target.kind === "name";
    if (!isVar && !isLocal) {
      if (binding?.kind === "var" && binding.declaration.perCard && target.kind === "name") {
        this.ctx.error("check/not-assignable", `'${target.name}' holds one value per ${binding.declaration.perCard.name} card: say which card's, e.g. ${target.name}[c]`, target.range);
      } else if (binding || root.kind !== "name") this.ctx.error("check/not-assignable", "only variables and let bindings can be assigned", target.range);
      return;
    }
    if (isVar && !transfer && root.kind === "name" && this.ctx.conservedVars.has(root.name)) {
      this.ctx.error("check/conserved", `'${root.name}' is conserved: change it with transfer ... from ... to ...`, target.range);
    }
    if (transfer && isLocal) this.ctx.error("check/not-assignable", "transfer moves amounts between variables, not let bindings", target.range);
  }

  private expectZone(e: A.Expression, scope: Scope): string | null {
    const type = this.expressions.expression(e, scope);
    if (type.kind === "zone") return type.cardType;
    if (type.kind !== "error") {
      this.ctx.error("check/not-a-zone", type.kind === "zones" ? `'${describeExpression(e)}' is a zone per player: say whose, e.g. ${describeExpression(e)}[p]` : `expected a zone, found ${typeName(type)}`, e.range);
    }
    return null;
  }
}

function endsGame(block: A.Block): boolean {
  return block.statements.some((s) =>
    s.kind === "end-game" ||
    (s.kind === "if" && (endsGame(s.then) || (s.otherwise !== null && endsGame(s.otherwise)))) ||
    ((s.kind === "while" || s.kind === "for" || s.kind === "phase" || s.kind === "inlined") && endsGame(s.body)),
  );
}

function describeExpression(e: A.Expression): string {
  return e.kind === "name" ? e.name : "this";
}
