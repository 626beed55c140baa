// The playout kernel's lists: values that are lists (a zone's cards as a value, the players, a set
// of cards drawn for a move, what `distinct` or a function gives) as plain arrays, and the
// aggregates and built-ins over them through the state machine's own runtime helpers. The rules
// read lists mostly while scoring and in requirements about sets, where an array costs little.
import type * as A from "../syntax/ast.js";
import type { LocalSlot, Type } from "../check/types.js";
import { cardFieldArray, functionName, quote } from "./code.js";
import type { EnumArguments } from "./playout-enum-arguments.js";
import type { KernelMemo } from "./playout-memo.js";
import type { CardTable } from "./playout-card-tables.js";
import { simpleArgument, type InlineCalls } from "./playout-inline-calls.js";
import { KernelZones, localName, unsupported } from "./playout-zones.js";
import { typedArray } from "./playout-arrays.js";

/** best_sets' kind function, as the state machine writes it (ExpressionWriter.alikeToScorer). */
export type AlikeToScorer = (scorer: A.NameExpression, cardType: string, ruleField: string) => string;

/** A type as the kernel holds it: numbers (ints, seats, card ids), booleans, enum members as their
 *  names, lists as arrays of those. */
export function kernelType(type: Type | undefined): string {
  switch (type?.kind) {
    case "int":
    case "player":
    case "card":
      return "number";
    case "bool":
      return "boolean";
    case "enum":
    case "enum-type":
      return "string";
    case "list":
      return `${kernelType(type.element)}[]`;
    default:
      return unsupported(`a value of type ${type?.kind ?? "unknown"}`);
  }
}

/** A set of cards a decision drew into a scratch list of its own (playout-decisions.ts): the list
 *  (an Int32Array) and the code of its count. */
export interface SetView {
  readonly list: string;
  readonly count: string;
}

/** A set view's cards as a new array, for the reads that need one (a function's argument, `in`). */
export function setArray(view: SetView): string {
  return `Array.from(${view.list}.subarray(0, ${view.count}))`;
}

/** The subset of `cards` (an array's code) at `index` of its 2^n: bit b of the index takes card b. */
export function subsetAt(cards: string, index: string): string {
  return `${cards}.filter((_, bit) => Math.floor(${index} / 2 ** bit) % 2 === 1)`;
}

export abstract class KernelLists extends KernelZones {
  /** The parameters bound to a drawn set in the code being written: read in place (their count, top
   *  card, a loop over them), and copied into an array only where an array is needed. */
  private setViews = new Map<LocalSlot, SetView>();

  /** Code written with `views` bound (and those bound around it). */
  withSetViews<T>(views: ReadonlyMap<LocalSlot, SetView>, write: () => T): T {
    if (views.size === 0) return write();
    const outer = this.setViews;
    this.setViews = new Map([...outer, ...views]);
    try {
      return write();
    } finally {
      this.setViews = outer;
    }
  }

  /** The drawn set a name reads, when it reads one. */
  setView(e: A.Expression): SetView | null {
    if (e.kind !== "name" || this.setViews.size === 0) return null;
    const binding = this.game.names.get(e);
    return binding?.kind === "local" ? (this.setViews.get(binding.slot) ?? null) : null;
  }

  /** Set by the kernel writer: best_sets' kind function. */
  alikeToScorer: AlikeToScorer | null = null;

  /** Writes `write` with aggregates in place (inside an arrow, where the binder is bound). */
  protected abstract inPlace<T>(write: () => T): T;
  abstract hoisted(write: () => string): { pre: string[]; code: string };

  /** Code written with its aggregates in place. */
  inPlaceCode(write: () => string): string {
    return this.inPlace(write);
  }

  isList(e: A.Expression): boolean {
    return this.game.types.get(e)?.kind === "list";
  }

  /** A zone as a value (passed to a function, to best_sets): its cards in position order, copied. */
  zoneValue(e: A.Expression): string {
    return `zoneCards(${this.zoneArgs(this.zone(e))})`;
  }

  /** Any collection as an array: a zone's cards, the players, a list. */
  listValue(e: A.Expression): string {
    if (this.isZone(e)) return this.zoneValue(e);
    return this.expression(e);
  }

  /** Set by the kernel writer: the memo of the rules' functions (playout-memo.ts). */
  memoTable: KernelMemo | null = null;
  /** Set by the kernel writer: the functions read from a table by card (playout-card-tables.ts). */
  cardTables: ReadonlyMap<string, CardTable> = new Map();
  /** Set by the kernel writer: functions given their enum arguments' indexes (playout-enum-arguments.ts). */
  enumArguments: EnumArguments | null = null;
  /** On while a decision's listing is written (it only reads the state): calls go through the memo. */
  memo = false;
  /** Set by the kernel writer: small functions written in place of their calls in a listing
   *  (playout-inline-calls.ts). */
  inlineCalls: InlineCalls | null = null;

  /** The code a local is read as while a function's body is written in place of its call; else null. */
  protected aliasOf(slot: LocalSlot): string | null {
    return this.inlineCalls?.aliasOf(slot) ?? null;
  }

  /** A call of one of the rules' functions: a function of the kernel (see functionsCode), or its memo. */
  functionCall(e: A.CallExpression): string {
    const args = e.args.map((a) => (this.isZone(a) ? this.zoneValue(a) : this.expression(a)));
    const memoized = this.memo ? this.memoTable?.call(e.callee.name, args, e.args.map((a) => this.cardField(a))) : null;
    if (memoized) return memoized;
    // In a listing, a small function in place of its call; a function tabled by card, its table read.
    if (this.memo && this.inlineCalls) {
      const table = this.cardTables.get(e.callee.name);
      if (table && simpleArgument(args[0]!)) return `${table.table}[${args[0]}]!`;
      const write = (body: A.Expression): string => this.inPlace(() => this.expression(body));
      const inlined = table ? null : this.inlineCalls.written(e.callee.name, args, (body) => this.enumArguments?.withArguments(e.callee.name, args, e.args, () => write(body)) ?? write(body));
      if (inlined !== null) return inlined;
    }
    // A function that reads its enum arguments' indexes, given them where they are at hand.
    const indexed = memoized ?? (this.cardTables.has(e.callee.name) ? null : this.enumArguments?.call(e.callee.name, args, e.args));
    return indexed ?? `${functionName(e.callee.name)}(${args.join(", ")})`;
  }

  /** A card's field of an enum type (`d.group`): its array of values by card id and the card's code. */
  private cardField(e: A.Expression): { array: string; card: string } | null {
    if (e.kind !== "member" || this.game.types.get(e)?.kind !== "enum") return null;
    const target = this.game.types.get(e.target);
    if (target?.kind !== "card") return null;
    // The card is read twice (its field, its field's index): only a name, read at no cost.
    const card = this.expression(e.target);
    if (!/^[\w$]+$/.test(card)) return null;
    const array = cardFieldArray(target.cardType, e.member.name);
    this.cardImports.add(array);
    return { array, card };
  }

  /** Code written with the memo on (`on`) or off. */
  withMemo<T>(on: boolean, write: () => T): T {
    const was = this.memo;
    this.memo = on;
    try {
      return write();
    } finally {
      this.memo = was;
    }
  }

  /** The rules' functions as functions of the kernel, reading its state; written into `play` and
   *  `scores`, whose locals hold that state. */
  functionsCode(): string[] {
    const declarations = this.game.program.declarations.filter((d): d is A.FunctionDeclaration => d.kind === "function");
    const parametersOf = (f: A.FunctionDeclaration): string[] =>
      f.parameters.map((p) => {
        const binding = this.game.names.get(p.name);
        if (binding?.kind !== "local") throw new Error("internal: unresolved function parameter");
        return `${localName(binding.slot)}: ${kernelType(binding.slot.type)}`;
      });
    // Its aggregates as loops before the `return` (in place, each would be a closure made per call).
    const written = (f: A.FunctionDeclaration, name: string, parameters: readonly string[]): string => {
      const body = this.hoisted(() => this.expression(f.body));
      return [`function ${name}(${parameters.join(", ")}): ${kernelType(this.game.types.get(f.body))} {`, ...body.pre, `return ${body.code};`, "}"].join("\n");
    };
    const plain = declarations.map((f) => {
      const parameters = parametersOf(f);
      const table = this.cardTables.get(f.name.name);
      if (table) return `function ${functionName(f.name.name)}(${parameters.join(", ")}): number {\nreturn ${table.table}[${parameters[0]!.split(":")[0]}]!;\n}`;
      return written(f, functionName(f.name.name), parameters);
    });
    const variants = this.enumArguments?.variants((f, indexes) => written(f, `${functionName(f.name.name)}$at`, [...parametersOf(f), ...indexes])) ?? [];
    return [...plain, ...variants];
  }

  /** The tables of `cardTables`, filled once when the kernel is made (`cards`: the number of card ids). */
  cardTablesCode(cards: number): string[] {
    return [...this.cardTables.values()].flatMap((t) => {
      const all = `ALL_${t.cardType}`;
      this.cardImports.add(all);
      const card = localName(t.card);
      return [`const ${t.table} = ${typedArray("Float64Array", cards)};`, `for (const ${card} of ${all}) ${t.table}[${card}] = ${this.inPlaceCode(() => this.expression(t.declaration.body))};`];
    });
  }

  /** The aggregates the kernel leaves to the runtime's helpers, over the source as an array. */
  listAggregate(e: A.AggregateExpression, binder: string): string {
    const all = this.listValue(e.source);
    const source = e.condition ? `${all}.filter((${binder}) => ${this.inPlace(() => this.expression(e.condition!))})` : all;
    const value = e.value ? `(${binder}) => ${this.inPlace(() => this.expression(e.value!))}` : "";
    const what = quote(`${e.callee.name}(…)`);
    switch (e.callee.name) {
      case "first":
        return `firstOf(${all}, (${binder}) => ${e.condition ? this.inPlace(() => this.expression(e.condition!)) : "true"}, ${what})`;
      case "lowest":
        return `lowestOf(${source}, ${value}, ${what})`;
      case "highest":
        return `highestOf(${source}, ${value}, ${what})`;
      case "distinct":
        return `distinctOf(${source}, ${value})`;
      case "sort":
        return `sortKeys(${source}, ${value}, false)`;
      case "sort_descending":
        return `sortKeys(${source}, ${value}, true)`;
      case "longest_run":
        return `longestRun(${source}, ${value})`;
      default:
        return unsupported(`${e.callee.name}(…) as a value`);
    }
  }

  /** best_sets(cards, size, rule(field), scorer): the runtime's search, as the state machine calls it. */
  bestSets(e: A.CallExpression): string {
    const [cards, size, rule, scorer] = e.args as [A.Expression, A.Expression, A.CallExpression, A.NameExpression];
    const cardsType = this.game.types.get(cards);
    const cardType = cardsType?.kind === "zone" ? cardsType.cardType : cardsType?.kind === "list" && cardsType.element.kind === "card" ? cardsType.element.cardType : "";
    const field = (rule.args[0] as A.NameExpression).name;
    if (!this.alikeToScorer) throw new Error("internal: best_sets without its kind function");
    return `bestSets(${this.listValue(cards)}, ${this.expression(size)}, (card) => ${cardFieldArray(cardType, field)}[card]!, ${quote(rule.callee.name)}, (set) => ${functionName(scorer.name)}(set), ${this.alikeToScorer(scorer, cardType, field)})`;
  }
}
