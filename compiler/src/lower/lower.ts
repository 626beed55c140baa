// Lowering: the structured flow becomes a flat machine of steps and decisions, like a generator
// compiled to a switch. Each decision point gets a readable label from its phase and options.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { containsDecision, blockHasDecision } from "../check/checker.js";
import { END, type Decision, type Effect, type FlowMachine, type LoopSlots, type Step } from "./ir.js";

export function lowerFlow(game: CheckedGame): FlowMachine {
  return new Lowering(game).run();
}

class Lowering {
  private readonly steps: Step[] = [];
  private readonly decisions: Decision[] = [];
  private readonly loops: LoopSlots[] = [];
  private readonly labels = new Set<string>([END]);
  private phase: string | null = null;
  /** The innermost loop being lowered, recorded on each new step. */
  private loop: A.WhileStatement | A.ForStatement | null = null;

  constructor(private readonly game: CheckedGame) {}

  run(): FlowMachine {
    const start = this.newStep("start");
    const last = this.sequence(this.game.flow.statements, start);
    last.exit = { kind: "end" };
    return { start: start.label, steps: this.steps, decisions: this.decisions, loops: this.loops };
  }

  private unique(base: string): string {
    let label = base;
    for (let n = 2; this.labels.has(label); n++) label = `${base}${n}`;
    this.labels.add(label);
    return label;
  }

  private newStep(name: string): Step {
    const label = this.unique(this.phase ? `${this.phase}.${name}` : name);
    const step: Step = { label, effects: [], exit: { kind: "end" }, loop: this.loop };
    this.steps.push(step);
    return step;
  }

  /** Lowers statements starting in `current`; returns the step where control continues afterwards. */
  private sequence(statements: readonly A.Statement[], current: Step): Step {
    for (const statement of statements) {
      if (!containsDecision(statement)) {
        current.effects.push({ kind: "run", statement });
        continue;
      }
      current = this.structured(statement, current);
    }
    return current;
  }

  private goto(from: Step, to: Step): void {
    from.exit = { kind: "goto", target: to.label };
  }

  private structured(statement: A.Statement, current: Step): Step {
    switch (statement.kind) {
      case "if": {
        const then = this.newStep("then");
        const otherwise = this.newStep("else");
        const after = this.newStep("endif");
        current.exit = { kind: "branch", condition: statement.condition, then: then.label, otherwise: otherwise.label };
        this.goto(this.sequence(statement.then.statements, then), after);
        this.goto(this.sequence(statement.otherwise?.statements ?? [], otherwise), after);
        return after;
      }
      case "while": {
        const outer = this.loop;
        this.loop = statement;
        const test = this.newStep("while");
        const body = this.newStep("loop");
        this.loop = outer;
        const after = this.newStep("endwhile");
        this.goto(current, test);
        test.exit = { kind: "branch", condition: statement.condition, then: body.label, otherwise: after.label };
        this.loop = statement;
        this.goto(this.sequence(statement.body.statements, body), test);
        this.loop = outer;
        return after;
      }
      case "for": {
        const binding = this.game.names.get(statement.binder);
        if (binding?.kind !== "local") throw new Error("internal: loop binder was not resolved");
        const loop: LoopSlots = {
          statement,
          binder: binding.slot,
          list: `${binding.slot.slot}_list`,
          index: `${binding.slot.slot}_index`,
        };
        this.loops.push(loop);
        current.effects.push({ kind: "loop-start", loop });
        const outer = this.loop;
        this.loop = statement;
        const test = this.newStep(`for_${binding.slot.slot}`);
        const body = this.newStep(`each_${binding.slot.slot}`);
        this.loop = outer;
        const after = this.newStep(`endfor_${binding.slot.slot}`);
        this.goto(current, test);
        test.exit = { kind: "loop-branch", loop, then: body.label, otherwise: after.label };
        body.effects.push({ kind: "loop-bind", loop });
        this.loop = statement;
        const end = this.sequence(statement.body.statements, body);
        this.loop = outer;
        end.effects.push({ kind: "loop-step", loop });
        this.goto(end, test);
        return after;
      }
      case "phase": {
        const outer = this.phase;
        this.phase = statement.name.name;
        const entry = this.newStep("begin");
        this.goto(current, entry);
        entry.effects.push({ kind: "enter-phase", name: statement.name.name } satisfies Effect);
        const end = this.sequence(statement.body.statements, entry);
        this.phase = outer;
        const after = this.newStep(`after_${statement.name.name}`);
        if (outer !== null) after.effects.push({ kind: "enter-phase", name: outer });
        this.goto(end, after);
        return after;
      }
      case "ask":
        return this.ask(statement, current);
      case "inlined":
        // A procedure written out here: its parameters bound, then its body, as if written in place.
        for (const parameter of statement.parameters) current.effects.push({ kind: "run", statement: parameter });
        return this.sequence(statement.body.statements, current);
      default:
        throw new Error(`internal: ${statement.kind} cannot contain a decision`);
    }
  }

  private ask(statement: A.AskStatement, current: Step): Step {
    const label = this.unique(
      (this.phase ? `${this.phase}.` : "") + statement.options.map((o) => o.name.name).join("_or_"),
    );
    const after = this.newStep("resume");
    const optionEntries = new Map<string, string>();
    for (const option of statement.options) {
      if (!blockHasDecision(option.body)) continue;
      const entry = this.newStep(`${option.name.name}_body`);
      optionEntries.set(option.name.name, entry.label);
      this.goto(this.sequence(option.body.statements, entry), after);
    }
    const decision: Decision = { label, ask: statement, phase: this.phase, resume: after.label, optionEntries };
    this.decisions.push(decision);
    current.exit = { kind: "decide", decision };
    return after;
  }
}
