// A die rolled in the open (`roll(6)`) is told to every seat when it is rolled. Rolled into a `let`
// and then kept in a variable only some seats see, it would be a secret everyone was told: this pass
// follows each open roll through the locals that hold it (and the conditions that test it) and
// refuses it where it reaches such a variable (check/open-roll-kept-secret). A die rolled straight
// into the variable is told as the variable is; `secret_roll(n)` is told to nobody.
import type * as A from "../syntax/ast.js";
import { subExpressions } from "../syntax/walk.js";
import type { CheckContext } from "./context.js";

/** The open roll a value carries: where it was rolled (the declaration says which file). */
type Taint = { readonly roll: A.SourceRange; readonly declaration: A.Declaration };

export function checkOpenRolls(ctx: CheckContext, program: A.Program): void {
  const vars = new Map<string, A.VarDeclaration>();
  for (const d of program.declarations) if (d.kind === "var") vars.set(d.name.name, d);
  const reported = new Set<string>();
  for (const d of program.declarations) {
    if (d.kind !== "setup" && d.kind !== "flow") continue;
    ctx.enter(d);
    new OpenRolls(ctx, vars, reported, d).block(d.body.statements, null);
  }
}

/** Who a variable hides its value from, in words, when some seats see it and others do not; null when
 *  every seat or none sees it (a value no seat sees is the rules' bookkeeping, no secret kept from
 *  anyone). A per-card value goes with its card, seen where the card is: a die that decides it (a
 *  committed colour, a deed's buildings) is no secret kept in it. */
function partlySeen(v: A.VarDeclaration): string | null {
  if (v.perCard) return null;
  if (v.visibility === "owner") return "seen by its owner only";
  if (v.visibility === "others") return "hidden from its owner";
  return null;
}

class OpenRolls {
  private readonly taints = new Map<string, Taint>();

  constructor(
    private readonly ctx: CheckContext,
    private readonly vars: ReadonlyMap<string, A.VarDeclaration>,
    private readonly reported: Set<string>,
    /** The declaration being read: the flow or setup, or a procedure written out in it. */
    private declaration: A.Declaration,
  ) {}

  block(statements: readonly A.Statement[], guard: Taint | null): void {
    for (const s of statements) this.statement(s, guard);
  }

  private statement(s: A.Statement, guard: Taint | null): void {
    switch (s.kind) {
      case "let":
        this.hold(s.name.name, this.carried(s.value, true) ?? guard);
        break;
      case "assign": {
        const target = this.rootName(s.target);
        if (target !== null && !this.vars.has(target)) {
          // A local: it now holds the die (or, after `+=`, still does).
          const kept = s.operator === "=" ? null : (this.taints.get(target) ?? null);
          this.hold(target, this.carried(s.value, true) ?? guard ?? kept);
        } else if (target !== null) {
          // A variable: a die rolled straight into it is told as it is; one carried by a local is not.
          const carried = this.carried(s.value, false) ?? this.indexTaint(s.target);
          this.keep(target, carried ?? guard, s.target.range, carried === null);
        }
        break;
      }
      case "transfer": {
        const carried = this.carried(s.amount, true);
        for (const side of [s.from, s.to]) {
          const name = this.rootName(side);
          if (name !== null && this.vars.has(name)) this.keep(name, carried ?? guard, side.range, carried === null);
        }
        break;
      }
      case "if": {
        const inner = this.carried(s.condition, true) ?? guard;
        this.block(s.then.statements, inner);
        if (s.otherwise) this.block(s.otherwise.statements, inner);
        break;
      }
      case "while": {
        const inner = this.carried(s.condition, true) ?? guard;
        // Twice: a die held at the end of one pass is there at the start of the next.
        this.block(s.body.statements, inner);
        this.block(s.body.statements, this.carried(s.condition, true) ?? guard);
        break;
      }
      case "for": {
        const inner = this.carried(s.source, true) ?? (s.condition ? this.carried(s.condition, true) : null) ?? guard;
        this.block(s.body.statements, inner);
        this.block(s.body.statements, inner);
        break;
      }
      case "phase":
        this.block(s.body.statements, guard);
        break;
      case "inlined": {
        this.block(s.parameters, guard);
        const outer = this.declaration;
        this.declaration = s.procedure;
        this.block(s.body.statements, guard);
        this.declaration = outer;
        break;
      }
      case "ask":
        for (const option of s.options) this.block(option.body.statements, guard);
        break;
      default:
        break;
    }
  }

  private hold(local: string, taint: Taint | null): void {
    if (taint) this.taints.set(local, taint);
    else this.taints.delete(local);
  }

  /** A variable given a value that carries an open die: refused when some seats do not see it. */
  private keep(name: string, taint: Taint | null, at: A.SourceRange, decides: boolean): void {
    const v = this.vars.get(name);
    const hides = v ? partlySeen(v) : null;
    if (!taint || !v || hides === null) return;
    const key = `${taint.roll.start.offset} ${name}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    const told = "this die is rolled in the open, so every seat is told it";
    // Reported in the file of the roll (a procedure may come from another file of the game).
    this.ctx.enter(taint.declaration);
    this.ctx.error(
      "check/open-roll-kept-secret",
      decides
        ? `${told}, but it decides '${name}' (line ${at.start.line}), which is ${hides}: roll it out of sight with secret_roll(…)`
        : `${told}, but its value is kept in '${name}' (line ${at.start.line}), which is ${hides}: roll it straight into the variable (${name}[…] = roll(…)), or out of sight with secret_roll(…)`,
      taint.roll,
    );
    this.ctx.enter(this.declaration);
  }

  /** The open die `e` carries: a roll in it (when `rollsCount`: not in a value assigned to a variable,
   *  where the die is told as the variable is), or a local holding one. */
  private carried(e: A.Expression, rollsCount: boolean): Taint | null {
    if (rollsCount && e.kind === "call" && e.callee.name === "roll") return { roll: e.range, declaration: this.declaration };
    if (e.kind === "name" && this.taints.has(e.name)) return this.taints.get(e.name)!;
    for (const sub of subExpressions(e)) {
      const found = this.carried(sub, rollsCount);
      if (found) return found;
    }
    return null;
  }

  /** A die in the index of an assignment's target (`secret[roll(6)] = ...` says which entry changed). */
  private indexTaint(target: A.Expression): Taint | null {
    return target.kind === "index" ? this.carried(target.index, true) : null;
  }

  private rootName(e: A.Expression): string | null {
    if (e.kind === "name") return e.name;
    if (e.kind === "index") return this.rootName(e.target);
    return null;
  }
}
