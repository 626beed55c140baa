// moves.ts of a compiled game: per decision, its legal moves, its random policy, `check` and the
// effect of each option; then the dispatchers `activity`, `legalMoves`, `randomMove`, `check`, `apply`.
import type { FunctionStructure } from "./source-builder.js";
import type { Decision } from "../lower/ir.js";
import { docText, property, quote } from "./code.js";
import { RUNTIME, identifierFor, type EmitContext, type EmittedFile } from "./context.js";
import { CheckCode } from "./check-code.js";
import { DecisionCode, type DomainCode } from "./decision-code.js";
import { OptionListings } from "./option-listing.js";
import { setChoicePlans, type CardTerm } from "./set-choice-shape.js";

export class MovesFile {
  private readonly decisions: DecisionCode;
  private readonly checks: CheckCode;
  private readonly listings: OptionListings;
  /** Module-level constants: one `SetChoices` per option sampled directly. */
  private readonly choices: string[] = [];

  constructor(private readonly ctx: EmitContext) {
    this.decisions = new DecisionCode(ctx);
    this.checks = new CheckCode(ctx, this.decisions);
    this.listings = new OptionListings(ctx, this.decisions);
  }

  /** Counts each option's concrete moves, draws one index and decodes it (mixed radix over the
   *  parameters), in the same order as the runtime's generic `randomMove`. An option whose
   *  requirements depend on its parameters cannot be counted this way: then the game returns null
   *  and the runtime samples from `legalMoves`. */
  private samplerFunction(decision: Decision, name: string): FunctionStructure {
    const options = decision.ask.options;
    const parameters = [{ name: "s", type: "State" }, { name: "seat", type: "number" }, { name: "draw", type: "(n: number) => number" }];
    const constrained = options.some(
      (o) => (o.parameters.length > 0 && o.requirements.length > 0) || o.parameters.some((p) => this.ctx.game.types.get(p.domain)?.kind === "subsets"),
    );
    if (constrained) return this.constrainedSampler(decision, name, parameters);
    const body: string[] = [...this.decisions.whoCheck(decision, () => "return null;"), ...this.decisions.askPreamble(decision, "seat")];
    const counts: string[] = [];
    // Parameters of two options may share a name: their domains, declared side by side here, are
    // then told apart by the option's index.
    const names = options.flatMap((o) => o.parameters.map((p) => p.name.name));
    const shared = new Set(names.filter((n, k) => names.indexOf(n) !== k));
    options.forEach((option, i) => {
      const domains = option.parameters.map((p) => this.decisions.domainCode(p, shared.has(p.name.name) ? `_${i}` : ""));
      body.push(...domains.flatMap((d) => d.setup));
      const sizes = domains.map((d, j) => {
        const size = `size_${i}_${j}`;
        body.push(`const ${size} = ${d.size};`);
        return size;
      });
      const requirements = option.parameters.length === 0 ? option.requirements.map((r) => this.decisions.requirement(r)) : [];
      const count = `count_${i}`;
      const product = sizes.length ? sizes.join(" * ") : "1";
      body.push(`const ${count}: number = ${requirements.length ? `${requirements.join(" && ")} ? ${product} : 0` : product};`);
      counts.push(count);
    });
    body.push(
      `const total = ${counts.join(" + ")};`,
      `if (total === 0) throw new GameFault("fault/no-legal-move", \`seat \${seat} must act at \${s.pc} but has no legal move\`${this.decisions.askSite(decision)});`,
      "let index = draw(total);",
    );
    options.forEach((option, i) => {
      const domains = option.parameters.map((p) => this.decisions.domainCode(p, shared.has(p.name.name) ? `_${i}` : ""));
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
    return { name: `random_${name}`, parameters, returnType: "Move | null", statements: body };
  }

  /**
   * The random policy of a decision whose moves are described by constraints: an offered option
   * uniformly, then each parameter from its listed domain (a set of cards by `randomSubset`), drawn
   * again until the requirements about the values hold. The same draws, in the same order, as drawing an
   * option of `legalMoves` with the runtime's `drawMove` and testing it with `check`, so the same
   * moves; but an attempt builds no option list, no refusal and no move object until one is legal,
   * and tests only the requirements a drawn value can break (a value drawn from its domain is in it).
   */
  private constrainedSampler(
    decision: Decision,
    name: string,
    parameters: { name: string; type: string }[],
  ): FunctionStructure {
    const options = decision.ask.options;
    const body: string[] = [...this.decisions.whoCheck(decision, () => "return null;"), ...this.decisions.askPreamble(decision, "seat")];
    // Offered as `legalMoves` offers it: every domain non-empty, the requirements about the
    // situation met, each narrowed domain (see option-listing.ts) non-empty. Domains are declared
    // side by side, told apart by the option's index. Whether a narrowed list keeps a value is
    // asked with `some`, which stops at the first; the list itself is built for the option drawn.
    const listings = options.map((option, i) => this.listings.listing(option, `_${i}`));
    listings.forEach((listing, i) => {
      body.push(...listing.declared.flatMap((d) => d.setup));
      const open = listing.open.length ? listing.open.join(" && ") : "true";
      if (listing.ends.length === 0 && listing.kept.length === 0) {
        body.push(`const offered_${i} = ${open};`);
        return;
      }
      const meets = [...listing.endsMeet, ...listing.kept.map((k) => `${k.values}.some(${k.predicate})`)];
      body.push(
        `const open_${i} = ${open};`,
        ...listing.ends.map((n) => `const ${n.name} = open_${i} ? ${n.value} : ${n.none};`),
        ...listing.kept.map((k) => `let ${k.name}: typeof ${k.values} | null = null;`),
        `const offered_${i} = open_${i} && ${meets.join(" && ")};`,
      );
    });
    body.push(
      `const offered = ${options.map((_, i) => `(offered_${i} ? 1 : 0)`).join(" + ")};`,
      "if (offered === 0) return null;",
      "for (let attempt = 0; attempt < 10_000; attempt++) {",
      "let pick = draw(offered);",
    );
    options.forEach((option, i) => {
      const listing = listings[i]!;
      body.push(`if (offered_${i} && pick-- === 0) {`, ...listing.kept.map((k) => `${k.name} ??= ${k.values}.filter(${k.predicate});`));
      for (const [j, p] of option.parameters.entries()) {
        body.push(`const ${this.ctx.code.localName(this.decisions.parameterSlot(p))} = ${this.drawnValue(listing.listed[j]!)};`);
      }
      // Requirements read a parameter kept in the state (one that lives across a decision of the
      // option's body) from the drawn value, as `check` does.
      const stored = option.parameters.map((p) => this.decisions.parameterSlot(p)).filter((slot) => slot.storage === "state");
      for (const slot of stored) this.ctx.code.overrides.set(slot, this.ctx.code.localName(slot));
      try {
        // A listed value meets the requirements folded into its domain already.
        const choice = option.requirements
          .filter((r) => this.decisions.mentionsParameters(r.condition, option) && !listing.folded.has(r))
          .map((r) => `(${this.decisions.requirement(r)})`);
        const move = `{ type: ${quote(option.name.name)}${option.parameters.map((p) => `, ${p.name.name}: ${this.ctx.code.localName(this.decisions.parameterSlot(p))}`).join("")} }`;
        body.push(...(choice.length ? [`if (${choice.join(" && ")}) return ${move};`, "continue;"] : [`return ${move};`]), "}");
      } finally {
        for (const slot of stored) this.ctx.code.overrides.delete(slot);
      }
    });
    const exact = this.exactSampler(decision);
    body.push(
      "}",
      ...exact,
      `throw new GameFault("fault/no-legal-move", \`no legal move for seat \${seat} at \${s.pc} in 10,000 random draws\`${this.decisions.askSite(decision)});`,
    );
    return {
      name: `random_${name}`,
      docs: [
        exact.length
          ? "Random policy for a decision of sets of cards: an offered option uniformly, then its sets (a size k with weight 2^-k, then k cards), drawn again until legal; after 10,000 refusals, uniform over the legal moves, counted by `SetChoices` (none: no legal move)."
          : "Random policy for a decision whose moves are described by constraints: an offered option uniformly, then its parameters (a set of cards: a size k with weight 2^-k, then k cards), drawn again until legal.",
      ],
      parameters,
      returnType: "Move | null",
      statements: body,
    };
  }

  /**
   * After 10,000 refused draws, the legal moves of a decision whose options choose sets of cards
   * under requirements `SetChoices` counts (set-choice-shape.ts) are counted exactly (1 for an
   * option without parameters, when offered): none is a proven `fault/no-legal-move`, else one index
   * is drawn below the total and decoded, uniform over the legal moves. Empty for another shape;
   * the code falls through to the plain fault when a count is -1 (not exact).
   */
  private exactSampler(decision: Decision): string[] {
    const options = decision.ask.options;
    const plans = setChoicePlans(this.ctx.game, this.decisions, options);
    if (plans === null) return [];
    const lines: string[] = ["{"];
    const counts: string[] = [];
    const term = (t: CardTerm | null): string => {
      if (t === null) return "null";
      const binding = this.ctx.game.names.get(t.binder);
      if (binding?.kind !== "local") throw new Error("internal: unresolved binder");
      return `(${this.ctx.code.localName(binding.slot)}: CardId) => ${this.ctx.code.expression(t.value)}`;
    };
    const names: string[] = [];
    options.forEach((option, i) => {
      const plan = plans[i];
      const gate = (plan ? plan.situation : option.requirements).map((r) => `(${this.decisions.requirement(r)})`);
      const count = `exact_${i}`;
      counts.push(count);
      if (!plan) {
        lines.push(`const ${count}: number = ${gate.length ? `${gate.join(" && ")} ? 1 : 0` : "1"};`);
        names.push("");
        return;
      }
      const domains = plan.sets.map((p) => this.decisions.domainCode(p, `_exact_${i}`));
      lines.push(...domains.flatMap((d) => d.setup));
      const name = `choices_${identifierFor(decision.label)}_${i}`;
      names.push(name);
      this.choices.push(`const ${name} = new SetChoices(${JSON.stringify(plan.shape)});`);
      const call = `${name}.count([${domains.map((d) => d.cards).join(", ")}], [${plan.keys.map(term).join(", ")}], [${plan.weights.map(term).join(", ")}])`;
      lines.push(`const ${count}: number = ${gate.length ? `${gate.join(" && ")} ? ${call} : 0` : call};`);
    });
    lines.push(
      `if (${counts.map((c) => `${c} >= 0`).join(" && ")}) {`,
      `const total = ${counts.join(" + ")};`,
      `if (total === 0) throw new GameFault("fault/no-legal-move", \`seat \${seat} must act at \${s.pc} but has no legal move\`${this.decisions.askSite(decision)});`,
      "let index = draw(total);",
    );
    options.forEach((option, i) => {
      const plan = plans[i];
      const picked = plan ? [`const picked = ${names[i]}.pick(index);`] : [];
      const fields = plan ? plan.sets.map((p, j) => `, ${p.name.name}: picked[${j}]!`).join("") : "";
      lines.push(`if (index < exact_${i}) {`, ...picked, `return { type: ${quote(option.name.name)}${fields} };`, "}");
      if (i < options.length - 1) lines.push(`index -= exact_${i};`);
    });
    lines.push("}", "}");
    return lines;
  }

  /**
   * `offers_<window>`: whether a window offers this seat anything besides its `done`, which it
   * always offers; a seat offered nothing else is passed by. What `legalMoves` would say, but it
   * stops at the first option offered and lists no values (a narrowed list is asked with `some`).
   */
  private offersFunction(decision: Decision, name: string): FunctionStructure {
    const body: string[] = [...this.decisions.askPreamble(decision, "seat")];
    for (const option of decision.ask.options.slice(0, -1)) {
      const listing = this.listings.listing(option);
      const open = listing.open.join(" && ");
      const meets = [...listing.endsMeet, ...listing.kept.map((k) => `${k.values}.some(${k.predicate})`)];
      const offered = meets.length
        ? [`if (${open || "true"}) {`, ...listing.ends.map((n) => `const ${n.name} = ${n.value};`), `if (${meets.join(" && ")}) return true;`, "}"]
        : [open ? `if (${open}) return true;` : "return true;"];
      body.push("{", ...listing.declared.flatMap((d) => d.setup), ...offered, "}");
    }
    body.push("return false;");
    this.decisions.endPreamble(decision);
    return {
      isExported: true,
      name: `offers_${name}`,
      parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }],
      returnType: "boolean",
      statements: body,
    };
  }

  /** `prefer_<decision>`: each option's weight for the rules' random players (`prefer N`; 1 unless said). */
  private preferenceFunction(decision: Decision, name: string): FunctionStructure {
    const weights = decision.ask.options.map((o) => `${o.name.name}: ${o.preference ? this.ctx.code.expression(o.preference) : "1"},`);
    return {
      name: `prefer_${name}`,
      parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }],
      returnType: "Record<string, number>",
      statements: [...this.decisions.askPreamble(decision, "seat"), "return {", ...weights, "};"],
    };
  }

  /** A parameter's value drawn uniformly from its domain, as the runtime's `drawMove` draws it. */
  private drawnValue(domain: DomainCode): string {
    if (domain.cards) return `randomSubset(${domain.cards}, draw)`;
    return domain.valueAt(`draw(${domain.size})`);
  }

  /** Per decision: its legal moves, random policy, check, and the effect of each option. */
  private decisionFunctions(
    functions: FunctionStructure[],
    dispatch: { label: string; name: string; kind: "turn" | "simultaneous" | "race"; pause?: boolean }[],
  ): void {
    for (const decision of this.ctx.machine.decisions) {
      const name = identifierFor(decision.label);
      dispatch.push({ label: decision.label, name, kind: decision.ask.race ? "race" : decision.ask.each ? "simultaneous" : "turn", pause: decision.ask.pause === true });
      const options = decision.ask.options;
      // legal moves
      const legal: string[] = [...this.decisions.whoCheck(decision, () => "return [];"), ...this.decisions.askPreamble(decision, "seat"), "const options: MoveOption[] = [];"];
      for (const option of options) {
        // A requirement about the situation rather than the chosen values decides whether the
        // option is offered; one about a single parameter narrows what its domain lists.
        const listing = this.listings.listing(option);
        const label = option.label ? `, label: ${this.ctx.code.textParts(option.label, new Set(option.parameters.map((p) => p.name.name)))}` : "";
        const push = `options.push({ type: ${quote(option.name.name)}, parameters: { ${option.parameters.map((p, i) => `${p.name.name}: ${listing.listed[i]!.domain}`).join(", ")} }${label} });`;
        const open = listing.open.join(" && ");
        const narrowed = [
          ...listing.ends.map((n) => `const ${n.name} = ${n.value};`),
          ...listing.kept.map((k) => `const ${k.name} = ${k.values}.filter(${k.predicate});`),
        ];
        const meet = [...listing.endsMeet, ...listing.kept.map((k) => `${k.name}.length > 0`)];
        const offer = narrowed.length ? [`if (${open || "true"}) {`, ...narrowed, `if (${meet.join(" && ")}) ${push}`, "}"] : [open ? `if (${open}) ${push}` : push];
        legal.push("{", ...listing.declared.flatMap((d) => d.setup), ...offer, "}");
      }
      legal.push("return options;");
      this.decisions.endPreamble(decision);
      functions.push({ name: `legal_${name}`, parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }], returnType: "MoveOption[]", statements: legal });
      if (decision.ask.window) functions.push(this.offersFunction(decision, name));
      // the random policy, compiled: uniform over concrete moves, as the runtime's generic bot
      functions.push(this.samplerFunction(decision, name));
      this.decisions.endPreamble(decision);
      if (options.some((o) => o.preference)) {
        functions.push(this.preferenceFunction(decision, name));
        this.decisions.endPreamble(decision);
      }
      functions.push(this.checks.checkFunction(decision, name));
      // apply: one transition function per option
      for (const option of options) {
        if (decision.ask.race && option.name.name === "decline") continue;
        const body: string[] = [...this.decisions.askPreamble(decision, "seat", true)];
        for (const p of option.parameters) {
          const slot = this.decisions.parameterSlot(p);
          const value = `(move as Extract<Move, { type: ${quote(option.name.name)} }>)${property(p.name.name)}`;
          body.push(slot.storage === "state" ? `${this.ctx.code.slotAccess(slot)} = ${value};` : `const ${this.ctx.code.localName(slot)} = ${value};`);
        }
        const entry = decision.optionEntries.get(option.name.name);
        if (entry) body.push(`s.pc = ${quote(entry)};`);
        else body.push(...this.ctx.statements.statements(option.body.statements));
        functions.push({
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
      functions.push({ name: `apply_${name}`, parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }, { name: "move", type: "Move" }], returnType: "void", statements: apply });
    }
  }

  movesFile(): EmittedFile {
    const functions: FunctionStructure[] = [];
    const dispatch: { label: string; name: string; kind: "turn" | "simultaneous" | "race"; pause?: boolean }[] = [];
    this.ctx.inDeclaration(this.ctx.game.flow, () => {
      this.decisionFunctions(functions, dispatch);
      functions.push(this.checks.notNowFunction());
    });
    const activity = [
      "switch (s.pc) {",
      ...dispatch.map((d) =>
        d.kind === "race"
          ? `case ${quote(d.label)}: return { kind: "race", players: s.locals.actors.filter((actor) => !s.locals.declined[actor]) };`
          : d.kind === "simultaneous"
            ? `case ${quote(d.label)}: return { kind: "simultaneous", players: s.locals.actors.filter((actor) => s.pending?.[actor] === null)${d.pause ? ", pause: true" : ""} };`
            : `case ${quote(d.label)}: return { kind: "turn", players: [s.locals.actor] };`,
      ),
      'default: return { kind: "over", players: [] };',
      "}",
    ];
    const nextActor = [
      "switch (s.pc) {",
      ...dispatch.map((d) =>
        d.kind === "race"
          ? `case ${quote(d.label)}: return -2;`
          : d.kind === "simultaneous"
            ? `case ${quote(d.label)}: for (const actor of s.locals.actors) if (s.pending?.[actor] === null) return actor; return -2;`
            : `case ${quote(d.label)}: return s.locals.actor;`,
      ),
      "default: return -1;",
      "}",
    ];
    functions.push({ isExported: true, name: "activity", docs: ["Who may act now."], parameters: [{ name: "s", type: "State" }], returnType: "Activity", statements: activity });
    functions.push({
      isExported: true,
      name: "nextActor",
      docs: ["The seat a random playout moves next, without building an Activity: -1 when the game is over, -2 where `activity` must say (a race)."],
      parameters: [{ name: "s", type: "State" }],
      returnType: "number",
      statements: nextActor,
    });
    functions.push({
      isExported: true,
      name: "legalMoves",
      docs: ["This seat's legal moves now, with parameter domains (ranges are not enumerated)."],
      parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }],
      returnType: "MoveOption[]",
      statements: ["switch (s.pc) {", ...dispatch.map((d) => `case ${quote(d.label)}: return legal_${d.name}(s, seat);`), "default: return [];", "}"],
    });
    functions.push({
      isExported: true,
      name: "randomMove",
      docs: ["A uniformly random legal move for this seat (ranges count each amount), drawn without listing the moves."],
      parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }, { name: "draw", type: "(n: number) => number" }],
      returnType: "Move | null",
      statements: ["switch (s.pc) {", ...dispatch.map((d) => `case ${quote(d.label)}: return random_${d.name}(s, seat, draw);`), "default: return null;", "}"],
    });
    const preferring = this.ctx.machine.decisions.filter((d) => d.ask.options.some((o) => o.preference));
    if (preferring.length > 0) {
      functions.push({
        isExported: true,
        name: "preferences",
        docs: ["How often the rules' random players pick each option here (`prefer N`), or null where the rules state no preference."],
        parameters: [{ name: "s", type: "State" }, { name: "seat", type: "number" }],
        returnType: "Record<string, number> | null",
        statements: ["switch (s.pc) {", ...preferring.map((d) => `case ${quote(d.label)}: return prefer_${identifierFor(d.label)}(s, seat);`), "default: return null;", "}"],
      });
    }
    functions.push({
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
      const body = [...this.choices, ...functions.map((f) => (f.statements as string[]).join("\n"))].join("\n");
      this.ctx.addImports(file, body, [{ module: "./cards.js", names: this.ctx.cardImports() }, { module: "./functions.js", names: this.ctx.functionNames() }], ["illegal"]);
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: RUNTIME, namedImports: ["Activity", "CardId", "IllegalMove", "MoveOption"] });
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: "./types.js", namedImports: ["Move", "State"] });
      file.addImportDeclaration({ moduleSpecifier: "./flow.js", namedImports: ["advance"] });
      if (this.choices.length) file.addStatements(this.choices);
      file.addFunctions(functions);
    });
  }
}
