// The playout kernel's running counts: how many cards of each member of an enum field printed on the
// cards (`kind`, `effect`) each segment of a zone holds (a seat's copy of a per-player zone is a
// segment), kept up to date by every move in and out of the zone, as a hand-written engine keeps
// "no-Exchange cards in play" or "Money cards collected" beside its zones. A rules expression that
// counts, or asks for any or all of, a zone's cards by such a field against a value that does not
// read the card (`count(c in collection[p] where c.kind == Kind.money)`, `any(a in played[p]:
// a.effect == Effect.no_exchange)`) is then a read, not a pass over the zone, and no move makes it
// stale.
//
// The statement writer leaves a marker line where a card enters or leaves a segment (`inMarker`,
// `outMarker`; `fromMarker` where the rules leave the origin open and the runtime says which
// segment it took the card from; `clearMarker` where a zone is emptied) and where the zones are
// loaded whole (`RECOUNT_MARKER`: a game's deal, a resumed state). Once every read is written, and so
// every counted (zone, field) known, `markerCode` turns each marker into the updates of the counts of
// its zone, or into nothing. Which count a test reads is the registry's (playout-count-registry.ts).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { kernelType } from "./playout-lists.js";
import type { ZoneLayout, ZoneRef } from "./playout-zones.js";
import { markerKind } from "./playout-markers.js";
import { WHERE, varName } from "./playout-zones.js";
import { cardVarStored } from "./playout-card-vars.js";
import { PAIR_OF_FUNCTION, fieldIndexRead, pairedRead } from "./playout-paired-counts.js";
import { INT_MEMBER_FUNCTION, intMemberIndex } from "./playout-int-field-counts.js";
import { SEATS_FRESH, seatSumOf, seatTotalStep, seatTotalsClear, seatTotalsCode, seatTotalsName } from "./playout-seat-totals.js";
import { rowPlus, segmentOffset, segmentRow } from "./playout-segment-offsets.js";
import { freshCalls, freshFunctions, holdingName, recountLines } from "./playout-fresh-counts.js";
import { CountRegistry, type Counted, type EnumIndexes } from "./playout-count-registry.js";
import { SEATS_IN_PLAY_KEPT, SEATS_IN_PLAY_READ, SEATS_IN_PLAY_STALE, seatsInPlayCode } from "./playout-seats-in-play.js";
import type { StateDeclaration } from "./playout-kernel-state.js";
import { typedArray } from "./playout-arrays.js";

type Marker =
  | { op: "in" | "out"; zone: string; seg: string; card: string }
  | { op: "moved"; zone: string; seg: string; to: string; card: string }
  | { op: "clear"; zone: string; seg: string }
  | { op: "from"; cardType: string; seg: string; card: string }
  | { op: "write"; variable: string; array: string; card: string; operator: string; value: string; known?: { zone: string; seg: string } }
  | { op: "recount" }
  | { op: "fresh"; keyed: boolean }
  | { op: "seats" };

const MARKERS = markerKind<Marker>("counts");

/** Where the zones are loaded whole (a game's start, a resumed state): every count is made afresh. */
export const RECOUNT_MARKER = MARKERS.line({ op: "recount" });
/** At a fresh start, before the setup's rules: the counts by a printed field (by a key that reads
 *  per-card variables, `keyed`: once these have their first values) made (playout-fresh-counts.ts). */
export function freshMarker(keyed: boolean): string {
  return MARKERS.line({ op: "fresh", keyed });
}

export class KernelCounts {
  /** Set by the kernel writer: the counts live in the closure beside the rules' functions, as the
   *  memo does (a kernel written as one `play` has none). */
  enabled = false;
  /** Set by the kernel writer's setup: the zones that start full (playout-fresh-counts.ts). */
  filled: readonly string[] | null = null;
  /** Set by the kernel writer: whether the kernel keeps WHERE (a card's last segment, a hint). */
  hints = true;
  private readonly registry: CountRegistry;
  /** The per-card variables assignments write, with their kernel types. */
  private readonly written = new Map<string, string>();
  /** Writes given the segment that holds the card (playout-known-segments.ts), by the function's name. */
  private readonly writtenAt = new Map<string, { readonly variable: string; readonly zone: string }>();
  /** Whether the number of seats in play is read, and so kept (playout-seats-in-play.ts). */
  private inPlay = false;
  /** The closure's variables `code` declared, with their roles (playout-kernel-state.ts). */
  readonly declared: StateDeclaration[] = [];

  constructor(
    private readonly game: CheckedGame,
    zones: ReadonlyMap<string, ZoneLayout>,
    private readonly maxSeats: number,
    private readonly indexes: EnumIndexes,
  ) {
    this.registry = new CountRegistry(game, zones, maxSeats, indexes);
  }

  /** Off while code is written that runs before the counts by a key are made (the variables' first values). */
  get keyed(): boolean {
    return this.registry.keyed;
  }
  set keyed(on: boolean) {
    this.registry.keyed = on;
  }

  // ── reads ────────────────────────────────────────────────────────────────────────────────────

  /** A read of the counts for `count(c in Z where c.F == v)` (or `!=`), `any(c in Z: c.F == v)` and
   *  `all(c in Z: c.F == v)` (either comparison), where F is an enum field printed on the cards and v
   *  does not read c; null for any other aggregate. `write` writes an expression, `zone` a zone. */
  read(e: A.AggregateExpression, write: (e: A.Expression) => string, zone: (e: A.Expression) => ZoneRef): string | null {
    if (!this.enabled) return null;
    // The sum of a per-player zone's count over the seats in play: their total (playout-seat-totals.ts).
    // Kept for counts by a printed field only: a write of a per-card variable updates no total.
    const inner = seatSumOf(this.game, e);
    if (inner) {
      const found = this.registry.analyse(inner, true);
      if (!found || !found.equal || found.counted.variables.size > 0 || found.enumName === null) return null;
      found.counted.seats = true;
      const member = found.member !== null ? String(found.member) : this.indexes.memberIndex(found.enumName, write(found.value!));
      // At a member that is always one (named, or a printed field's index), fresh totals are read in place.
      const totals = seatTotalsName(found.counted.name);
      if (found.member !== null || fieldIndexRead(member)) return `(${SEATS_FRESH} ? ${totals}[${member}]! : $seatTotal(${totals}, ${member}))`;
      return `$seatTotal(${totals}, ${member})`;
    }
    if (this.game.types.get(e.source)?.kind !== "zone") return null;
    // What is counted first: writing the zone may hoist code.
    const found = this.registry.analyse(e, true);
    if (!found) return null;
    const { counted, member, value, enumName, equal } = found;
    const source = zone(e.source);
    const name = counted.name;
    // An enum member named in the rules (`Kind.money`) is its index, known here; another value's
    // index is found when read (-1, no card, for a value that is no member).
    const at = segmentRow(source.seg, counted.zone.constant, counted.members);
    if (found.paired) return pairedRead(e.callee.name as "any" | "all", name, at, member, member !== null ? "" : this.indexes.memberIndex(enumName!, write(value!)));
    const index = member !== null ? String(member) : found.ints ? intMemberIndex(write(value!), found.ints) : this.indexes.memberIndex(enumName!, write(value!));
    const matching = member !== null || fieldIndexRead(index) ? `${name}[${rowPlus(at, index)}]!` : `$countOf(${name}, ${at}, ${index})`;
    const size = `N[${source.seg}]!`;
    switch (e.callee.name) {
      case "count":
        return equal ? matching : `(${size} - ${matching})`;
      case "any":
        return equal ? `(${matching} > 0)` : `(${matching} < ${size})`;
      default:
        return equal ? `(${matching} === ${size})` : `(${matching} === 0)`;
    }
  }

  /** For `any(c in Z[q]: c.F == E.m)` (Z a per-player zone, q the seat of a pass over the seats
   *  (`isSeat`), F an enum field printed on the cards, m a member named): the mask of the seats whose
   *  segment holds such a card, kept (with `keep`) beside the counts by every move in and out of Z;
   *  with `value` (the code of a value not reading the seat), m may be any value: its member found when read.
   *  null for any other aggregate. */
  seatsHolding(e: A.AggregateExpression, isSeat: (x: A.Expression) => boolean, keep: boolean, value?: (x: A.Expression) => string | null): string | null {
    if (!this.enabled || e.callee.name !== "any" || this.maxSeats > 30) return null;
    if (e.source.kind !== "index" || !isSeat(e.source.index)) return null;
    const layout = this.registry.layoutOf(e.source);
    if (!layout?.declaration.perPlayer) return null;
    const found = this.registry.analyse(e, false);
    if (!found || !found.equal || found.paired || found.counted.variables.size > 0) return null;
    const code = found.member === null && value && found.value ? value(found.value) : null;
    if (found.member === null && code === null) return null;
    if (keep) this.registry.analyse(e, true)!.counted.holding = true;
    if (code === null) return `${holdingName(found.counted.name)}[${found.member}]!`;
    return `$countOf(${holdingName(found.counted.name)}, 0, ${found.ints ? intMemberIndex(code, found.ints) : this.indexes.memberIndex(found.enumName!, code)})`;
  }

  /** Where an aggregate is a read of the counts (as `read` writes it), the expressions the read
   *  still evaluates (the value compared with, a zone's seat); null where it passes over cards or
   *  seats. Registers no count: the memo asks it of functions before they are written. */
  readArguments(e: A.AggregateExpression): A.Expression[] | null {
    if (!this.enabled) return null;
    const inner = seatSumOf(this.game, e);
    const counted = inner ?? e;
    if (!inner && this.game.types.get(e.source)?.kind !== "zone") return null;
    const found = this.registry.analyse(counted, false);
    if (!found || (inner && (!found.equal || found.counted.variables.size > 0 || found.enumName === null))) return null;
    const source = counted.source;
    const value = found.value ? [found.value] : [];
    return inner || source.kind !== "index" ? value : [...value, source.index];
  }

  /** The number of seats in play (`count(players)` where seats leave), kept beside the counts; null
   *  where the kernel keeps no counts. */
  seatsInPlay(): string | null {
    if (!this.enabled) return null;
    this.inPlay = true;
    return SEATS_IN_PLAY_READ;
  }

  /** A test that some card of the zone's segment `seg` may meet `test` (the binder's slot `binder`), or
   *  null: where the test's first conjuncts, as the rules evaluate them (through the rules' functions
   *  it calls on the binder), compare an enum field printed on the card with a member, and no card of
   *  the segment has that member, no card passes, and the cards need not be looked at. The conjuncts
   *  before it must read nothing that can fault or draw (no call, no aggregate), so that skipping
   *  them changes nothing the state machine does. A first conjunct that is a key of the card
   *  (`uncommitted(c)`, `colour_of(c) == Colour.red`: playout-keyed-counts.ts) is such a test too. */
  guard(test: A.Expression, binder: unknown, zone: ZoneLayout, seg: string): string | null {
    if (!this.enabled) return null;
    const keyed = this.keyed ? this.registry.leadingKeyTest(test, binder, zone, 0) : null;
    if (keyed) return `${keyed.counted.name}[${rowPlus(segmentRow(seg, zone.constant, keyed.counted.members), keyed.member)}]! > 0`;
    const found = this.registry.leadingFieldTest(test, binder, 0);
    if (!found) return null;
    const counted = this.registry.countedOf(zone, found.cardType, found.field, found.enumName, true);
    if (!counted) return null;
    return `${counted.name}[${rowPlus(segmentRow(seg, zone.constant, counted.members), found.member)}]! > 0`;
  }

  /** The mask of the seats whose part of the per-player zone `zone` may hold a card meeting `test`,
   *  where `guard` would test a count of a printed field's member (not a key): the seats holding that
   *  member, kept from here on beside the counts (playout-holder-walks.ts); null otherwise. */
  seatsPassingGuard(test: A.Expression, binder: unknown, zone: ZoneLayout): string | null {
    if (!this.enabled || this.maxSeats > 30 || !zone.declaration.perPlayer) return null;
    if (this.keyed && this.registry.leadingKeyTest(test, binder, zone, 0)) return null;
    const found = this.registry.leadingFieldTest(test, binder, 0);
    if (!found) return null;
    const counted = this.registry.countedOf(zone, found.cardType, found.field, found.enumName, true);
    if (!counted || counted.variables.size > 0) return null;
    counted.holding = true;
    return `${holdingName(counted.name)}[${found.member}]!`;
  }

  // ── markers ──────────────────────────────────────────────────────────────────────────────────

  /** After `card` was put in segment `seg` of `zone`. */
  inMarker(zone: ZoneLayout, seg: string, card: string): string[] {
    return this.marker({ op: "in", zone: zone.declaration.name.name, seg, card });
  }

  /** After `card` was taken from segment `seg` of `zone`. */
  outMarker(zone: ZoneLayout, seg: string, card: string): string[] {
    return this.marker({ op: "out", zone: zone.declaration.name.name, seg, card });
  }

  /** After `card` was taken from segment `from` of `zone` and put in its segment `to`. */
  movedMarker(zone: ZoneLayout, from: string, to: string, card: string): string[] {
    return this.marker({ op: "moved", zone: zone.declaration.name.name, seg: from, to, card });
  }

  /** Before segment `seg` of `zone` is emptied. */
  clearMarker(zone: ZoneLayout, seg: string): string[] {
    return this.marker({ op: "clear", zone: zone.declaration.name.name, seg });
  }

  /** After `card`, of the cards of `zone`, was taken from the segment held by `seg` (known only
   *  when the game runs): of the counted zones, those that hold such cards may have held it. */
  fromMarker(zone: ZoneLayout, seg: string, card: string): string[] {
    return this.marker({ op: "from", cardType: zone.declaration.cardType.name, seg, card });
  }

  /** The lines of an assignment `target operator value` (`code`: the target's code): where the target
   *  is a per-card variable, a marker, written as the assignment itself or, where counts by a key read
   *  the variable, as the assignment between the card's leaving its counts and coming back; else null. */
  assignment(target: A.Expression, code: string, operator: string, value: string, known: { zone: string; seg: string } | null = null): string[] | null {
    if (!this.enabled || target.kind !== "index" || target.target.kind !== "name") return null;
    const variable = this.game.names.get(target.target);
    if (variable?.kind !== "var" || !variable.declaration.perCard) return null;
    const array = varName(target.target.name);
    if (!code.startsWith(`${array}[`) || !code.endsWith("]")) return null;
    this.written.set(target.target.name, kernelType(this.game.typeOfVar(variable.declaration)));
    if (known) this.writtenAt.set(keyedWrite(target.target.name, known.zone), { variable: target.target.name, zone: known.zone });
    return [MARKERS.line({ op: "write", variable: target.target.name, array, card: code.slice(array.length + 1, -1), operator, value, ...(known ? { known } : {}) })];
  }

  /** After a write of `eliminated`: the seats in play may have changed (playout-seat-totals.ts). */
  seatsMarker(): string[] {
    return this.marker({ op: "seats" });
  }

  private marker(m: Marker): string[] {
    return this.enabled ? [MARKERS.line(m)] : [];
  }

  /** The code of a marker line: the updates of the counts it concerns (none: no line); null for a
   *  line that is no marker. */
  markerCode(line: string): string[] | null {
    const m = MARKERS.parse(line);
    if (!m) return null;
    const all = this.registry.all();
    const of = (zone: string): Counted[] => all.filter((c) => c.zone.declaration.name.name === zone);
    // Where `eliminated` may have been written, the number of seats in play kept is forgotten.
    const stale = this.inPlay ? [SEATS_IN_PLAY_STALE] : [];
    switch (m.op) {
      case "in":
      case "out": {
        const step = m.op === "in" ? "++" : "--";
        return of(m.zone).map((c) => `{ const $member = ${c.key(m.card)}; if ($member >= 0) ${this.steps(c, m.seg, step)} }`);
      }
      case "moved":
        // Each count's member worked out once, for the segment left and the one reached.
        return of(m.zone).map((c) => `{ const $member = ${c.key(m.card)}; if ($member >= 0) { ${this.steps(c, m.seg, "--")} ${this.steps(c, m.to, "++")} } }`);
      case "clear":
        return of(m.zone).map(
          (c) =>
            `${c.seats ? `${seatTotalsClear(this.game, c.name, c.members, `${m.seg} - ${c.zone.constant}`)} ` : ""}${c.name}.fill(0, (${m.seg} - ${c.zone.constant}) * ${c.members}, (${m.seg} - ${c.zone.constant} + 1) * ${c.members});` +
            (c.holding ? ` for (let $m = 0; $m < ${c.members}; $m++) ${holdingName(c.name)}[$m]! &= ~(1 << (${m.seg} - ${c.zone.constant}));` : ""),
        );
      case "from":
        return all.filter((c) => c.zone.declaration.cardType.name === m.cardType).map(
          (c) =>
            `if (${m.seg} >= ${c.zone.constant} && ${m.seg} < ${c.zone.constant} + ${c.segments}) { const $member = ${c.key(m.card)}; if ($member >= 0) ${this.steps(c, m.seg, "--")} }`,
        );
      case "recount":
        return [...(all.length === 0 ? [] : ["$recountAll();", ...(all.some((c) => c.seats) ? [`${SEATS_FRESH} = false;`] : [])]), ...stale];
      case "seats":
        return [...(all.some((c) => c.seats) ? [`${SEATS_FRESH} = false;`] : []), ...stale];
      case "fresh": {
        const made = freshCalls(all, m.keyed);
        return [...(!m.keyed && all.some((c) => c.seats) ? [...made, `${SEATS_FRESH} = false;`] : made), ...stale];
      }
      case "write": {
        const declaration = this.game.vars.get(m.variable)!;
        const stored = cardVarStored(this.game, declaration, m.value);
        if (!all.some((c) => c.variables.has(m.variable))) return [stored !== m.value ? `${m.array}[${m.card}] = ${stored};` : `${m.array}[${m.card}] ${m.operator} ${m.value};`];
        // The value as the assignment works it out (a compound one reads the variable first), then the
        // write with the counts following it; where the card was last put is a hint, read where the
        // kernel keeps it and the card's code reads nothing but a name.
        const value = m.operator === "=" ? m.value : `${m.array}[${m.card}] ${m.operator.slice(0, -1)} (${m.value})`;
        const hint = this.hints && /^[\w$]+$/.test(m.card) ? `${WHERE}[${m.card}]!` : "-1";
        return [m.known ? `${keyedWrite(m.variable, m.known.zone)}(${m.card}, ${value}, ${m.known.seg});` : `${keyedWrite(m.variable)}(${m.card}, ${value}, ${hint});`];
      }
    }
  }

  /** The update of a segment's count of `$member`, and of the seats' totals where they are kept. */
  private steps(c: Counted, seg: string, step: "++" | "--"): string {
    const at = `${c.name}[${rowPlus(segmentRow(seg, c.zone.constant, c.members), "$member")}]!`;
    // The seat's bit in the mask of its member follows the count's leaving or reaching 0.
    const bit = `(1 << ${segmentOffset(seg, c.zone.constant)})`;
    const held = `${holdingName(c.name)}[$member]!`;
    const count = !c.holding ? `${at}${step};` : step === "++" ? `if (${at}++ === 0) ${held} |= ${bit};` : `if (--${at} === 0) ${held} &= ~${bit};`;
    return c.seats ? `{ ${count} ${seatTotalStep(this.game, c.name, segmentOffset(seg, c.zone.constant), step)} }` : count;
  }

  // ── declarations ─────────────────────────────────────────────────────────────────────────────

  /** The counts' arrays and the functions that read and remake them, for the kernel's closure. */
  code(): string[] {
    const all = this.registry.all().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const inPlay = this.inPlay ? seatsInPlayCode() : [];
    // The counts are the game's state, kept by the moves; the seats' totals and the number of seats
    // in play are worked out from them and kept until stale.
    const seats = all.filter((c) => c.seats);
    this.declared.push(
      ...all.flatMap((c) => [c.name, ...(c.holding ? [holdingName(c.name)] : [])]).map((name) => ({ name, role: "game" as const })),
      ...seats.map((c) => ({ name: seatTotalsName(c.name), role: "cache" as const })),
      ...(seats.length > 0 ? [{ name: SEATS_FRESH, role: "cache" as const, stale: [`${SEATS_FRESH} = false;`] }] : []),
      ...(this.inPlay ? [{ name: SEATS_IN_PLAY_KEPT, role: "cache" as const, stale: [SEATS_IN_PLAY_STALE] }] : []),
    );
    if (all.length === 0) return inPlay;
    const fields = all.filter((c) => c.variables.size === 0);
    const keyed = all.filter((c) => c.variables.size > 0);
    return [
      ...all.map((c) => `const ${c.name} = ${typedArray("Int32Array", c.segments * c.members)};`),
      ...all.filter((c) => c.holding).map((c) => `const ${holdingName(c.name)} = ${typedArray("Int32Array", c.members)};`),
      "/** A segment's count of one member (its index; -1 for a value that is no member: none). */",
      "function $countOf(counts: Int32Array, at: number, member: number): number {",
      "return member < 0 ? 0 : counts[at + member]!;",
      "}",
      "/** Every count made afresh from the zones as they lie. */",
      "function $recountAll(): void {",
      ...fields.flatMap(recountLines),
      ...(keyed.length > 0 ? ["$recountKeyed();"] : []),
      "}",
      ...this.registry.indexFunctions,
      ...(this.registry.intCounts ? INT_MEMBER_FUNCTION : []),
      ...this.registry.pairTests,
      ...(this.registry.hasPairs() ? PAIR_OF_FUNCTION : []),
      ...(keyed.length === 0 ? [] : ["/** The counts by a key that reads per-card variables made afresh (the variables have their values). */", "function $recountKeyed(): void {", ...keyed.flatMap(recountLines), "}"]),
      ...(this.filled ? freshFunctions(fields, keyed, this.filled) : []),
      ...[...this.written].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).flatMap(([variable, type]) => this.writeFunction(variable, type, keyed)),
      ...[...this.writtenAt]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .flatMap(([, { variable, zone }]) => this.writeFunction(variable, this.written.get(variable)!, keyed, zone)),
      ...seatTotalsCode(this.game, all.filter((c) => c.seats)),
      ...inPlay,
    ];
  }

  /** A write of a per-card variable that keys read: the card leaves its counts under its old key (in
   *  the counted zone's segment that holds it, if one does: looked for first at `hint`, where the card
   *  was last put), the variable is written, and the card comes back under its new key. */
  private writeFunction(variable: string, type: string, keyed: readonly Counted[], known?: string): string[] {
    if (!keyed.some((c) => c.variables.has(variable))) return [];
    // Given the segment of zone `known` that holds the card (playout-known-segments.ts): no look.
    const reading = keyed.filter((c) => c.variables.has(variable) && (known === undefined || c.zone.declaration.name.name === known));
    // One look for the card per counted zone.
    const zones = [...new Set(reading.map((c) => c.zone))];
    const seg = (c: Counted): string => `$seg${zones.indexOf(c.zone)}`;
    const at = (c: Counted): string => `${c.name}[${rowPlus(segmentRow(seg(c), c.zone.constant, c.members), c.key("card"))}]!`;
    return [
      `function ${keyedWrite(variable, known)}(card: number, value: ${type}, ${known ? "$seg0" : "hint"}: number): void {`,
      ...(known ? [] : zones.map((z, i) => `const $seg${i} = segmentHolding(C, N, CAP, ${z.constant}, ${z.declaration.perPlayer ? this.maxSeats : 1}, hint, card);`)),
      ...reading.map((c) => `${known ? "" : `if (${seg(c)} >= 0) `}${at(c)}--;`),
      `${varName(variable)}[card] = ${cardVarStored(this.game, this.game.vars.get(variable)!, "value")};`,
      ...reading.map((c) => `${known ? "" : `if (${seg(c)} >= 0) `}${at(c)}++;`),
      "}",
    ];
  }
}

/** The closure's function that writes a per-card variable keys read. */
function keyedWrite(variable: string, known?: string): string {
  return known ? `$write_${variable}$at_${known}` : `$write_${variable}`;
}
