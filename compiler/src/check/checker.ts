// Name resolution and type checking: the entry point. Produces a CheckedGame: the declarations by
// name, the evaluated card manifests and tables, and for every expression its type and what its names
// mean. The work is split by concern: declarations.ts, statements.ts, expressions.ts, over a shared
// CheckContext (context.ts).
import type * as A from "../syntax/ast.js";
import type { Diagnostic } from "../diagnostics.js";
import { evaluateConstant } from "./constants.js";
import { ERROR, INT, PLAYER, typeName, type Binding, type LocalSlot, type Type } from "./types.js";
import { CheckContext, Scope, type CardTypeModel, type TableModel } from "./context.js";
import { DeclarationChecker } from "./declarations.js";
import { PresentationChecker } from "./presentation.js";
import { ExpressionChecker } from "./expressions.js";
import { StatementChecker } from "./statements.js";
import { inlineProcedures, type InlineProblem } from "./procedures.js";
import { decisionsWithoutSureMove } from "./sure-moves.js";
import { lostReveals } from "./lost-reveals.js";
import { desugarElimination, type EliminationProblem } from "./elimination.js";
import { checkOpenRolls } from "./open-rolls.js";
import { checkBots, seatCounts, type BotModel } from "./bots.js";
import { hasScoreParts, splitSum } from "./score-parts.js";

export type { CardTypeModel, TableModel } from "./context.js";
export type { BotModel } from "./bots.js";
export { blockHasDecision, containsDecision } from "./decisions.js";

export interface CheckedGame {
  readonly program: A.Program;
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly variants: readonly A.VariantDeclaration[];
  /** The header's bots, in declaration order: seats the rules play, after the human seats. */
  readonly bots: readonly BotModel[];
  /** Every seat count a match can have, humans and bots together, ascending. */
  readonly seatCounts: readonly number[];
  readonly enums: ReadonlyMap<string, A.EnumDeclaration>;
  readonly cardTypes: ReadonlyMap<string, CardTypeModel>;
  readonly vars: ReadonlyMap<string, A.VarDeclaration>;
  readonly zones: ReadonlyMap<string, A.ZoneDeclaration>;
  readonly tables: ReadonlyMap<string, TableModel>;
  readonly conserved: readonly A.ConserveDeclaration[];
  readonly setup: A.Block | null;
  readonly flow: A.Block;
  /** The score's lines, summed; several, or one split by its sum's elements, are told in parts (score-parts.ts). */
  readonly scores: readonly A.ScoreDeclaration[];
  readonly tiebreaks: readonly A.ScoreDeclaration[];
  readonly types: Map<A.Expression, Type>;
  readonly names: Map<A.Expression | A.Identifier, Binding>;
  /** Every binding that must live in the state because a decision falls inside its scope. */
  readonly stateLocals: LocalSlot[];
  /** The game reveals cards to single players: states carry what each one knows. */
  readonly usesKnowledge: boolean;
  /** The rules eliminate players (`eliminate(p)`): `players`, `players_from` and `next` pass over
   *  the seats that are out, and the scores rank them last (check/elimination.ts). */
  readonly eliminates: boolean;
  readonly typeOfVar: (declaration: A.VarDeclaration) => Type;
  /** The rules file of each declaration (a game may be split over several). */
  readonly fileOf: ReadonlyMap<A.Declaration, string>;
  /** For a parameter with `where`, the binding that stands for each value the condition tests. */
  readonly filterBinders: ReadonlyMap<A.ParameterDeclaration, LocalSlot>;
  /** For a per-player variable's `shown` clause, the binding of `owner` (the seat whose line it is). */
  readonly shownOwners: ReadonlyMap<A.VarDeclaration, LocalSlot>;
}


/** Checks a game; `fileOf` names the file of each declaration when a game spans several files. */
export function checkProgram(
  program: A.Program,
  fileOf: ReadonlyMap<A.Declaration, string> = new Map(),
): { game: CheckedGame | null; diagnostics: Diagnostic[] } {
  // `eliminate(p)` is written out as what it does (elimination.ts), then procedures where they are
  // called (procedures.ts), before anything is checked.
  const elimination = desugarElimination(program);
  const inlined = inlineProcedures(elimination.program);
  const files = new Map(fileOf);
  for (const [after, before] of elimination.origin) {
    const file = fileOf.get(before);
    if (file !== undefined) files.set(after, file);
  }
  for (const [before, after] of inlined.replaced) {
    const file = files.get(before);
    if (file !== undefined) files.set(after, file);
  }
  return new Checker(inlined.program, files, inlined.problems, elimination.problems, elimination.eliminates).run();
}


class Checker {
  private readonly ctx: CheckContext;
  private readonly expressions: ExpressionChecker;
  private readonly statements: StatementChecker;
  private readonly declarations: DeclarationChecker;
  private readonly presentation: PresentationChecker;

  constructor(
    program: A.Program,
    private readonly fileOf: ReadonlyMap<A.Declaration, string>,
    private readonly inlineProblems: readonly InlineProblem[] = [],
    private readonly eliminationProblems: readonly EliminationProblem[] = [],
    private readonly eliminates: boolean = false,
  ) {
    this.ctx = new CheckContext(program, fileOf);
    this.expressions = new ExpressionChecker(this.ctx);
    this.presentation = new PresentationChecker(this.ctx, this.expressions);
    this.statements = new StatementChecker(this.ctx, this.expressions, this.presentation);
    this.declarations = new DeclarationChecker(this.ctx, this.expressions, this.presentation);
  }

  run(): { game: CheckedGame | null; diagnostics: Diagnostic[] } {
    const program = this.ctx.program;
    const header = program.game;
    let minPlayers = 1;
    let maxPlayers = 1;
    if (!header) {
      this.ctx.error("check/missing-game", "a rules file needs a header: game \"Title\" { players 2..4 }", {
        start: { offset: 0, line: 1, column: 1 },
        end: { offset: 0, line: 1, column: 1 },
      });
    } else if (!header.players || header.players.kind !== "range") {
      this.ctx.error("check/missing-players", "the game header must say how many players: players 3..6", header.range);
    } else {
      const low = evaluateConstant(header.players.low, new Map(), this.ctx.enums);
      const high = evaluateConstant(header.players.high, new Map(), this.ctx.enums);
      if (typeof low !== "number" || typeof high !== "number" || low < 1 || high < low || high > 16) {
        this.ctx.error("check/bad-player-count", "the player count must be a range of whole numbers like 3..6, from 1 to 16", header.players.range);
      } else {
        minPlayers = low;
        maxPlayers = high;
        this.ctx.minPlayers = low;
        this.ctx.maxPlayers = high;
      }
    }
    const bots = header ? checkBots(this.ctx, header, minPlayers, maxPlayers) : [];
    this.ctx.seatCounts = seatCounts(bots, minPlayers, maxPlayers);
    this.ctx.globals.define("players", { kind: "builtin", name: "players", type: { kind: "list", element: PLAYER } });
    this.ctx.globals.define("player_count", { kind: "builtin", name: "player_count", type: INT });

    // Declarations first, so that order in the file does not matter.
    const taken = new Map<string, A.Identifier>();
    const declare = (name: A.Identifier, binding: Binding | null): void => {
      if (name.name.startsWith("__")) {
        this.ctx.error("check/reserved-name", `names starting with '__' are reserved; rename '${name.name}'`, name.range);
      }
      const previous = taken.get(name.name);
      if (previous || name.name === "players" || name.name === "player_count") {
        this.ctx.error(
          "check/duplicate-definition",
          previous
            ? `'${name.name}' is already defined at line ${previous.range.start.line}`
            : `'${name.name}' is a built-in name`,
          name.range,
        );
        return;
      }
      taken.set(name.name, name);
      if (binding) this.ctx.globals.define(name.name, binding);
    };
    for (const d of program.declarations) {
      this.ctx.enter(d);
      if (d.kind === "enum") {
        declare(d.name, { kind: "enum-type", declaration: d, type: { kind: "enum-type", name: d.name.name } });
        this.ctx.enums.set(d.name.name, d);
        const members = new Set<string>();
        for (const m of d.members) {
          if (members.has(m.name)) this.ctx.error("check/duplicate-definition", `'${m.name}' appears twice in enum ${d.name.name}`, m.range);
          members.add(m.name);
        }
      }
    }
    // Tables before cards: a card manifest may read a table (`points: worth[v]`).
    for (const d of program.declarations) {
      this.ctx.enter(d);
      if (d.kind === "table") {
        declare(d.name, { kind: "table", declaration: d, type: { kind: "table", key: this.ctx.resolveType(d.keyType, false, true), value: this.ctx.resolveType(d.valueType) } });
        this.ctx.tables.set(d.name.name, { declaration: d, entries: this.declarations.checkTable(d) });
      }
    }
    for (const d of program.declarations) {
      this.ctx.enter(d);
      if (d.kind === "card") {
        declare(d.name, null);
        this.ctx.cardTypes.set(d.name.name, this.declarations.checkCardType(d));
      }
    }
    for (const d of program.declarations) {
      this.ctx.enter(d);
      switch (d.kind) {
        case "var":
          this.declarations.checkOwnerVisibility(d);
          declare(d.name, { kind: "var", declaration: d, type: this.declarations.varBindingType(d) });
          this.ctx.vars.set(d.name.name, d);
          break;
        case "zone": {
          this.declarations.checkCardTypeName(d.cardType);
          this.declarations.checkOwnerVisibility(d);
          const type: Type = d.perPlayer ? { kind: "zones", cardType: d.cardType.name } : { kind: "zone", cardType: d.cardType.name };
          declare(d.name, { kind: "zone", declaration: d, type });
          this.ctx.zones.set(d.name.name, d);
          break;
        }
        case "function": {
          const type: Type = {
            kind: "function",
            parameters: d.parameters.map((p) => this.ctx.resolveType(p.type, true)),
            result: this.ctx.resolveType(d.result, true),
          };
          declare(d.name, { kind: "function", declaration: d, type });
          this.ctx.functions.push(d);
          break;
        }
        case "procedure":
          declare(d.name, { kind: "procedure", declaration: d, type: ERROR });
          break;
        default:
          break;
      }
    }
    this.declarations.checkZones();
    for (const zone of this.ctx.zones.values()) {
      this.ctx.enter(zone);
      this.presentation.zoneLayout(zone);
    }
    const conserved = program.declarations.filter((d): d is A.ConserveDeclaration => d.kind === "conserve");
    for (const c of conserved) {
      this.ctx.enter(c);
      for (const v of c.vars) {
        const declaration = this.ctx.vars.get(v.name);
        if (!declaration) this.ctx.error("check/unknown-name", `'${v.name}' is not a variable`, v.range);
        else if (declaration.perKey) this.ctx.error("check/type-mismatch", `'${v.name}' holds one value per player per ${declaration.perKey.name}: only shared and per-player int variables can be conserved`, v.range);
        else if (declaration.perCard) this.ctx.error("check/type-mismatch", `'${v.name}' holds one value per ${declaration.perCard.name} card: only shared and per-player int variables can be conserved`, v.range);
        else if (this.ctx.varType(declaration).kind !== "int") this.ctx.error("check/type-mismatch", `only int variables can be conserved; '${v.name}' is ${typeName(this.ctx.varType(declaration))}`, v.range);
        else this.ctx.conservedVars.add(v.name);
      }
    }
    for (const v of this.ctx.vars.values()) {
      this.ctx.enter(v);
      const type = this.ctx.varType(v);
      this.expressions.expectValue(v.initial, this.ctx.globals, type, `the initial value of '${v.name.name}'`);
    }

    for (const [index, f] of this.ctx.functions.entries()) {
      this.ctx.enter(f);
      this.ctx.functionIndex = index;
      const scope = new Scope(this.ctx.globals);
      const binding = this.ctx.globals.lookup(f.name.name);
      const type = binding?.kind === "function" ? binding.type : null;
      f.parameters.forEach((p, i) => {
        const parameterType = type?.kind === "function" ? type.parameters[i]! : ERROR;
        this.ctx.bindLocal(scope, p.name, parameterType, "local");
      });
      this.ctx.pure = "a function";
      if (type?.kind === "function") this.expressions.expectValue(f.body, scope, type.result, `the result of ${f.name.name}`);
      else this.expressions.expression(f.body, scope);
      this.ctx.pure = null;
    }
    this.ctx.functionIndex = Number.POSITIVE_INFINITY;
    // After the functions: a shown line may call them, and its publicity looks inside them.
    for (const v of this.ctx.vars.values()) {
      this.ctx.enter(v);
      this.presentation.variable(v);
    }

    for (const problem of this.inlineProblems) {
      this.ctx.enter(problem.declaration);
      this.ctx.error("check/recursive-procedure", problem.message, problem.range);
    }
    for (const problem of this.eliminationProblems) {
      this.ctx.enter(problem.declaration);
      this.ctx.error(problem.code, problem.message, problem.range);
    }
    // Each procedure on its own, so that one never called is checked too (copies of it, checked where
    // they are called, report the same mistakes once: see the end).
    for (const d of program.declarations) {
      if (d.kind === "procedure") this.statements.procedureAlone(d);
    }

    const setups = program.declarations.filter((d): d is A.BlockDeclaration => d.kind === "setup");
    const flows = program.declarations.filter((d): d is A.BlockDeclaration => d.kind === "flow");
    const scores = program.declarations.filter((d): d is A.ScoreDeclaration => d.kind === "score");
    const tiebreaks = program.declarations.filter((d): d is A.ScoreDeclaration => d.kind === "tiebreak");
    for (const extra of [...setups.slice(1), ...flows.slice(1)]) {
      this.ctx.enter(extra);
      this.ctx.error("check/duplicate-definition", `a game has one ${extra.kind} block`, extra.range);
    }
    const setup = setups[0]?.body ?? null;
    if (setup) {
      this.ctx.enter(setups[0]!);
      this.ctx.inSetup = true;
      this.statements.block(setup, new Scope(this.ctx.globals));
      this.ctx.inSetup = false;
      for (const lost of lostReveals(setup)) this.ctx.report("warning", "check/reveal-lost", lost.message, lost.range);
    }
    const flow = flows[0]?.body;
    if (!flow) this.ctx.error("check/missing-flow", "a game needs a flow { ... } block: the procedure of play", header?.range ?? { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } });
    else {
      this.ctx.enter(flows[0]!);
      this.statements.block(flow, new Scope(this.ctx.globals));
      // Only of rules that check: a domain the checker refused already says what is wrong there.
      const clean = !this.ctx.diagnostics.some((d) => d.severity === "error");
      if (clean) for (const gap of decisionsWithoutSureMove(flow, this.ctx)) this.ctx.report("warning", "check/may-have-no-move", gap.message, gap.range);
      for (const lost of lostReveals(flow)) this.ctx.report("warning", "check/reveal-lost", lost.message, lost.range);
    }
    // A die told to every seat must not become a secret (open-rolls.ts).
    checkOpenRolls(this.ctx, program);
    const score = scores[0];
    const parts = hasScoreParts(scores);
    if (!score) this.ctx.error("check/missing-score", "a game needs a score rule: score p: <expression>", header?.range ?? { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } });
    for (const s of [...scores, ...tiebreaks]) {
      this.ctx.enter(s);
      const scope = new Scope(this.ctx.globals);
      this.ctx.bindLocal(scope, s.player, PLAYER, "local");
      this.ctx.pure = `a ${s.kind}`;
      const value = this.expressions.expression(s.value, scope);
      this.ctx.pure = null;
      // A tie-breaker may be a list of numbers, compared in order ("the highest card, then the next").
      const allowed = s.kind === "tiebreak" && value.kind === "list" ? value.element : value;
      this.ctx.expect(allowed, INT, s.value.range, `a ${s.kind}`);
      if (s.kind === "score") this.scorePart(s, scope, parts);
      // A tie-breaker's label names it where results are told.
      else if (s.label !== null && s.label.text.trim() === "") {
        this.ctx.error("check/score-label", "a tie-breaker's label says what it counts, as in tiebreak p: coins[p] \"coins left\"", s.label.range);
      }
    }

    // A procedure's body is checked where it is written and at each call: one report per mistake.
    const diagnostics = uniqueDiagnostics(this.ctx.diagnostics);
    if (diagnostics.some((d) => d.severity === "error") || !header || !flow || !score) return { game: null, diagnostics };
    return {
      diagnostics,
      game: {
        program,
        title: header.title,
        minPlayers,
        maxPlayers,
        variants: header.variants,
        bots,
        seatCounts: this.ctx.seatCounts,
        enums: this.ctx.enums,
        cardTypes: this.ctx.cardTypes,
        vars: this.ctx.vars,
        zones: this.ctx.zones,
        tables: this.ctx.tables,
        conserved,
        setup,
        flow,
        scores,
        tiebreaks,
        types: this.ctx.types,
        names: this.ctx.names,
        stateLocals: this.ctx.stateLocals,
        usesKnowledge: this.ctx.usesKnowledge,
        eliminates: this.eliminates,
        typeOfVar: (d) => this.ctx.varType(d),
        fileOf: this.fileOf,
        filterBinders: this.ctx.filterBinders,
        shownOwners: this.ctx.shownOwners,
      },
    };
  }

  /** A score line's label names its part where results are told: every line of a score of several
   *  has one; a lone line has one only to be told element by element (score-parts.ts). */
  private scorePart(line: A.ScoreDeclaration, scope: Scope, parts: boolean): void {
    const example = 'score p: coins[p] "coins"';
    if (line.label === null || line.template === null) {
      if (parts) this.ctx.error("check/score-label", `a score of several lines names each part where results are told, as in ${example}`, line.value.range);
      return;
    }
    if (line.label.text.trim() === "") return this.ctx.error("check/score-label", `a part's label says what it counts, as in ${example}`, line.label.range);
    if (!parts) {
      const why = `a score of one line is told as its number: give it several lines, each with its label (${example}), or show the element of its sum ("{o}")`;
      return this.ctx.error("check/score-label", why, line.label.range);
    }
    // A label shows what a person can read; a split line's label, the element its part is for.
    const sum = splitSum(line);
    const inner = new Scope(scope);
    const element = sum ? this.ctx.names.get(sum.binder) : undefined;
    if (sum && element) this.ctx.bindLocal(inner, { ...sum.binder, synthetic: true }, element.type, "local");
    this.statements.reason(line.template, inner);
  }
}

function uniqueDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.file}:${d.line}:${d.column}:${d.code}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
