// The playout kernel's statements: the decision-free statements a kernel's `play` runs, with their faults.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { quote, zoneDeclaration } from "./code.js";
import { filledArray } from "./playout-arrays.js";
import { cardVarNamed, cardVarStored } from "./playout-card-vars.js";
import { KernelExpressions } from "./playout-expressions.js";
import { failing, seatVarStored } from "./playout-flags.js";
import { kernelType } from "./playout-lists.js";
import { PositionHints } from "./playout-position-hints.js";
import { WRITE_ONLY, writeOnlyZones } from "./playout-write-only.js";
import { WHERE, localName, unsupported, varName, type ZoneLayout, type ZoneRef } from "./playout-zones.js";
import { namesMovedCard } from "./playout-memo.js";
import { writesEliminated } from "./playout-seat-totals.js";
import { partitionOut, partitionedMove } from "./playout-partition-moves.js";
import { KnownSegments } from "./playout-known-segments.js";
import { wholeBalance, wholeTransfer } from "./playout-whole-transfers.js";
import { walkStart } from "./playout-loop-walks.js";
import { holdersOf } from "./playout-holder-walks.js";
import { ALL_SEATS, seatsIn } from "./playout-seat-sets.js";
import { LoopAnalysis } from "../check/loop-analysis.js";

/** The playout kernel's code (see playout-file.ts): the same rules as code.ts and statement-code.ts
 *  write them for the state machine, but over the kernel's state: variables in closure `let`s and
 *  preallocated arrays, zones as segments of one Int32Array of card ids (runtime/src/playout.ts), no
 *  events, no knowledge. Anything not written here yet throws `KernelUnsupported`, and the game then
 *  gets no kernel (never a kernel that plays other rules). */
export class KernelCode extends KernelExpressions {
  constructor(
    game: CheckedGame,
    zones: ReadonlyMap<string, ZoneLayout>,
    /** Every seat's segments of a per-player zone are this many. */
    readonly maxSeats: number,
    /** The zone a card expression takes its card from, when the rules make that plain (the state
     *  machine's own record: StatementWriter.origin). */
    private readonly originOf: (card: A.Expression) => A.Expression | null,
    /** The site (`AT.L12`) of an `end game` statement, as the state machine names it. */
    private readonly endSite: (range: A.SourceRange) => string,
  ) {
    super(game, zones);
  }

  /** The zone whose top card a `let` names, per move of that name (playout-let-tops.ts). */
  letTops: ReadonlyMap<A.Expression, A.Expression> = new Map();

  /** Where a card parameter was drawn, for the move of that card (playout-position-hints.ts). */
  readonly positionHints = new PositionHints();
  /** The segments an option's drawn cards lie in, for the writes of their counted variables. */
  readonly knownSegments = new KnownSegments(this.game);

  /** What expressions read: here, whether they draw from the game's generator. */
  private readonly analysis = new LoopAnalysis(this.game.names);

  /** Whether statements only tell (`say`, `reveal`, `conceal`, and tests and loops of those), which
   *  changes nothing a playout keeps, and draw nothing: a test, a loop's collection, filter or order,
   *  a revealed card or its seat that draws must run, for the state machine draws those numbers as
   *  well (a `say` cannot draw: check/random-in-pure). */
  private tellsOnly(statements: readonly A.Statement[]): boolean {
    const draws = (e: A.Expression | null): boolean => e !== null && this.analysis.draws(e);
    return statements.every((s) => {
      switch (s.kind) {
        case "say":
          return true;
        case "reveal":
        case "conceal":
          return !draws(s.player) && !draws(s.card);
        case "if":
          return !draws(s.condition) && this.tellsOnly(s.then.statements) && this.tellsOnly(s.otherwise?.statements ?? []);
        case "for":
          return !draws(s.source) && !draws(s.condition) && !draws(s.orderBy) && this.tellsOnly(s.body.statements);
        default:
          return false;
      }
    });
  }

  /** The zones the rules never read (playout-write-only.ts). */
  private readonly writeOnly: ReadonlySet<string> = writeOnlyZones(this.game);

  /** Puts a card into the zone `to` (and updates its running counts), the lines marked where the
   *  rules never read the zone. */
  private putInto(to: ZoneRef, seg: string, front: boolean, card: string, movedFrom: string | null = null): string[] {
    const counts = movedFrom !== null && this.countsTable ? this.countsTable.movedMarker(to.layout, movedFrom, seg, card) : this.counted("in", to, seg);
    const lines = [...this.put(seg, to.layout.topLast, front, card), ...counts];
    return this.writeOnly.has(to.layout.declaration.name.name) ? lines.map((line) => WRITE_ONLY + line) : lines;
  }

  /** Code that leaves the step being written for the program counter `pc` (a number or END): a
   *  jump within `play`, or a return from a step's own function (see playout-file.ts). */
  jump: (pc: string) => string[] = (pc) => [`pc = ${pc};`, "continue run;"];

  /** The sites of the `end game` statements written so far, in the order `K_ended` numbers them. */
  readonly endSites: string[] = [];

  statements(statements: readonly A.Statement[]): string[] {
    return this.knownSegments.sequence(statements, (s) => this.statement(s));
  }

  statement(s: A.Statement): string[] {
    // Values the memo keeps are forgotten once what they read is written: right
    // after the statement (no statement that writes jumps or reads the state after its writes).
    const marker = this.memoTable?.statementMarker(s) ?? [];
    // A zone looked up by table written (in the setup): its tables are stale (playout-first-tables.ts).
    const tables = this.firstTables?.writeMarker(s) ?? [];
    if (marker.length === 0) return [...this.statementCode(s), ...tables];
    const code = this.statementCode(s);
    // A card moved: the marker goes inside the move's block, where the card (`$card`) is known
    // (playout-member-memo.ts).
    if (s.kind === "move" && namesMovedCard(marker) && code[code.length - 1] === "}") return [...code.slice(0, -1), ...marker, "}", ...tables];
    return [...code, ...marker, ...tables];
  }

  private statementCode(s: A.Statement): string[] {
    switch (s.kind) {
      case "let": {
        const binding = this.game.names.get(s.name);
        if (binding?.kind !== "local") throw new Error("internal: unresolved let");
        return this.withValue(s.value, (value) => [binding.slot.storage === "state" ? `${localName(binding.slot)} = ${value};` : `let ${localName(binding.slot)} = ${value};`]);
      }
      case "assign": {
        const { pre, code: target } = this.hoisted(() => this.assignable(s.target));
        // A per-player variable's running counts follow the write (playout-held-counts.ts).
        const flag = s.operator === "=" && s.value.kind === "boolean" ? s.value.value : null;
        // A per-card variable's counts by a key follow the write (playout-keyed-counts.ts).
        return [
          ...pre,
          ...this.withValue(s.value, (value) => {
            const line = `${target} ${s.operator} ${this.seatFlagStored(s.target, value)};`;
            return (
              this.countsTable?.assignment(s.target, target, s.operator, value, this.knownSegments.at(s.target, (z) => this.zone(z).seg)) ??
              // A flag or an enum per card is stored as a number (playout-card-vars.ts).
              this.cardVarWrite(s.target, target, s.operator, value) ??
              this.heldTable?.assignment(s.target, target, line, flag) ?? [line]
            );
          }),
          ...this.seatsMarker(s.target),
        ];
      }
      case "if": {
        // A test whose branches only tell (`say`) does nothing in a playout, unless the test draws.
        if (this.tellsOnly([s])) return [];
        const lines = this.withValue(s.condition, (condition) => [`if (${condition}) {`, ...this.statements(s.then.statements), "}"]);
        // An `else` left empty (it only told) is not written.
        const otherwise = s.otherwise ? this.statements(s.otherwise.statements) : [];
        if (otherwise.length > 0) lines.push("else {", ...otherwise, "}");
        return lines;
      }
      case "while": {
        // The condition's aggregates run again before each test.
        const { pre, code } = this.hoisted(() => this.expression(s.condition));
        return [
          "for (let $passes = 0; ; $passes++) {",
          ...pre,
          `if (${failing(code)}) break;`,
          `if ($passes >= LOOP_LIMIT) throw new GameFault("fault/endless-loop", "a loop ran without ending or asking anyone");`,
          ...this.statements(s.body.statements),
          "}",
        ];
      }
      case "for":
        // A loop that only tells (`say … to q` for each other seat) does nothing in a playout.
        return this.tellsOnly([s]) ? [] : this.forLoop(s);
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
        const [fromHeld, toHeld] = [this.heldMarkers(s.from, from), this.heldMarkers(s.to, to)];
        const negative = `throw new GameFault("fault/negative-transfer", \`cannot transfer a negative amount (\${$amount}) from ${describeTarget(s.from)}\`);`;
        const whole = wholeBalance(s);
        const write = [...fromHeld.before, ...toHeld.before, whole ? `${from} = 0;` : `${from} -= $amount;`, `${to} += $amount;`, ...fromHeld.after, ...toHeld.after];
        const seats = [...this.seatsMarker(s.from), ...this.seatsMarker(s.to)];
        if (whole) return ["{", ...amountCode.pre, ...fromCode.pre, ...toCode.pre, ...wholeTransfer(amount, negative, [...write, ...seats]), "}"];
        return [
          "{",
          ...amountCode.pre,
          ...fromCode.pre,
          ...toCode.pre,
          // `transfer up to N`: as much of N as the source holds.
          `const $amount = ${s.upTo ? `Math.min(${amount}, ${from})` : amount};`,
          `if ($amount < 0) ${negative}`,
          `if (${from} < $amount) throw new GameFault("fault/insufficient", \`${describeTarget(s.from)} has \${${from}}, not the \${$amount} to transfer\`);`,
          ...write,
          "}",
          ...seats,
        ];
      }
      case "say":
        // Words for the story of a game: a playout tells none.
        return [];
      case "reveal":
      case "conceal":
        // What a seat knows: a random playout reads no knowledge. A seat or card that draws is drawn
        // all the same (the seat first, as the state machine reads them), for the numbers after it.
        return [s.player, s.card].filter((e) => this.analysis.draws(e)).flatMap((e) => this.withValue(e, (code) => [`${code};`]));
      case "end-game": {
        // Which `end game` ended the game, for `ending()` (tools count the ends of a run by statement).
        const end = this.endSites.push(this.endSite(s.range)) - 1;
        return [`K_ended = ${end};`, ...this.jump("END")];
      }
      case "inlined":
        return this.inlined(s);
      default:
        return unsupported(`the statement \`${s.kind}\``);
    }
  }

  /**
   * A procedure written out where it is called. Every argument is read first, into a temporary
   * outside the procedure's block, then its parameters are bound from them: a parameter may have
   * the slot of the local its argument reads (`award(p)` into a parameter `p`), and `let l_p = l_p`
   * would read the parameter being declared.
   */
  private inlined(s: A.InlinedCall): string[] {
    const lines = ["{"];
    const bindings = s.parameters.map((parameter) => {
      const binding = this.game.names.get(parameter.name);
      if (binding?.kind !== "local") throw new Error("internal: unresolved parameter");
      const argument = this.temp("argument");
      lines.push(...this.withValue(parameter.value, (value) => [`const ${argument} = ${value};`]));
      const local = localName(binding.slot);
      return binding.slot.storage === "state" ? `${local} = ${argument};` : `let ${local} = ${argument};`;
    });
    return [...lines, "{", ...bindings, ...this.knownSegments.aliased(s.parameters, () => this.statements(s.body.statements)), "}", "}"];
  }

  private shuffle(s: A.ShuffleStatement): string[] {
    const lines = ["{"];
    const z = this.zone(s.zone);
    const seg = this.segment(z, lines);
    return [...lines, ...this.shuffled(seg, z.layout.topLast), "}"];
  }

  /** After a write of `target`: where it is `eliminated`, the running counts' totals over the seats
   *  in play are stale (playout-seat-totals.ts). */
  private seatsMarker(target: A.Expression): string[] {
    return writesEliminated(this.game, target) ? (this.countsTable?.seatsMarker() ?? []) : [];
  }

  /** The running counts' markers around a write of `target` (playout-held-counts.ts). */
  private heldMarkers(target: A.Expression, code: string): { before: string[]; after: string[] } {
    return this.heldTable?.writeMarkers(target, code) ?? { before: [], after: [] };
  }

  /** A plain write of a per-card variable kept as numbers (a flag's byte, a member's code); null
   *  for any other write (playout-card-vars.ts). */
  private cardVarWrite(target: A.Expression, code: string, operator: string, value: string): string[] | null {
    const declaration = target.kind === "index" ? cardVarNamed(this.game, target.target) : null;
    if (!declaration || declaration.perPlayer || operator !== "=") return null;
    const stored = cardVarStored(this.game, declaration, value);
    return stored === value ? null : [`${code} = ${stored};`];
  }

  /** What a seat's entry of `target` stores for `value`: a flag per seat, its byte
   *  (playout-flags.ts); the value for any other target. */
  private seatFlagStored(target: A.Expression, value: string): string {
    const held = target.kind === "index" && target.target.kind === "name" ? this.game.names.get(target.target) : undefined;
    return held?.kind === "var" ? seatVarStored(this.game, held.declaration, value) : value;
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
      if (binding?.kind === "var" && (binding.declaration.perPlayer || binding.declaration.perCard)) return `${varName(e.target.name)}[${this.expression(e.index)}]`;
    }
    return unsupported("an assignment to something other than a variable or a local");
  }

  /** `for x in SOURCE [where] [by]`: the values snapshot first (as the state machine does), kept by
   *  `where`, sorted stably by `by`, then visited. A plain loop over the players needs no snapshot. */
  private forLoop(s: A.ForStatement): string[] {
    const binder = this.binderOf(s.binder);
    // Over every seat in turn order (playout-loop-walks.ts `walkStart`): from seat 0, or from a seat.
    const start = walkStart(this.game, s);
    if (start === null) {
      // Only the seats holding a card the one loop of the body lists (playout-holder-walks.ts).
      const holders = holdersOf(this.game, this, s);
      if (holders) return seatsIn(`${ALL_SEATS} & ${holders}`, binder, this.statements(s.body.statements));
      const body = this.statements(s.body.statements);
      // Every seat's flag set alike: one marker (playout-held-counts.ts).
      return this.heldTable?.seatsFilled(binder, body) ?? [`for (let ${binder} = 0; ${binder} < players; ${binder}++) {`, ...body, "}"];
    }
    if (start !== undefined && s.source.kind === "call") {
      // The seats in turn order from one, counted round the table as they are visited: the start is
      // read once, as the snapshot reads it, and the seats never change (no elimination).
      return this.eachOf(s.source, binder, this.statements(s.body.statements));
    }
    const view = s.condition || s.orderBy ? null : this.setView(s.source);
    if (view) {
      // A drawn set: its scratch list is written only by its draw, which a move's effect never
      // reaches, so it is walked as it is (no snapshot).
      const i = this.temp("i");
      return [`for (let ${i} = 0; ${i} < ${view.count}; ${i}++) {`, `const ${binder} = ${view.list}[${i}]!;`, ...this.statements(s.body.statements), "}"];
    }
    const { lines, list, count } = this.snapshot(s);
    const i = this.temp("i");
    const move = partitionedMove(this.game, s, this.originOf);
    if (move) {
      // The kept cards taken out of the zone in one pass, then each put in its place (playout-partition-moves.ts).
      const from = this.zone(s.source);
      const body = this.withTaken(binder, () => this.statement(move));
      return ["{", ...lines, ...partitionOut(from.seg, from.layout.topLast, list, count), `for (let ${i} = 0; ${i} < ${count}; ${i}++) {`, `const ${binder} = ${list}[${i}]!;`, ...body, "}", "}"];
    }
    return ["{", ...lines, `for (let ${i} = 0; ${i} < ${count}; ${i}++) {`, `const ${binder} = ${list}[${i}]!;`, ...this.statements(s.body.statements), "}", "}"];
  }

  /** A for loop's values in a scratch list: `lines` fill `list[0..count)`. */
  snapshot(s: A.ForStatement): { lines: string[]; list: string; count: string } {
    const binder = this.binderOf(s.binder);
    const sourceSize = this.isZone(s.source) ? "CAP" : String(this.maxSeats);
    // Numbers (seats, cards) go in a typed array; enum members in an array of strings.
    const binding = this.game.names.get(s.binder);
    const element = binding?.kind === "local" ? kernelType(binding.slot.type) : "number";
    // A list of unknown length (a set of cards, what a function gives) goes in an array that grows.
    const players = s.source.kind === "name" && s.source.name === "players" && this.game.names.get(s.source)?.kind === "builtin";
    const bounded = this.isZone(s.source) || players;
    if (element !== "number" && element !== "string") unsupported(`a loop over values of type ${element}`);
    const list = element === "number" && bounded ? this.newScratch(sourceSize) : this.newIndexedList(element as "number" | "string");
    const count = this.temp("n");
    const lines = [`let ${count} = 0;`];
    const keep = s.condition ? this.hoisted(() => this.expression(s.condition!)) : null;
    const add = `${list}[${count}++] = ${binder};`;
    if (!s.orderBy) {
      lines.push(...this.eachOf(s.source, binder, keep ? [...keep.pre, `if (${keep.code}) ${add}`] : [add], this.filterOf(s.binder, s.condition)));
      return { lines, list, count };
    }
    // sortedBy's stable sort by insertion. Descending compares the other way round rather than
    // negating the key, which would make -0 of a 0 and keep V8 from holding the key as an integer.
    // The keys go in an array of numbers, not a Float64Array: V8 keeps whole numbers in it as
    // integers (and turns to doubles only if a key is not one), so no key is converted to a double.
    const keys = this.newScratch(sourceSize).replace("$list", "$keys");
    this.scratch[this.scratch.length - 1] = { name: keys, init: filledArray("number", sourceSize, "0") };
    const key = this.hoisted(() => this.expression(s.orderBy!));
    const insert = (at: string): string[] => [
      `let $at = ${at};`,
      `while ($at > 0 && ${keys}[$at - 1]! ${s.descending ? "<" : ">"} $key) { ${list}[$at] = ${list}[$at - 1]!; ${keys}[$at] = ${keys}[$at - 1]!; $at--; }`,
      `${list}[$at] = ${binder};`,
      `${keys}[$at] = $key;`,
    ];
    if (keep) {
      // Kept by `where` first, then keyed (a fault comes from the part that faults in the state machine).
      lines.push(...this.eachOf(s.source, binder, [...keep.pre, `if (${keep.code}) ${add}`], this.filterOf(s.binder, s.condition)));
      lines.push(`for (let $k = 0; $k < ${count}; $k++) {`, `const ${binder} = ${list}[$k]!;`, ...key.pre, `const $key = ${key.code};`, ...insert("$k"), "}");
      return { lines, list, count };
    }
    // Each value inserted into place as it is listed: no second pass.
    lines.push(...this.eachOf(s.source, binder, ["{", ...key.pre, `const $key = ${key.code};`, ...insert(`${count}++`), "}"]));
    return { lines, list, count };
  }

  /** The card (code) a move being written finds already taken out of its origin (a partition). */
  private taken: string | null = null;

  private withTaken<T>(card: string, write: () => T): T {
    this.taken = card;
    try {
      return write();
    } finally {
      this.taken = null;
    }
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
    const tooFew = `throw new GameFault("fault/not-enough-cards", ${quote(`cannot deal that many cards from ${describeTarget(s.from)}`)});`;
    const one = [...this.take(fromSeg, from.layout.topLast, "0", "$card"), ...this.counted("out", from, fromSeg), ...this.putInto(to, toSeg, this.front(to, s.atBottom), "$card")];
    // `deal 1`, the most common: one card, no loop, and the count's own tests known to pass.
    if (s.count.kind === "integer" && s.count.value === 1) {
      lines.push(`if (N[${fromSeg}]! < 1) ${tooFew}`, ...one, "}");
      return lines;
    }
    lines.push(
      `const $count = ${count};`,
      `if (!Number.isInteger($count) || $count < 0 || $count > N[${fromSeg}]!) ${tooFew}`,
      "for (let $dealt = 0; $dealt < $count; $dealt++) {",
      ...one,
      "}",
      "}",
    );
    return lines;
  }

  private moveAll(s: A.MoveAllStatement): string[] {
    if (this.game.types.get(s.from)?.kind === "list") unsupported("`move all` of a list of cards");
    const from = this.zone(s.from);
    const to = this.zone(s.to);
    // A zone moved into itself stays as it is (moveAllCards): only two parts of one per-player
    // zone can turn out to be the same at run time.
    const same = from.layout === to.layout;
    if (same && !from.layout.declaration.perPlayer) return [];
    const front = this.front(to, s.atBottom);
    const k = this.temp("k");
    const card = this.cardAt("$from", from.layout.topLast, k);
    // Into a zone never read, the loop's lines are marked with its puts (playout-write-only.ts).
    const mark = this.writeOnly.has(to.layout.declaration.name.name) ? WRITE_ONLY : "";
    return [
      "{",
      `const $from = ${from.seg};`,
      `${mark}const $to = ${to.seg};`,
      same ? "if ($from !== $to) {" : "{",
      // Onto the top, the cards keep their order: the last goes in first.
      mark + (front ? `for (let ${k} = N[$from]! - 1; ${k} >= 0; ${k}--) {` : `for (let ${k} = 0; ${k} < N[$from]!; ${k}++) {`),
      `${mark}const $card = ${card};`,
      ...this.putInto(to, "$to", front, "$card"),
      `${mark}}`,
      ...(this.countsTable?.clearMarker(from.layout, "$from") ?? []),
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
    // Within one zone, the counts' updates for the segment left wait for the put: each count's
    // member is then worked out once for both segments.
    let movedFrom: string | null = null;
    const leave = (from: ZoneRef, seg: string): string[] => {
      if (!this.countsTable || from.layout.declaration !== zone) return this.counted("out", from, seg);
      movedFrom = seg;
      return [];
    };
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
        // The first card's key to beat, then the others' (no test of the first in the loop).
        "let $at = 0;",
        "let $best: number;",
        "{",
        `const ${binder} = ${this.cardAt(seg, from.layout.topLast, "0")};`,
        ...key.pre,
        `$best = ${key.code};`,
        "}",
        "for (let $i = 1; $i < $n; $i++) {",
        `const ${binder} = ${this.cardAt(seg, from.layout.topLast, "$i")};`,
        ...key.pre,
        `const $key = ${key.code};`,
        `if ($key ${better} $best) { $at = $i; $best = $key; }`,
        "}",
        ...this.take(seg, from.layout.topLast, "$at", "$card"),
        ...leave(from, seg),
      );
    } else if (card.kind === "aggregate" && card.callee.name === "first" && this.isZone(card.source)) {
      // The first card of a zone that meets the condition: found by position, taken from there.
      const from = this.zone(card.source);
      const seg = this.segment(from, lines);
      const binder = this.binderOf(card.binder);
      const test = card.condition ? this.hoisted(() => this.expression(card.condition!)) : { pre: [], code: "true" };
      lines.push(
        "let $at = -1;",
        `for (let $i = 0; $i < N[${seg}]!; $i++) {`,
        `const ${binder} = ${this.cardAt(seg, from.layout.topLast, "$i")};`,
        ...test.pre,
        `if (${test.code}) { $at = $i; break; }`,
        "}",
        `if ($at < 0) throw new GameFault("fault/empty-aggregate", "first(…): no item matches");`,
        ...this.take(seg, from.layout.topLast, "$at", "$card"),
        ...leave(from, seg),
      );
    } else if (card.kind === "call" && card.callee.name === "nth" && card.args.length === 2 && this.isZone(card.args[0]!)) {
      // The card at a position (from 1) of a zone: taken from there, as nthCardOf checks it, with no
      // search of the zone for the card (cards lie in one place: it is the card the search finds).
      const from = this.zone(card.args[0]!);
      const seg = this.segment(from, lines);
      const position = this.hoisted(() => this.expression(card.args[1]!));
      lines.push(
        ...position.pre,
        `const $position = ${position.code};`,
        `if (!Number.isInteger($position) || $position < 1 || $position > N[${seg}]!) throw new GameFault("fault/no-such-position", \`the zone has no card at position \${$position}: it holds \${N[${seg}]!}\`);`,
        "const $index = $position - 1;",
        ...this.take(seg, from.layout.topLast, "$index", "$card"),
        ...leave(from, seg),
      );
    } else if (card.kind === "call" && card.callee.name === "top" && this.isZone(card.args[0]!)) {
      const from = this.zone(card.args[0]!);
      const seg = this.segment(from, lines);
      lines.push(`if (N[${seg}]! === 0) throw new GameFault("fault/empty-zone", ${quote(`${describeTarget(card.args[0]!)} is empty: it has no top card`)});`);
      lines.push(...this.take(seg, from.layout.topLast, "0", "$card"), ...leave(from, seg));
    } else if (this.letTops.has(card)) {
      // A let's top card, still on top (playout-let-tops.ts): taken from there; a slot emptied.
      const from = this.zone(this.letTops.get(card)!);
      const seg = this.segment(from, lines);
      // A slot holds that one card: the let's name is the card, and the slot empties.
      const taken = from.layout.declaration.zoneKind === "slot" ? [`const $card = ${this.expression(card)};`, `N[${seg}] = 0;`] : this.take(seg, from.layout.topLast, "0", "$card");
      lines.push(...taken, ...leave(from, seg));
    } else {
      const origin = this.originOf(card);
      if (!origin) {
        // Wherever the card lies now.
        const { pre, code } = this.hoisted(() => this.expression(card));
        // The runtime says which segment it took the card from, for the running counts.
        const taken = this.countsTable?.fromMarker(to.layout, "$taken", "$card") ?? [];
        lines.push(...pre, `const $card = ${code};`, `${taken.length > 0 ? "const $taken = " : ""}takeFromZoneOf(C, N, CAP, SEGMENTS, ${WHERE}[$card]!, $card);`, ...taken);
        const toSeg = this.segment(to, lines);
        if (limit !== null) lines.push(`if (N[${toSeg}]! >= ${limit}) throw new GameFault("fault/zone-full", ${quote(`${describeTarget(s.to)} is full`)});`);
        lines.push(...this.putInto(to, toSeg, this.front(to, s.atBottom), "$card"), "}");
        return lines;
      }
      const from = this.zone(origin);
      const { pre, code } = this.hoisted(() => this.expression(card));
      lines.push(...pre);
      const seg = this.segment(from, lines);
      const named = card.kind === "name" ? this.game.names.get(card) : undefined;
      const hint = named?.kind === "local" ? this.positionHints.of(named.slot) : null;
      if (this.taken !== null && code === this.taken) {
        // Taken out already, by a partition of its zone (playout-partition-moves.ts).
        lines.push(`const $card = ${code};`, ...leave(from, seg));
      } else {
        lines.push(
          `const $wanted = ${code};`,
          ...PositionHints.search(seg, hint, (i) => this.cardAt(seg, from.layout.topLast, i)),
          `if ($at < 0) throw new GameFault("fault/card-not-in-zone", ${quote(`the card is not in ${describeTarget(origin)}`)});`,
          ...this.take(seg, from.layout.topLast, "$at", "$card"),
          ...leave(from, seg),
        );
      }
    }
    const toSeg = this.segment(to, lines);
    if (limit !== null) {
      lines.push(`if (N[${toSeg}]! >= ${limit}) throw new GameFault("fault/zone-full", ${quote(`${describeTarget(s.to)} is full`)});`);
    }
    lines.push(...this.putInto(to, toSeg, this.front(to, s.atBottom), "$card", movedFrom), "}");
    return lines;
  }

  /** The marker that updates the running counts of `zone` for `$card` put in (taken from) `seg`. */
  private counted(way: "in" | "out", zone: ZoneRef, seg: string): string[] {
    if (!this.countsTable) return [];
    return way === "in" ? this.countsTable.inMarker(zone.layout, seg, "$card") : this.countsTable.outMarker(zone.layout, seg, "$card");
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
