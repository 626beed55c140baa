// A memoized function whose reads of zones and of per-card variables all go through aggregates over
// the cards whose enum field is one of its arguments (`complete(p, g)`: how many deeds of group g a
// seat holds, and the bank, and every seat; `undeveloped(p, g)`: whether no deed of group g a seat
// holds has a building, `all(e in deeds[p] where e.group == g: level(e) == 0)`) keeps its values for
// every other member when one card moves or one card's variable is written: a deed changing hands,
// or a Stack of Books built on it, changes what is read for its own group only. Such a function's
// memo keeps, beside its generation (bumped by any other write of what it reads), a generation per
// member of that argument, bumped where a card of the type moves (`move`, by the card's field) or
// where one card's variable read so is assigned (`books[d] += 1`, by d's field); a value is good
// while both are those it was computed in (playout-memo.ts).
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { walk } from "./playout-memo-reads.js";

/** The argument a function's zone reads are keyed by: its position, and the card field counted. */
export interface MemberKey {
  readonly parameter: number;
  readonly cardType: string;
  readonly field: string;
  readonly enumName: string;
  /** The per-card variables the function reads only of the cards its aggregates keep (`books[e]`,
   *  `e` their binder): a write of one card's value is stale for that card's member only. */
  readonly cardVars: ReadonlySet<string>;
}

interface Counted {
  readonly cardType: string;
  readonly field: string;
  readonly enumName: string;
}

/** What a body's walk found: the field its zone aggregates keep cards by (null: it reads no zone),
 *  and the per-card variables it reads of those cards only, or otherwise too. */
interface Keyed {
  readonly counted: Counted | null;
  readonly keyedVars: ReadonlySet<string>;
  readonly otherVars: ReadonlySet<string>;
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
      const keyed = this.keyedBy(f, new Set([this.slot(p.name)]), new Set(), new Set([name]));
      if (keyed === undefined || keyed.counted === null) continue;
      const cardVars = new Set([...keyed.keyedVars].filter((v) => !keyed.otherVars.has(v)));
      found = { parameter, ...keyed.counted, cardVars };
      break;
    }
    this.keys.set(name, found);
    return found;
  }

  /**
   * What `f`'s body reads, where every zone it reads (through the functions it calls) is the source
   * of an aggregate `AGG(x in ZONE where x.FIELD == k ...)`, `k` an argument in `keys` (one field for
   * all), whose value reads per-card variables of `x` (`binders`: the slots bound to such a card);
   * undefined where it reads a zone otherwise.
   */
  private keyedBy(f: A.FunctionDeclaration, keys: ReadonlySet<unknown>, binders: ReadonlySet<unknown>, seen: ReadonlySet<string>): Keyed | undefined {
    let counted: Counted | null = null;
    let fails = false;
    const keyedVars = new Set<string>();
    const otherVars = new Set<string>();
    const note = (c: Counted): void => {
      if (counted && (counted.cardType !== c.cardType || counted.field !== c.field)) fails = true;
      counted = c;
    };
    const merge = (inner: Keyed): void => {
      if (inner.counted) note(inner.counted);
      for (const v of inner.keyedVars) keyedVars.add(v);
      for (const v of inner.otherVars) otherVars.add(v);
    };
    const visitWith = (inside: ReadonlySet<unknown>) => (record: { kind: string }): void | false => {
      if (fails) return false;
      const kind = record.kind;
      if (kind === "aggregate" && this.game.types.get((record as unknown as A.AggregateExpression).source)?.kind === "zone") {
        const aggregate = record as unknown as A.AggregateExpression;
        const c = this.keptBy(aggregate, keys);
        if (!c) {
          fails = true;
          return false;
        }
        note(c);
        const source = aggregate.source;
        if (source.kind === "index") walk(source.index, visitWith(inside));
        // The value reads the kept cards: per-card variables of the binder are read by member.
        const binder = this.game.names.get(aggregate.binder);
        if (aggregate.value && binder?.kind === "local") walk(aggregate.value, visitWith(new Set([...inside, binder.slot])));
        return false;
      }
      if (this.game.types.get(record as never)?.kind === "zone") {
        fails = true;
        return false;
      }
      if (kind === "index") {
        const e = record as unknown as A.IndexExpression;
        const target = e.target.kind === "name" ? this.game.names.get(e.target) : undefined;
        if (target?.kind === "var" && target.declaration.perCard && e.index.kind === "name" && inside.has(this.localSlot(e.index))) {
          keyedVars.add(target.declaration.name.name);
          return false;
        }
      }
      if (kind === "name") {
        const binding = this.game.names.get(record as never);
        if (binding?.kind === "var") otherVars.add(binding.declaration.name.name);
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
          const calleeBinders = new Set<unknown>();
          call.args.forEach((a, j) => {
            const parameter = callee.parameters[j];
            if (a.kind !== "name" || !parameter) return;
            if (keys.has(this.localSlot(a))) calleeKeys.add(this.slot(parameter.name));
            if (inside.has(this.localSlot(a))) calleeBinders.add(this.slot(parameter.name));
          });
          const inner = this.keyedBy(callee, calleeKeys, calleeBinders, new Set([...seen, callee.name.name]));
          if (inner === undefined) fails = true;
          else merge(inner);
          walk(call.args, visitWith(inside));
          return false;
        }
      }
    };
    walk(f.body, visitWith(binders));
    return fails ? undefined : { counted, keyedVars, otherVars };
  }

  /** `AGG(x in ZONE where x.FIELD == k)` (either side), FIELD an enum field of the card, `k` a key:
   *  the aggregate reads only the cards of member k. */
  private keptBy(e: A.AggregateExpression, keys: ReadonlySet<unknown>): Counted | null {
    if (!e.condition) return null;
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
