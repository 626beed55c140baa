// The playout kernel's expressions: values, aggregates as loops (hoisted before their statement), iteration.
import type * as A from "../syntax/ast.js";
import { cardFieldArray, chainCode, quote, tableConstant } from "./code.js";
import { byteFlagSet, failing, flagSet, isSeatFlag } from "./playout-flags.js";
import { tableByPlayers, tableByPlayersRead } from "./playout-table-reads.js";
import { KernelEnumCodes } from "./playout-enum-codes.js";
import { plainSource } from "./playout-memo-reads.js";
import type { KernelCounts } from "./playout-counts.js";
import type { KernelHeldCounts } from "./playout-held-counts.js";
import type { FirstTables } from "./playout-first-tables.js";
import { KernelLists, kernelType, setArray } from "./playout-lists.js";
import { localName, unsupported, varName, type ZoneRef } from "./playout-zones.js";
import { ELIMINATED } from "../check/elimination.js";
import { seatSkips } from "./playout-call-skips.js";
import { seatsOutside, seatsOutsideFrom } from "./playout-seat-masks.js";
import { cardEnumCode, cardEnumOf, cardVarNamed, cardVarRead } from "./playout-card-vars.js";
import { ALL_SEATS, complement, seatsPassing, setsOverSeats } from "./playout-seat-sets.js";
import { seatSetFirst } from "./playout-seat-set-firsts.js";

/** The kernel's flag for one variant of the game: true while a game plays with it. */
export function variantFlag(variant: string): string {
  return `$variant_${variant}`;
}

/** The per-player variable `eliminate` keeps (0 while a seat is in the game). */
const ELIMINATED_VAR = varName(ELIMINATED);

/** Expressions as the kernel writes them, over KernelZones' state (statements: playout-statements.ts). */
export abstract class KernelExpressions extends KernelLists {
  /** Enum-valued card fields compared as integers (playout-enum-codes.ts). */
  readonly enumCodes = new KernelEnumCodes(this.game);
  /** Set by the kernel writer: the zones' running counts by a field printed on their cards (playout-counts.ts). */
  countsTable: KernelCounts | null = null;
  /** Set by the kernel writer: tables for `first` by a printed number (playout-first-tables.ts). */
  firstTables: FirstTables | null = null;
  /** Set by the kernel writer: the counts of seats by a per-player flag (playout-held-counts.ts). */
  heldTable: KernelHeldCounts | null = null;

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
  protected inPlace<T>(write: () => T): T {
    const outer = this.prelude;
    this.prelude = null;
    try {
      return write();
    } finally {
      this.prelude = outer;
    }
  }

  /** A statement line with its hoisted aggregates before it. */
  protected withValue(e: A.Expression, line: (code: string) => string[]): string[] {
    const { pre, code } = this.hoisted(() => this.expression(e));
    return [...pre, ...line(code)];
  }

  // ── expressions ──────────────────────────────────────────────────────────────────────────────

  expression(e: A.Expression): string {
    // A zone reaching here is used as a value (`count`, loops and moves read zones in place).
    if ((e.kind === "name" || e.kind === "index") && this.isZone(e)) return this.zoneValue(e);
    switch (e.kind) {
      case "list":
        return `[${e.elements.map((element) => this.expression(element)).join(", ")}]`;
      case "range":
        return `integers(${this.expression(e.low)}, ${this.expression(e.high)})`;
      case "integer":
        if (this.game.types.get(e)?.kind === "player" && e.value >= this.game.seatCounts[0]!) return unsupported("a seat named by a number that some player counts lack");
        return String(e.value);
      case "boolean":
        return String(e.value);
      case "string":
        return quote(e.value);
      case "name":
        return this.flagTest(e) ?? this.name(e);
      case "index": {
        const flag = this.flagTest(e);
        if (flag !== null) return flag;
        const target = this.game.types.get(e.target);
        if (target?.kind === "table") {
          const name = e.target.kind === "name" ? e.target.name : unsupported("a table read through an expression");
          this.cardImports.add(tableConstant(name));
          const key = this.expression(e.index);
          // An enum member is a string here, not the table's key type: that read goes through the helper.
          if (this.game.types.get(e.index)?.kind === "enum") return `tableValue(${tableConstant(name)}, ${key}, ${quote(name)})`;
          // Keyed by the player count: one entry per game, read from an array (playout-table-reads.ts).
          if (key === "players" && this.game.types.get(e.index)?.kind === "int") {
            const byPlayers = tableByPlayers(name, Math.max(this.game.maxPlayers, ...this.game.seatCounts));
            if (!this.scratch.some((s) => s.name === byPlayers.name)) this.scratch.push(byPlayers);
            return tableByPlayersRead(name);
          }
          // Read in place (a call would not be inlined into `play`); the key is written again
          // only for the fault of a missing entry.
          return `(${tableConstant(name)}.get(${key}) ?? missingTableKey(${quote(name)}, ${key}))`;
        }
        if (e.target.kind === "name" && this.game.names.get(e.target)?.kind === "var") {
          const binding = this.game.names.get(e.target);
          // A flag or an enum per card is kept as a number (playout-card-vars.ts).
          if (binding?.kind === "var" && binding.declaration.perCard && !binding.declaration.perPlayer) return cardVarRead(this.game, binding.declaration, varName(e.target.name), this.expression(e.index));
          if (binding?.kind === "var" && (binding.declaration.perPlayer || binding.declaration.perCard)) return `${varName(e.target.name)}[${this.expression(e.index)}]!`;
        }
        return unsupported("an index into something other than a per-player variable or a table");
      }
      case "member": {
        const flag = this.flagTest(e);
        if (flag !== null) return flag;
        const target = this.game.types.get(e.target);
        if (target?.kind === "enum-type") return quote(e.member.name);
        if (target?.kind === "card") {
          const array = cardFieldArray(target.cardType, e.member.name);
          this.cardImports.add(array);
          return `${array}[${this.expression(e.target)}]!`;
        }
        return unsupported("a member of something other than a card or an enum");
      }
      case "unary": {
        if (e.operator !== "not") return `-(${this.expression(e.operand)})`;
        const flag = this.flagTest(e.operand);
        return flag === null ? `!(${this.expression(e.operand)})` : `(${failing(flag)})`;
      }
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

  /** The test that a flag (a `bool` variable, a seat's entry of one kept per player, a local, a
   *  card's printed field, a variant's flag) is set (playout-flags.ts); null for anything else. */
  private flagTest(e: A.Expression): string | null {
    const read = this.flagRead(e);
    if (read === null) return null;
    return read.byte ? byteFlagSet(read.code) : flagSet(read.code);
  }

  /** What a flag reads (`code`), and whether it is kept as a byte (a seat's flag); null for anything
   *  but a flag. */
  private flagRead(e: A.Expression): { code: string; byte: boolean } | null {
    if (e.kind === "call" && e.callee.name === "variant" && this.game.names.get(e)?.kind !== "function") return { code: variantFlag((e.args[0] as A.NameExpression).name), byte: false };
    if (this.game.types.get(e)?.kind !== "bool" || this.isZone(e)) return null;
    if (e.kind === "index" && e.target.kind === "name") {
      const held = this.game.names.get(e.target);
      return held?.kind === "var" && isSeatFlag(this.game, held.declaration) ? { code: `${varName(e.target.name)}[${this.expression(e.index)}]!`, byte: true } : null;
    }
    if (e.kind === "member") {
      const card = this.game.types.get(e.target);
      if (card?.kind !== "card") return null;
      const array = cardFieldArray(card.cardType, e.member.name);
      this.cardImports.add(array);
      return { code: `${array}[${this.expression(e.target)}]!`, byte: false };
    }
    if (e.kind !== "name") return null;
    const binding = this.game.names.get(e);
    if (binding?.kind === "var" && !binding.declaration.perCard && !binding.declaration.perPlayer) return { code: this.name(e), byte: false };
    if (binding?.kind === "local" && this.setView(e) === null) return { code: this.name(e), byte: false };
    return null;
  }

  /** The builtin `players`. */
  private isPlayers(e: A.Expression): boolean {
    if (e.kind !== "name" || e.name !== "players") return false;
    const binding = this.game.names.get(e);
    return binding?.kind === "builtin" && binding.name === "players";
  }

  private name(e: A.NameExpression): string {
    const binding = this.game.names.get(e);
    switch (binding?.kind) {
      case "var":
        if (binding.declaration.perCard) return unsupported("per-card variables");
        if (binding.declaration.perPlayer) return unsupported(`per-player variable ${e.name} used without a seat`);
        return varName(e.name);
      case "builtin":
        if (binding.name !== "players") return "players";
        return this.game.eliminates ? `seatsInPlay(players, ${ELIMINATED_VAR})` : "seatList(players)";
      case "local": {
        const alias = this.aliasOf(binding.slot);
        if (alias !== null) return alias;
        const view = this.setView(e);
        return view ? setArray(view) : localName(binding.slot);
      }
      case "enum-type":
        // An enum as a collection (`k in Colour`): its members in order.
        this.cardImports.add(`ALL_${e.name}`);
        return `ALL_${e.name}`;
      default:
        return unsupported(`${binding?.kind ?? "an unresolved name"} '${e.name}' used as a value`);
    }
  }

  /** `v[c] == E.m` (or `!=`, either way round), v an enum per card kept as codes
   *  (playout-card-vars.ts): the code compared with the member's; null for any other comparison. */
  private cardEnumComparison(e: A.BinaryExpression): string | null {
    if (e.operator !== "==" && e.operator !== "!=") return null;
    const same = e.operator === "==" ? "===" : "!==";
    // Two such variables of one enum: two codes.
    const coded = (side: A.Expression): string | null => {
      const declaration = side.kind === "index" ? cardVarNamed(this.game, side.target) : null;
      return declaration && !declaration.perPlayer ? cardEnumOf(this.game, declaration) : null;
    };
    const enumName = coded(e.left);
    if (enumName !== null && coded(e.right) === enumName) {
      const read = (side: A.IndexExpression): string => `${varName((side.target as A.NameExpression).name)}[${this.expression(side.index)}]!`;
      return `(${read(e.left as A.IndexExpression)} ${same} ${read(e.right as A.IndexExpression)})`;
    }
    for (const [read, member] of [[e.left, e.right], [e.right, e.left]] as const) {
      if (read.kind !== "index") continue;
      const declaration = cardVarNamed(this.game, read.target);
      const code = declaration && !declaration.perPlayer ? cardEnumCode(this.game, declaration, member) : null;
      if (code === null) continue;
      return `(${varName((read.target as A.NameExpression).name)}[${this.expression(read.index)}]! ${same} ${code})`;
    }
    return null;
  }

  private binary(e: A.BinaryExpression): string {
    if ((e.operator === "and" || e.operator === "or") && this.prelude) {
      return this.shortCircuit(e, this.prelude);
    }
    const coded = this.enumCodes.comparison(e, (card) => this.expression(card)) ?? this.cardEnumComparison(e);
    if (coded !== null) return coded;
    // As code.ts writes it, but a term after `and` or `or` may not run: its aggregates stay in place.
    const capped = this.cappedCount(e);
    if (capped !== null) return capped;
    const chain = chainCode(e, (term, after) => (after === "and" || after === "or" ? this.inPlace(() => this.expression(term)) : this.expression(term)));
    if (chain !== null) return chain;
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
        if (this.isZone(e.right)) return `(positionOf(${this.zoneArgs(this.zone(e.right))}, ${left}) >= 0)`;
        // A seat among the players (still in play): a test of the seat, no list made.
        if (this.isPlayers(e.right) && /^[\w$]+$/.test(left)) {
          const seated = `${left} >= 0 && ${left} < players`;
          return this.game.eliminates ? `(${seated} && ${ELIMINATED_VAR}[${left}] === 0)` : `(${seated})`;
        }
        return `${right}.includes(${left})`;
      default:
        return `(${left} ${e.operator} ${right})`;
    }
  }

  /** `count(x in S where W) > 1` and the like, a count compared with a whole number k: the loop stops
   *  once it has counted k + 1, which every comparison with k tells apart from the full count as well
   *  (For Sale asks whether more than one seat is still bidding before every bid). */
  private cappedCount(e: A.BinaryExpression): string | null {
    if (!this.prelude || !["<", "<=", ">", ">=", "==", "!="].includes(e.operator)) return null;
    const counts = (side: A.Expression): side is A.AggregateExpression => side.kind === "aggregate" && side.callee.name === "count" && side.condition !== null;
    const [count, limit] = counts(e.left) && e.right.kind === "integer" ? [e.left, e.right] : counts(e.right) && e.left.kind === "integer" ? [e.right, e.left] : [null, null];
    if (count === null || limit === null || limit.value < 0) return null;
    const counted = this.aggregate(count, String(limit.value));
    const [left, right] = count === e.left ? [counted, String(limit.value)] : [String(limit.value), counted];
    const operator = e.operator === "==" ? "===" : e.operator === "!=" ? "!==" : e.operator;
    return `(${left} ${operator} ${right})`;
  }

  /** A chain of `and` (or of `or`) whose later terms hold aggregates, written as statements before
   *  the one that uses it: each later term, its loops first, runs only while the chain is undecided,
   *  as `&&` and `||` would run it. An aggregate left in place would be a closure made and called on
   *  every evaluation. Where no later term needs a loop, the plain `&&` (`||`) chain. */
  private shortCircuit(e: A.BinaryExpression, prelude: string[]): string {
    const terms: A.Expression[] = [];
    let first: A.Expression = e;
    while (first.kind === "binary" && first.operator === e.operator) {
      terms.push(first.right);
      first = first.left;
    }
    terms.reverse();
    const later = terms.map((term) => this.hoisted(() => this.expression(term)));
    const head = this.expression(first);
    if (later.every((term) => term.pre.length === 0)) return `(${[head, ...later.map((term) => term.code)].join(e.operator === "and" ? " && " : " || ")})`;
    const result = this.temp("cond");
    prelude.push(`let ${result}: boolean = ${head};`);
    const undecided = e.operator === "and" ? result : `!${result}`;
    for (const term of later) prelude.push(`if (${undecided}) {`, ...term.pre, `${result} = ${term.code};`, "}");
    return result;
  }

  /** `count(distinct(x in S where W: K))` as a loop before the statement: each key kept is compared
   *  with those kept before it (a handful: the sets a move takes), so no list or set is made. */
  private distinctCount(e: A.AggregateExpression, prelude: string[]): string {
    const binder = this.binderOf(e.binder);
    const type = kernelType(this.game.types.get(e.value!));
    if (type !== "number" && type !== "string") return `${this.listAggregate(e, binder)}.length`;
    const keys = this.newIndexedList(type);
    const count = this.temp("distinct");
    const key = this.temp("key");
    const j = this.temp("j");
    const where = e.condition ? this.hoisted(() => this.expression(e.condition!)) : null;
    const value = this.hoisted(() => this.expression(e.value!));
    const keep = [
      ...value.pre,
      `const ${key} = ${value.code};`,
      `let ${j} = 0;`,
      `while (${j} < ${count} && ${keys}[${j}] !== ${key}) ${j}++;`,
      `if (${j} === ${count}) ${keys}[${count}++] = ${key};`,
    ];
    prelude.push(`let ${count} = 0;`, ...this.eachOf(e.source, binder, where ? [...where.pre, `if (${where.code}) {`, ...keep, "}"] : keep, this.filterOf(e.binder, e.condition)));
    return count;
  }

  /** `top` or `last` of a zone read in place (a helper call would not be inlined into `play`),
   *  the fault of an empty zone behind the test. */
  private endCard(z: ZoneRef, end: "top" | "last"): string {
    const stored = (end === "top") === z.layout.topLast ? `${z.seg} * CAP + N[${z.seg}]! - 1` : `${z.seg} * CAP`;
    return `(N[${z.seg}]! > 0 ? C[${stored}]! : emptyZone(${quote(end)}))`;
  }

  private call(e: A.CallExpression): string {
    if (this.game.names.get(e)?.kind === "function") return this.functionCall(e);
    switch (e.callee.name) {
      case "count": {
        const counted = e.args[0]!;
        if (counted.kind === "aggregate" && counted.callee.name === "distinct" && counted.value && this.prelude) return this.distinctCount(counted, this.prelude);
        if (this.isZone(counted)) return this.size(this.zone(counted));
        if (this.isPlayers(counted)) {
          // The seats (still in play) counted, no list made.
          if (!this.game.eliminates) return "players";
          const kept = this.countsTable?.seatsInPlay();
          if (kept) return kept;
          if (this.prelude) {
            const n = this.temp("seats");
            this.prelude.push(`let ${n} = 0;`, `for (let $s = 0; $s < players; $s++) if (${ELIMINATED_VAR}[$s] === 0) ${n}++;`);
            return n;
          }
        }
        const view = this.setView(counted);
        return view ? view.count : `${this.expression(counted)}.length`;
      }
      case "top": {
        if (this.isZone(e.args[0]!)) return this.endCard(this.zone(e.args[0]!), "top");
        // The lowest seat in play found in place: no list of the seats made for its first.
        if (this.isPlayers(e.args[0]!) && this.game.eliminates) return `firstSeatInPlay(players, ${ELIMINATED_VAR})`;
        // A drawn set's first card, read in place; topCard's fault when it is empty.
        const view = this.setView(e.args[0]!);
        if (view) return `(${view.count} > 0 ? ${view.list}[0]! : topCard([], "the list"))`;
        return `topCard(${this.expression(e.args[0]!)}, "the list")`;
      }
      case "best_sets":
        return this.bestSets(e);
      case "variant":
        // A flag set once per game (see variantFlag), not a search of the variant list per test.
        return this.flagTest(e)!;
      case "next": {
        // A seat is below the player count: the next one wraps to 0 without a division.
        const seat = this.expression(e.args[0]!);
        if (this.game.eliminates) return `nextSeatInPlay(${seat}, players, ${ELIMINATED_VAR})`;
        return /drawInt|=>/.test(seat) ? `((${seat} + 1) % players)` : `(${seat} + 1 < players ? ${seat} + 1 : 0)`;
      }
      case "nth": {
        const z = this.zone(e.args[0]!);
        return `nthCardOf(${this.zoneArgs(z)}, ${this.expression(e.args[1]!)})`;
      }
      case "last": {
        const z = this.zone(e.args[0]!);
        return this.endCard(z, "last");
      }
      case "random_player":
        return "drawInt(G, players)";
      case "roll":
        return `$roll(G, ${this.expression(e.args[0]!)})`;
      case "bot":
        // The rules' bots sit after the human seats; a game without bots has none.
        return this.game.bots.length > 0 ? `(${this.expression(e.args[0]!)} >= humans)` : "false";
      case "players_from":
        return this.game.eliminates ? `seatsFromInPlay(${this.expression(e.args[0]!)}, players, ${ELIMINATED_VAR})` : `seatsFrom(${this.expression(e.args[0]!)}, players)`;
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

  /** `any(q in players: T)` or `all(q in players: T)` (either with `where C`) where T (and C) read
   *  as sets of seats (playout-seat-sets.ts): whether the seats in play passing C meet T in some
   *  seat, or in every one, from the masks; null otherwise. */
  private seatSetRead(e: A.AggregateExpression): string | null {
    if (!this.heldTable || this.game.eliminates || (e.callee.name !== "any" && e.callee.name !== "all") || !e.value) return null;
    const sets = setsOverSeats({ game: this.game, held: this.heldTable, counts: this.countsTable }, e, (x) => this.expression(x));
    if (!sets) return null;
    const value = seatsPassing(sets, e.value);
    const where = e.condition ? seatsPassing(sets, e.condition) : null;
    if (!value || (e.condition && !where)) return null;
    value.keep();
    where?.keep();
    const within = where ? `${ALL_SEATS} & ${where.mask}` : ALL_SEATS;
    return e.callee.name === "any" ? `((${within} & ${value.mask}) !== 0)` : `((${within} & ${complement(value.mask)}) === 0)`;
  }

  /** Each item of an aggregate's or a loop's source: players by counting, a zone by position. */
  eachOf(source: A.Expression, binder: string, body: string[], filter: { slot: unknown; test: A.Expression | null } | null = null): string[] {
    if (source.kind === "name" && this.game.names.get(source)?.kind === "builtin" && source.name === "players") {
      // A game that eliminates: the players are those still in the game.
      if (this.game.eliminates) return [`for (let ${binder} = 0; ${binder} < players; ${binder}++) {`, `if (${ELIMINATED_VAR}[${binder}] !== 0) continue;`, ...body, "}"];
      // Only the seats the filter's leading tests can let through, by seat masks (playout-call-skips.ts).
      const skipped = this.seatSkipsOf(filter);
      if (skipped) return this.seatsGuarded(filter, seatsOutside(skipped, binder, body));
      return this.seatsGuarded(filter, [`for (let ${binder} = 0; ${binder} < players; ${binder}++) {`, ...body, "}"]);
    }
    if (this.isZone(source)) {
      const z = this.zone(source);
      const i = this.temp("i");
      const lines: string[] = [];
      const seg = this.segment(z, lines);
      // The zone's size read once: nothing that reads a zone value by value changes it. None of
      // its cards is looked at where its running counts say none passes the filter (playout-counts.ts).
      const n = this.temp("n");
      const guard = filter?.test ? this.countsTable?.guard(filter.test, filter.slot, z.layout, seg) : null;
      return ["{", ...lines, guard ? `const ${n} = ${guard} ? N[${seg}]! : 0;` : `const ${n} = N[${seg}]!;`, `for (let ${i} = 0; ${i} < ${n}; ${i}++) {`, `const ${binder} = ${this.cardAt(seg, z.layout.topLast, i)};`, ...body, "}", "}"];
    }
    if (source.kind === "call" && source.callee.name === "players_from" && this.game.names.get(source)?.kind !== "function") {
      // The seats in turn order from one: counted round the table, no list made.
      const start = this.temp("start");
      const k = this.temp("k");
      const skipped = plainSource(source.args[0]!) ? filter : null;
      const eliminated = this.game.eliminates ? [`if (${ELIMINATED_VAR}[${binder}] !== 0) continue;`] : [];
      // Only the seats the filter's leading tests can let through, in turn order (playout-call-skips.ts).
      const skips = this.seatSkipsOf(skipped);
      if (skips) return this.seatsGuarded(skipped, ["{", `const ${start} = ${this.expression(source.args[0]!)};`, ...seatsOutsideFrom(skips, start, binder, [...eliminated, ...body]), "}"]);
      return this.seatsGuarded(skipped, [
        "{",
        `const ${start} = ${this.expression(source.args[0]!)};`,
        `for (let ${k} = 0; ${k} < players; ${k}++) {`,
        `const ${binder} = ${start} + ${k} < players ? ${start} + ${k} : ${start} + ${k} - players;`,
        ...eliminated,
        ...body,
        "}",
        "}",
      ]);
    }
    if (source.kind === "range") {
      const high = this.temp("high");
      return ["{", `const ${high} = ${this.expression(source.high)};`, `for (let ${binder} = ${this.expression(source.low)}; ${binder} <= ${high}; ${binder}++) {`, ...body, "}", "}"];
    }
    if (source.kind === "list") {
      // A list written out (`[Category.paintings, Category.jewellery]`): its values, in order.
      const values = source.elements.map((element) => this.expression(element));
      const i = this.temp("i");
      return [`for (const ${i} of [${values.join(", ")}]) {`, `const ${binder} = ${i};`, ...body, "}"];
    }
    const view = this.setView(source);
    if (view) {
      // A drawn set: its scratch list, in the order drawn.
      const i = this.temp("i");
      return [`for (let ${i} = 0; ${i} < ${view.count}; ${i}++) {`, `const ${binder} = ${view.list}[${i}]!;`, ...body, "}"];
    }
    // Any other list: its values as an array.
    const item = this.temp("item");
    return [`for (const ${item} of ${this.expression(source)}) {`, `const ${binder} = ${item};`, ...body, "}"];
  }

  /** The mask of the seats a pass's filter skips by its leading tests (playout-call-skips.ts); null where none is read. */
  private seatSkipsOf(filter: { slot: unknown; test: A.Expression | null } | null): string | null {
    return filter?.test && this.heldTable ? seatSkips(this.game, this.heldTable, this.countsTable, filter.test, filter.slot, (x) => this.expression(x)) : null;
  }

  /** A pass over the seats, skipped where the running counts of seats say none passes its filter
   *  (playout-held-counts.ts). */
  private seatsGuarded(filter: { slot: unknown; test: A.Expression | null } | null, loop: string[]): string[] {
    const guard = filter?.test ? this.heldTable?.guard(filter.test, filter.slot) : null;
    return guard ? [`if (${guard}) {`, ...loop, "}"] : loop;
  }

  /** A loop's filter (its binder's slot and the test its items must pass), for eachOf. */
  filterOf(binder: A.Identifier, test: A.Expression | null): { slot: unknown; test: A.Expression | null } | null {
    const binding = this.game.names.get(binder);
    return test && binding?.kind === "local" ? { slot: binding.slot, test } : null;
  }

  protected binderOf(identifier: A.Identifier): string {
    const binding = this.game.names.get(identifier);
    if (binding?.kind !== "local") throw new Error("internal: unresolved binder");
    return localName(binding.slot);
  }

  /** `first(x in source where …)` as a loop before the statement that reads it (no list of the
   *  source made, no test function), with firstOf's fault when nothing matches. */
  private firstIn(e: A.AggregateExpression, binder: string, prelude: string[]): string {
    const type = kernelType(this.game.types.get(e));
    if (type !== "number" && type !== "string") return this.listAggregate(e, binder);
    const result = this.temp("first");
    const found = this.temp("found");
    const where = e.condition ? this.hoisted(() => this.expression(e.condition!)) : { pre: [], code: "true" };
    prelude.push(
      `let ${result}: ${type} = ${type === "number" ? "0" : '""'};`,
      `let ${found} = false;`,
      ...this.eachOf(e.source, binder, [...where.pre, `if (${where.code}) { ${result} = ${binder}; ${found} = true; break; }`], this.filterOf(e.binder, e.condition)),
      `if (!${found}) throw new GameFault("fault/empty-aggregate", ${quote(`${e.callee.name}(…): no item matches`)});`,
    );
    return result;
  }

  /** `cap`, for a count: a whole number at which the count may stop once past it (see cappedCount). */
  private aggregate(e: A.AggregateExpression, cap: string | null = null): string {
    const binder = this.binderOf(e.binder);
    if (!e.condition && e.callee.name === "count" && this.isZone(e.source)) return this.size(this.zone(e.source));
    // A count of the cards of a zone by a field printed on them (or any, or all): a running count
    // (playout-counts.ts).
    const counted = this.countsTable?.read(e, (x) => this.expression(x), (x) => this.zone(x));
    if (counted) return counted;
    // A count of the seats by a per-player test (or any): a running count (playout-held-counts.ts).
    const held = this.heldTable?.read(e, (x) => this.expression(x));
    if (held) return held;
    // `any` or `all` over the seats by a test read as a set of seats: its mask, tested once.
    const seats = this.seatSetRead(e);
    if (seats) return seats;
    // `any` or `first` over the seats (seats leaving the game too): the mask, walked lowest first.
    const firstSeat = this.heldTable ? seatSetFirst({ sets: { game: this.game, held: this.heldTable, counts: this.countsTable }, prelude: this.prelude, eliminated: this.game.eliminates ? ELIMINATED_VAR : null, expression: (x) => this.expression(x), temp: (x) => this.temp(x) }, e) : null;
    if (firstSeat) return firstSeat;
    // A card looked up by a printed number in a zone only the setup writes: a table (playout-first-tables.ts).
    const tabled = this.firstTables?.read(e, (x) => this.expression(x));
    if (tabled) return tabled;
    if (e.callee.name === "first" && this.prelude) return this.firstIn(e, binder, this.prelude);
    if (!["count", "sum", "any", "all", "min", "max"].includes(e.callee.name)) return this.listAggregate(e, binder);
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
    // min and max as bestIndex: the first value, then each strictly better one (NaN marks "none
    // yet": values are whole numbers); of nothing, a fault.
    const best = e.callee.name === "max" ? ">" : "<";
    const [type, init, line] =
      e.callee.name === "min" || e.callee.name === "max"
        ? ["number", "NaN", (v: string) => `{ const $v = ${v}; if (${result} !== ${result} || $v ${best} ${result}) ${result} = $v; }`]
        : e.callee.name === "count"
          ? ["number", "0", () => (cap === null ? `${result}++;` : `if (++${result} > ${cap}) break;`)]
          : e.callee.name === "sum"
            ? ["number", "0", (v: string) => `${result} += ${v};`]
            : e.callee.name === "any"
              ? ["boolean", "false", (v: string) => `if (${v}) { ${result} = true; break; }`]
              : ["boolean", "true", (v: string) => `if (!(${v})) { ${result} = false; break; }`];
    const empty =
      e.callee.name === "min" || e.callee.name === "max"
        ? [`if (${result} !== ${result}) throw new GameFault("fault/empty-aggregate", ${quote(`${e.callee.name}(…) of nothing: the collection is empty`)});`]
        : [];
    // `any` of nothing passing: false, as `count`, `sum`, `min` and `max` of a filter nothing passes.
    const filter = this.filterOf(e.binder, e.condition ?? (e.callee.name === "any" ? e.value : null));
    if (prelude) {
      prelude.push(`let ${result}: ${type} = ${init};`, ...this.eachOf(e.source, binder, inLoop(line), filter), ...empty);
      return result;
    }
    // In place: a loop in an arrow function called on the spot (the state machine's form).
    return this.inPlace(() => `((): ${type} => { let ${result}: ${type} = ${init}; ${this.eachOf(e.source, binder, inLoop(line), filter).join("\n")} ${empty.join(" ")} return ${result}; })()`);
  }
}
