// moves.ts of a compiled game: per decision, its legal moves, its random policy, `check` and the
// effect of each option; then the dispatchers `activity`, `legalMoves`, `randomMove`, `check`, `apply`.
import { StructureKind, type FunctionDeclarationStructure, type OptionalKind } from "ts-morph";
import type * as A from "../syntax/ast.js";
import type { LocalSlot } from "../check/types.js";
import { subExpressions } from "../syntax/walk.js";
import type { Decision } from "../lower/ir.js";
import { docText, property, quote } from "./code.js";
import { RUNTIME, identifierFor, tsType, type EmitContext, type EmittedFile } from "./context.js";

export class MovesFile {
  constructor(private readonly ctx: EmitContext) {}

  /** Binds the `ask each` or race player to the seat acting, for domains, requirements and bodies.
   *  In `apply` a race winner that must last past later decisions is stored in the state. */
  private askPreamble(decision: Decision, seatExpression: string, applying = false): string[] {
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
  private endPreamble(decision: Decision): void {
    const binding = decision.ask.each ? this.ctx.game.names.get(decision.ask.each.binder) : undefined;
    if (binding?.kind === "local") this.ctx.code.overrides.delete(binding.slot);
  }

  /** Whether an expression reads any of the option's parameters. */
  private mentionsParameters(e: A.Expression, option: A.MoveOptionDeclaration): boolean {
    const slots = new Set(option.parameters.map((p) => this.parameterSlot(p)));
    const visit = (x: A.Expression): boolean => {
      if (x.kind === "name") {
        const binding = this.ctx.game.names.get(x);
        return binding?.kind === "local" && slots.has(binding.slot);
      }
      return subExpressions(x).some(visit);
    };
    return visit(e);
  }

  /** A requirement's condition: a fault while testing it names the `require` line. */
  private requirement(r: A.MoveOptionDeclaration["requirements"][number]): string {
    return this.ctx.code.at(r.range, () => this.ctx.code.expression(r.condition));
  }

  /** Part of a parameter's domain: a fault while computing it names the parameter's line. */
  private domainExpression(p: A.ParameterDeclaration, e: A.Expression): string {
    return this.ctx.code.at(p.domain.range, () => this.ctx.code.expression(e));
  }

  /** The decision's own site, as a trailing argument, for faults about the decision as a whole. */
  private askSite(decision: Decision): string {
    return this.ctx.code.at(decision.ask.range, () => this.ctx.code.rule());
  }

  private parameterSlot(p: A.ParameterDeclaration): LocalSlot {
    const binding = this.ctx.game.names.get(p.name);
    if (binding?.kind !== "local") throw new Error("internal: unresolved parameter");
    return binding.slot;
  }

  private domainCode(p: A.ParameterDeclaration): {
    setup: string[];
    domain: string;
    nonEmpty: string;
    contains: (v: string) => string;
    describe: string;
    size: string;
    valueAt: (index: string) => string;
  } {
    const slot = this.ctx.code.localName(this.parameterSlot(p));
    const name = p.name.name;
    const type = this.ctx.game.types.get(p.domain);
    if (p.domain.kind === "range") {
      const low = `${slot}_min`;
      const high = `${slot}_max`;
      return {
        setup: [`const ${low} = ${this.domainExpression(p, p.domain.low)};`, `const ${high} = ${this.domainExpression(p, p.domain.high)};`],
        domain: `{ kind: "range", min: ${low}, max: ${high} }`,
        nonEmpty: `${low} <= ${high}`,
        contains: (v) => `Number.isInteger(${v}) && ${v} >= ${low} && ${v} <= ${high}`,
        describe: `\`${name} must be a whole number from \${${low}} to \${${high}}\``,
        size: `Math.max(0, ${high} - ${low} + 1)`,
        valueAt: (index) => `${low} + ${index}`,
      };
    }
    const values = `${slot}_domain`;
    if (type?.kind === "subsets" && p.domain.kind === "call") {
      const zone = this.ctx.code.zoneDeclaration(p.domain.args[0]!)?.name.name ?? "cards";
      return {
        setup: [`const ${values} = ${this.domainExpression(p, p.domain.args[0]!)};`],
        domain: `{ kind: "cards", zone: ${quote(zone)}, cards: [...${values}] }`,
        nonEmpty: `${values}.length > 0`,
        contains: (v) => `isCardSet(${v}, ${values})`,
        describe: `\`${name} must be distinct cards from ${zone}\``,
        size: `2 ** ${values}.length`,
        valueAt: (index) => `${values}.filter((_, bit) => Math.floor(${index} / 2 ** bit) % 2 === 1)`,
      };
    }
    if (type?.kind === "zone") {
      const zone = this.ctx.code.zoneDeclaration(p.domain)?.name.name ?? "cards";
      return {
        setup: [`const ${values} = ${this.domainExpression(p, p.domain)};`],
        domain: `{ kind: "card", zone: ${quote(zone)}, cards: [...${values}] }`,
        nonEmpty: `${values}.length > 0`,
        contains: (v) => `typeof ${v} === "number" && ${values}.includes(${v})`,
        describe: `\`${name} must be one of the cards in ${zone}\``,
        size: `${values}.length`,
        valueAt: (index) => `${values}[${index}]!`,
      };
    }
    const isPlayer = type?.kind === "list" && type.element.kind === "player";
    return {
      setup: [`const ${values}: readonly ${type?.kind === "list" ? tsType(type.element) : "unknown"}[] = ${this.domainExpression(p, p.domain)};`],
      domain: isPlayer ? `{ kind: "player", players: ${values} }` : `{ kind: "choice", values: ${values} }`,
      nonEmpty: `${values}.length > 0`,
      contains: (v) => `(${values} as unknown[]).includes(${v})`,
      describe: `\`${name} must be one of \${${values}.join(", ")}\``,
      size: `${values}.length`,
      valueAt: (index) => `${values}[${index}]!`,
    };
  }

  /** Guards that only a seat who may act here goes on; `refuse` says what the function returns
   *  otherwise (check gives the reason; legal moves and the sampler give nothing). */
  private whoCheck(decision: Decision, refuse: (code: string, reason: string) => string): string[] {
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

  /** Counts each option's concrete moves, draws one index and decodes it (mixed radix over the
   *  parameters), in the same order as the runtime's generic `randomMove`. An option whose
   *  requirements depend on its parameters cannot be counted this way: then the game returns null
   *  and the runtime samples from `legalMoves`. */
  private samplerFunction(decision: Decision, name: string): OptionalKind<FunctionDeclarationStructure> {
    const options = decision.ask.options;
    const parameters = [{ name: "s", type: "State" }, { name: "seat", type: "number" }, { name: "draw", type: "(n: number) => number" }];
    const constrained = options.some(
      (o) => (o.parameters.length > 0 && o.requirements.length > 0) || o.parameters.some((p) => this.ctx.game.types.get(p.domain)?.kind === "subsets"),
    );
    if (constrained) {
      // Moves described by constraints cannot be counted: draw an offered option, then each
      // parameter (a set of cards by size, then cards), and redraw until the move is legal.
      return {
        kind: StructureKind.Function,
        name: `random_${name}`,
        docs: ["Random policy for a decision whose moves are described by constraints: an offered option uniformly, then its parameters (a set of cards: its size uniform, then which cards), redrawn until legal."],
        parameters,
        returnType: "Move | null",
        statements: [
          `const offered = legal_${name}(s, seat);`,
          "if (offered.length === 0) return null;",
          "for (let attempt = 0; attempt < 10_000; attempt++) {",
          "const move = drawMove(offered[draw(offered.length)]!, draw) as Move;",
          `if (check_${name}(s, seat, move) === null) return move;`,
          "}",
          `throw new GameFault("fault/no-legal-move", \`no legal move for seat \${seat} at \${s.pc} in 10,000 random draws\`${this.askSite(decision)});`,
        ],
      };
    }
    const body: string[] = [...this.whoCheck(decision, () => "return null;"), ...this.askPreamble(decision, "seat")];
    const counts: string[] = [];
    options.forEach((option, i) => {
      const domains = option.parameters.map((p) => this.domainCode(p));
      body.push(...domains.flatMap((d) => d.setup));
      const sizes = domains.map((d, j) => {
        const size = `size_${i}_${j}`;
        body.push(`const ${size} = ${d.size};`);
        return size;
      });
      const requirements = option.parameters.length === 0 ? option.requirements.map((r) => this.requirement(r)) : [];
      const count = `count_${i}`;
      const product = sizes.length ? sizes.join(" * ") : "1";
      body.push(`const ${count}: number = ${requirements.length ? `${requirements.join(" && ")} ? ${product} : 0` : product};`);
      counts.push(count);
    });
    body.push(
      `const total = ${counts.join(" + ")};`,
      `if (total === 0) throw new GameFault("fault/no-legal-move", \`seat \${seat} must act at \${s.pc} but has no legal move\`${this.askSite(decision)});`,
      "let index = draw(total);",
    );
    options.forEach((option, i) => {
      const domains = option.parameters.map((p) => this.domainCode(p));
      const fields = option.parameters.map((p, j) => {
        const digit = `digit_${i}_${j}`;
        return { p, j, digit, value: domains[j]!.valueAt(digit) };
      });
      body.push(`if (index < count_${i}) {`);
      for (const f of fields) {
        body.push(`const ${f.digit} = index % size_${i}_${f.j};`, `index = Math.floor(index / size_${i}_${f.j});`);
      }
      body.push(`return { type: ${quote(option.name.name)}${fields.map((f) => `, ${f.p.name.name}: ${f.value}`).join("")} };`, "}", `index -= count_${i};`);
    });
    body.push('throw new GameFault("fault/no-legal-move", "the drawn move index is out of range");');
    return { kind: StructureKind.Function, name: `random_${name}`, parameters, returnType: "Move | null", statements: body };
  }

  /** Per decision: its legal moves, random policy, check, and the effect of each option. */
  private decisionFunctions(
    functions: OptionalKind<FunctionDeclarationStructure>[],
    dispatch: { label: string; name: string; kind: "turn" | "simultaneous" | "race" }[],
  ): void {
    for (const decision of this.ctx.machine.decisions) {
      const name = identifierFor(decision.label);
      dispatch.push({ label: decision.label, name, kind: decision.ask.race ? "race" : decision.ask.each ? "simultaneous" : "turn" });
      const options = decision.ask.options;
      // legal moves
      const legal: string[] = [...this.whoCheck(decision, () => "return [];"), ...this.askPreamble(decision, "seat"), "const options: MoveOption[] = [];"];
      for (const option of options) {
        const domains = option.parameters.map((p) => this.domainCode(p));
        const conditions = domains.map((d) => d.nonEmpty);
        // A requirement about the situation rather than the chosen values decides whether the option is offered.
        conditions.push(...option.requirements.filter((r) => !this.mentionsParameters(r.condition, option)).map((r) => this.requirement(r)));
        const push = `options.push({ type: ${quote(option.name.name)}, parameters: { ${option.parameters.map((p, i) => `${p.name.name}: ${domains[i]!.domain}`).join(", ")} } });`;
        legal.push("{", ...domains.flatMap((d) => d.setup), conditions.length ? `if (${conditions.join(" && ")}) ${push}` : push, "}");
      }
      legal.push("return options;");
      this.endPreamble(decision);
      functions.push({ kind: StructureKind.Function, name: `legal_${name}`, parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }], returnType: "MoveOption[]", statements: legal });
      // the random policy, compiled: uniform over concrete moves, as the runtime's generic bot
      functions.push(this.samplerFunction(decision, name));
      this.endPreamble(decision);
      // check
      const check: string[] = [...this.whoCheck(decision, (code, reason) => `return illegal(${quote(code)}, ${reason});`), ...this.askPreamble(decision, "seat"), "switch (move.type) {"];
      for (const option of options) {
        check.push(`case ${quote(option.name.name)}: {`);
        for (const p of option.parameters) {
          const d = this.domainCode(p);
          const slot = this.ctx.code.localName(this.parameterSlot(p));
          check.push(...d.setup, `const ${slot} = move${property(p.name.name)} as ${this.ctx.parameterType(p)};`);
          check.push(`if (!(${d.contains(slot)})) return illegal("move/out-of-domain", ${d.describe});`);
        }
        for (const r of option.requirements) {
          check.push(`if (!(${this.requirement(r)})) return illegal("move/constraint", ${quote(r.reason)});`);
        }
        check.push("return null;", "}");
      }
      check.push(
        `default: return illegal("move/unknown-type", ${quote(`the moves here are ${options.map((o) => o.name.name).join(", ")}`)} + \`, not '\${String((move as { type: unknown }).type)}'\`);`,
        "}",
      );
      this.endPreamble(decision);
      functions.push({ kind: StructureKind.Function, name: `check_${name}`, parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }, { name: "move", type: "Move" }], returnType: "IllegalMove | null", statements: check });
      // apply: one transition function per option
      for (const option of options) {
        if (decision.ask.race && option.name.name === "decline") continue;
        const body: string[] = [...this.askPreamble(decision, "seat", true)];
        for (const p of option.parameters) {
          const slot = this.parameterSlot(p);
          const value = `(move as Extract<Move, { type: ${quote(option.name.name)} }>)${property(p.name.name)}`;
          body.push(slot.storage === "state" ? `${this.ctx.code.slotAccess(slot)} = ${value};` : `const ${this.ctx.code.localName(slot)} = ${value};`);
        }
        const entry = decision.optionEntries.get(option.name.name);
        if (entry) body.push(`s.pc = ${quote(entry)};`);
        else body.push(...this.ctx.code.statements(option.body.statements));
        functions.push({
          kind: StructureKind.Function,
          name: `${identifierFor(decision.label)}_${option.name.name}`,
          docs: [docText(`${decision.label}: the effect of '${option.name.name}'.`)],
          parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }, { name: "move", type: "Move" }],
          returnType: "void",
          statements: body,
        });
      }
      const claims = options.filter((o) => !(decision.ask.race && o.name.name === "decline"));
      const optionSwitch = [
        "switch (move.type) {",
        ...claims.map((o) => `case ${quote(o.name.name)}: ${identifierFor(decision.label)}_${o.name.name}(s, seat, move); break;`),
        "}",
      ];
      const apply = decision.ask.race
        ? [
            'if (move.type === "decline") {',
            "s.locals.declined[seat] = true;",
            "// Everyone declined: the race lapses and the flow goes on.",
            `if (s.locals.actors.every((actor) => s.locals.declined[actor])) s.pc = ${quote(decision.resume)};`,
            "return;",
            "}",
            "// The first claim applied wins the race.",
            `s.pc = ${quote(decision.resume)};`,
            ...optionSwitch,
          ]
        : decision.ask.each
        ? [
            "s.pending![seat] = move;",
            "if (s.locals.actors.some((actor) => s.pending![actor] === null)) return;",
            `s.pc = ${quote(decision.resume)};`,
            "const submitted = s.pending!;",
            "s.pending = null;",
            "// Everyone has chosen: the choices take effect together, in seat order.",
            "for (const actor of s.locals.actors) {",
            "const move = submitted[actor]!;",
            "const seat = actor;",
            ...optionSwitch,
            "}",
          ]
        : [`s.pc = ${quote(decision.resume)};`, ...optionSwitch];
      functions.push({ kind: StructureKind.Function, name: `apply_${name}`, parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }, { name: "move", type: "Move" }], returnType: "void", statements: apply });
    }
  }

  movesFile(): EmittedFile {
    const functions: OptionalKind<FunctionDeclarationStructure>[] = [];
    const dispatch: { label: string; name: string; kind: "turn" | "simultaneous" | "race" }[] = [];
    this.ctx.inDeclaration(this.ctx.game.flow, () => this.decisionFunctions(functions, dispatch));
    const activity = [
      "switch (s.pc) {",
      ...dispatch.map((d) =>
        d.kind === "race"
          ? `case ${quote(d.label)}: return { kind: "race", players: s.locals.actors.filter((actor) => !s.locals.declined[actor]) };`
          : d.kind === "simultaneous"
            ? `case ${quote(d.label)}: return { kind: "simultaneous", players: s.locals.actors.filter((actor) => s.pending?.[actor] === null) };`
            : `case ${quote(d.label)}: return { kind: "turn", players: [s.locals.actor] };`,
      ),
      'default: return { kind: "over", players: [] };',
      "}",
    ];
    functions.push({ kind: StructureKind.Function, isExported: true, name: "activity", docs: ["Who may act now."], parameters: [{ name: "s", type: "State" }], returnType: "Activity", statements: activity });
    functions.push({
      kind: StructureKind.Function,
      isExported: true,
      name: "legalMoves",
      docs: ["This seat's legal moves now, with parameter domains (ranges are not enumerated)."],
      parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }],
      returnType: "MoveOption[]",
      statements: ["switch (s.pc) {", ...dispatch.map((d) => `case ${quote(d.label)}: return legal_${d.name}(s, seat);`), "default: return [];", "}"],
    });
    functions.push({
      kind: StructureKind.Function,
      isExported: true,
      name: "randomMove",
      docs: ["A uniformly random legal move for this seat (ranges count each amount), drawn without listing the moves."],
      parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }, { name: "draw", type: "(n: number) => number" }],
      returnType: "Move | null",
      statements: ["switch (s.pc) {", ...dispatch.map((d) => `case ${quote(d.label)}: return random_${d.name}(s, seat, draw);`), "default: return null;", "}"],
    });
    functions.push({
      kind: StructureKind.Function,
      isExported: true,
      name: "check",
      docs: ["null when the move is legal for this seat now; otherwise why not. Never changes the state."],
      parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }, { name: "move", type: "Move" }],
      returnType: "IllegalMove | null",
      statements: [
        "if (typeof move !== \"object\" || move === null || typeof (move as { type: unknown }).type !== \"string\") return illegal(\"move/bad-parameter\", \"a move is an object with a type\");",
        "switch (s.pc) {",
        ...dispatch.map((d) => `case ${quote(d.label)}: return check_${d.name}(s, seat, move);`),
        'default: return illegal("move/game-over", "the game is over");',
        "}",
      ],
    });
    functions.push({
      kind: StructureKind.Function,
      isExported: true,
      name: "apply",
      docs: ["Applies a move that `check` accepted, then runs the flow to the next decision."],
      parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }, { name: "move", type: "Move" }],
      returnType: "void",
      statements: [
        "switch (s.pc) {",
        ...dispatch.map((d) => `case ${quote(d.label)}: apply_${d.name}(s, seat, move); break;`),
        'default: throw new GameFault("fault/no-decision", `no decision is waiting at ${s.pc}`);',
        "}",
        "advance(s);",
      ],
    });
    return this.ctx.file("moves.ts", (file) => {
      const body = functions.map((f) => (f.statements as string[]).join("\n")).join("\n");
      this.ctx.addImports(file, body, [{ module: "./cards.js", names: this.ctx.cardImports() }, { module: "./functions.js", names: this.ctx.functionNames() }], ["illegal"]);
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: RUNTIME, namedImports: ["Activity", "CardId", "IllegalMove", "MoveOption"] });
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: "./types.js", namedImports: ["Move", "State"] });
      file.addImportDeclaration({ moduleSpecifier: "./flow.js", namedImports: ["advance"] });
      file.addFunctions(functions);
    });
  }
}
