// Decision-free statements as TypeScript: the effects of the rules between two decisions, with what
// the runtime needs to keep each true (where a card comes from, who forgets a card that moves, which
// rule a fault comes from, what a move did for the events an app is told).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { LocalSlot } from "../check/types.js";
import { subExpressions } from "../syntax/walk.js";
import { describe, quote, tsType, zoneDeclaration, type CodeWriter } from "./code.js";

export class StatementWriter {
  constructor(
    private readonly game: CheckedGame,
    private readonly code: CodeWriter,
  ) {}


  statements(statements: readonly A.Statement[]): string[] {
    return statements.flatMap((s) => this.statement(s));
  }

  statement(s: A.Statement): string[] {
    return this.code.at(s.range, () => this.statementAt(s));
  }

  private statementAt(s: A.Statement): string[] {
    switch (s.kind) {
      case "let":
        return [this.bind(s, this.code.expression(s.value))];
      case "assign": {
        const target = this.code.expression(s.target);
        const changed = this.varArgs(s.target);
        const value = this.code.rollingInto(this.rollTargetArgs(s.target), () => this.code.expression(s.value));
        return [`${target} ${s.operator} ${value};`, ...(changed ? [this.record(`changed(${changed}, ${target})`)] : [])];
      }
      case "if": {
        const lines = [`if (${this.code.expression(s.condition)}) {`, ...this.statements(s.then.statements), "}"];
        if (s.otherwise) lines.push("else {", ...this.statements(s.otherwise.statements), "}");
        return lines;
      }
      case "while":
        // A loop that asks nobody must end by itself; loopGuard stops one that never does.
        return [
          `for (let $passes = 0; ${this.code.expression(s.condition)}; $passes++) {`,
          `loopGuard($passes${this.code.rule()});`,
          ...this.statements(s.body.statements),
          "}",
        ];
      case "for": {
        const binding = this.game.names.get(s.binder);
        if (binding?.kind !== "local") throw new Error("internal: unresolved for");
        const binder = this.code.localName(binding.slot);
        const source = this.loopSource(s, binder);
        return [
          // Every seat in order: a counting loop, not an iterator over the shared seat list.
          source === "seatList(s.players)" ? `for (let ${binder} = 0; ${binder} < s.players; ${binder}++) {` : `for (const ${binder} of ${source}) {`,
          ...this.statements(s.body.statements),
          "}",
        ];
      }
      case "phase":
        return [this.record(`phaseBegins(${quote(s.name.name)}, s.locals.phase)`), `s.locals.phase = ${quote(s.name.name)};`, ...this.statements(s.body.statements)];
      case "shuffle": {
        const zone = this.zoneArgs(s.zone);
        const recorded = zone ? [this.record(`shuffled(${zone})`)] : [];
        // Named, so that a test can script what this shuffle gives (RandomState.script).
        const named = zone ? `, ${zone}` : "";
        // After a shuffle nobody knows where a card of the zone lies, even one they were shown.
        return this.game.usesKnowledge
          ? ["{", `const $zone = ${this.code.expression(s.zone)};`, "forgetCards(s.knowledge, $zone);", `shuffle(s.random, $zone${named});`, ...recorded, "}"]
          : [`shuffle(s.random, ${this.code.expression(s.zone)}${named});`, ...recorded];
      }
      case "deal": {
        const where = this.onTop(s.to, s.atBottom) ? "top" : "end";
        const deal = `dealInto(${this.code.expression(s.from)}, ${this.code.expression(s.to)}, ${this.code.expression(s.count)}, ${quote(where)}, ${quote(describe(s.from))}${this.code.rule()})`;
        if (!this.recording && !this.game.usesKnowledge) return [`${deal};`];
        return [
          "{",
          `const $dealt = ${deal};`,
          ...(this.game.usesKnowledge ? ["forgetCards(s.knowledge, $dealt);"] : []),
          ...this.recordMove("$dealt", this.zoneArgs(s.from), this.zoneArgs(s.to)),
          "}",
        ];
      }
      case "move-all": {
        if (this.game.types.get(s.from)?.kind === "list") return this.moveList(s);
        const to = `${this.code.expression(s.to)}${this.onTop(s.to, s.atBottom) ? ", true" : ""}`;
        if (!this.recording && !this.game.usesKnowledge) return [`moveAllCards(${this.code.expression(s.from)}, ${to});`];
        return [
          "{",
          `const $from = ${this.code.expression(s.from)};`,
          ...(this.game.usesKnowledge ? ["forgetCards(s.knowledge, $from);"] : []),
          ...this.recordMove("$from", this.zoneArgs(s.from), this.zoneArgs(s.to)),
          `moveAllCards($from, ${to});`,
          "}",
        ];
      }
      case "move":
        return this.move(s);
      case "transfer": {
        const from = this.code.expression(s.from);
        const to = this.code.expression(s.to);
        return [
          "{",
          // `transfer up to N`: as much of N as the source holds.
          `const $amount = checkTransfer(${s.upTo ? `Math.min(${this.code.expression(s.amount)}, ${from})` : this.code.expression(s.amount)}, ${from}, ${quote(describe(s.from))}${this.code.rule()});`,
          `${from} -= $amount;`,
          `${to} += $amount;`,
          ...this.recordTransfer(s),
          "}",
        ];
      }
      case "end-game":
        // endGame, not a bare `s.pc = "end"`: tools learn which statement ended the game (endingOf).
        return [`endGame(s${this.code.rule()});`, this.record("gameEnds()"), "return;"];
      case "reveal": {
        const player = this.code.expression(s.player);
        const card = this.code.expression(s.card);
        return [`learnCard(s.knowledge, ${player}, ${card});`, ...(this.draws(s.card) || this.draws(s.player) ? [] : [this.record(`revealed(${card}, ${player})`)])];
      }
      case "say":
        return [this.record(`said(${this.code.reason(s.text)}, ${s.to ? this.code.expression(s.to) : "null"})`)];
      case "conceal":
        return [`concealCard(s.knowledge, ${this.code.expression(s.player)}, ${this.code.expression(s.card)});`];
      case "inlined":
        // A procedure written out here, in a block of its own: its parameters are its locals.
        return this.inlined(s);
      case "call":
        throw new Error("internal: a call that is no procedure was not refused");
      case "ask":
        throw new Error("internal: a decision inside structured code");
    }
  }

  /**
   * A procedure written out where it is called, in a block of its own: its parameters, each a `let`
   * of its argument, are its locals. An argument is read where the procedure is called, so one that
   * names a local the block declares (`give(d)` into a parameter `d`, or `pair(b, a)` into `a, b`)
   * would read the parameter instead: then every argument is read into a temporary outside the
   * block (`$` is in no rules name), and the parameters bound from them.
   */
  private inlined(s: A.InlinedCall): string[] {
    const declared = s.parameters.flatMap((p) => {
      const binding = this.game.names.get(p.name);
      return binding?.kind === "local" && binding.slot.storage !== "state" ? [this.code.localName(binding.slot)] : [];
    });
    const values = s.parameters.map((p) => this.code.expression(p.value));
    const body = this.statements(s.body.statements);
    const reads = (code: string, name: string) => new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(code);
    if (!values.some((code) => declared.some((name) => reads(code, name)))) return ["{", ...s.parameters.map((p, i) => this.bind(p, values[i]!)), ...body, "}"];
    return [
      "{",
      ...values.map((code, i) => `const $argument${i} = ${code};`),
      "{",
      ...s.parameters.map((p, i) => this.bind(p, `$argument${i}`)),
      ...body,
      "}",
      "}",
    ];
  }

  /** A `let`: its local (or its slot in the state, when it lives across decisions) set to `value`. */
  private bind(s: A.LetStatement, value: string): string {
    const binding = this.game.names.get(s.name);
    if (binding?.kind !== "local") throw new Error("internal: unresolved let");
    return binding.slot.storage === "state"
      ? `${this.code.slotAccess(binding.slot)} = ${value};`
      : `let ${this.code.localName(binding.slot)}: ${tsType(binding.slot.type)} = ${value};`;
  }

  /** The values a for loop visits, filtered and ordered as the rules say. The `where` and `by`
   *  expressions read the element being tested, the lambda's parameter, even when the loop's binder
   *  lives in the state (its body asks): the state holds only the element being visited. */
  loopSource(s: A.ForStatement, binder: string): string {
    let source = this.code.expression(s.source);
    const sourceType = this.game.types.get(s.source);
    if (sourceType?.kind === "zone") source = `[...${source}]`;
    const binding = this.game.names.get(s.binder);
    if (binding?.kind !== "local") throw new Error("internal: unresolved loop binder");
    return this.code.reading(binding.slot, binder, () => {
      if (s.condition) source = `${source}.filter((${binder}) => ${this.code.expression(s.condition)})`;
      if (s.orderBy) source = `sortedBy(${source}, (${binder}) => ${this.code.expression(s.orderBy)}, ${s.descending})`;
      return source;
    });
  }

  /** `move all LIST to Z`: each card of the list in its order, taken from wherever it lies (a card-list
   *  aggregate such as `select(c in field[p] where ...)` names no single zone). */
  private moveList(s: A.MoveAllStatement): string[] {
    const zone = this.zoneOf(s.to);
    const limit = zone?.zoneKind === "slot" ? "1" : zone?.limit ? this.code.expression(zone.limit) : "Infinity";
    return [
      `for (const $card of ${this.code.expression(s.from)}) {`,
      `const $from = takeCardFromAnyZone(s.zones, $card${this.code.rule()});`,
      ...this.forgetMoved(),
      `placeCard(${this.code.expression(s.to)}, $card, ${this.onTop(s.to, s.atBottom)}, ${limit}, ${quote(describe(s.to))}${this.code.rule()});`,
      ...this.recordMove("[$card]", "$from.zone, $from.seat", this.zoneArgs(s.to)),
      "}",
    ];
  }

  private move(s: A.MoveStatement): string[] {
    const destination = this.game.types.get(s.to);
    const zone = this.zoneOf(s.to);
    const onTop = this.onTop(s.to, s.atBottom);
    const limit = zone?.zoneKind === "slot" ? "1" : zone?.limit ? this.code.expression(zone.limit) : "Infinity";
    const origin = this.origin(s.card);
    if (!destination || destination.kind !== "zone") throw new Error("internal: move to a non-zone");
    // `$` cannot appear in a rules name, so the temporary never shadows one.
    const best = s.card.kind === "aggregate" && !s.card.condition && this.game.types.get(s.card.source)?.kind === "zone" ? s.card : null;
    const recordTo = (from: string | null): string[] => this.recordMove("[$card]", from, this.zoneArgs(s.to));
    if (best && (best.callee.name === "lowest" || best.callee.name === "highest") && best.value) {
      // The lowest or highest card of a zone: find its place once, then take it from there.
      const binding = this.game.names.get(best.binder);
      const binder = binding?.kind === "local" ? this.code.localName(binding.slot) : "c";
      const zoneCode = this.code.expression(best.source);
      return [
        "{",
        `const $at = ${best.callee.name}Index(${zoneCode}, (${binder}) => ${this.code.expression(best.value)}, ${quote(`${best.callee.name}(${describe(best.source)})`)}${this.code.rule()});`,
        `const $card = takeCardAt(${zoneCode}, $at);`,
        ...this.forgetMoved(),
        `placeCard(${this.code.expression(s.to)}, $card, ${onTop}, ${limit}, ${quote(describe(s.to))}${this.code.rule()});`,
        ...recordTo(this.zoneArgs(best.source)),
        "}",
      ];
    }
    const lines = ["{", `const $card = ${this.code.expression(s.card)};`];
    if (origin) lines.push(`takeCard(${this.code.expression(origin)}, $card, ${quote(describe(origin))}${this.code.rule()});`);
    else lines.push(`const $from = takeCardFromAnyZone(s.zones, $card${this.code.rule()});`);
    lines.push(...this.forgetMoved());
    lines.push(`placeCard(${this.code.expression(s.to)}, $card, ${onTop}, ${limit}, ${quote(describe(s.to))}${this.code.rule()});`);
    lines.push(...recordTo(origin ? this.zoneArgs(origin) : "$from.zone, $from.seat"), "}");
    return lines;
  }

  // ── events: what a move did, recorded only while `s.events` is set (the arguments are not even
  // evaluated otherwise, so recording changes nothing in the game) ──────────────────────────────

  /** Setup runs before a match exists, when nothing is recorded: its statements record nothing. */
  private recording = true;

  withoutEvents<T>(write: () => T): T {
    this.recording = false;
    try {
      return write();
    } finally {
      this.recording = true;
    }
  }

  private record(event: string): string {
    return this.recording ? `s.events?.push(${event});` : "";
  }

  private recordMove(cards: string, from: string | null, to: string | null): string[] {
    return to && this.recording ? [this.record(`moved(${cards}, ${from ?? "null, null"}, ${to})`)] : [];
  }

  private recordTransfer(s: A.TransferStatement): string[] {
    const from = this.varArgs(s.from);
    const to = this.varArgs(s.to);
    const why = s.why ? `, ${this.code.textParts(s.why)}` : "";
    return from && to ? [this.record(`transferred($amount, ${from}, ${to}${why})`)] : [];
  }

  /** A zone expression as event arguments, its name and whose part (`"hand", p`); null when its index
   *  draws a random number, which evaluating it again for the event would change. */
  private zoneArgs(e: A.Expression): string | null {
    const zone = this.zoneOf(e);
    if (!zone || this.draws(e)) return null;
    return `${quote(zone.name.name)}, ${e.kind === "index" ? this.code.expression(e.index) : "null"}`;
  }

  /** A variable as event arguments (`"coins", p`), or null for a local or an index that draws. */
  private varArgs(e: A.Expression): string | null {
    const root = e.kind === "index" ? e.target : e;
    const binding = root.kind === "name" ? this.game.names.get(root) : undefined;
    // A per-card value is not told as an event: the card's id would reach seats that cannot see it.
    if (binding?.kind !== "var" || binding.declaration.perCard || this.draws(e)) return null;
    // A value per pair is not an event (an event names one seat's value); views and the table show it.
    if (binding.declaration.perKey) return null;
    return `${quote(binding.declaration.name.name)}, ${e.kind === "index" ? this.code.expression(e.index) : "null"}`;
  }

  /** The variable an assignment rolls dice into, as event arguments, so that a die is told only to
   *  seats that may see it (eventsFor): `"die", p`. A local is no secret: null, rolled in the open.
   *  Whose entry, when its index draws a number itself, is not said (null): then only a public
   *  variable's die is told. */
  private rollTargetArgs(e: A.Expression): string | null {
    const root = e.kind === "index" ? e.target : e;
    const binding = root.kind === "name" ? this.game.names.get(root) : undefined;
    if (binding?.kind !== "var") return null;
    const seatIndex = e.kind === "index" && e.index.kind === "tuple" && binding.declaration.perKey ? e.index.elements[0]! : e.kind === "index" ? e.index : null;
    const whose = seatIndex && !binding.declaration.perCard && !this.draws(seatIndex) ? this.code.expression(seatIndex) : "null";
    return `${quote(binding.declaration.name.name)}, ${whose}`;
  }

  /** Whether evaluating the expression draws from the game's random generator. */
  private draws(e: A.Expression): boolean {
    return (e.kind === "call" && (e.callee.name === "random_player" || e.callee.name === "roll" || e.callee.name === "secret_roll")) || subExpressions(e).some((x) => this.draws(x));
  }

  /** A card that moves is forgotten by whoever knew where it lay (games that reveal cards only). */
  private forgetMoved(): string[] {
    return this.game.usesKnowledge ? ["forgetCard(s.knowledge, $card);"] : [];
  }

  /** Cards put into a stack go on top (index 0) unless the rules say `to bottom of`. */
  private onTop(destination: A.Expression, atBottom: boolean): boolean {
    return this.zoneOf(destination)?.zoneKind === "stack" && !atBottom;
  }

  /** The zone a card expression takes its card from, when the rules make that plain. */
  origin(card: A.Expression): A.Expression | null {
    if (card.kind === "aggregate" && ["lowest", "highest", "first"].includes(card.callee.name)) {
      return this.game.types.get(card.source)?.kind === "zone" ? card.source : null;
    }
    if (card.kind === "call" && ["top", "last", "nth"].includes(card.callee.name) && this.game.types.get(card.args[0]!)?.kind === "zone") {
      return card.args[0] ?? null;
    }
    if (card.kind === "name") {
      const binding = this.game.names.get(card);
      if (binding?.kind === "local") return this.origins.get(binding.slot) ?? null;
    }
    return null;
  }

  /** Zones that card-valued bindings (parameters, loop binders) draw from. */
  readonly origins = new Map<LocalSlot, A.Expression>();

  private zoneOf(e: A.Expression): A.ZoneDeclaration | undefined {
    return zoneDeclaration(this.game, e);
  }
}
