// `check` of each decision, and why a move is refused, as a player at the table would explain it.
// In order: a move of another decision (its `otherwise` reason, or what may be played now); a seat
// that is not asked (the decision's `others` reasons, or whose turn it is); then per option, the
// requirements about the situation, each parameter's domain (its `else` reason when empty), and the
// requirements about the values chosen. A refusal never changes the state.
import type { FunctionStructure } from "./source-builder.js";
import type * as A from "../syntax/ast.js";
import type { Decision } from "../lower/ir.js";
import { property, quote } from "./code.js";
import type { EmitContext } from "./context.js";
import type { DecisionCode } from "./decision-code.js";

const CHECK_PARAMETERS = [{ name: "s", type: "State" }, { name: "seat", type: "number" }, { name: "move", type: "Move" }];

export class CheckCode {
  constructor(
    private readonly ctx: EmitContext,
    private readonly decisions: DecisionCode,
  ) {}

  /** `check_<decision>`: null when the move is legal for this seat now, else why not. */
  checkFunction(decision: Decision, name: string): FunctionStructure {
    const options = decision.ask.options;
    const body = [
      // The move's type is checked before it can be trusted: a client may send anything.
      `if (${options.map((o) => `move.type !== ${quote(o.name.name)}`).join(" && ")}) return notNow(String((move as { type: unknown }).type), legal_${name}(s, seat));`,
      ...this.seatCheck(decision),
      ...this.decisions.askPreamble(decision, "seat"),
      "switch (move.type) {",
      ...options.flatMap((option) => this.optionCheck(option)),
      "}",
      "return null;",
    ];
    this.decisions.endPreamble(decision);
    return { name: `check_${name}`, parameters: CHECK_PARAMETERS, returnType: "IllegalMove | null", statements: body };
  }

  /** A seat that may not act here: the rules' `others` reasons first, then whose turn it is. */
  private seatCheck(decision: Decision): string[] {
    const ask = decision.ask;
    const refuse = (reason: string): string => `return illegal("move/not-your-turn", ${reason});`;
    const outside = ask.each ? "!s.locals.actors.includes(seat)" : "seat !== s.locals.actor";
    const plain = ask.race
      ? "`you take no part in this race`"
      : ask.each
        ? "`you take no part in this decision`"
        : "`it is seat ${s.locals.actor}'s turn, not yours`";
    const lines = [`if (${outside}) {`, ...this.othersReasons(ask), refuse(plain), "}"];
    if (ask.race) lines.push('if (s.locals.declined[seat]) return illegal("move/already-submitted", "you have already declined this race");');
    else if (ask.each) lines.push('if (s.pending?.[seat]) return illegal("move/already-submitted", "you have already chosen");');
    return lines;
  }

  /** `others q require COND else "reason"`, with q the seat that tried to move. */
  private othersReasons(ask: A.AskStatement): string[] {
    if (!ask.others) return [];
    const binding = this.ctx.game.names.get(ask.others.binder);
    if (binding?.kind !== "local") throw new Error("internal: unresolved others binder");
    return [
      `const ${this.ctx.code.localName(binding.slot)} = seat;`,
      ...ask.others.requirements.map((r) => `if (!(${this.decisions.requirement(r)})) return illegal("move/not-your-turn", ${this.reasonOf(r)});`),
    ];
  }

  private optionCheck(option: A.MoveOptionDeclaration): string[] {
    const aboutSituation = option.requirements.filter((r) => !this.decisions.mentionsParameters(r.condition, option));
    const aboutChoice = option.requirements.filter((r) => this.decisions.mentionsParameters(r.condition, option));
    const lines = [`case ${quote(option.name.name)}: {`];
    for (const r of aboutSituation) lines.push(`if (!(${this.decisions.requirement(r)})) return illegal("move/constraint", ${this.reasonOf(r)});`);
    for (const p of option.parameters) {
      const d = this.decisions.domainCode(p);
      const slot = this.ctx.code.localName(this.decisions.parameterSlot(p));
      lines.push(
        ...d.setup,
        ...(d.nonEmpty === null ? [] : [`if (!(${d.nonEmpty})) return illegal("move/out-of-domain", ${d.empty});`]),
        `const ${slot} = move${property(p.name.name)} as ${this.ctx.parameterType(p)};`,
        `if (!(${d.contains(slot)})) return illegal("move/out-of-domain", ${d.describe});`,
      );
    }
    // A parameter that lives across a decision of the option's body is stored in the state by
    // apply; here it is not stored yet, so requirements read the move's value, as domains do.
    const stored = option.parameters.map((p) => this.decisions.parameterSlot(p)).filter((slot) => slot.storage === "state");
    for (const slot of stored) this.ctx.code.overrides.set(slot, this.ctx.code.localName(slot));
    try {
      for (const r of aboutChoice) lines.push(`if (!(${this.decisions.requirement(r)})) return illegal("move/constraint", ${this.reasonOf(r)});`);
    } finally {
      for (const slot of stored) this.ctx.code.overrides.delete(slot);
    }
    lines.push("return null;", "}");
    return lines;
  }

  private reasonOf(r: A.Requirement): string {
    return this.ctx.code.at(r.range, () => this.ctx.code.reason(r.reason));
  }

  /**
   * `notNow`: why a move of this type is refused where the game waits: an option of another decision
   * (the `otherwise` reason its rules give, or what may be played now), or no option of the game at all.
   */
  notNowFunction(): FunctionStructure {
    const reasons = new Map<string, A.ReasonText | null>();
    for (const decision of this.ctx.machine.decisions) {
      for (const option of decision.ask.options) {
        if (!reasons.get(option.name.name)) reasons.set(option.name.name, option.otherwise);
      }
    }
    const cases: string[] = [];
    const plain: string[] = [];
    for (const [type, reason] of reasons) {
      if (reason) cases.push(`case ${quote(type)}: return illegal("move/not-now", ${this.ctx.code.reason(reason)});`);
      else plain.push(`case ${quote(type)}:`);
    }
    if (plain.length) cases.push(...plain, "return moveNotHere(type, true, offered);");
    return {
      name: "notNow",
      docs: ["Why a move of this type is refused where the game waits: it belongs to another decision, or to none."],
      parameters: [{ name: "type", type: "string" }, { name: "offered", type: "readonly MoveOption[]" }],
      returnType: "IllegalMove",
      statements: ["switch (type) {", ...cases, "default: return moveNotHere(type, false, offered);", "}"],
    };
  }
}
