// A memoized function that reads zones only as counts of the cards whose enum field is one of its
// arguments (`complete(p, g)`: how many deeds of group g a seat holds, and the bank, and every
// seat) keeps its values for every other member when one card moves: a deed changing hands
// changes the counts of its own group only. Such a function's memo keeps, beside its generation
// (bumped by any other write of what it reads), a generation per member of that argument, bumped
// where a card of the counted type moves (`move`), by the card's field; a value is good while both
// are those it was computed in (playout-memo.ts).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { walk } from "./playout-memo-reads.js";

/** The argument a function's zone reads are keyed by: its position, and the card field counted. */
export interface MemberKey {
  readonly parameter: number;
  readonly cardType: string;
  readonly field: string;
  readonly enumName: string;
}

interface Counted {
  readonly cardType: string;
  readonly field: string;
  readonly enumName: string;
}

export class MemberKeys {
  private readonly keys = new Map<string, MemberKey | null>();

  constructor(
    private readonly game: CheckedGame,
    private readonly functions: ReadonlyMap<string, A.FunctionDeclaration>,
  ) {}

  /** The argument `name`'s zone reads are keyed by, or null (it reads a zone otherwise, or none). */
  keyOf(name: string): MemberKey | null {
    if (this.keys.has(name)) return this.keys.get(name)!;
    let found: MemberKey | null = null;
    const f = this.functions.get(name)!;
    for (const [parameter, p] of f.parameters.entries()) {
      if (this.slotType(p.name) !== "enum") continue;
      const counted = this.countedBy(f, new Set([this.slot(p.name)]), new Set([name]));
      if (counted === undefined || counted === null) continue;
      found = { parameter, ...counted };
      break;
    }
    this.keys.set(name, found);
    return found;
  }

  /**
   * The field `f`'s body counts by, where every zone it reads (through the functions it calls) is
   * the source of a `count(x in ZONE where x.FIELD == k)`, `k` an argument in `keys` (one field
   * for all); null where it reads no zone; undefined where it reads one otherwise.
   */
  private countedBy(f: A.FunctionDeclaration, keys: ReadonlySet<unknown>, seen: ReadonlySet<string>): Counted | null | undefined {
    let counted: Counted | null = null;
    let fails = false;
    const note = (c: Counted): void => {
      if (counted && (counted.cardType !== c.cardType || counted.field !== c.field)) fails = true;
      counted = c;
    };
    const visit = (record: { kind: string }): void | false => {
      if (fails) return false;
      const kind = record.kind;
      if (kind === "aggregate" && this.game.types.get((record as unknown as A.AggregateExpression).source)?.kind === "zone") {
        const c = this.countOf(record as unknown as A.AggregateExpression, keys);
        if (!c) {
          fails = true;
          return false;
        }
        note(c);
        const source = (record as unknown as A.AggregateExpression).source;
        if (source.kind === "index") walk(source.index, visit);
        return false;
      }
      if (this.game.types.get(record as never)?.kind === "zone") {
        fails = true;
        return false;
      }
      if (kind === "call") {
        const call = record as unknown as A.CallExpression;
        const callee = this.game.names.get(call)?.kind === "function" ? this.functions.get(call.callee.name) : undefined;
        if (callee) {
          if (seen.has(callee.name.name)) {
            fails = true;
            return false;
          }
          const calleeKeys = new Set<unknown>();
          call.args.forEach((a, j) => {
            if (a.kind === "name" && keys.has(this.localSlot(a)) && callee.parameters[j]) calleeKeys.add(this.slot(callee.parameters[j]!.name));
          });
          const inner = this.countedBy(callee, calleeKeys, new Set([...seen, callee.name.name]));
          if (inner === undefined) fails = true;
          else if (inner) note(inner);
          walk(call.args, visit);
          return false;
        }
      }
    };
    walk(f.body, visit);
    return fails ? undefined : counted;
  }

  /** `count(x in ZONE where x.FIELD == k)` (either side), FIELD an enum field of the card, `k` a key. */
  private countOf(e: A.AggregateExpression, keys: ReadonlySet<unknown>): Counted | null {
    if (e.callee.name !== "count" || e.value || !e.condition) return null;
    const condition = e.condition;
    if (condition.kind !== "binary" || condition.operator !== "==") return null;
    const binder = this.game.names.get(e.binder);
    if (binder?.kind !== "local") return null;
    const isField = (side: A.Expression): side is A.MemberExpression =>
      side.kind === "member" && side.target.kind === "name" && this.localSlot(side.target) === binder.slot && this.game.types.get(side)?.kind === "enum";
    const isKey = (side: A.Expression): boolean => side.kind === "name" && keys.has(this.localSlot(side));
    const field = isField(condition.left) && isKey(condition.right) ? condition.left : isField(condition.right) && isKey(condition.left) ? condition.right : null;
    if (!field) return null;
    const cardType = this.game.types.get(field.target);
    const enumType = this.game.types.get(field);
    if (cardType?.kind !== "card" || enumType?.kind !== "enum") return null;
    return { cardType: cardType.cardType, field: field.member.name, enumName: enumType.name };
  }

  private localSlot(e: A.Expression): unknown {
    const binding = this.game.names.get(e as never);
    return binding?.kind === "local" ? binding.slot : undefined;
  }

  private slot(name: A.Identifier): unknown {
    const binding = this.game.names.get(name);
    if (binding?.kind !== "local") throw new Error("internal: unresolved function parameter");
    return binding.slot;
  }

  private slotType(name: A.Identifier): string | undefined {
    const binding = this.game.names.get(name);
    return binding?.kind === "local" ? binding.slot.type?.kind : undefined;
  }
}
