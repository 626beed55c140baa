// playout.ts of a compiled game: the same rules as flow.ts and moves.ts, written for random playouts
// (Game.playout). One closure per kernel holds a preallocated state reused by every playout; the flow
// is a `switch` on small integers; cards are ids in typed arrays (playout-zones.ts); a decision draws
// its move index as the compiled sampler does (moves-file.ts), decodes it into numbers and applies the
// option at once. Same generator outputs and same policy, so the same games as `playRandomGame`.
// A construct this writer does not handle yet makes `kernelFile` return the reason instead.
import { END, type Decision, type Exit, type LoopSlots, type Step } from "../lower/ir.js";
import type * as A from "../syntax/ast.js";
import { docText, quote } from "./code.js";
import { RUNTIME, type EmitContext, type EmittedFile } from "./context.js";
import { DecisionCode } from "./decision-code.js";
import { KernelDecisions } from "./playout-decisions.js";
import { KernelMemo, START_MARKER } from "./playout-memo.js";
import { KernelCounts, RECOUNT_MARKER } from "./playout-counts.js";
import { InlineCalls } from "./playout-inline-calls.js";
import { EnumArguments } from "./playout-enum-arguments.js";
import { FirstTables } from "./playout-first-tables.js";
import { threadJumps } from "./playout-jump-threads.js";
import { DECLARE_MARKER, HeldCountsUnfit, KernelHeldCounts, RECOUNT_HELD_MARKER } from "./playout-held-counts.js";
import { arraysBoundInFunctions, closureVariablesAsVar } from "./playout-closure-vars.js";
import { cardTables } from "./playout-card-tables.js";
import { STEP_GUARD, flowOrder, withLoopHeads } from "./playout-loops.js";
import { KernelResume } from "./playout-resume.js";
import { loopState, type LoopState } from "./playout-loop-walks.js";
import { FreshLoops } from "./playout-fresh-loops.js";
import { letTops } from "./playout-let-tops.js";
import { decideLocals } from "./playout-decide-locals.js";
import { stepLocals } from "./playout-step-locals.js";
import { KernelCode } from "./playout-statements.js";
import { variantFlag } from "./playout-expressions.js";
import { writeOnlyPuts } from "./playout-write-only.js";
import { KernelUnsupported, WHERE, type ZoneLayout } from "./playout-zones.js";
import { entryCounts, isFused } from "./step-fusion.js";
import { seatCountCode } from "./playout-bot-seats.js";
import { IdleSeats } from "./playout-idle-seats.js";
import { kernelLocals, kernelScores, kernelVars, resetLocals } from "./playout-state-code.js";
import { prefixCode } from "./playout-setup-prefix.js";
import { kernelState, setupCode } from "./playout-setup-code.js";
import { typedArray } from "./playout-arrays.js";

/** Steps of the flow past which each step gets a function of its own. */
const SPLIT_STEPS = 40;
/** The most lines of a step copied in place of a jump to it (continueAt). */
const COPIED_STEP_LINES = 40;

/** The runtime's names a kernel may use (imported when its text uses them). */
const RUNTIME_NAMES = [
  "GameFault", "cardAt", "checkTransfer", "drawInt", "floorDiv", "floorMod",
  "nextSeat", "nthCardOf", "emptyZone", "missingTableKey", "positionOf", "zoneCards", "seatList", "integers", "firstOf", "lowestOf", "highestOf", "distinctOf",
  "sortKeys", "longestRun", "bestSets", "topCard", "drawSubsetInto", "SetChoices", "drawIndexOn", "scoreRows", "seatsFrom", "segmentHolding", "takeFromZoneOf", "seatsInPlay", "seatsFromInPlay", "nextSeatInPlay", "firstSeatInPlay", "putCard", "seedWords", "shuffleZone", "tableValue", "takeAt", "maskSeats", "nthMaskSeat", "offHeap",
];

/** The runtime's constants a kernel may read: imported as RUNTIME_<name>, bound to <name> in each function. */
const RUNTIME_CONSTANTS = ["LOOP_LIMIT", "DECISION_CAP"];

/** Where each function's aliases go (see `file`). */
const ALIASES = "/*aliases*/";

/** The random policy's draw as a function, for the helpers that take one; dropped where unused. */
const DRAW_P = "const $drawP = (n: number): number => drawInt(P, n);";

export type KernelResult = { readonly file: EmittedFile } | { readonly unsupported: string };

export class PlayoutFile {
  private readonly code: KernelCode;
  private readonly decisions: KernelDecisions;
  /** A window's idle seats passed by where their part opens (playout-idle-seats.ts). */
  private readonly idleSeats: IdleSeats;
  private readonly zones = new Map<string, ZoneLayout>();
  private readonly segments: number;
  private readonly cap: number;
  private readonly maxSeats: number;
  /** Card ids run from 0 to this (every card type's). */
  private readonly cardCount: number;
  /** The declaration whose statements are being written: its file names the sites of `end game`. */
  private writing: A.Block | null | undefined;
  /** Every step gets a program counter of its own (a kernel of one function per step). */
  private unfused = false;
  /** Program counter of each step that keeps a case of its own. */
  private readonly pcs = new Map<string, number>();
  private entries = new Map<string, number>();
  /** The steps being written in place of a jump to them (see continueAt), so none is written inside itself. */
  private readonly copying = new Set<string>();
  /** Per lowered `for` loop around decisions: its list or seat walk, and its count (playout-loop-walks.ts). */
  private readonly loopLists = new Map<LoopSlots, LoopState>();
  /** Loops around decisions a fresh game runs as native loops (split kernels). */
  private freshLoops = new FreshLoops(null);
  /** The move types in `game.moves` order: a trace names a move type by its index there. */
  private readonly moveTypes: string[];
  private readonly memo: KernelMemo;
  /** Tables of `first(s in Z where s.F == v)` by a printed number (playout-first-tables.ts). */
  private readonly firstTables: FirstTables;
  /** The running counts of zones by a field printed on their cards (playout-counts.ts). */
  private readonly counts: KernelCounts;
  /** The running counts of seats by a per-player flag (playout-held-counts.ts). */
  private readonly held: KernelHeldCounts;
  /** Each decision's code (who is asked, the draw, the move's effect), written once: its entry runs
   *  it (see playout-resume.ts), and the step that leads to it jumps there, or runs it in place where
   *  steps are functions (the decision is then a function both call) or where a window passes by an
   *  idle seat first. */
  private readonly decided = new Map<Decision, string[]>();
  /** Each decision's entry, numbered after the steps. */
  private readonly decisionPcs = new Map<Decision, number>();

  /** `heldCounts` false: a kernel written again without the counts of seats by a flag. */
  constructor(
    private readonly ctx: EmitContext,
    private readonly heldCounts = true,
  ) {
    // The most seats a match has: humans and the rules' bots together.
    this.maxSeats = Math.max(ctx.game.maxPlayers, ...ctx.game.seatCounts);
    this.cap = Math.max(1, ...[...ctx.cardIds.values()].map((ids) => ids.length));
    this.writing = ctx.game.flow;
    this.cardCount = Math.max(1, [...ctx.cardIds.values()].reduce((n, ids) => n + ids.length, 0));
    let segment = 0;
    for (const z of ctx.game.zones.values()) {
      this.zones.set(z.name.name, { declaration: z, constant: `Z_${z.name.name}`, first: segment, topLast: z.zoneKind === "stack" });
      segment += z.perPlayer ? this.maxSeats : 1;
    }
    this.segments = Math.max(1, segment);
    this.code = new KernelCode(ctx.game, this.zones, this.maxSeats, (card) => ctx.statements.origin(card), (range) => {
      // A site names the file of the declaration being written (setup or flow), as the state
      // machine names it.
      return ctx.inDeclaration(this.writing, () => ctx.sites.site(range));
    });
    this.code.letTops = letTops(ctx.game);
    this.code.zoneCap = this.cap;
    // The move types in `game.moves` order (the trace names a move type by its index there).
    this.moveTypes = [...new Set(ctx.allOptions().map(({ option }) => option.name.name))];
    this.code.alikeToScorer = (scorer, cardType, field) => ctx.code.alikeToScorer(scorer, cardType, field);
    this.memo = new KernelMemo(ctx.game, this.maxSeats, this.cardCount);
    this.code.memoTable = this.memo;
    this.code.cardTables = cardTables(ctx.game);
    this.counts = new KernelCounts(ctx.game, this.zones, this.maxSeats, this.memo);
    this.code.countsTable = this.counts;
    const countedReads = (e: A.AggregateExpression): readonly A.Expression[] | null => this.counts.readArguments(e);
    this.memo.countedReads = countedReads;
    const enumArguments = new EnumArguments(ctx.game, this.memo, countedReads);
    this.code.enumArguments = enumArguments;
    this.memo.knownIndex = (value) => enumArguments.known(value);
    this.code.inlineCalls = new InlineCalls(ctx.game);
    enumArguments.nameCode = (e) => this.code.expression(e);
    this.firstTables = new FirstTables(ctx.game, this.zones, (seg, topLast, i) => this.code.cardAt(seg, topLast, i), this.code.cardImports);
    this.code.firstTables = this.firstTables;
    this.held = new KernelHeldCounts(ctx.game);
    this.code.heldTable = this.held;
    this.decisions = new KernelDecisions(ctx.game, this.code, new DecisionCode(ctx), this.moveTypes, this.maxSeats, (label) => this.continueAt(label));
    this.idleSeats = new IdleSeats(ctx.game, ctx.machine, this.code, (seat) => this.decisions.botAsked(seat));
  }

  /**
   * `roll(sides)` as a function of the kernel, drawing as the kernel draws everything else
   * (KernelZones.draw, on the words it is given as `G`), plus one; dropped where no `roll` is. The
   * runtime's `rollOn` (its checks, then `drawInt` and `nextWord`) was a call V8 left out of line at
   * every die; this one it inlines (Keys to Knowledge: 1.021 paired over 12 rounds, ahead in 8). A
   * count of sides is a whole number (the rules have no other); one outside 1 to 2^32 faults with
   * `fault/random-range`, as in the state machine.
   */
  private rollFunction(): string {
    return ["function $roll(G: Uint32Array, sides: number): number {", ...this.code.draw("G", "sides", "$drawn"), "return $drawn + 1;", "}"].join("\n");
  }

  /** The kernel file, or why this game has none yet. */
  kernelFile(): KernelResult {
    try {
      return { file: this.file() };
    } catch (error) {
      if (error instanceof HeldCountsUnfit) return new PlayoutFile(this.ctx, false).kernelFile();
      if (error instanceof KernelUnsupported) return { unsupported: error.message };
      // The kernel is an optimisation: whatever stops its writer (a rules expression too deep for
      // it, a bug) leaves the game with its state machine, and says so.
      return { unsupported: `what stopped the kernel writer (${error instanceof Error ? error.message : String(error)})` };
    }
  }

  private file(): EmittedFile {
    const game = this.ctx.game;
    const machine = this.ctx.machine;
    this.entries = entryCounts(machine);
    // A game with functions of its own, or a long flow, is written as one function per step (none
    // written inside another), in the closure with its state: V8 optimizes no function past a size,
    // and one `play` holding every step of a long game would run in its interpreter.
    const split = game.program.declarations.some((d) => d.kind === "function") || machine.steps.length > SPLIT_STEPS;
    this.unfused = split;
    this.memo.enabled = split;
    this.counts.enabled = split;
    this.firstTables.enabled = split;
    // Locals of the one `play`, or the closure's where steps are functions of their own.
    this.held.enabled = this.heldCounts;
    this.held.inClosure = split;
    const inOrder = machine.steps.filter((step) => (this.entries.get(step.label) ?? 0) > 0 && !this.fused(step.label));
    // Split, the steps are numbered in the flow's order, so that steps call the steps they lead to.
    const roots = split ? flowOrder(machine, inOrder) : inOrder;
    roots.forEach((step, i) => this.pcs.set(step.label, i));
    machine.decisions.forEach((decision, i) => this.decisionPcs.set(decision, roots.length + i));
    for (const loop of machine.loops) this.loopLists.set(loop, loopState(game, this.code, loop));
    this.freshLoops = new FreshLoops(split ? machine : null);
    let cases: string[];
    let stepFunctions: string[] = [];
    // After the steps, one entry per decision (for `resume`), numbered on from them.
    const entries = new Map<Decision, number>();
    const entryCases = (): [Decision, number, string[]][] =>
      machine.decisions.filter((d) => this.decided.has(d)).map((d) => {
        entries.set(d, this.decisionPcs.get(d)!);
        return [d, this.decisionPcs.get(d)!, this.decisions.entries.get(d) ?? this.decided.get(d)!];
      });
    if (split) {
      // A step goes on to a later step by calling it (the chain of calls is at most as long as the
      // flow has steps); to an earlier one (a loop) by returning its pc, to that step's own loop where
      // it is on the way back (playout-loops.ts), else to `play`'s dispatch; both count the steps
      // taken without a decision.
      let current = 0;
      const heads = new Set<number>();
      this.code.jump = (pc) => {
        if (pc !== "END" && Number(pc) > current) return [`return step${pc}();`];
        if (pc !== "END") heads.add(Number(pc));
        return [`return ${pc};`];
      };
      this.decisions.split = true;
      stepFunctions = roots.flatMap((step) => {
        current = this.pcs.get(step.label)!;
        return [`function step${current}(): number {`, ...this.stepCode(step), "}"];
      });
      cases = roots.map((step) => `case ${this.pcs.get(step.label)}: pc = step${this.pcs.get(step.label)}(); break;`);
      for (const [, pc, lines] of entryCases()) {
        stepFunctions.push(`function step${pc}(): number {`, ...lines, "}");
        cases.push(`case ${pc}: pc = step${pc}(); break;`);
      }
      stepFunctions.push(...this.decisions.outlined);
      stepFunctions = decideLocals(stepLocals(withLoopHeads(threadJumps(stepFunctions, heads), heads)));
    } else {
      cases = roots.flatMap((step) => [`case ${this.pcs.get(step.label)}: {`, ...this.stepCode(step), "}"]);
      for (const [, pc, lines] of entryCases()) cases.push(`case ${pc}: {`, ...lines, "}");
    }
    const resume = new KernelResume(game, this.zones, this.loopLists, this.ctx.cardIds);
    const setup = setupCode({
      ctx: this.ctx,
      zones: this.zones,
      code: this.code,
      counts: this.counts,
      held: this.held,
      split,
      writing: (declaration) => (this.writing = declaration),
    });
    // The score of a kernel written as one `play` is another function: it cannot read play's counts.
    this.held.enabled = this.heldCounts && split;
    const scores = kernelScores(game, this.code);
    this.held.enabled = this.heldCounts;
    const locals = kernelLocals(game, machine, this.loopLists);
    const vars = kernelVars(game, this.cardCount, this.maxSeats);
    const functions = this.code.functionsCode();
    const memo = this.memo.code();
    const counts = [...this.counts.code(), ...this.held.code(), ...this.firstTables.code()];
    // The state lives in the closure (`K_` names, kept between `play` and `scores`); each function
    // reads it through locals of its own names, so that V8 keeps them in registers, and `play` writes
    // the scalars back at the end. The layout constants are locals too: V8 folds them. A game with
    // functions of its own declares them once, in the closure (made anew per `play`, they would be
    // new call targets for V8 every game): its scalars are then the closure's, read by both.
    const shared = split;
    const arrays = [
      { name: "C", init: typedArray("Int32Array", "SEGMENTS * CAP") },
      { name: "N", init: typedArray("Int32Array", this.segments) },
      { name: "G", init: typedArray("Uint32Array", 4) },
      { name: "P", init: typedArray("Uint32Array", 4) },
      { name: WHERE, init: typedArray("Int32Array", this.cardCount) },
      ...this.code.scratch,
      ...this.code.enumCodes.arrays(),
      ...vars.arrays,
    ];
    const scalars = [{ name: "players", type: "number", blank: "0" }, ...(game.bots.length > 0 ? [{ name: "humans", type: "number", blank: "0" }] : []), ...vars.scalars];
    // Each listing sets its list's count to 0 first: a count is declared once, never reset per game.
    const listCounts = this.code.listCounts.map((name) => `let ${name} = 0;`);
    const constants = [
      `const CAP = ${this.cap};`,
      `const END = -1;`,
      ...[...this.zones.values()].map((z) => `const ${z.constant} = ${z.first};`),
      `const SEGMENTS = ${this.segments};`,
    ];
    // ALIASES marks where the card data and the runtime's constants the kernel reads are bound to
    // locals (filled in once the text shows which it reads): read through the module's imports,
    // each would be a checked load every time.
    const aliases = [...arrays.map((a) => `const ${a.name} = K_${a.name};`), ALIASES];
    const humans = game.bots.length > 0;
    // Each variant's flag, set from the game's variant list when a game starts (read by `variant(...)`).
    const variants = game.variants.map((v) => v.name.name);
    const tables = this.code.cardTablesCode(this.cardCount);
    const entryLines = resume.entryFunction(entries);
    const roll = this.rollFunction();
    const body = [
      ...constants.filter((c) => shared || !c.startsWith("const END")),
      roll,
      ...arrays.map((a) => `const K_${a.name} = ${a.init};`),
      ...(shared
        ? [
            ...aliases,
            ...scalars.map((s) => `let ${s.name}: ${s.type} = ${s.blank};`),
            "let $variants: readonly string[] = [];",
            ...variants.map((v) => `let ${variantFlag(v)} = false;`),
            "let decisions = 0;",
            "let steps = 0;",
            ...listCounts,
            "let trace: unknown[] | null = null;",
            "let $preferred = false;",
            "let $cap: number = DECISION_CAP;",
            DRAW_P,
            ...locals,
            ...functions,
            ...memo,
            ...counts,
            ...stepFunctions,
          ]
        : [...scalars.map((s) => `let K_${s.name}: ${s.type} = ${s.blank};`), "let K_variants: readonly string[] = [];"]),
      // The closure's own aliases where only `play` and `scores` bind them (the object returned reads DECISION_CAP).
      ...(shared ? [] : [ALIASES]),
      // The functions read by card, worked out once per kernel (playout-card-tables.ts).
      ...tables,
      // One empty list for every game played without variants (a default `[]` is a new array per call).
      "const NO_VARIANTS: readonly string[] = [];",
      `const ENDS: readonly RuleSite[] = [${this.code.endSites.join(", ")}];`,
      "/** The `end game` (its place in ENDS) that ended the last game played; -1 when the flow ran to its end. */",
      "let K_ended = -1;",
      "",
      ...entryLines,
      "",
      // `$from`: the state a resumed game starts from, at the kernel's entry `$entry`; null for a new game.
      `function play($players: number, seed: number, ${shared ? "$trace" : "trace"}: unknown[] | null, variants: readonly string[], $from: BaseState | null, $entry: number, ${shared ? "$preferredIn" : "$preferred"}: boolean, ${shared ? "$capIn" : "$cap"}: number): number {`,
      ...constants,
      ...aliases,
      ...(shared
        ? ["$variants = variants;", ...variants.map((v) => `${variantFlag(v)} = variants.includes(${quote(v)});`), "trace = $trace;", "$preferred = $preferredIn;", "$cap = $capIn;"]
        : ["K_variants = variants;", "const $variants = variants;", ...variants.map((v) => `const ${variantFlag(v)} = variants.includes(${quote(v)});`), DRAW_P]),
      `if (!(Number.isInteger($players) && $players >= ${game.minPlayers} && $players <= ${game.maxPlayers})) throw new GameFault("fault/players", \`this game is for ${game.minPlayers} to ${game.maxPlayers} players, not \${$players}\`);`,
      ...(shared
        ? humans
          ? ["humans = $players;", `players = ${seatCountCode(game, "humans")};`]
          : ["players = $players;"]
        : humans
          ? ["const humans = $players;", `const players = ${seatCountCode(game, "humans")};`]
          : ["const players = $players;"]),
      ...vars.scalars.map((s) => (shared ? `${s.name} = ${s.blank};` : `let ${s.name}: ${s.type} = ${s.blank};`)),
      ...(shared ? [] : listCounts),
      DECLARE_MARKER,
      "K_ended = -1;",
      // Memos kept are of another game: every function computes afresh.
      START_MARKER,
      "if ($from === null) {",
      "seedWords(G, seed);",
      ...setup,
      "}",
      ...(shared ? [...resetLocals(locals), "decisions = 0;", "steps = 0;"] : [...locals, "let decisions = 0;", "let steps = 0;"]),
      `let pc = ${this.pcs.get(machine.start)};`,
      "if ($from !== null) {",
      ...resume.load(),
      ...(split ? [RECOUNT_MARKER] : []),
      RECOUNT_HELD_MARKER,
      "pc = $entry;",
      "}",
      // Values the memo kept are of another game, or of this one before it was resumed.
      START_MARKER,
      "run: for (;;) {",
      STEP_GUARD,
      "switch (pc) {",
      ...cases,
      "default: break run;",
      "}",
      "}",
      ...(shared ? ["trace = null;"] : scalars.map((s) => `K_${s.name} = ${s.name};`)),
      "return decisions;",
      "}",
      "",
      "function scores(): number[][] {",
      ...constants,
      ...aliases,
      ...(shared ? [] : [...scalars.map((s) => `const ${s.name} = K_${s.name};`), "const $variants = K_variants;", ...variants.map((v) => `const ${variantFlag(v)} = K_variants.includes(${quote(v)});`)]),
      ...scores,
      "}",
      "",
      "return {",
      "policy: K_P,",
      "play: ($players: number, seed: number, trace: unknown[] | null = null, variants: readonly string[] = NO_VARIANTS, preferred = false): number => play($players, seed, trace, variants, null, 0, preferred, DECISION_CAP),",
      "resume($s: BaseState, trace: unknown[] | null = null, preferred = false, cap: number = DECISION_CAP): number {",
      "const $entry = entryOf($s);",
      "return $entry < 0 ? -1 : play($s.humans ?? $s.players, 0, trace, $s.variants, $s, $entry, preferred, cap);",
      "},",
      "scores,",
      "ending: () => (K_ended < 0 ? null : ENDS[K_ended]!),",
      "};",
    ];
    let lines = [`/** ${docText(`${game.title} for random playouts: the rules of flow.ts and moves.ts over a preallocated state (see Game.playout).`)} */`, "export function playout(): PlayoutKernel {", ...body, "}"].join("\n").split("\n");
    // Where the cards were put is kept only for the moves that look it up.
    const looksUp = lines.some((line) => line.includes("takeFromZoneOf("));
    if (!looksUp) lines = lines.filter((line) => !line.includes(WHERE));
    this.counts.hints = looksUp;
    // A zone never read keeps no cards, unless a move may look for a card in it.
    lines = writeOnlyPuts(lines, looksUp);
    // Moves update the running counts of the zones they touch.
    lines = lines.flatMap((line) => this.counts.markerCode(line) ?? [line]);
    // Tables of `first` by a printed number go stale where their zone is written, and at each start.
    lines = lines.flatMap((line) => (line === START_MARKER ? [...this.firstTables.startCode(), line] : (this.firstTables.markerCode(line) ?? [line])));
    // Code that writes what memoized functions read bumps their generations.
    lines = lines.flatMap((line) => this.memo.writesCode(line) ?? [line]);
    // Writes of a per-player variable keep the counts of seats by it.
    lines = this.held.markerCode(lines);
    // The setup's draw-free prefix, copied where every variable of the closure has its role.
    const state = kernelState({ code: this.code, memo: this.memo, counts: this.counts, held: this.held, firstTables: this.firstTables }, vars, scalars, variants, [...constants, ...tables, ...entryLines], locals);
    lines = prefixCode(lines, state, variants, humans).lines;
    let text = lines.join("\n");
    const withoutDraw = text.replaceAll(`${DRAW_P}\n`, "");
    if (!withoutDraw.includes("$drawP")) text = withoutDraw;
    const withoutRoll = text.replace(`${roll}\n`, "");
    if (!withoutRoll.includes("$roll(")) text = withoutRoll;
    const uses = (name: string): boolean => new RegExp(`\\b${name}\\b`).test(text);
    const cards = [...new Set([...this.code.cardImports, ...this.ctx.cardImports().filter(uses)])].sort();
    const runtimeConstants = RUNTIME_CONSTANTS.filter(uses);
    const bound = [...cards.map((n) => `const ${n} = cardData.${n};`), ...runtimeConstants.map((n) => `const ${n} = RUNTIME_${n};`)];
    text = text.replaceAll(ALIASES, bound.join("\n"));
    // The closure's variables, read by the steps' functions, as `var`: no test of each read.
    // The closure's arrays read through locals in each step's function (constants to V8 in every loop).
    if (split) text = arraysBoundInFunctions(closureVariablesAsVar(text), arrays.map((a) => a.name));
    return this.ctx.file("playout.ts", (file) => {
      const runtime = RUNTIME_NAMES.filter(uses).sort();
      const imports = [...runtime, ...runtimeConstants.map((name) => ({ name, alias: `RUNTIME_${name}` }))];
      if (imports.length) file.addImportDeclaration({ moduleSpecifier: RUNTIME, namedImports: imports });
      file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: RUNTIME, namedImports: ["BaseState", "PlayoutKernel", "RuleSite"] });
      if (this.code.endSites.length > 0) file.addImportDeclaration({ moduleSpecifier: "./sites.js", namedImports: ["AT"] });
      if (cards.length || text.includes("cardData.")) file.addImportDeclaration({ moduleSpecifier: "./cards.js", namedImports: [], namespaceImport: "cardData" });
      file.addStatements(text);
    });
  }

  // ── the flow ───────────────────────────────────────────────────────────────────────────────────

  /** As flow.ts: a step with one way in is written inside the step that leads to it. */
  private fused(label: string): boolean {
    return !this.unfused && isFused(this.ctx.machine, this.entries, label);
  }

  private stepCode(step: Step): string[] {
    const lines: string[] = [];
    for (const effect of step.effects) {
      switch (effect.kind) {
        case "run":
          lines.push(...this.code.statement(effect.statement));
          break;
        case "enter-phase":
          break;
        case "loop-start": {
          // A native loop starts at the step's exit.
          const list = this.loopLists.get(effect.loop)!;
          if (!this.freshLoops.has(effect.loop)) lines.push(...list.fill, `${list.index} = 0;`);
          break;
        }
        case "loop-bind":
          // A native loop's heads bind (both the fresh game's and the head step of a resumed one).
          if (!this.freshLoops.has(effect.loop)) lines.push(this.loopLists.get(effect.loop)!.bind);
          break;
        case "loop-step":
          if (!this.freshLoops.has(effect.loop)) lines.push(`${this.loopLists.get(effect.loop)!.index} += 1;`);
          break;
      }
    }
    // Where steps are functions, a window passes by an idle seat where its part opens.
    const passBy = this.unfused ? this.idleSeats.passBy(step, (label) => this.continueAt(label)) : [];
    const native = this.freshLoops.startedBy(step);
    return [...lines, ...passBy, ...(native ? this.freshLoop(step, native) : this.exit(step.exit))];
  }

  /** The native loop `step` starts, in place of its way to the loop's head (playout-fresh-loops.ts). */
  private freshLoop(step: Step, loop: LoopSlots): string[] {
    const head = this.freshLoops.headOf(loop);
    if (head.exit.kind !== "loop-branch") throw new Error("internal: a loop's head does not test its place");
    const [at, headPc, bodyPc] = [step.label, head.label, head.exit.then].map((label) => this.pcs.get(label)!);
    // In the flow's order the body follows its head, and both the step that starts the loop.
    if (!(at! < headPc! && headPc! < bodyPc!)) throw new Error("internal: a loop's body does not follow the step that starts it");
    return this.freshLoops.run(loop, this.loopLists.get(loop)!, headPc!, bodyPc!, this.continueAt(head.exit.otherwise));
  }

  private continueAt(label: string): string[] {
    if (label === END) return this.code.jump("END");
    const step = this.ctx.machine.steps.find((candidate) => candidate.label === label);
    if (step && this.fused(label)) return this.stepCode(step);
    if (step && !this.unfused && !this.copying.has(label)) {
      // A short step with several ways in is copied in place of the jump to it, as a fused one is:
      // For Sale's bid goes on to the next bidder and the test of the auction's end without going
      // back through the dispatch. Its own case stays for the other ways in; a step already being
      // copied jumps, so a loop still goes back through the dispatch, which counts its steps.
      this.copying.add(label);
      const copy = this.stepCode(step);
      this.copying.delete(label);
      if (copy.length <= COPIED_STEP_LINES) return ["{", ...copy, "}"];
    }
    const pc = this.pcs.get(label);
    if (pc === undefined) throw new Error(`internal: no program counter for ${label}`);
    return [...(step ? this.emptyLoopSkip(step) : []), ...this.code.jump(String(pc))];
  }

  /** A step whose one effect starts a native loop whose listing a running count guards: the count
   *  tested where the flow goes into the step, and at 0 (the loop would visit nothing) the flow goes
   *  straight on to what follows the loop. The loop's step is then called only where it has cards to
   *  look at, and what follows is written, and inlined by V8, at the jump. */
  private emptyLoopSkip(step: Step): string[] {
    const loop = this.freshLoops.startedBy(step);
    const guard = loop && step.effects.length === 1 ? this.loopLists.get(loop)!.guard : null;
    // (A step whose one effect starts a loop opens no window: no seat is passed by there.)
    if (!loop || !guard) return [];
    const head = this.freshLoops.headOf(loop);
    if (head.exit.kind !== "loop-branch") return [];
    return [`if (!(${guard})) {`, ...this.continueAt(head.exit.otherwise), "}"];
  }

  private exit(exit: Exit): string[] {
    switch (exit.kind) {
      case "goto":
        return this.continueAt(exit.target);
      case "end":
        return this.code.jump("END");
      case "branch": {
        const { pre, code } = this.code.hoisted(() => this.code.expression(exit.condition));
        return [...pre, `if (${code}) {`, ...this.continueAt(exit.then), "}", ...this.continueAt(exit.otherwise)];
      }
      case "loop-branch": {
        const list = this.loopLists.get(exit.loop)!;
        const index = list.index;
        // A native loop's head step runs only in a game resumed inside the loop, as its body's way back.
        if (this.freshLoops.has(exit.loop)) return [`${index} += 1;`, `if (${index} < ${list.count}) {`, list.bind, ...this.continueAt(exit.then), "}", ...this.continueAt(exit.otherwise)];
        return [`if (${index} < ${list.count}) {`, ...this.continueAt(exit.then), "}", ...this.continueAt(exit.otherwise)];
      }
      case "decide": {
        let lines = this.decided.get(exit.decision);
        if (!lines) this.decided.set(exit.decision, (lines = this.decisions.decide(exit.decision)));
        // In one `play`, the step jumps to the decision's entry, so that one copy of its code runs
        // both for a game played on and for a game resumed there, and V8 optimizes it with the
        // feedback of both (a copy only `resume` ran would deoptimize `play` the first time it ran).
        // A window passes by an idle seat first (its entry does not).
        if (!this.unfused && !exit.decision.ask.window) return this.code.jump(String(this.decisionPcs.get(exit.decision)));
        return lines;
      }
    }
  }
}
