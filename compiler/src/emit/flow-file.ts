// flow.ts of a compiled game: setup, then the flow as step functions that `advance` runs until the
// game waits at a decision. Steps with one way in are fused into their predecessor.
import type { FunctionStructure } from "./source-builder.js";
import { pairRowStart } from "./pairs.js";
import type * as A from "../syntax/ast.js";
import { type Decision, type Effect, type Exit, type LoopSlots, type Step } from "../lower/ir.js";
import { property, quote } from "./code.js";
import { RUNTIME, identifierFor, type EmitContext, type EmittedFile } from "./context.js";
import { entryCounts, isFused } from "./step-fusion.js";

export class FlowFile {
  constructor(private readonly ctx: EmitContext) {}

  private effect(effect: Effect): string[] {
    switch (effect.kind) {
      case "run":
        return this.ctx.statements.statement(effect.statement);
      case "enter-phase":
        return [`s.events?.push(phaseBegins(${quote(effect.name)}, s.locals.phase));`, `s.locals.phase = ${quote(effect.name)};`];
      case "loop-start": {
        const binder = this.ctx.code.localName(effect.loop.binder);
        const source = this.ctx.code.at(effect.loop.statement.range, () => this.ctx.statements.loopSource(effect.loop.statement, binder));
        return [`s.locals${property(effect.loop.list)} = [...${source}];`, `s.locals${property(effect.loop.index)} = 0;`];
      }
      case "loop-bind":
        return [`s.locals${property(effect.loop.binder.slot)} = s.locals${property(effect.loop.list)}[s.locals${property(effect.loop.index)}]!;`];
      case "loop-step":
        return [`s.locals${property(effect.loop.index)} += 1;`];
    }
  }

  private entries = new Map<string, number>();

  /** Steps that keep a function of their own: loop heads, resume points, the start. */
  private rootSteps(): Step[] {
    this.entries = entryCounts(this.ctx.machine);
    return this.ctx.machine.steps.filter((step) => (this.entries.get(step.label) ?? 0) > 0 && !this.fused(step.label));
  }

  private fused(label: string): boolean {
    return isFused(this.ctx.machine, this.entries, label);
  }

  private stepCode(step: Step): string[] {
    return [...step.effects.flatMap((e) => this.effect(e)), ...this.exit(step.exit)];
  }

  /** Continue at `label`: its code inline when it has no other way in, else a jump. */
  private continueAt(label: string): string[] {
    const step = this.ctx.machine.steps.find((candidate) => candidate.label === label);
    return step && this.fused(label) ? this.stepCode(step) : [`s.pc = ${quote(label)};`];
  }

  private exit(exit: Exit): string[] {
    switch (exit.kind) {
      case "goto":
        return this.continueAt(exit.target);
      case "end":
        // The flow's own end (no rule site), told apart from an `end game` statement by endingOf.
        return ["endGame(s);", "s.events?.push(gameEnds());"];
      case "branch":
        return [
          `if (${this.ctx.code.at(exit.condition.range, () => this.ctx.code.expression(exit.condition))}) {`,
          ...this.continueAt(exit.then),
          "} else {",
          ...this.continueAt(exit.otherwise),
          "}",
        ];
      case "loop-branch":
        return [
          `if (s.locals${property(exit.loop.index)} < s.locals${property(exit.loop.list)}.length) {`,
          ...this.continueAt(exit.then),
          "} else {",
          ...this.continueAt(exit.otherwise),
          "}",
        ];
      case "decide": {
        const decision = exit.decision;
        return this.ctx.code.at(decision.ask.range, () => [...this.decide(decision), ...(decision.ask.window ? this.passByIdle(decision) : [])]);
      }
    }
  }

  /** Enters a decision: who is asked, then wait there. */
  private decide(decision: Decision): string[] {
    const ask = decision.ask;
    const lines: string[] = [];
    // In a game with bots, asking a bot's seat is a fault at the ask: the rules decide for it.
    const bots = this.ctx.game.bots.length > 0;
    const rule = bots ? this.ctx.code.rule() : "";
    if (ask.each) {
      const seats = this.eachSeats(ask.each);
      const actors = bots ? `askHumans(s, ${seats}, BOTS${rule})` : `[...${seats}]`;
      lines.push(`s.locals.actors = ${actors};`, ask.race ? "s.locals.declined = perSeat(s.players, () => false);" : "s.pending = perSeat(s.players, () => null);");
    } else {
      const player = this.ctx.code.expression(ask.player!);
      lines.push(`s.locals.actor = ${bots ? `askHuman(s, ${player}, BOTS${rule})` : player};`);
    }
    lines.push(`s.pc = ${quote(decision.label)};`);
    return lines;
  }

  /** A window passes by a player offered nothing but `done`: what `done` does is done at once, and the
   *  flow goes on as if they had chosen it. */
  private passByIdle(decision: Decision): string[] {
    const done = windowDone(decision);
    return [
      `if (!offers_${identifierFor(decision.label)}(s, s.locals.actor)) {`,
      ...this.ctx.statements.statements(done.body.statements),
      ...this.continueAt(decision.resume),
      "}",
    ];
  }

  /** Entered at a window, the player's part in it is open: its flag (what `done` sets false) is true. */
  private windowOpen(decision: Decision): string[] {
    const close = windowDone(decision).body.statements[0];
    if (close?.kind !== "assign") throw new Error("internal: a window's done must close its flag");
    return [`${this.ctx.code.expression(close.target)} = true;`];
  }

  /** The seats an `ask each` or race asks: its collection, kept to those passing its `where`. */
  private eachSeats(each: NonNullable<A.AskStatement["each"]>): string {
    const source = this.ctx.code.expression(each.source);
    if (!each.condition) return source;
    const binding = this.ctx.game.names.get(each.binder);
    if (binding?.kind !== "local") throw new Error("internal: unbound ask each player");
    const test = this.ctx.code.reading(binding.slot, "$seat", () => this.ctx.code.expression(each.condition!));
    return `${source}.filter(($seat) => ${test})`;
  }

  /** The lowered `for` loops around each decision, outermost first: entering a decision directly
   *  must give each its list and its place, as reaching it through the loops would have. */
  private loopsAround(): Map<A.AskStatement, LoopSlots[]> {
    const around = new Map<A.AskStatement, LoopSlots[]>();
    const visit = (statements: readonly A.Statement[], loops: LoopSlots[]): void => {
      for (const s of statements) {
        if (s.kind === "ask") {
          around.set(s, loops);
          for (const option of s.options) visit(option.body.statements, loops);
        } else if (s.kind === "for") {
          const lowered = this.ctx.machine.loops.find((l) => l.statement === s);
          visit(s.body.statements, lowered ? [...loops, lowered] : loops);
        } else if (s.kind === "if") {
          visit(s.then.statements, loops);
          visit(s.otherwise?.statements ?? [], loops);
        } else if (s.kind === "while" || s.kind === "phase" || s.kind === "inlined") visit(s.body.statements, loops);
      }
    };
    visit(this.ctx.game.flow.statements, []);
    return around;
  }

  /** `enter(s, label)`: the flow put at a decision as if just reached (Game.enter). */
  private enterFunction(): FunctionStructure {
    const around = this.loopsAround();
    const cases = this.ctx.machine.decisions.flatMap((decision) => {
      const loops = (around.get(decision.ask) ?? []).flatMap((loop) => {
        const binder = this.ctx.code.localName(loop.binder);
        const list = `s.locals${property(loop.list)}`;
        const source = this.ctx.code.at(loop.statement.range, () => this.ctx.statements.loopSource(loop.statement, binder));
        return [
          `${list} = [...${source}];`,
          `s.locals${property(loop.index)} = ${list}.indexOf(s.locals${property(loop.binder.slot)});`,
          `if (s.locals${property(loop.index)} < 0) throw new GameFault("fault/no-such-position", ${quote(`${loop.binder.name} is none of the values its loop goes through now`)});`,
        ];
      });
      return [
        `case ${quote(decision.label)}:`,
        `s.locals.phase = ${quote(decision.phase ?? "")};`,
        ...loops,
        ...(decision.ask.window ? this.windowOpen(decision) : []),
        // As the flow does: a window passes by a seat offered nothing but `done` (Game.advance goes on).
        ...this.ctx.code.at(decision.ask.range, () => [...this.decide(decision), ...(decision.ask.window ? this.passByIdle(decision) : [])]),
        "return;",
      ];
    });
    return {
      isExported: true,
      name: "enter",
      docs: ["Puts the flow at a decision as if it had just been reached: for tests that start in the middle of a game."],
      parameters: [{ name: "s", type: "State" }, { name: "decision", type: "string" }],
      returnType: "void",
      statements: [
        "switch (decision) {",
        ...cases,
        'default: throw new GameFault("fault/no-decision", `there is no decision ${decision}`);',
        "}",
      ],
    };
  }

  flowFile(): EmittedFile {
    const functions: FunctionStructure[] = [];
    const zones = [...this.ctx.game.zones.values()];
    const initialZones = zones.map((z) => {
      const value = z.initialCards ? `[...ALL_${z.initialCards.name}]` : "[]";
      return `${property(z.name.name).slice(1)}: ${z.perPlayer ? "perSeat($players, () => [])" : value},`;
    });
    // Placeholders until the flow assigns them: an enum's first member stands in for "none yet".
    const firstMember = (type: string): string => quote(this.ctx.game.enums.get(type.slice("Enum_".length))?.members[0]?.name ?? "");
    const initialLocals = this.ctx.stateSlots().map((l) => `${l.name}: ${l.type === "string" ? '""' : l.type.endsWith("[]") ? "[]" : l.type === "boolean" ? "false" : l.type.startsWith("Enum_") ? firstMember(l.type) : "0"},`);
    const vars = [...this.ctx.game.vars.values()];
    const bots = this.ctx.game.bots.length > 0;
    const setupBody = [
      // With bots the options count the people; the state counts every seat.
      ...(bots ? ["const $players = seatCount(BOTS, $humans);"] : []),
      "const s: State = {",
      "players: $players,",
      ...(bots ? ["humans: $humans,"] : []),
      "variants: [...$variants],",
      `pc: ${quote(this.ctx.machine.start)},`,
      "random: seedRandom($seed),",
      `zones: { ${initialZones.join(" ")} },`,
      "vars: {} as State[\"vars\"],",
      `locals: { ${initialLocals.join(" ")} } as State["locals"],`,
      "pending: null,",
      ...(this.ctx.game.usesKnowledge ? ["knowledge: perSeat($players, () => []),"] : []),
      "};",
      ...vars.map((v) => {
        const initial = this.ctx.inDeclaration(v, () => this.ctx.code.at(v.initial.range, () => this.ctx.code.expression(v.initial)));
        const value = v.perKey ? `perSeat($players, () => ${pairRowStart(this.ctx, v, initial)})` : v.perPlayer ? `perSeat($players, () => ${initial})` : v.perCard ? `perCard(ALL_${v.perCard.name}, () => ${initial})` : initial;
        return `s.vars${property(v.name.name)} = ${value};`;
      }),
      // Setup makes the match: nothing is recorded yet, so its statements record no events.
      ...this.ctx.inDeclaration(this.ctx.game.setup, () => this.ctx.statements.withoutEvents(() => this.ctx.statements.statements(this.ctx.game.setup?.statements ?? []))),
      "return s;",
    ];
    functions.push({
      isExported: true,
      name: "setup",
      docs: ["Places the components and runs the setup rules; the flow starts at the first `advance`."],
      parameters: [{ name: `{ players: ${bots ? "$humans" : "$players"}, variants: $variants = [], seed: $seed }`, type: "SetupOptions" }],
      returnType: "State",
      statements: setupBody,
    });
    const roots = this.rootSteps();
    const loops: string[] = [];
    this.ctx.inDeclaration(this.ctx.game.flow, () => {
      for (const step of roots) {
        functions.push({
          name: `step_${identifierFor(step.label)}`,
          parameters: [{ name: "s", type: "State" }],
          returnType: "void",
          statements: this.stepCode(step),
        });
        if (step.loop) loops.push(`${quote(step.label)}: ${this.ctx.sites.site(step.loop.range)},`);
      }
    });
    this.ctx.inDeclaration(this.ctx.game.flow, () => functions.push(this.enterFunction()));
    functions.push({
      isExported: true,
      name: "advance",
      docs: ["Runs the flow until it waits at a decision or the game ends."],
      parameters: [{ name: "s", type: "State" }],
      returnType: "void",
      statements: [
        "for (let steps = 0; steps < 10_000_000; steps++) {",
        "switch (s.pc) {",
        ...roots.map((step) => `case ${quote(step.label)}: step_${identifierFor(step.label)}(s); break;`),
        "default: return; // a decision point, or the end",
        "}",
        "}",
        `throw new GameFault("fault/endless-flow", "the flow ran 10,000,000 steps without reaching a decision"${loops.length ? ", LOOP_AT[s.pc]" : ""});`,
      ],
    });
    return this.ctx.file("flow.ts", (file) => {
      const body = [...functions.map((f) => (f.statements as string[]).join("\n")), ...loops].join("\n");
      this.ctx.addImports(file, body, [{ module: "./cards.js", names: this.ctx.cardImports() }, { module: "./functions.js", names: this.ctx.functionNames() }, { module: "./moves.js", names: this.ctx.machine.decisions.filter((d) => d.ask.window).map((d) => `offers_${identifierFor(d.label)}`) }], ["seedRandom"]);
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: RUNTIME, namedImports: ["CardId", ...(loops.length ? ["RuleSite"] : []), "SetupOptions"] });
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: "./types.js", namedImports: ["State"] });
      if (loops.length) {
        file.addVariableStatement({
          declarationKind: "const" as never,
          docs: ["Where the loop around each looping step is written: a flow that never reaches a decision names it."],
          declarations: [{ name: "LOOP_AT", type: "Readonly<Record<string, RuleSite>>", initializer: `{ ${loops.join(" ")} }` }],
        });
      }
      file.addFunctions(functions);
    });
  }
}

/** A window's own `done`, which its loop appends after the options written (see `windowLoop`). */
function windowDone(decision: Decision): A.MoveOptionDeclaration {
  return decision.ask.options[decision.ask.options.length - 1]!;
}
