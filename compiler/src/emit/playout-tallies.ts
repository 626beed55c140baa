// The playout kernel's tallies: `count(d in ZONE where d.FIELD == VALUE)`, where FIELD is a card's
// field of an enum type (printed on the card, never changed), read as a look-up. Each (zone, field)
// read so keeps, per segment of the zone (a seat's copy of a per-player zone is a segment), how many
// of its cards have each member, counted in one pass over the segment when it was written since:
// the zone has a generation, bumped by every statement that writes it and at every game's start
// or resume (the markers of playout-memo.ts), and each segment's counts the generation they were
// made in. "How many deeds of this colour does each player hold" is then a read, not a loop.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { cardFieldArray } from "./code.js";
import type { ZoneLayout, ZoneRef } from "./playout-zones.js";

/** What the tallies need of the memo: an enum member's index, and a card field's indexes by card id. */
export interface EnumIndexes {
  /** The code of the member's index in its enum (-1 for none), for a value of code `value`. */
  memberIndex(enumName: string, value: string): string;
  /** The name of an array of the field's member indexes by card id, made once. */
  fieldIndex(array: string, enumName: string): string;
}

interface Tally {
  readonly zone: ZoneLayout;
  readonly segments: number;
  readonly members: number;
  /** The field's member indexes by card id. */
  readonly indexes: string;
}

export class KernelTallies {
  private readonly tallies = new Map<string, Tally>();
  /** Set by the kernel writer: tallies live in the closure beside the rules' functions, which a
   *  kernel written as one `play` (no functions of the rules, a short flow) does not have. */
  enabled = false;

  constructor(
    private readonly game: CheckedGame,
    private readonly zones: ReadonlyMap<string, ZoneLayout>,
    private readonly maxSeats: number,
    private readonly indexes: EnumIndexes,
  ) {}

  /** The look-up for a `count` whose condition compares a static enum field of the binder with a
   *  value that does not read it, or null. `write` writes an expression; `zone` the source's segment. */
  count(e: A.AggregateExpression, write: (e: A.Expression) => string, zone: (e: A.Expression) => ZoneRef): string | null {
    if (!this.enabled || e.callee.name !== "count" || !e.condition || e.value || this.game.types.get(e.source)?.kind !== "zone") return null;
    const condition = e.condition;
    if (condition.kind !== "binary" || condition.operator !== "==") return null;
    const binder = this.game.names.get(e.binder);
    if (binder?.kind !== "local") return null;
    const isField = (side: A.Expression): side is A.MemberExpression =>
      side.kind === "member" && side.target.kind === "name" && this.game.names.get(side.target)?.kind === "local" && (this.game.names.get(side.target) as { slot: unknown }).slot === binder.slot && this.game.types.get(side)?.kind === "enum";
    const [field, other] = isField(condition.left) ? [condition.left, condition.right] : isField(condition.right) ? [condition.right, condition.left] : [null, null];
    if (!field || !other || this.reads(other, binder.slot)) return null;
    const cardType = this.game.types.get(field.target);
    const enumType = this.game.types.get(field);
    if (cardType?.kind !== "card" || enumType?.kind !== "enum") return null;
    const members = this.game.enums.get(enumType.name)?.members.length ?? 0;
    const source = zone(e.source);
    const layout = this.zones.get(source.layout.declaration.name.name);
    if (!layout || members === 0) return null;
    const array = cardFieldArray(cardType.cardType, field.member.name);
    const name = `$tally_${layout.declaration.name.name}_${field.member.name}`.replace(/[^\w$]/g, "_");
    if (!this.tallies.has(name)) {
      this.tallies.set(name, { zone: layout, segments: layout.declaration.perPlayer ? this.maxSeats : 1, members, indexes: this.indexes.fieldIndex(array, enumType.name) });
    }
    // An enum member named in the rules (`Kind.money`) is its index, known here.
    const named = other.kind === "member" && this.game.types.get(other.target)?.kind === "enum-type" ? this.game.enums.get(enumType.name)!.members.findIndex((m) => m.name === other.member.name) : -1;
    const member = named >= 0 ? String(named) : this.indexes.memberIndex(enumType.name, write(other));
    return `${name}(${source.seg}, ${member})`;
  }

  /** The zones whose generations the tallies read. */
  zonesRead(): Set<string> {
    return new Set([...this.tallies.values()].map((t) => t.zone.declaration.name.name));
  }

  /** The code of the tallies: per zone read, its generation; per tally, its counts and function. */
  code(): string[] {
    const lines: string[] = [];
    for (const zone of [...this.zonesRead()].sort()) lines.push(`let ${zoneGeneration(zone)} = 1;`);
    for (const [name, t] of [...this.tallies].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const generation = zoneGeneration(t.zone.declaration.name.name);
      lines.push(
        `const ${name}$counts = new Int32Array(${t.segments * t.members});`,
        `const ${name}$stamps = new Float64Array(${t.segments});`,
        `function ${name}(seg: number, member: number): number {`,
        `const $s = seg - ${t.zone.constant};`,
        `const $base = $s * ${t.members};`,
        `if (${name}$stamps[$s] !== ${generation}) {`,
        // A loop, not `fill`: a handful of members, and no call into the runtime.
        `for (let $k = 0; $k < ${t.members}; $k++) ${name}$counts[$base + $k] = 0;`,
        "const $n = N[seg]!;",
        "for (let $i = 0; $i < $n; $i++) {",
        `const $member = ${t.indexes}[C[seg * CAP + $i]!]!;`,
        `if ($member >= 0) ${name}$counts[$base + $member]!++;`,
        "}",
        `${name}$stamps[$s] = ${generation};`,
        "}",
        `return member < 0 ? 0 : ${name}$counts[$base + member]!;`,
        "}",
      );
    }
    return lines;
  }

  private reads(e: A.Expression, slot: unknown): boolean {
    let found = false;
    const visit = (node: unknown): void => {
      if (found || node === null || typeof node !== "object") return;
      if (Array.isArray(node)) return node.forEach(visit);
      const record = node as Record<string, unknown>;
      if (record.kind === "name") {
        const binding = this.game.names.get(record as never);
        if (binding?.kind === "local" && binding.slot === slot) found = true;
      }
      for (const [key, child] of Object.entries(record)) if (key !== "range") visit(child);
    };
    visit(e);
    return found;
  }
}

/** A zone's generation: the tallies of its segments made in another are stale. */
export function zoneGeneration(zone: string): string {
  return `$generation_zone_${zone}`;
}
