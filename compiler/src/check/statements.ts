// Statements of setup and flow: what each may contain, what it may change, and where the bindings it
// makes live (the state or a TypeScript local). Decisions and their options are checked in decisions.ts.
import type * as A from "../syntax/ast.js";
import type { PresentationChecker } from "./presentation.js";
import { BOOL, INT, PLAYER, typeName, type Type } from "./types.js";
import { blockHasDecision, containsDecision, DecisionChecker } from "./decisions.js";
import { Scope, type CheckContext } from "./context.js";
import type { ExpressionChecker } from "./expressions.js";
import { LoopAnalysis } from "./loop-analysis.js";
import { didYouMean } from "../diagnostics.js";

export class StatementChecker {
  private readonly decisions: DecisionChecker;

  constructor(
    private readonly ctx: CheckContext,
    private readonly expressions: ExpressionChecker,
    private readonly presentation: PresentationChecker,
  ) {
    this.decisions = new DecisionChecker(ctx, expressions, (block, scope) => this.block(block, scope), presentation);
  }

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
        // A declared type (`let leader: player = 0`) is the binding's; the value must have it.
        let type: Type;
        if (s.type) {
          type = this.ctx.resolveType(s.type, true);
          this.expressions.expectValue(s.value, scope, type, `the value of '${s.name.name}'`);
        } else type = this.expressions.expression(s.value, scope);
        if (type.kind === "zones" || type.kind === "per-player" || type.kind === "per-card" || type.kind === "per-pair" || type.kind === "table" || type.kind === "enum-type" || type.kind === "function") {
          this.ctx.error("check/type-mismatch", `a let binding holds a value, not ${typeName(type)}`, s.value.range);
        } else if (type.kind === "zone" && restHasDecision) {
          this.ctx.error("check/type-mismatch", "a let binding that lasts past a decision cannot hold a zone: name the zone itself where it is used", s.value.range);
        }
        const slot = this.ctx.bindLocal(scope, s.name, type, restHasDecision ? "state" : "local");
        if (!s.type) this.ctx.untypedLets.add(slot);
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
        // `move all select(c in field[p] where ...) to discard`: a list of cards moves like a zone's cards.
        const from = this.cardsToMove(s.from, scope);
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
        if (s.why) this.presentation.transferReason(s.why, scope);
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
        this.decisions.reason(s.text, scope);
        // A say changes nothing: the seat it is told to may not draw (the state machine evaluates it
        // only where events are recorded, so a draw there would make the game hang on who listens).
        if (s.to) this.ctx.purely("the seat a say is told to", () => this.expressions.expectValue(s.to!, scope, PLAYER, "the player told"));
        return;
      case "ask":
        this.decisions.ask(s, scope);
        return;
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

  /** Words the rules show (a reason, a label): read only, each value one a person can read. */
  reason(reason: A.ReasonText, scope: Scope): void {
    this.decisions.reason(reason, scope);
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

  /** What `move all` moves: a zone's cards or a list of cards (`select(...)`, `first(zone, n)`); their card type. */
  private cardsToMove(e: A.Expression, scope: Scope): string | null {
    const type = this.expressions.expression(e, scope);
    if (type.kind === "zone") return type.cardType;
    if (type.kind === "list" && type.element.kind === "card") return type.element.cardType;
    if (type.kind !== "error") {
      this.ctx.error("check/not-a-zone", type.kind === "zones" ? `'${describeExpression(e)}' is a zone per player: say whose, e.g. ${describeExpression(e)}[p]` : `move all moves the cards of a zone or a list of cards, not ${typeName(type)}`, e.range);
    }
    return null;
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
