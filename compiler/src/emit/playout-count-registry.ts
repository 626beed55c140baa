// Which running count a rules test reads (playout-counts.ts keeps them up to date and writes their
// reads): a test of a card by an enum field printed on it, by a whole-number field, by a key function
// of the card (playout-keyed-counts.ts) or paired with a test of the card's own variables
// (playout-paired-counts.ts). The registry makes each count once, when a read first needs it, and
// knows every count made, for the markers and declarations written after the last read.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { cardFieldArray } from "./code.js";
import type { ZoneLayout } from "./playout-zones.js";
import { plain, readsSlot } from "./playout-memo-reads.js";
import { CardKeys, type CardKey } from "./playout-keyed-counts.js";
import { fieldTestOf } from "./playout-paired-counts.js";
import { intCardKey, intFieldRange, type IntFieldRange } from "./playout-int-field-counts.js";
import { writtenMember } from "./playout-enum-codes.js";

/** What the counts need of the memo: an enum member's index, and a card field's indexes by card id. */
export interface EnumIndexes {
  /** The code of the member's index in its enum (-1 for none), for a value of code `value`. */
  memberIndex(enumName: string, value: string): string;
  /** The name of an array of the field's member indexes by card id, made once. */
  fieldIndex(array: string, enumName: string): string;
}

export interface Counted {
  readonly zone: ZoneLayout;
  readonly segments: number;
  readonly members: number;
  /** The code of the member index (-1 for none) a card of code `card` is counted at. */
  readonly key: (card: string) => string;
  /** The per-card variables its key reads (none for a printed field: playout-keyed-counts.ts). */
  readonly variables: ReadonlySet<string>;
  readonly name: string;
  /** Whether a sum over the seats in play is read: totals are kept (playout-seat-totals.ts). */
  seats: boolean;
  /** Whether the masks of the seats holding each member are kept (`seatsHolding`). */
  holding?: boolean;
}

/** What is counted, and at which member, for a test of a card. */
export interface Compared {
  readonly counted: Counted;
  /** The member's index when the rules name it, else null (then `value`'s index is found when read). */
  readonly member: number | null;
  readonly value: A.Expression | null;
  readonly enumName: string | null;
  readonly equal: boolean;
  /** A count by a printed field paired with a test of the card (playout-paired-counts.ts). */
  readonly paired?: boolean;
  /** A count by a whole-number field's run of values (playout-int-field-counts.ts). */
  readonly ints?: IntFieldRange;
}

export class CountRegistry {
  private readonly counted = new Map<string, Counted>();
  /** Off while code is written that runs before the counts by a key are made (the variables' first values). */
  keyed = true;
  readonly keys: CardKeys;
  /** The functions that work out the member index of an enum key (playout-keyed-counts.ts). */
  readonly indexFunctions: string[] = [];
  /** The paired counts' names by what they count (zone, field, the test's code), and their tests' functions. */
  private readonly pairs = new Map<string, string>();
  readonly pairTests: string[] = [];
  /** Whether a count by a whole-number field is kept: `$intMember` is written. */
  intCounts = false;

  constructor(
    private readonly game: CheckedGame,
    private readonly zones: ReadonlyMap<string, ZoneLayout>,
    private readonly maxSeats: number,
    private readonly indexes: EnumIndexes,
  ) {
    this.keys = new CardKeys(game);
  }

  /** Every count made so far. */
  all(): Counted[] {
    return [...this.counted.values()];
  }

  /** Whether a paired count is kept: `$pairOf` is written. */
  hasPairs(): boolean {
    return this.pairs.size > 0;
  }

  /** The count an aggregate over a zone reads, `count(c in Z where T)`, `any(c in Z: T)` or
   *  `all(c in Z: T)` with T a test `compared` knows (made when `register`); else null. */
  analyse(e: A.AggregateExpression, register: boolean): Compared | null {
    const callee = e.callee.name;
    if ((callee === "any" || callee === "all") && e.condition && e.value) return this.keyed ? this.paired(e, e.condition, e.value, register) : null;
    const test = callee === "count" ? (e.value ? null : e.condition) : callee === "any" || callee === "all" ? (e.condition ? null : e.value) : null;
    if (!test) return null;
    const binder = this.game.names.get(e.binder);
    if (binder?.kind !== "local") return null;
    const layout = this.layoutOf(e.source);
    return layout ? this.compared(test, binder.slot, layout, true, register) : null;
  }

  /** The layout of the zone an aggregate's source names (`Z`, `Z[p]`). */
  layoutOf(source: A.Expression): ZoneLayout | undefined {
    const target = source.kind === "index" ? source.target : source;
    const zone = this.game.names.get(target as never);
    return zone?.kind === "zone" ? this.zones.get(zone.declaration.name.name) : undefined;
  }

  /** The count a test of a card (bound to `slot`) reads: `c.F == v` or `!=` (F an enum field printed on
   *  the card, v a value that does not read c), `k(c) == v` or `!=` (k a key function of an enum,
   *  playout-keyed-counts.ts), `k(c)` or `not k(c)` (a `bool` key); null for any other test. Keys
   *  only where `fields` is false. */
  private compared(test: A.Expression, slot: unknown, layout: ZoneLayout, fields = true, register = true): Compared | null {
    if (this.keyed) {
      const negated = test.kind === "unary" && test.operator === "not";
      const flag = this.keys.callOn(negated ? (test as A.UnaryExpression).operand : test, slot);
      const counted = flag && flag.enumName === null ? this.keyedOf(layout, flag, register) : null;
      if (counted) return { counted, member: 1, value: null, enumName: null, equal: !negated };
    }
    if (test.kind !== "binary" || (test.operator !== "==" && test.operator !== "!=")) return null;
    const equal = test.operator === "==";
    for (const [side, other] of [[test.left, test.right], [test.right, test.left]] as const) {
      if (readsSlot(this.game, other, slot)) continue;
      const key = this.keyed ? this.keys.callOn(side, slot) : null;
      const enumType = this.game.types.get(side);
      if (fields && !key && enumType?.kind === "int") {
        const ints = this.intCountedOf(side, slot, layout, register);
        if (ints) return { counted: ints.counted, member: null, value: other, enumName: null, equal, ints: ints.range };
        continue;
      }
      if (enumType?.kind !== "enum") continue;
      let counted: Counted | null = null;
      // A key's count reads the value compared with even where the zone is empty: only a value that
      // cannot fault (the pass would read it for each card only).
      if (key) counted = plain(other) ? this.keyedOf(layout, key, register) : null;
      else if (fields && side.kind === "member" && side.target.kind === "name") {
        const target = this.game.names.get(side.target);
        const cardType = this.game.types.get(side.target);
        if (target?.kind !== "local" || target.slot !== slot || cardType?.kind !== "card") continue;
        counted = this.countedOf(layout, cardType.cardType, side.member.name, enumType.name, register);
      }
      if (!counted) continue;
      const named = writtenMember(this.game, other);
      return { counted, member: named?.enumName === enumType.name ? named.index : null, value: other, enumName: enumType.name, equal };
    }
    return null;
  }

  /** The key test that every card meeting `e` passes first: `k(binder)`, `not k(binder)` or
   *  `k(binder) == Enum.member`, its count and member. */
  leadingKeyTest(e: A.Expression, slot: unknown, zone: ZoneLayout, depth: number): { counted: Counted; member: number } | null {
    if (depth > 8) return null;
    if (e.kind === "binary" && e.operator === "and") {
      const left = this.leadingKeyTest(e.left, slot, zone, depth + 1);
      if (left) return left;
      return plain(e.left) ? this.leadingKeyTest(e.right, slot, zone, depth + 1) : null;
    }
    const compared = this.compared(e, slot, zone, false);
    if (!compared) return null;
    // `not k(c)`: the cards whose key is false.
    if (compared.enumName === null) return { counted: compared.counted, member: compared.equal ? 1 : 0 };
    return compared.member !== null && compared.equal ? { counted: compared.counted, member: compared.member } : null;
  }

  /** The field test that every card meeting `e` passes first, as `binder.field == Enum.member`. */
  leadingFieldTest(e: A.Expression, slot: unknown, depth: number): { cardType: string; field: string; enumName: string; member: number } | null {
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

  /** The paired count `any(c in Z where c.F == v: T)` or `all(...)` reads (playout-paired-counts.ts):
   *  T a test of the card's own variables; made when `register`, else only described. */
  private paired(e: A.AggregateExpression, condition: A.Expression, test: A.Expression, register: boolean): Compared | null {
    const binder = this.game.names.get(e.binder);
    if (binder?.kind !== "local") return null;
    const layout = this.layoutOf(e.source);
    const field = layout ? fieldTestOf(this.game, condition, binder.slot) : null;
    if (!layout || !field || layout.declaration.cardType.name !== field.cardType) return null;
    const tested = this.keys.cardTest(test, binder.slot, field.cardType, "card", this.indexes);
    if (!tested) return null;
    const members = (this.game.enums.get(field.enumName)?.members.length ?? 0) * 2;
    if (members === 0) return null;
    const zone = layout.declaration.name.name;
    const identity = `${zone}|${field.field}|${tested.code}`;
    let name = this.pairs.get(identity);
    if (!name && !register) {
      const described = { zone: layout, segments: 0, members, key: () => "-1", variables: tested.variables, name: "", seats: false };
      return { counted: described, member: field.member, value: field.value, enumName: field.enumName, equal: true, paired: true };
    }
    if (!name) {
      name = `$paired_${zone}_${field.field}_${this.pairs.size}`.replace(/[^\w$]/g, "_");
      this.pairs.set(identity, name);
      const indexes = this.indexes.fieldIndex(cardFieldArray(field.cardType, field.field), field.enumName);
      const testName = `${name}$test`;
      this.pairTests.push(`function ${testName}(card: number): boolean {`, `return ${tested.code};`, "}");
      const key = (card: string): string => `(${indexes}[${card}]! * 2 + (${testName}(${card}) ? 1 : 0))`;
      this.counted.set(name, { zone: layout, segments: layout.declaration.perPlayer ? this.maxSeats : 1, members, key, variables: tested.variables, name, seats: false });
    }
    return { counted: this.counted.get(name)!, member: field.member, value: field.value, enumName: field.enumName, equal: true, paired: true };
  }

  /** The count of `zone`'s cards by a printed enum field; made when `register`, else only described. */
  countedOf(zone: ZoneLayout, cardType: string, field: string, enumName: string, register: boolean): Counted | null {
    if (zone.declaration.cardType.name !== cardType) return null;
    const members = this.game.enums.get(enumName)?.members.length ?? 0;
    if (members === 0) return null;
    const name = `$count_${zone.declaration.name.name}_${field}`.replace(/[^\w$]/g, "_");
    const made = this.counted.get(name);
    if (made || !register) return made ?? { zone, segments: 0, members, key: () => "-1", variables: new Set(), name, seats: false };
    const indexes = this.indexes.fieldIndex(cardFieldArray(cardType, field), enumName);
    const counted = { zone, segments: zone.declaration.perPlayer ? this.maxSeats : 1, members, key: (card: string) => `${indexes}[${card}]!`, variables: new Set<string>(), name, seats: false };
    this.counted.set(name, counted);
    return counted;
  }

  /** The count of `zone`'s cards by a whole-number field printed on them (`side` is `c.F`, c bound to
   *  `slot`), when its values lie in a short run (playout-int-field-counts.ts); else null. */
  private intCountedOf(side: A.Expression, slot: unknown, zone: ZoneLayout, register: boolean): { counted: Counted; range: IntFieldRange } | null {
    if (side.kind !== "member" || side.target.kind !== "name") return null;
    const target = this.game.names.get(side.target);
    const cardType = this.game.types.get(side.target);
    if (target?.kind !== "local" || target.slot !== slot || cardType?.kind !== "card" || zone.declaration.cardType.name !== cardType.cardType) return null;
    const field = side.member.name;
    const range = intFieldRange(this.game, cardType.cardType, field);
    if (!range) return null;
    const name = `$count_${zone.declaration.name.name}_${field}`.replace(/[^\w$]/g, "_");
    const made = this.counted.get(name);
    if (made || !register) return { counted: made ?? { zone, segments: 0, members: range.members, key: () => "-1", variables: new Set(), name, seats: false }, range };
    const array = cardFieldArray(cardType.cardType, field);
    const counted = { zone, segments: zone.declaration.perPlayer ? this.maxSeats : 1, members: range.members, key: (card: string) => intCardKey(array, card, range), variables: new Set<string>(), name, seats: false };
    this.counted.set(name, counted);
    this.intCounts = true;
    return { counted, range };
  }

  /** The count of `zone`'s cards by the key function `key` (playout-keyed-counts.ts); null where the
   *  zone holds other cards, or a variable the key reads is written otherwise than by assignment. */
  private keyedOf(zone: ZoneLayout, key: CardKey, register: boolean): Counted | null {
    if (zone.declaration.cardType.name !== key.cardType || [...key.variables].some((v) => this.keys.transferred(v))) return null;
    const name = `$keyed_${zone.declaration.name.name}_${key.function}`.replace(/[^\w$]/g, "_");
    if (!register) return this.counted.get(name) ?? { zone, segments: 0, members: key.members, key: () => "-1", variables: key.variables, name, seats: false };
    if (!this.counted.has(name)) {
      // The member index function is made where the rules name the enum: named here, before it is written.
      if (key.enumName !== null) this.indexes.memberIndex(key.enumName, "");
      // An enum key works out its member's index in a function of its own, where it can.
      const indexFunction = this.keys.indexFunction(key, this.indexes);
      if (indexFunction) this.indexFunctions.push(...indexFunction);
      const code = (card: string): string => this.keys.memberCode(key, card, (enumName, value) => this.indexes.memberIndex(enumName, value), indexFunction !== null);
      this.counted.set(name, { zone, segments: zone.declaration.perPlayer ? this.maxSeats : 1, members: key.members, key: code, variables: key.variables, name, seats: false });
    }
    return this.counted.get(name)!;
  }
}
