// A table for `first(s in Z where s.F == v)`, F a whole-number field printed on the cards, over a zone
// the game writes only in its setup (`kind_at(i) = first(s in spaces where s.index == i).kind`: the
// board's spaces, laid out once, looked up by number at every landing). The kernel would walk the
// zone each time; a hand-written engine indexes its board by number. The table holds, per value of
// F, the first card of Z in the zone's order with that value (-1 for none: the aggregate's fault),
// made from the zone when first read after a write of Z (only setup writes it) or a game's start or
// resumption, which mark it stale.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import { cardFieldArray, quote } from "./code.js";
import { readsSlot, StateReads, walk } from "./playout-memo-reads.js";
import { markerKind } from "./playout-markers.js";
import type { ZoneLayout } from "./playout-zones.js";
import type { StateDeclaration } from "./playout-kernel-state.js";
import { typedArray } from "./playout-arrays.js";

interface Table {
  readonly name: string;
  readonly zone: ZoneLayout;
  readonly field: string;
  readonly cardType: string;
}

const MARKERS = markerKind<{ zone: string }>("first-tables");

const STATEMENTS = new Set(["move", "move-all", "deal", "shuffle"]);

export class FirstTables {
  private readonly tables = new Map<string, Table>();
  private readonly reads: StateReads;
  /** Zones a `first` looks in and that only the setup writes: where setup statements mark tables stale. */
  private readonly candidates: ReadonlySet<string>;
  /** Set by the kernel writer: the tables live in the closure beside the rules' functions. */
  enabled = false;

  constructor(
    private readonly game: CheckedGame,
    private readonly zones: ReadonlyMap<string, ZoneLayout>,
    /** The code of the card at position `i` of segment `seg` (playout-zones.ts). */
    private readonly cardAt: (seg: string, topLast: boolean, i: string) => string,
    /** The names the written code imports from cards.js. */
    private readonly cardImports: Set<string>,
  ) {
    this.reads = new StateReads(game);
    const written = new Set<string>();
    const looked = new Set<string>();
    const outsideSetup = game.program.declarations.filter((d) => d.kind !== "setup");
    walk(outsideSetup, (node) => {
      if (STATEMENTS.has(node.kind) && "range" in node) {
        for (const item of this.reads.statementWrites(node as A.Statement)) if (item.startsWith("zone:")) written.add(item.slice(5));
      }
      if (node.kind === "aggregate") {
        const e = node as A.AggregateExpression;
        const zone = e.callee.name === "first" && e.source.kind === "name" ? game.names.get(e.source) : undefined;
        if (zone?.kind === "zone") looked.add(zone.declaration.name.name);
      }
    });
    this.candidates = new Set([...looked].filter((zone) => !written.has(zone)));
  }

  /** The table's look-up for `first(s in Z where s.F == v)` (either side), Z a whole zone written
   *  only in the setup, F a whole-number field printed on the cards, v not reading s; else null. */
  read(e: A.AggregateExpression, write: (e: A.Expression) => string): string | null {
    if (!this.enabled || e.callee.name !== "first" || e.value || !e.condition) return null;
    const condition = e.condition;
    if (condition.kind !== "binary" || condition.operator !== "==") return null;
    if (e.source.kind !== "name") return null;
    const zone = this.game.names.get(e.source);
    if (zone?.kind !== "zone" || zone.declaration.perPlayer || !this.candidates.has(zone.declaration.name.name)) return null;
    const layout = this.zones.get(zone.declaration.name.name);
    const binder = this.game.names.get(e.binder);
    if (!layout || binder?.kind !== "local") return null;
    const isField = (side: A.Expression): side is A.MemberExpression => {
      if (side.kind !== "member" || side.target.kind !== "name") return false;
      const target = this.game.names.get(side.target);
      return target?.kind === "local" && target.slot === binder.slot && this.game.types.get(side)?.kind === "int" && this.game.types.get(side.target)?.kind === "card";
    };
    const [field, other] = isField(condition.left) ? [condition.left, condition.right] : isField(condition.right) ? [condition.right, condition.left] : [null, null];
    if (!field || !other || readsSlot(this.game, other, binder.slot)) return null;
    const cardType = this.game.types.get(field.target);
    if (cardType?.kind !== "card" || layout.declaration.cardType.name !== cardType.cardType) return null;
    const name = `$firstBy_${layout.declaration.name.name}_${field.member.name}`.replace(/[^\w$]/g, "_");
    if (!this.tables.has(name)) this.tables.set(name, { name, zone: layout, field: field.member.name, cardType: cardType.cardType });
    this.cardImports.add(cardFieldArray(cardType.cardType, field.member.name));
    this.cardImports.add(`ALL_${cardType.cardType}`);
    return `${name}$of(${write(other)})`;
  }

  /** After a statement that may write a zone a table may be of (the setup's): its tables are stale. */
  writeMarker(s: A.Statement): string[] {
    if (!this.enabled || !STATEMENTS.has(s.kind)) return [];
    const zones = [...this.reads.statementWrites(s)].filter((item) => item.startsWith("zone:") && this.candidates.has(item.slice(5)));
    return zones.map((item) => MARKERS.line({ zone: item.slice(5) }));
  }

  /** A marker line's code (a table of its zone made stale, or nothing); null for any other line. */
  markerCode(line: string): string[] | null {
    const m = MARKERS.parse(line);
    if (!m) return null;
    return [...this.tables.values()].filter((t) => t.zone.declaration.name.name === m.zone).map((t) => `${t.name}$fresh = false;`);
  }

  /** At a game's start or resumption: every table stale. */
  startCode(): string[] {
    return [...this.tables.values()].map((t) => `${t.name}$fresh = false;`);
  }

  /** A table is kept from the zone until stale; its bounds, from the printed values, are fixed. */
  stateDeclarations(): StateDeclaration[] {
    return [...this.tables.values()].flatMap((t) => [
      { name: `${t.name}$low`, role: "fixed" as const },
      { name: `${t.name}$high`, role: "fixed" as const },
      { name: t.name, role: "cache" as const },
      { name: `${t.name}$fresh`, role: "cache" as const, stale: [`${t.name}$fresh = false;`] },
    ]);
  }

  /** The tables, their bounds and their look-ups, for the kernel's closure. */
  code(): string[] {
    return [...this.tables.values()].flatMap((t) => {
      const values = cardFieldArray(t.cardType, t.field);
      const [low, high, fresh] = [`${t.name}$low`, `${t.name}$high`, `${t.name}$fresh`];
      const seg = t.zone.constant;
      return [
        `let ${low} = 0;`,
        `let ${high} = -1;`,
        `for (const $c of ALL_${t.cardType}) {`,
        `const $v = ${values}[$c]!;`,
        `if (${high} < ${low} || $v < ${low}) ${low} = $v;`,
        `if ($v > ${high}) ${high} = $v;`,
        "}",
        `const ${t.name} = ${typedArray("Int32Array", `Math.max(0, ${high} - ${low} + 1)`)};`,
        `let ${fresh} = false;`,
        `/** The first card of ${t.zone.declaration.name.name} whose ${t.field} is v, in the zone's order (the table made afresh when stale). */`,
        `function ${t.name}$of(v: number): number {`,
        `if (!${fresh}) {`,
        `${t.name}.fill(-1);`,
        `for (let $i = N[${seg}]! - 1; $i >= 0; $i--) {`,
        `const $c = ${this.cardAt(seg, t.zone.topLast, "$i")};`,
        `${t.name}[${values}[$c]! - ${low}] = $c;`,
        "}",
        `${fresh} = true;`,
        "}",
        `const $c = v >= ${low} && v <= ${high} ? ${t.name}[v - ${low}]! : -1;`,
        `if ($c < 0) throw new GameFault("fault/empty-aggregate", ${quote("first(…): no item matches")});`,
        "return $c;",
        "}",
      ];
    });
  }
}
