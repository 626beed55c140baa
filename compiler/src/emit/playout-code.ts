// The playout kernel's expressions and decision-free statements (see playout-file.ts): the same rules
// as code.ts and statement-code.ts write them for the state machine, but over the kernel's state:
// variables in closure `let`s and preallocated arrays, zones as segments of one Int32Array of card
// ids (runtime/src/playout.ts), no events, no knowledge. Anything not written here yet throws
// `KernelUnsupported`, and the game then gets no kernel (never a kernel that plays other rules).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { LocalSlot } from "../check/types.js";
import { CHAINS, cardFieldArray, chainText, quote, tableConstant, zoneDeclaration } from "./code.js";

/** A construct the kernel emitter does not write yet: the reason is shown by `rules compile`. */
export class KernelUnsupported extends Error {}

export function unsupported(what: string): never {
  throw new KernelUnsupported(what);
}

/** Where each zone lives in the kernel's card array. */
export interface ZoneLayout {
  readonly declaration: A.ZoneDeclaration;
  /** The constant naming its first segment. */
  readonly constant: string;
  readonly first: number;
  /** Stacks are stored top-last (dealing is a pop). */
  readonly topLast: boolean;
}

export interface ZoneRef {
  readonly layout: ZoneLayout;
  /** The segment as code: `Z_deck`, `(Z_hand + p)`. */
  readonly seg: string;
}

/** Names the kernel's generated code uses: `v_` variables, `l_` locals, `$` temporaries (which no
 *  rules name can contain), so a rules name never clashes with one of the kernel's own. */
export const varName = (name: string): string => `v_${name}`;
export const localName = (slot: LocalSlot): string => `l_${slot.slot}`;

export class KernelCode {
  /** Imports from cards.js that the written code uses. */
  readonly cardImports = new Set<string>();
  /** Scratch arrays the written code uses (lists snapshot before a loop, choices of an `ask each`). */
  readonly scratch: { name: string; init: string }[] = [];
  private temporaries = 0;

  constructor(
    private readonly game: CheckedGame,
    private readonly zones: ReadonlyMap<string, ZoneLayout>,
    /** Every seat's segments of a per-player zone are this many. */
    private readonly maxSeats: number,
    /** The zone a card expression takes its card from, when the rules make that plain (the state
     *  machine's own record: StatementWriter.origin). */
    private readonly originOf: (card: A.Expression) => A.Expression | null,
    /** The site (`AT.L12`) of an `end game` statement, as the state machine names it. */
    private readonly endSite: (range: A.SourceRange) => string,
  ) {}

  /** The sites of the `end game` statements written so far, in the order `K_ended` numbers them. */
  readonly endSites: string[] = [];

  /** A fresh temporary name. */
  temp(base: string): string {
    return `$${base}${this.temporaries++}`;
  }

  newScratch(size: string): string {
    const name = `$list${this.scratch.length}`;
    this.scratch.push({ name, init: `new Int32Array(${size})` });
    return name;
  }

  // ── zones ────────────────────────────────────────────────────────────────────────────────────

  zone(e: A.Expression): ZoneRef {
    const declaration = zoneDeclaration(this.game, e);
    const layout = declaration ? this.zones.get(declaration.name.name) : undefined;
    if (!layout) return unsupported(`a zone written as an expression of kind ${e.kind}`);
    if (declaration!.perPlayer) {
      if (e.kind !== "index") return unsupported(`per-player zone ${declaration!.name.name} without a seat`);
      return { layout, seg: `(${layout.constant} + ${this.expression(e.index)})` };
    }
    return { layout, seg: layout.constant };
  }

  /** Arguments every zone helper of the runtime takes: cards, sizes, cap, segment, top-last. */
  zoneArgs(z: ZoneRef): string {
    return `C, N, CAP, ${z.seg}, ${z.layout.topLast}`;
  }

  size(z: ZoneRef): string {
    return `N[${z.seg}]!`;
  }

  isZone(e: A.Expression): boolean {
    return this.game.types.get(e)?.kind === "zone";
  }

  /** The segment as a name: a constant as it is, anything else bound once to a temporary. */
  private segment(z: ZoneRef, lines: string[]): string {
    if (/^Z_\w+$/.test(z.seg)) return z.seg;
    const seg = this.temp("seg");
    lines.push(`const ${seg} = ${z.seg};`);
    return seg;
  }

  // The zone operations of runtime/src/playout.ts written out where they are used: a kernel's `play`
  // is one large function, too large for V8 to inline many helper calls into it.

  /** Where position `i` of the zone at `seg` is stored. */
  slot(seg: string, topLast: boolean, i: string): string {
    return topLast ? `${seg} * CAP + N[${seg}]! - 1 - ${i}` : i === "0" ? `${seg} * CAP` : `${seg} * CAP + ${i}`;
  }

  cardAt(seg: string, topLast: boolean, i: string): string {
    return `C[${this.slot(seg, topLast, i)}]!`;
  }

  /** Takes the card at position `i` into a new const `target`, the others keeping their order. */
  take(seg: string, topLast: boolean, i: string, target: string): string[] {
    if (topLast && i === "0") return [`const ${target} = C[${seg} * CAP + --N[${seg}]!]!;`];
    const at = this.temp("at");
    const end = this.temp("end");
    const k = this.temp("k");
    return [
      `const ${at} = ${this.slot(seg, topLast, i)};`,
      `const ${target} = C[${at}]!;`,
      `const ${end} = ${seg} * CAP + N[${seg}]! - 1;`,
      `for (let ${k} = ${at}; ${k} < ${end}; ${k}++) C[${k}] = C[${k} + 1]!;`,
      `N[${seg}]!--;`,
    ];
  }

  /** Puts `card` at position 0 (`front`) or after the last position. */
  put(seg: string, topLast: boolean, front: boolean, card: string): string[] {
    if (front === topLast) return [`C[${seg} * CAP + N[${seg}]!] = ${card};`, `N[${seg}]!++;`];
    const k = this.temp("k");
    return [`for (let ${k} = ${seg} * CAP + N[${seg}]!; ${k} > ${seg} * CAP; ${k}--) C[${k}] = C[${k} - 1]!;`, `C[${seg} * CAP] = ${card};`, `N[${seg}]!++;`];
  }

  /** A whole number in [0, n) into a new const `target`, as `randomInt` draws it: sfc32, and a word
   *  in the last, incomplete block of n values redrawn. That test is `x - x % n > 2^32 - n`, which
   *  keeps the same words as randomInt's `x >= 2^32 - 2^32 % n` without its modulo of a double. */
  draw(words: "G" | "P", n: string, target: string): string[] {
    const x = this.temp("x");
    const r = this.temp("r");
    const size = this.temp("n");
    return [
      // As unsigned 32-bit integers both, x % n is an integer division, not a modulo of doubles.
      `const ${size} = (${n}) >>> 0;`,
      `if (${size} === 0) throw new GameFault("fault/random-range", "a kernel draws among 1 to 2^32 - 1 values");`,
      `let ${x} = 0;`,
      `let ${r} = 0;`,
      "do {",
      `const $a = ${words}[0]!, $b = ${words}[1]!, $c = ${words}[2]!, $d = ${words}[3]!;`,
      "const $t = (((($a + $b) | 0) + $d) | 0);",
      `${words}[3] = $d + 1;`,
      `${words}[0] = $b ^ ($b >>> 9);`,
      `${words}[1] = $c + ($c << 3);`,
      `${words}[2] = (($c << 21) | ($c >>> 11)) + $t;`,
      `${x} = $t >>> 0;`,
      `${r} = ${x} % ${size};`,
      `} while (${x} - ${r} > 4294967296 - ${size});`,
      `const ${target} = ${r};`,
    ];
  }

  // ── hoisting: an aggregate written as a loop before the statement that uses it ──────────────────

  /** Where the aggregates of the expression being written go, as loops; null: write them in place
   *  (inside `and`, `or` and `?:`, whose later parts may not run, and where no statement precedes). */
  private prelude: string[] | null = null;

  /** Writes an expression whose aggregates may run first, as loops: `pre` goes before `code`. */
  hoisted(write: () => string): { pre: string[]; code: string } {
    const outer = this.prelude;
    const pre: string[] = [];
    this.prelude = pre;
    try {
      const code = write();
      return { pre, code };
    } finally {
      this.prelude = outer;
    }
  }

  /** `write` with aggregates in place (a part of an expression that may not be evaluated). */
  private inPlace<T>(write: () => T): T {
    const outer = this.prelude;
    this.prelude = null;
    try {
      return write();
    } finally {
      this.prelude = outer;
    }
  }

  /** A statement line with its hoisted aggregates before it. */
  private withValue(e: A.Expression, line: (code: string) => string[]): string[] {
    const { pre, code } = this.hoisted(() => this.expression(e));
    return [...pre, ...line(code)];
  }

  // ── expressions ──────────────────────────────────────────────────────────────────────────────

  expression(e: A.Expression): string {
    switch (e.kind) {
      case "integer":
        if (this.game.types.get(e)?.kind === "player" && e.value >= this.game.seatCounts[0]!) return unsupported("a seat named by a number that some player counts lack");
        return String(e.value);
      case "boolean":
        return String(e.value);
      case "string":
        return quote(e.value);
      case "name":
        return this.name(e);
      case "index": {
        const target = this.game.types.get(e.target);
        if (target?.kind === "table") {
          const name = e.target.kind === "name" ? e.target.name : unsupported("a table read through an expression");
          this.cardImports.add(tableConstant(name));
          return `tableValue(${tableConstant(name)}, ${this.expression(e.index)}, ${quote(name)})`;
        }
        if (e.target.kind === "name" && this.game.names.get(e.target)?.kind === "var") {
          const binding = this.game.names.get(e.target);
          if (binding?.kind === "var" && binding.declaration.perPlayer) return `${varName(e.target.name)}[${this.expression(e.index)}]!`;
        }
        return unsupported("an index into something other than a per-player variable or a table");
      }
      case "member": {
        const target = this.game.types.get(e.target);
        if (target?.kind === "enum-type") return quote(e.member.name);
        if (target?.kind === "card") {
          const array = cardFieldArray(target.cardType, e.member.name);
          this.cardImports.add(array);
          return `${array}[${this.expression(e.target)}]!`;
        }
        return unsupported("a member of something other than a card or an enum");
      }
      case "unary":
        return e.operator === "not" ? `!(${this.expression(e.operand)})` : `-(${this.expression(e.operand)})`;
      case "binary":
        return this.binary(e);
      case "conditional": {
        const condition = this.expression(e.condition);
        return this.inPlace(() => `(${condition} ? ${this.expression(e.then)} : ${this.expression(e.otherwise)})`);
      }
      case "call":
        return this.call(e);
      case "aggregate":
        return this.aggregate(e);
      default:
        return unsupported(`a ${e.kind} expression`);
    }
  }

  private name(e: A.NameExpression): string {
    const binding = this.game.names.get(e);
    switch (binding?.kind) {
      case "var":
        if (binding.declaration.perCard) return unsupported("per-card variables");
        if (binding.declaration.perPlayer) return unsupported(`per-player variable ${e.name} used without a seat`);
        return varName(e.name);
      case "builtin":
        return binding.name === "players" ? unsupported("the list of players used as a value") : "players";
      case "local":
        return localName(binding.slot);
      default:
        return unsupported(`${binding?.kind ?? "an unresolved name"} '${e.name}' used as a value`);
    }
  }

  private binary(e: A.BinaryExpression): string {
    const chain = CHAINS[e.operator];
    if (chain) {
      // As code.ts writes it: a long chain flat, in runs, so that no parser recurses per term.
      const links: A.BinaryExpression[] = [];
      let first: A.Expression = e;
      while (first.kind === "binary" && CHAINS[first.operator] === chain) {
        links.push(first);
        first = first.left;
      }
      links.reverse();
      const terms = [this.expression(first), ...links.map((link) => (link.operator === "and" || link.operator === "or" ? this.inPlace(() => this.expression(link.right)) : this.expression(link.right)))];
      return `(${chainText(terms, links.map((link) => link.operator))})`;
    }
    const left = this.expression(e.left);
    const right = e.operator === "and" || e.operator === "or" ? this.inPlace(() => this.expression(e.right)) : this.expression(e.right);
    switch (e.operator) {
      case "/":
        // A constant divisor other than 0 needs no check.
        return e.right.kind === "integer" && e.right.value !== 0 ? `Math.floor(${left} / ${right})` : `floorDiv(${left}, ${right})`;
      case "%":
        return `floorMod(${left}, ${right})`;
      case "==":
        return `(${left} === ${right})`;
      case "!=":
        return `(${left} !== ${right})`;
      case "and":
        return `(${left} && ${right})`;
      case "or":
        return `(${left} || ${right})`;
      case "in":
        return unsupported("`in`");
      default:
        return `(${left} ${e.operator} ${right})`;
    }
  }

  private call(e: A.CallExpression): string {
    if (this.game.names.get(e)?.kind === "function") return unsupported("calls of the rules' functions");
    switch (e.callee.name) {
      case "count": {
        if (!this.isZone(e.args[0]!)) return unsupported("count of something other than a zone");
        return this.size(this.zone(e.args[0]!));
      }
      case "top": {
        const z = this.zone(e.args[0]!);
        return `topCardOf(${this.zoneArgs(z)})`;
      }
      case "next": {
        // A seat is below the player count: the next one wraps to 0 without a division.
        const seat = this.expression(e.args[0]!);
        return /drawInt|=>/.test(seat) ? `((${seat} + 1) % players)` : `(${seat} + 1 < players ? ${seat} + 1 : 0)`;
      }
      case "random_player":
        return "drawInt(G, players)";
      case "abs":
        return `Math.abs(${this.expression(e.args[0]!)})`;
      case "min":
        return `Math.min(${this.expression(e.args[0]!)}, ${this.expression(e.args[1]!)})`;
      case "max":
        return `Math.max(${this.expression(e.args[0]!)}, ${this.expression(e.args[1]!)})`;
      default:
        return unsupported(`${e.callee.name}()`);
    }
  }

  /** Each item of an aggregate's or a loop's source: players by counting, a zone by position. */
  eachOf(source: A.Expression, binder: string, body: string[]): string[] {
    if (source.kind === "name" && this.game.names.get(source)?.kind === "builtin" && source.name === "players") {
      return [`for (let ${binder} = 0; ${binder} < players; ${binder}++) {`, ...body, "}"];
    }
    if (this.isZone(source)) {
      const z = this.zone(source);
      const i = this.temp("i");
      const lines: string[] = [];
      const seg = this.segment(z, lines);
      return ["{", ...lines, `for (let ${i} = 0; ${i} < N[${seg}]!; ${i}++) {`, `const ${binder} = ${this.cardAt(seg, z.layout.topLast, i)};`, ...body, "}", "}"];
    }
    return unsupported("a loop over something other than the players or a zone");
  }

  private binderOf(identifier: A.Identifier): string {
    const binding = this.game.names.get(identifier);
    if (binding?.kind !== "local") throw new Error("internal: unresolved binder");
    return localName(binding.slot);
  }

  private aggregate(e: A.AggregateExpression): string {
    const binder = this.binderOf(e.binder);
    if (!e.condition && e.callee.name === "count" && this.isZone(e.source)) return this.size(this.zone(e.source));
    if (!["count", "sum", "any", "all"].includes(e.callee.name)) return unsupported(`${e.callee.name}(…) as a value`);
    if (e.callee.name !== "count" && !e.value) return unsupported(`${e.callee.name} without a value`);
    const prelude = this.prelude;
    // The condition and value are written inside the loop, their own aggregates hoisted there.
    const inLoop = (write: (code: string) => string): string[] => {
      const where = e.condition ? this.hoisted(() => this.expression(e.condition!)) : null;
      const value = e.value ? this.hoisted(() => this.expression(e.value!)) : { pre: [], code: "" };
      const line = write(value.code);
      if (!where) return [...value.pre, line];
      return [...where.pre, `if (${where.code}) {`, ...value.pre, line, "}"];
    };
    const result = prelude ? this.temp(e.callee.name) : "$n";
    const [type, init, line, end] =
      e.callee.name === "count"
        ? ["number", "0", () => `${result}++;`, result]
        : e.callee.name === "sum"
          ? ["number", "0", (v: string) => `${result} += ${v};`, result]
          : e.callee.name === "any"
            ? ["boolean", "false", (v: string) => `if (${v}) { ${result} = true; break; }`, result]
            : ["boolean", "true", (v: string) => `if (!(${v})) { ${result} = false; break; }`, result];
    if (prelude) {
      prelude.push(`let ${result}: ${type} = ${init};`, ...this.eachOf(e.source, binder, inLoop(line)));
      return result;
    }
    // In place: a loop in an arrow function called on the spot (the state machine's form).
    return this.inPlace(() => `((): ${type} => { let ${result}: ${type} = ${init}; ${this.eachOf(e.source, binder, inLoop(line)).join("\n")} return ${end}; })()`);
  }

  // ── statements ───────────────────────────────────────────────────────────────────────────────

  statements(statements: readonly A.Statement[]): string[] {
    return statements.flatMap((s) => this.statement(s));
  }

  statement(s: A.Statement): string[] {
    switch (s.kind) {
      case "let": {
        const binding = this.game.names.get(s.name);
        if (binding?.kind !== "local") throw new Error("internal: unresolved let");
        return this.withValue(s.value, (value) => [binding.slot.storage === "state" ? `${localName(binding.slot)} = ${value};` : `let ${localName(binding.slot)} = ${value};`]);
      }
      case "assign": {
        const { pre, code: target } = this.hoisted(() => this.assignable(s.target));
        return [...pre, ...this.withValue(s.value, (value) => [`${target} ${s.operator} ${value};`])];
      }
      case "if": {
        const lines = this.withValue(s.condition, (condition) => [`if (${condition}) {`, ...this.statements(s.then.statements), "}"]);
        if (s.otherwise) lines.push("else {", ...this.statements(s.otherwise.statements), "}");
        return lines;
      }
      case "while": {
        // The condition's aggregates run again before each test.
        const { pre, code } = this.hoisted(() => this.expression(s.condition));
        return [
          "for (let $passes = 0; ; $passes++) {",
          ...pre,
          `if (!(${code})) break;`,
          `if ($passes >= LOOP_LIMIT) throw new GameFault("fault/endless-loop", "a loop ran without ending or asking anyone");`,
          ...this.statements(s.body.statements),
          "}",
        ];
      }
      case "for":
        return this.forLoop(s);
      case "phase":
        return this.statements(s.body.statements);
      case "shuffle":
        return this.shuffle(s);
      case "deal":
        return this.deal(s);
      case "move-all":
        return this.moveAll(s);
      case "move":
        return this.move(s);
      case "transfer": {
        const amountCode = this.hoisted(() => this.expression(s.amount));
        const fromCode = this.hoisted(() => this.assignable(s.from));
        const toCode = this.hoisted(() => this.assignable(s.to));
        const [amount, from, to] = [amountCode.code, fromCode.code, toCode.code];
        return [
          "{",
          ...amountCode.pre,
          ...fromCode.pre,
          ...toCode.pre,
          // `transfer up to N`: as much of N as the source holds.
          `const $amount = ${s.upTo ? `Math.min(${amount}, ${from})` : amount};`,
          `if ($amount < 0) throw new GameFault("fault/negative-transfer", \`cannot transfer a negative amount (\${$amount}) from ${describeTarget(s.from)}\`);`,
          `if (${from} < $amount) throw new GameFault("fault/insufficient", \`${describeTarget(s.from)} has \${${from}}, not the \${$amount} to transfer\`);`,
          `${from} -= $amount;`,
          `${to} += $amount;`,
          "}",
        ];
      }
      case "say":
        // Words for the story of a game: a playout tells none.
        return [];
      case "end-game": {
        // Which `end game` ended the game, for `ending()` (tools count the ends of a run by statement).
        const end = this.endSites.push(this.endSite(s.range)) - 1;
        return [`K_ended = ${end};`, "pc = END;", "continue run;"];
      }
      case "inlined":
        return ["{", ...this.statements(s.parameters), ...this.statements(s.body.statements), "}"];
      default:
        return unsupported(`the statement \`${s.kind}\``);
    }
  }

  /** Fisher–Yates over the positions, drawing from the game's generator as `shuffle` does. */
  private shuffle(s: A.ShuffleStatement): string[] {
    const lines = ["{"];
    const z = this.zone(s.zone);
    const seg = this.segment(z, lines);
    const i = this.temp("i");
    const a = this.temp("a");
    const b = this.temp("b");
    const j = this.temp("j");
    lines.push(
      `for (let ${i} = N[${seg}]! - 1; ${i} > 0; ${i}--) {`,
      ...this.draw("G", `(${i} + 1)`, j),
      `const ${a} = ${this.slot(seg, z.layout.topLast, i)};`,
      `const ${b} = ${this.slot(seg, z.layout.topLast, j)};`,
      `const $card = C[${a}]!;`,
      `C[${a}] = C[${b}]!;`,
      `C[${b}] = $card;`,
      "}",
      "}",
    );
    return lines;
  }

  /** A variable or local that an assignment or transfer writes. */
  private assignable(e: A.Expression): string {
    if (e.kind === "name") {
      const binding = this.game.names.get(e);
      if (binding?.kind === "local") return localName(binding.slot);
      if (binding?.kind === "var" && !binding.declaration.perPlayer && !binding.declaration.perCard) return varName(e.name);
    }
    if (e.kind === "index" && e.target.kind === "name") {
      const binding = this.game.names.get(e.target);
      if (binding?.kind === "var" && binding.declaration.perPlayer) return `${varName(e.target.name)}[${this.expression(e.index)}]`;
    }
    return unsupported("an assignment to something other than a variable or a local");
  }

  /** `for x in SOURCE [where] [by]`: the values snapshot first (as the state machine does), kept by
   *  `where`, sorted stably by `by`, then visited. A plain loop over the players needs no snapshot. */
  private forLoop(s: A.ForStatement): string[] {
    const binder = this.binderOf(s.binder);
    if (!s.condition && !s.orderBy && s.source.kind === "name" && s.source.name === "players" && this.game.names.get(s.source)?.kind === "builtin") {
      return [`for (let ${binder} = 0; ${binder} < players; ${binder}++) {`, ...this.statements(s.body.statements), "}"];
    }
    const { lines, list, count } = this.snapshot(s);
    const i = this.temp("i");
    return ["{", ...lines, `for (let ${i} = 0; ${i} < ${count}; ${i}++) {`, `const ${binder} = ${list}[${i}]!;`, ...this.statements(s.body.statements), "}", "}"];
  }

  /** A for loop's values in a scratch list: `lines` fill `list[0..count)`. */
  snapshot(s: A.ForStatement): { lines: string[]; list: string; count: string } {
    const binder = this.binderOf(s.binder);
    const sourceSize = this.isZone(s.source) ? "CAP" : String(this.maxSeats);
    const list = this.newScratch(sourceSize);
    const count = this.temp("n");
    const lines = [`let ${count} = 0;`];
    const keep = s.condition ? this.hoisted(() => this.expression(s.condition!)) : null;
    const add = `${list}[${count}++] = ${binder};`;
    lines.push(...this.eachOf(s.source, binder, keep ? [...keep.pre, `if (${keep.code}) ${add}`] : [add]));
    if (s.orderBy) {
      // sortedBy's insertion sort: stable, descending by the negated key.
      const keys = this.newScratch(sourceSize).replace("$list", "$keys");
      this.scratch[this.scratch.length - 1] = { name: keys, init: `new Float64Array(${sourceSize})` };
      const key = this.hoisted(() => this.expression(s.orderBy!));
      lines.push(
        `for (let $k = 0; $k < ${count}; $k++) {`,
        `const ${binder} = ${list}[$k]!;`,
        ...key.pre,
        `const $key = ${s.descending ? `-(${key.code})` : key.code};`,
        "let $at = $k;",
        `while ($at > 0 && ${keys}[$at - 1]! > $key) { ${list}[$at] = ${list}[$at - 1]!; ${keys}[$at] = ${keys}[$at - 1]!; $at--; }`,
        `${list}[$at] = ${binder};`,
        `${keys}[$at] = $key;`,
        "}",
      );
    }
    return { lines, list, count };
  }

  private sameZone(a: A.Expression, b: A.Expression): boolean {
    return zoneDeclaration(this.game, a) === zoneDeclaration(this.game, b);
  }

  /** Cards put into a stack go on top (position 0) unless the rules say `to bottom of`. */
  private front(to: ZoneRef, atBottom: boolean): boolean {
    return to.layout.declaration.zoneKind === "stack" && !atBottom;
  }

  private deal(s: A.DealStatement): string[] {
    if (this.sameZone(s.from, s.to)) return unsupported("a deal from a zone into the same zone");
    const from = this.zone(s.from);
    const to = this.zone(s.to);
    const lines = ["{"];
    const { pre, code: count } = this.hoisted(() => this.expression(s.count));
    lines.push(...pre);
    const fromSeg = this.segment(from, lines);
    const toSeg = this.segment(to, lines);
    lines.push(
      `const $count = ${count};`,
      `if (!Number.isInteger($count) || $count < 0 || $count > N[${fromSeg}]!) throw new GameFault("fault/not-enough-cards", ${quote(`cannot deal that many cards from ${describeTarget(s.from)}`)});`,
      "for (let $dealt = 0; $dealt < $count; $dealt++) {",
      ...this.take(fromSeg, from.layout.topLast, "0", "$card"),
      ...this.put(toSeg, to.layout.topLast, this.front(to, s.atBottom), "$card"),
      "}",
      "}",
    );
    return lines;
  }

  private moveAll(s: A.MoveAllStatement): string[] {
    const from = this.zone(s.from);
    const to = this.zone(s.to);
    // A zone moved into itself stays as it is (moveAllCards): only two parts of one per-player
    // zone can turn out to be the same at run time.
    const same = from.layout === to.layout;
    if (same && !from.layout.declaration.perPlayer) return [];
    const front = this.front(to, s.atBottom);
    const k = this.temp("k");
    const card = this.cardAt("$from", from.layout.topLast, k);
    return [
      "{",
      `const $from = ${from.seg};`,
      `const $to = ${to.seg};`,
      same ? "if ($from !== $to) {" : "{",
      // Onto the top, the cards keep their order: the last goes in first.
      front ? `for (let ${k} = N[$from]! - 1; ${k} >= 0; ${k}--) {` : `for (let ${k} = 0; ${k} < N[$from]!; ${k}++) {`,
      `const $card = ${card};`,
      ...this.put("$to", to.layout.topLast, front, "$card"),
      "}",
      "N[$from] = 0;",
      "}",
      "}",
    ];
  }

  private move(s: A.MoveStatement): string[] {
    const to = this.zone(s.to);
    const zone = to.layout.declaration;
    const limit = zone.zoneKind === "slot" ? "1" : zone.limit ? this.expression(zone.limit) : null;
    const lines = ["{"];
    const card = s.card;
    if (card.kind === "aggregate" && !card.condition && card.value && (card.callee.name === "lowest" || card.callee.name === "highest") && this.isZone(card.source)) {
      // The lowest or highest card of a zone (ties: the first): found by position, taken from there.
      const from = this.zone(card.source);
      const seg = this.segment(from, lines);
      const binder = this.binderOf(card.binder);
      const better = card.callee.name === "lowest" ? "<" : ">";
      const key = this.hoisted(() => this.expression(card.value!));
      lines.push(
        `const $n = N[${seg}]!;`,
        `if ($n === 0) throw new GameFault("fault/empty-aggregate", ${quote(`${card.callee.name}(${describeTarget(card.source)}) of nothing: the collection is empty`)});`,
        "let $at = 0;",
        "let $best = 0;",
        "for (let $i = 0; $i < $n; $i++) {",
        `const ${binder} = ${this.cardAt(seg, from.layout.topLast, "$i")};`,
        ...key.pre,
        `const $key = ${key.code};`,
        `if ($i === 0 || $key ${better} $best) { $at = $i; $best = $key; }`,
        "}",
        ...this.take(seg, from.layout.topLast, "$at", "$card"),
      );
    } else if (card.kind === "call" && card.callee.name === "top" && this.isZone(card.args[0]!)) {
      const from = this.zone(card.args[0]!);
      const seg = this.segment(from, lines);
      lines.push(`if (N[${seg}]! === 0) throw new GameFault("fault/empty-zone", ${quote(`${describeTarget(card.args[0]!)} is empty: it has no top card`)});`);
      lines.push(...this.take(seg, from.layout.topLast, "0", "$card"));
    } else {
      const origin = this.originOf(card);
      if (!origin) return unsupported("a move of a card whose zone the rules do not make plain");
      const from = this.zone(origin);
      const { pre, code } = this.hoisted(() => this.expression(card));
      lines.push(...pre);
      const seg = this.segment(from, lines);
      lines.push(
        `const $wanted = ${code};`,
        "let $at = -1;",
        `for (let $i = 0; $i < N[${seg}]!; $i++) if (${this.cardAt(seg, from.layout.topLast, "$i")} === $wanted) { $at = $i; break; }`,
        `if ($at < 0) throw new GameFault("fault/card-not-in-zone", ${quote(`the card is not in ${describeTarget(origin)}`)});`,
        ...this.take(seg, from.layout.topLast, "$at", "$card"),
      );
    }
    const toSeg = this.segment(to, lines);
    if (limit !== null) {
      lines.push(`if (N[${toSeg}]! >= ${limit}) throw new GameFault("fault/zone-full", ${quote(`${describeTarget(s.to)} is full`)});`);
    }
    lines.push(...this.put(toSeg, to.layout.topLast, this.front(to, s.atBottom), "$card"), "}");
    return lines;
  }
}

/** A variable or zone as the rules write it, for fault messages. */
function describeTarget(e: A.Expression): string {
  switch (e.kind) {
    case "name":
      return e.name;
    case "index":
      return `${describeTarget(e.target)}[${describeTarget(e.index)}]`;
    case "integer":
      return String(e.value);
    default:
      return "…";
  }
}
