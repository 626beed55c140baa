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
// its zone, or into nothing.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { cardFieldArray } from "./code.js";
import type { ZoneLayout, ZoneRef } from "./playout-zones.js";
import { plain, readsSlot } from "./playout-memo-reads.js";
import { markerKind } from "./playout-markers.js";
import { SEATS_FRESH, seatSumOf, seatTotalStep, seatTotalsClear, seatTotalsCode, seatTotalsName } from "./playout-seat-totals.js";

/** What the counts need of the memo: an enum member's index, and a card field's indexes by card id. */
export interface EnumIndexes {
  /** The code of the member's index in its enum (-1 for none), for a value of code `value`. */
  memberIndex(enumName: string, value: string): string;
  /** The name of an array of the field's member indexes by card id, made once. */
  fieldIndex(array: string, enumName: string): string;
}

type Marker =
  | { op: "in" | "out"; zone: string; seg: string; card: string }
  | { op: "clear"; zone: string; seg: string }
  | { op: "from"; cardType: string; seg: string; card: string }
  | { op: "recount" }
  | { op: "seats" };

const MARKERS = markerKind<Marker>("counts");

/** Where the zones are loaded whole (a game's start, a resumed state): every count is made afresh. */
export const RECOUNT_MARKER = MARKERS.line({ op: "recount" });

interface Analysed {
  readonly counted: Counted;
  readonly other: A.Expression;
  readonly named: number;
  readonly equal: boolean;
  readonly cardType: string;
  readonly field: string;
  readonly enumName: string;
}

interface Counted {
  readonly zone: ZoneLayout;
  readonly segments: number;
  readonly members: number;
  /** The field's member indexes by card id (-1 for none). */
  readonly indexes: string;
  readonly name: string;
  /** Whether a sum over the seats in play is read: totals are kept (playout-seat-totals.ts). */
  seats: boolean;
}

export class KernelCounts {
  private readonly counted = new Map<string, Counted>();
  /** Set by the kernel writer: the counts live in the closure beside the rules' functions, as the
   *  memo does (a kernel written as one `play` has none). */
  enabled = false;

  constructor(
    private readonly game: CheckedGame,
    private readonly zones: ReadonlyMap<string, ZoneLayout>,
    private readonly maxSeats: number,
    private readonly indexes: EnumIndexes,
  ) {}

  // ── reads ────────────────────────────────────────────────────────────────────────────────────

  /** A read of the counts for `count(c in Z where c.F == v)` (or `!=`), `any(c in Z: c.F == v)` and
   *  `all(c in Z: c.F == v)` (either comparison), where F is an enum field printed on the cards and v
   *  does not read c; null for any other aggregate. `write` writes an expression, `zone` a zone. */
  read(e: A.AggregateExpression, write: (e: A.Expression) => string, zone: (e: A.Expression) => ZoneRef): string | null {
    if (!this.enabled) return null;
    // The sum of a per-player zone's count over the seats in play: their total (playout-seat-totals.ts).
    const inner = seatSumOf(this.game, e);
    if (inner) {
      const found = this.analyse(inner, this.layoutOf(inner.source), true);
      if (!found || !found.equal) return null;
      found.counted.seats = true;
      const member = found.named >= 0 ? String(found.named) : this.indexes.memberIndex(found.enumName, write(found.other));
      return `$seatTotal(${seatTotalsName(found.counted.name)}, ${member})`;
    }
    if (this.game.types.get(e.source)?.kind !== "zone") return null;
    // The shape first: writing the zone may hoist code.
    if (!this.shapeOf(e)) return null;
    const source = zone(e.source);
    const layout = this.zones.get(source.layout.declaration.name.name);
    const found = layout && this.analyse(e, layout, true);
    if (!layout || !found) return null;
    const name = found.counted.name;
    const members = found.counted.members;
    const at = `(${source.seg} - ${layout.constant}) * ${members}`;
    const matching = found.named >= 0 ? `${name}[${at} + ${found.named}]!` : `$countOf(${name}, ${at}, ${this.indexes.memberIndex(found.enumName, write(found.other))})`;
    const size = `N[${source.seg}]!`;
    switch (e.callee.name) {
      case "count":
        return found.equal ? matching : `(${size} - ${matching})`;
      case "any":
        return found.equal ? `(${matching} > 0)` : `(${matching} < ${size})`;
      default:
        return found.equal ? `(${matching} === ${size})` : `(${matching} === 0)`;
    }
  }

  /** Where an aggregate is a read of the counts (as `read` writes it), the expressions the read
   *  still evaluates (the value compared with, a zone's seat); null where it passes over cards or
   *  seats. Registers no count: the memo asks it of functions before they are written. */
  readArguments(e: A.AggregateExpression): A.Expression[] | null {
    if (!this.enabled) return null;
    const inner = seatSumOf(this.game, e);
    const counted = inner ?? e;
    if (!inner && this.game.types.get(e.source)?.kind !== "zone") return null;
    const found = this.analyse(counted, this.layoutOf(counted.source), false);
    if (!found || (inner && !found.equal)) return null;
    const source = counted.source;
    return inner || source.kind !== "index" ? [found.other] : [found.other, source.index];
  }

  /** The layout of the zone an aggregate's source names (`Z`, `Z[p]`). */
  private layoutOf(source: A.Expression): ZoneLayout | undefined {
    const target = source.kind === "index" ? source.target : source;
    const zone = this.game.names.get(target as never);
    return zone?.kind === "zone" ? this.zones.get(zone.declaration.name.name) : undefined;
  }

  /** `count(c in Z where c.F == v)` (or `!=`), `any(c in Z: c.F == v)`, `all(c in Z: c.F == v)`
   *  (either comparison), F an enum field printed on the cards, v not reading c: the count (made
   *  when `register`), the value compared with (its member's index when named in the rules, else
   *  -1), and whether the comparison is `==`. */
  private analyse(e: A.AggregateExpression, layout: ZoneLayout | undefined, register: boolean): Analysed | null {
    const shape = this.shapeOf(e);
    const counted = shape && layout && this.countedOf(layout, shape.cardType, shape.field, shape.enumName, register);
    return shape && counted ? { ...shape, counted } : null;
  }

  /** The shape `analyse` asks of an aggregate, whatever its zone. */
  private shapeOf(e: A.AggregateExpression): Omit<Analysed, "counted"> | null {
    const callee = e.callee.name;
    const test = callee === "count" ? (e.value ? null : e.condition) : callee === "any" || callee === "all" ? (e.condition ? null : e.value) : null;
    if (!test || test.kind !== "binary" || (test.operator !== "==" && test.operator !== "!=")) return null;
    const binder = this.game.names.get(e.binder);
    if (binder?.kind !== "local") return null;
    const isField = (side: A.Expression): side is A.MemberExpression => {
      if (side.kind !== "member" || side.target.kind !== "name") return false;
      const target = this.game.names.get(side.target);
      return target?.kind === "local" && target.slot === binder.slot && this.game.types.get(side)?.kind === "enum" && this.game.types.get(side.target)?.kind === "card";
    };
    const [field, other] = isField(test.left) ? [test.left, test.right] : isField(test.right) ? [test.right, test.left] : [null, null];
    if (!field || !other || readsSlot(this.game, other, binder.slot)) return null;
    const cardType = this.game.types.get(field.target);
    const enumType = this.game.types.get(field);
    if (cardType?.kind !== "card" || enumType?.kind !== "enum") return null;
    const members = this.game.enums.get(enumType.name)?.members ?? [];
    // An enum member named in the rules (`Kind.money`) is its index, known here; another value's
    // index is found when read (-1, no card, for a value that is no member).
    const named = other.kind === "member" && this.game.types.get(other.target)?.kind === "enum-type" ? members.findIndex((m) => m.name === other.member.name) : -1;
    return { other, named, equal: test.operator === "==", cardType: cardType.cardType, field: field.member.name, enumName: enumType.name };
  }

  /** A test that some card of the zone's segment `seg` may meet `test` (the binder's slot `binder`), or
   *  null: where the test's first conjuncts, as the rules evaluate them (through the rules' functions
   *  it calls on the binder), compare an enum field printed on the card with a member, and no card of
   *  the segment has that member, no card passes, and the cards need not be looked at. The conjuncts
   *  before it must read nothing that can fault or draw (no call, no aggregate), so that skipping
   *  them changes nothing the state machine does. */
  guard(test: A.Expression, binder: unknown, zone: ZoneLayout, seg: string): string | null {
    if (!this.enabled) return null;
    const found = this.leadingFieldTest(test, binder, 0);
    if (!found) return null;
    const counted = this.countedOf(zone, found.cardType, found.field, found.enumName);
    if (!counted) return null;
    return `${counted.name}[(${seg} - ${zone.constant}) * ${counted.members} + ${found.member}]! > 0`;
  }

  /** The field test that every card meeting `e` passes first, as `binder.field == Enum.member`. */
  private leadingFieldTest(e: A.Expression, slot: unknown, depth: number): { cardType: string; field: string; enumName: string; member: number } | null {
    if (depth > 8) return null;
    if (e.kind === "binary" && e.operator === "and") {
      const left = this.leadingFieldTest(e.left, slot, depth + 1);
      if (left) return left;
      return plain(e.left) ? this.leadingFieldTest(e.right, slot, depth + 1) : null;
    }
    if (e.kind === "binary" && e.operator === "==") {
      for (const [side, other] of [[e.left, e.right], [e.right, e.left]] as const) {
        if (side.kind !== "member" || side.target.kind !== "name") continue;
        const target = this.game.names.get(side.target);
        if (target?.kind !== "local" || target.slot !== slot) continue;
        const cardType = this.game.types.get(side.target);
        const enumType = this.game.types.get(side);
        if (cardType?.kind !== "card" || enumType?.kind !== "enum") continue;
        if (other.kind !== "member" || this.game.types.get(other.target)?.kind !== "enum-type") continue;
        const member = (this.game.enums.get(enumType.name)?.members ?? []).findIndex((m) => m.name === other.member.name);
        if (member >= 0) return { cardType: cardType.cardType, field: side.member.name, enumName: enumType.name, member };
      }
      return null;
    }
    if (e.kind === "call") {
      // A rules function called on the binder: the test its body makes first, on its parameter.
      const declaration = this.game.program.declarations.find((d): d is A.FunctionDeclaration => d.kind === "function" && d.name.name === e.callee.name);
      if (!declaration || this.game.names.get(e)?.kind !== "function" || e.args.length !== declaration.parameters.length) return null;
      if (!e.args.every((a) => plain(a))) return null;
      const at = e.args.findIndex((a) => a.kind === "name" && (this.game.names.get(a) as { slot?: unknown } | undefined)?.slot === slot);
      if (at < 0) return null;
      const parameter = this.game.names.get(declaration.parameters[at]!.name);
      if (parameter?.kind !== "local") return null;
      return this.leadingFieldTest(declaration.body, parameter.slot, depth + 1);
    }
    return null;
  }

  private countedOf(zone: ZoneLayout, cardType: string, field: string, enumName: string, register = true): Counted | null {
    if (zone.declaration.cardType.name !== cardType) return null;
    const members = this.game.enums.get(enumName)?.members.length ?? 0;
    if (members === 0) return null;
    const name = `$count_${zone.declaration.name.name}_${field}`.replace(/[^\w$]/g, "_");
    const made = this.counted.get(name);
    if (made || !register) return made ?? { zone, segments: 0, members, indexes: "", name, seats: false };
    const counted = { zone, segments: zone.declaration.perPlayer ? this.maxSeats : 1, members, indexes: this.indexes.fieldIndex(cardFieldArray(cardType, field), enumName), name, seats: false };
    this.counted.set(name, counted);
    return counted;
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

  /** Before segment `seg` of `zone` is emptied. */
  clearMarker(zone: ZoneLayout, seg: string): string[] {
    return this.marker({ op: "clear", zone: zone.declaration.name.name, seg });
  }

  /** After `card`, of the cards of `zone`, was taken from the segment held by `seg` (known only
   *  when the game runs): of the counted zones, those that hold such cards may have held it. */
  fromMarker(zone: ZoneLayout, seg: string, card: string): string[] {
    return this.marker({ op: "from", cardType: zone.declaration.cardType.name, seg, card });
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
    const all = [...this.counted.values()];
    const of = (zone: string): Counted[] => all.filter((c) => c.zone.declaration.name.name === zone);
    switch (m.op) {
      case "in":
      case "out": {
        const step = m.op === "in" ? "++" : "--";
        return of(m.zone).map((c) => `{ const $member = ${c.indexes}[${m.card}]!; if ($member >= 0) ${this.steps(c, m.seg, step)} }`);
      }
      case "clear":
        return of(m.zone).map((c) => `${c.seats ? `${seatTotalsClear(this.game, c.name, c.members, `${m.seg} - ${c.zone.constant}`)} ` : ""}${c.name}.fill(0, (${m.seg} - ${c.zone.constant}) * ${c.members}, (${m.seg} - ${c.zone.constant} + 1) * ${c.members});`);
      case "from":
        return all.filter((c) => c.zone.declaration.cardType.name === m.cardType).map(
          (c) =>
            `if (${m.seg} >= ${c.zone.constant} && ${m.seg} < ${c.zone.constant} + ${c.segments}) { const $member = ${c.indexes}[${m.card}]!; if ($member >= 0) ${this.steps(c, m.seg, "--")} }`,
        );
      case "recount":
        return all.length === 0 ? [] : ["$recountAll();", ...(all.some((c) => c.seats) ? [`${SEATS_FRESH} = false;`] : [])];
      case "seats":
        return all.some((c) => c.seats) ? [`${SEATS_FRESH} = false;`] : [];
    }
  }

  /** The update of a segment's count of `$member`, and of the seats' totals where they are kept. */
  private steps(c: Counted, seg: string, step: "++" | "--"): string {
    const count = `${c.name}[(${seg} - ${c.zone.constant}) * ${c.members} + $member]!${step};`;
    return c.seats ? `{ ${count} ${seatTotalStep(this.game, c.name, `${seg} - ${c.zone.constant}`, step)} }` : count;
  }

  // ── declarations ─────────────────────────────────────────────────────────────────────────────

  /** The counts' arrays and the functions that read and remake them, for the kernel's closure. */
  code(): string[] {
    const all = [...this.counted.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (all.length === 0) return [];
    return [
      ...all.map((c) => `const ${c.name} = new Int32Array(${c.segments * c.members});`),
      "/** A segment's count of one member (its index; -1 for a value that is no member: none). */",
      "function $countOf(counts: Int32Array, at: number, member: number): number {",
      "return member < 0 ? 0 : counts[at + member]!;",
      "}",
      "/** Every count made afresh from the zones as they lie. */",
      "function $recountAll(): void {",
      ...all.flatMap((c) => [
        `${c.name}.fill(0);`,
        `for (let $s = 0; $s < ${c.segments}; $s++) {`,
        `const $seg = ${c.zone.constant} + $s;`,
        "for (let $i = 0; $i < N[$seg]!; $i++) {",
        `const $member = ${c.indexes}[C[$seg * CAP + $i]!]!;`,
        `if ($member >= 0) ${c.name}[$s * ${c.members} + $member]!++;`,
        "}",
        "}",
      ]),
      "}",
      ...seatTotalsCode(this.game, all.filter((c) => c.seats)),
    ];
  }
}
