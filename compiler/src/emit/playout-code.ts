// The playout kernel's expressions and decision-free statements (see playout-file.ts): the same rules
// as code.ts and statement-code.ts write them for the state machine, but over the kernel's state:
// variables in closure `let`s and preallocated arrays, zones as segments of one Int32Array of card
// ids (runtime/src/playout.ts), no events, no knowledge. Anything not written here yet throws
// `KernelUnsupported`, and the game then gets no kernel (never a kernel that plays other rules).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { LocalSlot } from "../check/types.js";
import { cardFieldArray, quote, tableConstant, zoneDeclaration } from "./code.js";

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
  /** Scratch Int32Arrays the written code uses (for lists snapshot before a loop), by name. */
  readonly scratch: string[] = [];
  private temporaries = 0;

  constructor(
    private readonly game: CheckedGame,
    private readonly zones: ReadonlyMap<string, ZoneLayout>,
    /** Every seat's segments of a per-player zone are this many. */
    private readonly maxSeats: number,
    /** The zone a card expression takes its card from, when the rules make that plain (the state
     *  machine's own record: StatementWriter.origin). */
    private readonly originOf: (card: A.Expression) => A.Expression | null,
  ) {}

  /** A fresh temporary name. */
  temp(base: string): string {
    return `$${base}${this.temporaries++}`;
  }

  newScratch(size: string): string {
    const name = `$list${this.scratch.length}`;
    this.scratch.push(`const ${name} = new Int32Array(${size});`);
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
      case "conditional":
        return `(${this.expression(e.condition)} ? ${this.expression(e.then)} : ${this.expression(e.otherwise)})`;
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
    const left = this.expression(e.left);
    const right = this.expression(e.right);
    switch (e.operator) {
      case "/":
        return `floorDiv(${left}, ${right})`;
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
      case "next":
        return `nextSeat(${this.expression(e.args[0]!)}, players)`;
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
      return [`for (let ${i} = 0; ${i} < ${this.size(z)}; ${i}++) {`, `const ${binder} = cardAt(${this.zoneArgs(z)}, ${i});`, ...body, "}"];
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
    const where = e.condition ? this.expression(e.condition) : null;
    const value = e.value ? this.expression(e.value) : null;
    const guarded = (line: string): string[] => [where ? `if (${where}) ${line}` : line];
    const loop = (result: string, init: string, body: string[], end: string): string =>
      `((): ${result} => { ${init} ${this.eachOf(e.source, binder, body).join("\n")} ${end} })()`;
    switch (e.callee.name) {
      case "count":
        if (!where && this.isZone(e.source)) return this.size(this.zone(e.source));
        return loop("number", "let $n = 0;", guarded("$n++;"), "return $n;");
      case "sum":
        if (!value) return unsupported("sum without a value");
        return loop("number", "let $n = 0;", guarded(`$n += ${value};`), "return $n;");
      case "any":
        if (!value) return unsupported("any without a value");
        return loop("boolean", "", guarded(`if (${value}) return true;`), "return false;");
      case "all":
        if (!value) return unsupported("all without a value");
        return loop("boolean", "", guarded(`if (!(${value})) return false;`), "return true;");
      default:
        return unsupported(`${e.callee.name}(…) as a value`);
    }
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
        const value = this.expression(s.value);
        return binding.slot.storage === "state" ? [`${localName(binding.slot)} = ${value};`] : [`let ${localName(binding.slot)} = ${value};`];
      }
      case "assign":
        return [`${this.assignable(s.target)} ${s.operator} ${this.expression(s.value)};`];
      case "if": {
        const lines = [`if (${this.expression(s.condition)}) {`, ...this.statements(s.then.statements), "}"];
        if (s.otherwise) lines.push("else {", ...this.statements(s.otherwise.statements), "}");
        return lines;
      }
      case "while":
        return [
          `for (let $passes = 0; ${this.expression(s.condition)}; $passes++) {`,
          `if ($passes >= LOOP_LIMIT) throw new GameFault("fault/endless-loop", "a loop ran without ending or asking anyone");`,
          ...this.statements(s.body.statements),
          "}",
        ];
      case "for":
        return this.forLoop(s);
      case "phase":
        return this.statements(s.body.statements);
      case "shuffle":
        return [`shuffleZone(G, ${this.zoneArgs(this.zone(s.zone))});`];
      case "deal":
        return this.deal(s);
      case "move-all":
        return this.moveAll(s);
      case "move":
        return this.move(s);
      case "transfer": {
        const from = this.assignable(s.from);
        const to = this.assignable(s.to);
        const amount = this.expression(s.amount);
        return [
          "{",
          `const $amount = checkTransfer(${s.upTo ? `Math.min(${amount}, ${from})` : amount}, ${from}, ${quote(describeTarget(s.from))});`,
          `${from} -= $amount;`,
          `${to} += $amount;`,
          "}",
        ];
      }
      case "say":
        // Words for the story of a game: a playout tells none.
        return [];
      case "end-game":
        return ["pc = END;", "continue run;"];
      case "inlined":
        return ["{", ...this.statements(s.parameters), ...this.statements(s.body.statements), "}"];
      default:
        return unsupported(`the statement \`${s.kind}\``);
    }
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
    const keep = s.condition ? `if (${this.expression(s.condition)}) ` : "";
    lines.push(...this.eachOf(s.source, binder, [`${keep}${list}[${count}++] = ${binder};`]));
    if (s.orderBy) {
      // sortedBy's insertion sort: stable, descending by the negated key.
      const keys = this.newScratch(sourceSize).replace("$list", "$keys");
      this.scratch[this.scratch.length - 1] = `const ${keys} = new Float64Array(${sourceSize});`;
      const key = this.expression(s.orderBy);
      lines.push(
        `for (let $k = 0; $k < ${count}; $k++) {`,
        `const ${binder} = ${list}[$k]!;`,
        `const $key = ${s.descending ? `-(${key})` : key};`,
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
    return [
      "{",
      `const $count = ${this.expression(s.count)};`,
      `if (!Number.isInteger($count) || $count < 0 || $count > ${this.size(from)}) throw new GameFault("fault/not-enough-cards", ${quote(`cannot deal that many cards from ${describeTarget(s.from)}`)});`,
      `for (let $k = 0; $k < $count; $k++) putCard(${this.zoneArgs(to)}, ${this.front(to, s.atBottom)}, takeAt(${this.zoneArgs(from)}, 0));`,
      "}",
    ];
  }

  private moveAll(s: A.MoveAllStatement): string[] {
    const from = this.zone(s.from);
    const to = this.zone(s.to);
    const front = this.front(to, s.atBottom);
    return [
      "{",
      `const $from = ${from.seg};`,
      `const $to = ${to.seg};`,
      "if ($from !== $to) {",
      // Onto the top, the cards keep their order: the last goes in first.
      front
        ? `for (let $k = N[$from]! - 1; $k >= 0; $k--) putCard(C, N, CAP, $to, ${to.layout.topLast}, true, cardAt(C, N, CAP, $from, ${from.layout.topLast}, $k));`
        : `for (let $k = 0; $k < N[$from]!; $k++) putCard(C, N, CAP, $to, ${to.layout.topLast}, false, cardAt(C, N, CAP, $from, ${from.layout.topLast}, $k));`,
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
      const binder = this.binderOf(card.binder);
      const better = card.callee.name === "lowest" ? "<" : ">";
      lines.push(
        `const $from = ${from.seg};`,
        `const $n = N[$from]!;`,
        `if ($n === 0) throw new GameFault("fault/empty-aggregate", ${quote(`${card.callee.name}(${describeTarget(card.source)}) of nothing: the collection is empty`)});`,
        "let $at = 0;",
        "let $best = 0;",
        "for (let $i = 0; $i < $n; $i++) {",
        `const ${binder} = cardAt(C, N, CAP, $from, ${from.layout.topLast}, $i);`,
        `const $key = ${this.expression(card.value)};`,
        `if ($i === 0 || $key ${better} $best) { $at = $i; $best = $key; }`,
        "}",
        `const $card = takeAt(C, N, CAP, $from, ${from.layout.topLast}, $at);`,
      );
    } else if (card.kind === "call" && card.callee.name === "top" && this.isZone(card.args[0]!)) {
      const from = this.zone(card.args[0]!);
      lines.push(`const $card = topCardOf(${this.zoneArgs(from)});`, `takeAt(${this.zoneArgs(from)}, 0);`);
    } else {
      const origin = this.originOf(card);
      if (!origin) return unsupported("a move of a card whose zone the rules do not make plain");
      const from = this.zone(origin);
      lines.push(
        `const $card = ${this.expression(card)};`,
        `const $at = positionOf(${this.zoneArgs(from)}, $card);`,
        `if ($at < 0) throw new GameFault("fault/card-not-in-zone", ${quote(`the card is not in ${describeTarget(origin)}`)});`,
        `takeAt(${this.zoneArgs(from)}, $at);`,
      );
    }
    if (limit !== null) {
      lines.push(`if (${this.size(to)} >= ${limit}) throw new GameFault("fault/zone-full", ${quote(`${describeTarget(s.to)} is full`)});`);
    }
    lines.push(`putCard(${this.zoneArgs(to)}, ${this.front(to, s.atBottom)}, $card);`, "}");
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
