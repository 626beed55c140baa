// index.ts of a compiled game: scores and the `game` object the runtime plays, holding what an app
// that plays needs and nothing more (its bundle carries all of it). search.ts adds what search bots
// and the repo's tools use besides: `sample`, `enter` and `nextActor`.
import type * as A from "../syntax/ast.js";
import { evaluateConstant } from "../check/constants.js";
import { ELIMINATED } from "../check/elimination.js";
import { hasScoreParts, splitSum } from "../check/score-parts.js";
import { docText, enumLabels, functionName, property, quote } from "./code.js";
import { RUNTIME, type EmitContext, type EmittedFile } from "./context.js";

export class IndexFile {
  constructor(private readonly ctx: EmitContext) {}

  /** For each variable shown at times, its entry of `shown`: its line while its condition holds, else null. */
  private shownLines(): string[] {
    return [...this.ctx.game.vars.values()].flatMap((v) => {
      const shown = v.shown;
      // A per-card `shown` has no line: the value is told beside its card (meta `shown: "always"`).
      if (shown?.kind !== "shown" || v.perCard) return [];
      const line = this.ctx.inDeclaration(v, () => {
        const parts = shown.template
          ? this.ctx.code.textParts(shown.template)
          : // No template: the value alone, which the table shows as any other variable's (label, value).
            `[{ value: s.vars${property(v.name.name)}${v.perPlayer ? `[${this.ownerName(v)}]` : ""}, type: ${quote(this.ctx.code.typeName(this.ctx.game.typeOfVar(v)))} }]`;
        return shown.condition ? `${this.ctx.code.expression(shown.condition)} ? ${parts} : null` : parts;
      });
      return [`${property(v.name.name).slice(1)}: ${v.perPlayer ? `perSeat(s.players, (${this.ownerName(v)}: number) => ${line})` : line},`];
    });
  }

  private ownerName(v: A.VarDeclaration): string {
    const slot = this.ctx.game.shownOwners.get(v);
    return slot ? this.ctx.code.localName(slot) : "owner";
  }

  /** How many seats a view has: the length of a per-player variable's or zone's entries. */
  private seatCountOfView(): string {
    const perPlayerVar = [...this.ctx.game.vars.values()].find((v) => v.perPlayer);
    if (perPlayerVar) return `view.vars${property(perPlayerVar.name.name)}.length`;
    const perPlayerZone = [...this.ctx.game.zones.values()].find((z) => z.perPlayer);
    return perPlayerZone ? `view.zones${property(perPlayerZone.name.name)}.length` : "0";
  }

  indexFile(): EmittedFile {
    const line = (d: A.ScoreDeclaration): string => {
      const value = this.ctx.inDeclaration(d, () => this.ctx.code.at(d.range, () => this.ctx.code.expression(d.value)));
      return `((${this.scoreBinder(d)}: number) => ${value})(seat)`;
    };
    // The score is the sum of its lines; results tell the parts apart (scoreParts).
    const scoreKeys = [
      `[${this.ctx.game.scores.map(line).join(" + ")}]`,
      ...this.ctx.game.tiebreaks.map((d) => (this.ctx.game.types.get(d.value)?.kind === "list" ? line(d) : `[${line(d)}]`)),
    ];
    const padded = this.ctx.game.tiebreaks.some((d) => this.ctx.game.types.get(d.value)?.kind === "list");
    const parts = hasScoreParts(this.ctx.game.scores) ? this.scoreParts() : null;
    // Named tie-breakers, so that results say what each compares ("coins left: 3").
    const tiebreaks = this.ctx.game.tiebreaks.some((d) => d.label !== null)
      ? `\ntiebreaks: [${this.ctx.game.tiebreaks.map((d) => `{ label: ${d.label ? quote(d.label.text) : "null"}, list: ${this.ctx.game.types.get(d.value)?.kind === "list"} }`).join(", ")}],`
      : "";
    const zones = [...this.ctx.game.zones.values()].map((z) =>
      `{ name: ${quote(z.name.name)}, label: ${quote(z.label ?? words(z.name.name))}, perPlayer: ${z.perPlayer}, cardType: ${quote(z.cardType.name)}, visibility: ${quote(z.visibility)}, ordered: ${z.zoneKind !== "pile"}, capacity: ${z.zoneKind === "slot" ? 1 : z.limit ? this.ctx.code.expression(z.limit) : "null"}${layoutInfo(z)}${z.bookkeeping ? ", bookkeeping: true" : ""} }`,
    );
    const vars = [...this.ctx.game.vars.values()].map((v) => {
      const type = this.ctx.game.typeOfVar(v);
      const typeName = type.kind === "enum" ? type.name : type.kind;
      // Per card, the value every card starts with, when it is a constant: tools tell only the others.
      const start = v.perCard ? evaluateConstant(v.initial, new Map(), this.ctx.game.enums) : null;
      const initial = start !== null && !Array.isArray(start) ? `, initial: ${typeof start === "string" ? quote(start) : String(start)}` : "";
      const perCard = v.perCard ? `, perCard: ${quote(v.perCard.name)}${initial}` : "";
      const shownAs = v.shown?.kind === "bookkeeping" ? "bookkeeping" : v.perCard ? "always" : "when";
      const shown = v.shown ? `, shown: ${quote(shownAs)}` : "";
      const on = v.on ? `, on: ${quote(v.on.name)}` : "";
      const unit = v.unit !== null ? `, unit: ${quote(v.unit.text)}` : "";
      // Per player per Field: each seat's value is a record by member (per player per player: a list by seat).
      const perKey = v.perKey ? `, perKey: ${quote(v.perKey.name)}` : "";
      return `{ name: ${quote(v.name.name)}, label: ${quote(v.label ?? words(v.name.name))}, perPlayer: ${v.perPlayer}${perKey}${perCard}, type: ${quote(typeName)}, visibility: ${quote(v.visibility)}${shown}${on}${unit} }`;
    });
    const cardTypes = [...this.ctx.game.cardTypes.entries()].map(
      ([name, t]) => `{ name: ${quote(name)}, fields: [${t.fields.map((f) => `{ name: ${quote(f.name)}, type: ${quote(f.type.kind === "enum" ? f.type.name : f.type.kind)} }`).join(", ")}] }`,
    );
    const conserved = this.ctx.game.conserved.map((c) => `{ name: ${quote(c.name.name)}, vars: [${c.vars.map((v) => quote(v.name)).join(", ")}] }`);
    const variants = this.ctx.game.variants.map((v) => `{ name: ${quote(v.name.name)}, description: ${quote(v.description)} }`);
    const decisions = this.ctx.machine.decisions.map((d) => quote(d.label));
    // The move made for a seat that does not decide, by decision: the rules' `default`, a race's decline, a window's done.
    const defaults = this.ctx.machine.decisions.flatMap((d) => {
      const option = d.ask.options.find((o) => o.isDefault);
      return option ? [`${quote(d.label)}: ${quote(option.name.name)}`] : [];
    });
    const declared = this.ctx.game.program.declarations.filter((d): d is A.FunctionDeclaration => d.kind === "function");
    const functionInfo = declared.map((f) => {
      const parameters = f.parameters.map((p) => `{ name: ${quote(p.name.name)}, type: ${quote(typeText(p.type))} }`);
      return `{ name: ${quote(f.name.name)}, parameters: [${parameters.join(", ")}], result: ${quote(typeText(f.result))} }`;
    });
    const functionTable = declared.map((f) => `${property(f.name.name).slice(1)}: ${functionName(f.name.name)},`);
    const labelled = this.ctx.labelledEnums();
    const enums = labelled.length ? `\nenums: { ${labelled.map((name) => `${name}: ${enumLabels(name)}`).join(", ")} },` : "";
    const shownLines = this.shownLines();
    const prefers = this.ctx.machine.decisions.some((d) => d.ask.options.some((o) => o.preference));
    const moveLabels = this.ctx.moveLabels();
    return this.ctx.file("index.ts", (file) => {
      const body = `${scoreKeys.join("\n")} ${(parts ?? []).join("\n")} perSeat${padded ? " scoreRows" : ""} ${functionTable.join(" ")}${this.ctx.game.bots.length ? " BOTS" : ""} ${labelled.map(enumLabels).join(" ")} ${shownLines.join("\n")}${shownLines.length ? " stateOfView perSeat" : ""}`;
      this.ctx.addImports(file, body, [{ module: "./cards.js", names: this.ctx.cardImports().filter((name) => name !== "CARDS") }, { module: "./functions.js", names: this.ctx.functionNames() }]);
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: RUNTIME, namedImports: ["Game"] });
      file.addImportDeclaration({ moduleSpecifier: "./cards.js", namedImports: ["CARDS"] });
      file.addImportDeclaration({ moduleSpecifier: "./flow.js", namedImports: ["advance", "setup"] });
      file.addImportDeclaration({ moduleSpecifier: "./moves.js", namedImports: ["activity", "apply", "check", "legalMoves", ...(prefers ? ["preferences"] : []), "randomMove"] });
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: "./types.js", namedImports: ["Move", "State", "View"] });
      file.addImportDeclaration({ moduleSpecifier: "./view.js", namedImports: ["view"] });
      file.addExportDeclaration({ isTypeOnly: true, moduleSpecifier: "./types.js", namedExports: ["Move", "State", "View"] });
      file.addFunction({
        isExported: true,
        name: "scores",
        docs: ["Per seat: [score, ...tie-breakers], compared in order, higher first."],
        parameters: [{ name: "s", type: "State" }],
        returnType: "number[][]",
        statements: padded
          ? ["return scoreRows(perSeat(s.players, (seat) => [", ...scoreKeys.map((k) => `${k},`), "]));"]
          : ["return perSeat(s.players, (seat) => [", ...scoreKeys.map((k) => `${k.slice(1, -1)},`), "]);"],
      });
      if (parts) {
        file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: RUNTIME, namedImports: ["ScorePart"] });
        file.addFunction({
          isExported: true,
          name: "scoreParts",
          docs: ["Per seat: the parts its score is the sum of, each named as results tell it."],
          parameters: [{ name: "s", type: "State" }],
          returnType: "ScorePart[][]",
          statements: ["return perSeat(s.players, (seat) => {", "const parts: ScorePart[] = [];", ...parts, "return parts;", "});"],
        });
      }
      if (shownLines.length) {
        file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: RUNTIME, namedImports: ["TextPart"] });
        file.addFunction({
          isExported: true,
          name: "shown",
          docs: ["The table lines of the variables the rules show only at times (`shown … when …`), read from a seat's view."],
          // The same lines for every seat (they read only public things): the viewer is not needed.
          parameters: [{ name: "view", type: "View" }],
          returnType: "Record<string, readonly TextPart[] | null | readonly (readonly TextPart[] | null)[]>",
          statements: [
            `const s = stateOfView(view, ${this.seatCountOfView()}) as unknown as State;`,
            "return {",
            ...shownLines,
            "};",
          ],
        });
      }
      file.addVariableStatement({
        isExported: true,
        declarationKind: "const" as never,
        docs: [docText(`${this.ctx.game.title}, compiled from ${this.ctx.sourcePath}.`)],
        declarations: [
          {
            name: "game",
            type: "Game<State, Move, View>",
            initializer: `{
              id: ${quote(this.ctx.gameId)},
              title: ${quote(this.ctx.game.title)},
              minPlayers: ${this.ctx.game.minPlayers},
              maxPlayers: ${this.ctx.game.maxPlayers},
              variants: [${variants.join(", ")}],
              meta: {
                cardTypes: [${cardTypes.join(",\n")}],
                cards: CARDS,
                zones: [${zones.join(",\n")}],
                vars: [${vars.join(",\n")}],
                conserved: [${conserved.join(", ")}],
                decisions: [${decisions.join(", ")}],${defaults.length ? `\ndefaults: { ${defaults.join(", ")} },` : ""}
                functions: [${functionInfo.join(",\n")}],${moveLabels ? `\nmoveLabels: ${moveLabels},` : ""}${this.ctx.game.bots.length ? "\nbots: BOTS," : ""}${this.ctx.game.eliminates ? `\neliminated: ${quote(ELIMINATED)},` : ""}${enums}${tiebreaks}
              },
              moves: ${this.ctx.moveSchema()},
              functions: { ${functionTable.join("\n")} },
              setup,
              advance,
              activity,
              legalMoves,
              check,
              apply,
              view,
              scores,${parts ? "\nscoreParts," : ""}
              randomMove,${prefers ? "\npreferences," : ""}${shownLines.length ? "\nshown," : ""}
            }`,
          },
        ],
      });
    });
  }

  /** The local a score line names its seat by. */
  private scoreBinder(d: A.ScoreDeclaration): string {
    const binding = this.ctx.game.names.get(d.player);
    return binding?.kind === "local" ? this.ctx.code.localName(binding.slot) : "p";
  }

  /** scoreParts' body: each line's part, a split line's one per element of its sum (score-parts.ts). */
  private scoreParts(): string[] {
    const code = this.ctx.code;
    return this.ctx.game.scores.map((d) =>
      this.ctx.inDeclaration(d, () =>
        code.at(d.range, () => {
          const label = code.reason(d.template!);
          const sum = splitSum(d);
          if (!sum) return `((${this.scoreBinder(d)}: number) => { parts.push({ label: ${label}, points: ${code.expression(d.value)} }); })(seat);`;
          const element = this.ctx.game.names.get(sum.binder);
          if (element?.kind !== "local") throw new Error("internal: unresolved score binder");
          const binder = code.localName(element.slot);
          const push = `parts.push({ label: ${label}, points: ${code.expression(sum.value!)} });`;
          const body = sum.condition ? `if (${code.expression(sum.condition)}) ${push}` : push;
          return `((${this.scoreBinder(d)}: number) => { ${code.loopHead(binder, sum.source)} ${body} })(seat);`;
        }),
      ),
    );
  }
}

/** `layout …` in `meta.zones`. */
function layoutInfo(z: A.ZoneDeclaration): string {
  const layout = z.layout;
  if (!layout) return "";
  const by = layout.by ? `, by: ${quote(layout.by.name)}` : "";
  const withCards = layout.with ? `, with: { type: ${quote(layout.with.type.name)}, field: ${quote(layout.with.field.name)} }` : "";
  return `, layout: { kind: ${quote(layout.kind.name)}${by}${withCards} }`;
}

/** search.ts: the game of index.ts plus what only search bots and tools call, each in its own module,
 *  so that an app that imports index.ts alone bundles none of them. */
export function searchFile(ctx: EmitContext): EmittedFile {
  return ctx.file("search.ts", (file) => {
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: RUNTIME, namedImports: ["Game"] });
    file.addImportDeclaration({ moduleSpecifier: "./flow.js", namedImports: ["enter"] });
    file.addImportDeclaration({ moduleSpecifier: "./index.js", namedImports: [{ name: "game", alias: "played" }] });
    file.addImportDeclaration({ moduleSpecifier: "./moves.js", namedImports: ["nextActor"] });
    file.addImportDeclaration({ moduleSpecifier: "./sample.js", namedImports: ["sample"] });
    if (ctx.hasKernel) file.addImportDeclaration({ moduleSpecifier: "./playout.js", namedImports: ["playout"] });
    file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: "./types.js", namedImports: ["Move", "State", "View"] });
    file.addExportDeclaration({ isTypeOnly: true, moduleSpecifier: "./types.js", namedExports: ["Move", "State", "View"] });
    file.addVariableStatement({
      isExported: true,
      declarationKind: "const" as never,
      docs: [
        [
          `${docText(ctx.game.title)} for search bots (\`@rules/runtime/search\`) and tools: the game of index.ts with`,
          "`sample` (a state drawn from what one seat knows), `enter` (a test's start at a decision),",
          ctx.hasKernel ? "`nextActor` and `playout` (fast random playouts; playout.ts is the playout kernel)." : "and `nextActor` (fast random playouts).",
        ].join("\n"),
      ],
      declarations: [{ name: "game", type: "Game<State, Move, View>", initializer: `{ ...played, sample, enter, nextActor${ctx.hasKernel ? ", playout" : ""} }` }],
    });
  });
}

/** A rules name in words, for people: `property_deck` is "property deck". */
function words(name: string): string {
  return name.replace(/_+/g, " ").trim();
}

/** A declared type as `meta.functions` writes it: `int`, `Objective`, `Merchandise[]`. */
function typeText(reference: A.TypeReference): string {
  return reference.name.name + (reference.list ? "[]" : "");
}

