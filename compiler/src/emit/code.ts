// Translates checked expressions and decision-free statements into TypeScript source text.
// Names from a rules file only ever appear as property names, quoted strings, or locals that
// are checked against JavaScript's reserved words, so a rules file can never inject code.
import type * as A from "../syntax/ast.js";
import type { CheckedGame } from "../check/checker.js";
import type { LocalSlot, Type } from "../check/types.js";
import { subExpressions } from "../syntax/walk.js";
import { ELIMINATED } from "../check/elimination.js";
import { parameterPart } from "../check/presentation.js";
import type { RuleSites } from "./sites.js";

const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "yield let static implements interface package private protected public await arguments eval undefined NaN " +
    "Infinity Math Number Array Object String Boolean JSON Map Set s seat move options state game"
  ).split(" "),
);

/** Operators that JavaScript applies left to right at one precedence: each group chains without inner parentheses. */
const CHAINS: Partial<Record<A.BinaryOperator, string>> = { "+": "additive", "-": "additive", "*": "product", and: "and", or: "or" };
const JS_OPERATORS: Partial<Record<A.BinaryOperator, string>> = { and: "&&", or: "||" };

/** Terms of a chain longer than this are written in parenthesized runs of this many. */
const CHAIN_RUN = 32;

/**
 * `t0 op0 t1 op1 t2 …`. A long chain is grouped in runs, `(t0 + … + t31) - (t32 - … + t63) …`, with
 * the operators inside a run after a minus flipped, so that it means the same while Prettier's and
 * TypeScript's parsers, which recurse once per operator of a flat chain, stay shallow. Regrouping
 * keeps the order of evaluation (and short-circuits), and integer sums and products are exact, so
 * the value is the same. Runs of `&&` and `||` are wrapped in `Boolean(…)`: Prettier would flatten
 * mere parentheses back into one chain, on which TypeScript's binder recurses once per operator.
 */
function chainText(terms: readonly string[], operators: readonly A.BinaryOperator[]): string {
  const js = (operator: A.BinaryOperator): string => JS_OPERATORS[operator] ?? operator;
  if (terms.length <= CHAIN_RUN) return terms.map((term, i) => (i === 0 ? term : `${js(operators[i - 1]!)} ${term}`)).join(" ");
  const logical = operators[0] === "and" || operators[0] === "or";
  const runs: string[] = [];
  const between: A.BinaryOperator[] = [];
  for (let start = 0; start < terms.length; start += CHAIN_RUN) {
    const before = start === 0 ? undefined : operators[start - 1]!;
    const inside = operators.slice(start, start + CHAIN_RUN - 1);
    const flipped = before === "-" ? inside.map((operator) => (operator === "+" ? "-" : operator === "-" ? "+" : operator)) : inside;
    const run = chainText(terms.slice(start, start + CHAIN_RUN), flipped);
    runs.push(logical ? `Boolean(${run})` : `(${run})`);
    if (before) between.push(before);
  }
  return chainText(runs, between);
}

/**
 * A left-nested chain of one group (`a + b - c`) as code, `(a + b - c)`, or null when `e` heads none.
 * The chain is walked down its left side instead of recursed into: a 1000-term sum costs the emitter
 * no stack frame per term. `operand` writes each term in order, told the operator before it.
 */
export function chainCode(e: A.BinaryExpression, operand: (term: A.Expression, after: A.BinaryOperator | null) => string): string | null {
  const chain = CHAINS[e.operator];
  if (!chain) return null;
  const links: A.BinaryExpression[] = [];
  let first: A.Expression = e;
  while (first.kind === "binary" && CHAINS[first.operator] === chain) {
    links.push(first);
    first = first.left;
  }
  links.reverse();
  const terms = [operand(first, null), ...links.map((link) => operand(link.right, link.operator))];
  return `(${chainText(terms, links.map((link) => link.operator))})`;
}

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** A string literal for any text, safe inside TypeScript source. */
export function quote(text: string): string {
  return JSON.stringify(text).replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** A property access for a rules name: `.name` for plain identifiers, `["…"]` otherwise. */
export function property(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `.${name}` : `[${quote(name)}]`;
}

/** The TypeScript local for a rules binding that lives outside the state: renamed with `$` (which
 *  cannot appear in a rules name) when it would shadow JavaScript or a name the generated files define. */
function safeLocal(slot: LocalSlot, generatedNames: ReadonlySet<string>): string {
  return RESERVED.has(slot.slot) || generatedNames.has(slot.slot) || /^(step|legal|check|apply|random|fn)_/.test(slot.slot)
    ? `${slot.slot}$`
    : slot.slot;
}

/** Text inside a template literal, as written: backquotes, backslashes and `${` are escaped. */
export function templateText(text: string): string {
  return text.replace(/[\\`]/g, (c) => `\\${c}`).replace(/\$\{/g, "\\${").replace(/\n/g, "\\n").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}

/** Text for a doc comment: rules text can never close the comment early. */
export function docText(text: string): string {
  return text.replace(/\*\//g, "*\u200b/").replace(/[\r\n\u2028\u2029]+/g, " ");
}

/** The TypeScript type of a rules value of this type. */
export function tsType(type: Type): string {
  switch (type.kind) {
    case "int":
    case "player":
      return "number";
    case "bool":
      return "boolean";
    case "string":
      return "string";
    case "enum":
      return `Enum_${type.name}`;
    case "card":
      return "CardId";
    case "list":
      return `${tsType(type.element)}[]`;
    case "zone":
      return "CardId[]";
    case "tuple":
      return "string";
    case "enum-type":
      return `readonly Enum_${type.name}[]`;
    default:
      return "never";
  }
}

export function cardFieldArray(cardType: string, field: string): string {
  return `${cardType}_${field}`.replace(/[^A-Za-z0-9_]/g, "_");
}

export function functionName(name: string): string {
  return `fn_${name}`;
}

export function tableConstant(name: string): string {
  return `TABLE_${name}`;
}

/** Writes one game's expressions and decision-free statements as TypeScript. */
export class CodeWriter {
  constructor(
    private readonly game: CheckedGame,
    /** Names the generated files define at top level (runtime helpers, card tables, functions). */
    private readonly generatedNames: ReadonlySet<string>,
    /** Where the rules are written: what can fail names its statement (`AT.L12`, see sites.ts). */
    readonly sites: RuleSites,
  ) {}

  /** Where the statement being written starts, or null outside any. */
  private site: A.SourceRange | null = null;

  /** The variable a die rolled now goes into, as event arguments (`"die", p`), or null: rolled in the open. */
  private rollTarget: string | null = null;

  /** Writes an assignment's value: a die rolled in it is told as the variable it goes into is. */
  rollingInto<T>(target: string | null, write: () => T): T {
    const outer = this.rollTarget;
    this.rollTarget = target;
    try {
      return write();
    } finally {
      this.rollTarget = outer;
    }
  }

  /** Writes code that belongs to the rule at `range`: a fault inside it names that rule. */
  at<T>(range: A.SourceRange, write: () => T): T {
    const outer = this.site;
    this.site = range;
    try {
      return write();
    } finally {
      this.site = outer;
    }
  }

  /** The trailing argument by which a runtime helper that can fail learns the rule it runs for
   *  (`, AT.L12`); only rules that can fail get a site. */
  rule(): string {
    return this.site === null ? "" : `, ${this.sites.site(this.site)}`;
  }

  /** The TypeScript local that holds a rules binding which lives outside the state. */
  localName(slot: LocalSlot): string {
    return safeLocal(slot, this.generatedNames);
  }

  /** Bindings read from somewhere else for a while: a race's winner, in check and legal moves,
   *  is the seat asking, not the state (which holds it only once the race is won). */
  readonly overrides = new Map<LocalSlot, string>();

  /** Writes code in which `slot` is read from `code` (a lambda's parameter, the seat asking). */
  reading<T>(slot: LocalSlot, code: string, write: () => T): T {
    const previous = this.overrides.get(slot);
    this.overrides.set(slot, code);
    try {
      return write();
    } finally {
      if (previous === undefined) this.overrides.delete(slot);
      else this.overrides.set(slot, previous);
    }
  }

  slotAccess(slot: LocalSlot): string {
    const override = this.overrides.get(slot);
    if (override !== undefined) return override;
    return slot.storage === "state" ? `s.locals${property(slot.slot)}` : this.localName(slot);
  }

  expression(e: A.Expression): string {
    switch (e.kind) {
      case "integer":
        // A seat named by number exists in every match only below the smallest player count.
        return this.game.types.get(e)?.kind === "player" && e.value >= this.game.seatCounts[0]!
          ? `seatAt(${e.value}, s.players${this.rule()})`
          : String(e.value);
      case "boolean":
        return String(e.value);
      case "string":
        return quote(e.value);
      case "name":
        return this.name(e);
      case "index": {
        const target = this.game.types.get(e.target);
        if (target?.kind === "table") {
          const name = e.target.kind === "name" ? e.target.name : "?";
          return `tableValue(${tableConstant(name)}, ${this.expression(e.index)}, ${quote(name)}${this.rule()})`;
        }
        if (target?.kind === "per-pair" && e.index.kind === "tuple") {
          // `owned[p, f]`: the seat's row, then the member's (or the other seat's) value.
          return `${this.expression(e.target)}[${this.expression(e.index.elements[0]!)}]![${this.expression(e.index.elements[1]!)}]!`;
        }
        return `${this.expression(e.target)}[${this.expression(e.index)}]`;
      }
      case "member": {
        const target = this.game.types.get(e.target);
        if (target?.kind === "enum-type") return quote(e.member.name);
        if (target?.kind === "card") return `${cardFieldArray(target.cardType, e.member.name)}[${this.expression(e.target)}]`;
        throw new Error("internal: unchecked member access");
      }
      case "unary":
        return e.operator === "not" ? `!(${this.expression(e.operand)})` : `-(${this.expression(e.operand)})`;
      case "binary":
        return this.binary(e);
      case "conditional":
        return `(${this.expression(e.condition)} ? ${this.expression(e.then)} : ${this.expression(e.otherwise)})`;
      case "list":
        return `[${e.elements.map((x) => (x.kind === "range" ? `...${this.expression(x)}` : this.expression(x))).join(", ")}]`;
      case "range":
        return `integers(${this.expression(e.low)}, ${this.expression(e.high)})`;
      case "tuple":
        // A key of a table with two indices: the values joined, as the table stores its keys.
        return `\`${e.elements.map((x) => `\${${this.expression(x)}}`).join("|")}\``;
      case "call":
        return this.call(e);
      case "aggregate":
        return this.aggregate(e);
    }
  }

  private name(e: A.NameExpression): string {
    const binding = this.game.names.get(e);
    if (!binding) throw new Error(`internal: unresolved name ${e.name}`);
    switch (binding.kind) {
      case "var":
        return `s.vars${property(e.name)}`;
      case "zone":
        return `s.zones${property(e.name)}`;
      case "builtin":
        if (binding.name !== "players") return "s.players";
        // A game that eliminates: the players are those still in the game (check/elimination.ts).
        return this.game.eliminates ? `seatsInPlay(s.players, ${this.eliminated()})` : "seatList(s.players)";
      case "enum-type":
        // An enum where a list is meant: its members in declaration order (cards.ts).
        return `ALL_${e.name}`;
      case "local":
        return this.slotAccess(binding.slot);
      default:
        throw new Error(`internal: ${binding.kind} '${e.name}' used as a value`);
    }
  }

  private binary(e: A.BinaryExpression): string {
    const chain = chainCode(e, (term) => this.expression(term));
    if (chain !== null) return chain;
    const left = this.expression(e.left);
    const right = this.expression(e.right);
    switch (e.operator) {
      case "/":
        return `floorDiv(${left}, ${right}${this.rule()})`;
      case "%":
        return `floorMod(${left}, ${right}${this.rule()})`;
      case "==":
        return `(${left} === ${right})`;
      case "!=":
        return `(${left} !== ${right})`;
      case "in":
        return `${right}.includes(${left})`;
      default:
        return `(${left} ${e.operator} ${right})`;
    }
  }

  /** The seats' places in the order of leaving the game, 0 for those still in (`eliminate`). */
  private eliminated(): string {
    return `s.vars${property(ELIMINATED)}`;
  }

  private call(e: A.CallExpression): string {
    const binding = this.game.names.get(e);
    if (binding?.kind === "function") return `${functionName(e.callee.name)}(s${e.args.map((a) => `, ${this.expression(a)}`).join("")})`;
    if (e.callee.name === "best_sets") return this.bestSets(e);
    const args = e.callee.name === "variant" ? [] : e.args.map((a) => this.expression(a));
    switch (e.callee.name) {
      case "count":
        return `${args[0]}.length`;
      case "top":
        return `topCard(${args[0]}, ${quote(describe(e.args[0]!))}${this.rule()})`;
      case "last":
        return `lastCard(${args[0]}, ${quote(describe(e.args[0]!))}${this.rule()})`;
      case "first":
        // The first n (all of them when there are fewer, none for n <= 0), as a new list.
        return `${args[0]}.slice(0, Math.max(0, ${args[1]}))`;
      case "nth":
        return `nthCard(${args[0]}, ${args[1]}, ${quote(describe(e.args[0]!))}${this.rule()})`;
      case "next":
        return this.game.eliminates ? `nextSeatInPlay(${args[0]}, s.players, ${this.eliminated()})` : `nextSeat(${args[0]}, s.players)`;
      case "bot":
        // Bot seats follow the human ones; a game without bots has none.
        return this.game.bots.length > 0 ? `(${args[0]} >= s.humans)` : "false";
      case "random_player":
        return "randomInt(s.random, s.players)";
      case "roll":
        return `roll(s.random, ${args[0]}, s.events${this.rollTarget === null ? "" : `, ${this.rollTarget}`})`;
      case "secret_roll":
        // Told to no seat: its value is told where the rules put it (a variable set, a card moved).
        return `secretRoll(s.random, ${args[0]}, s.events)`;
      case "players_from":
        return this.game.eliminates ? `seatsFromInPlay(${args[0]}, s.players, ${this.eliminated()})` : `seatsFrom(${args[0]}, s.players)`;
      case "variant":
        return `s.variants.includes(${quote((e.args[0] as A.NameExpression).name)})`;
      case "abs":
        return `Math.abs(${args[0]})`;
      case "min":
        return `Math.min(${args[0]}, ${args[1]})`;
      case "max":
        return `Math.max(${args[0]}, ${args[1]})`;
      default:
        throw new Error(`internal: unknown builtin ${e.callee.name}`);
    }
  }

  private bestSets(e: A.CallExpression): string {
    const [cards, size, rule, scorer] = e.args as [A.Expression, A.Expression, A.CallExpression, A.NameExpression];
    const cardsType = this.game.types.get(cards);
    const cardType = cardsType?.kind === "zone" ? cardsType.cardType : cardsType?.kind === "list" && cardsType.element.kind === "card" ? cardsType.element.cardType : "";
    const field = (rule.args[0] as A.NameExpression).name;
    return `bestSets(${this.expression(cards)}, ${this.expression(size)}, (card) => ${cardFieldArray(cardType, field)}[card]!, ${quote(rule.callee.name)}, (set) => ${functionName(scorer.name)}(s, set), ${this.alikeToScorer(scorer, cardType, field)}${this.rule()})`;
  }

  /** best_sets' kind function: cards with the same rule field and the same value of every field
   *  the scorer reads (through the functions it calls) are alike to it, so the search may count
   *  them instead of telling them apart. A scorer that compares cards themselves sees every card. */
  alikeToScorer(scorer: A.NameExpression, cardType: string, ruleField: string): string {
    const read = new Set<string>();
    const seen = new Set<A.FunctionDeclaration>();
    let comparesCards = false;
    const isCard = (e: A.Expression) => {
      const type = this.game.types.get(e);
      return type?.kind === "card" && type.cardType === cardType;
    };
    const visitFunction = (name: A.Expression) => {
      const binding = this.game.names.get(name);
      if (binding?.kind !== "function" || seen.has(binding.declaration)) return;
      seen.add(binding.declaration);
      visit(binding.declaration.body);
    };
    const visit = (e: A.Expression): void => {
      if (e.kind === "member" && isCard(e.target)) read.add(e.member.name);
      if (e.kind === "binary" && (e.operator === "==" || e.operator === "!=") && isCard(e.left)) comparesCards = true;
      if (e.kind === "call") {
        visitFunction(e);
        if (e.callee.name === "best_sets" && e.args.length === 4) {
          const [, , innerRule, innerScorer] = e.args as [A.Expression, A.Expression, A.CallExpression, A.Expression];
          read.add((innerRule.args[0] as A.NameExpression).name);
          visitFunction(innerScorer);
        }
      }
      subExpressions(e).forEach(visit);
    };
    visitFunction(scorer);
    if (comparesCards) return "(card) => card";
    const fields = this.game.cardTypes.get(cardType)!.fields.map((f) => f.name).filter((f) => f !== ruleField && read.has(f));
    if (fields.length === 0) return "() => 0";
    if (fields.length === 1) return `(card) => ${cardFieldArray(cardType, fields[0]!)}[card]!`;
    // Field values are numbers, booleans and enum member names: "|" appears in none of them.
    return `(card) => \`${fields.map((f) => `\${${cardFieldArray(cardType, f)}[card]}`).join("|")}\``;
  }

  private aggregate(e: A.AggregateExpression): string {
    const binding = this.game.names.get(e.binder);
    if (binding?.kind !== "local") throw new Error("internal: unresolved aggregate binder");
    const binder = this.localName(binding.slot);
    const source = e.condition
      ? `${this.expression(e.source)}.filter((${binder}) => ${this.expression(e.condition)})`
      : this.expression(e.source);
    const value = e.value ? `(${binder}) => ${this.expression(e.value)}` : "";
    const what = quote(`${e.callee.name}(${describe(e.source)})`);
    // count, sum, any and all are written out as a loop in an arrow function called on the spot:
    // no closure handed to a shared helper (whose calls then go megamorphic), no filtered copy,
    // and V8 inlines the arrow where it stands.
    const loop = (result: string, init: string, body: string, end: string): string =>
      `((): ${result} => { ${init} ${this.loopHead(binder, e.source)} ${body} ${end} })()`;
    const where = e.condition ? `${this.expression(e.condition)} && ` : "";
    switch (e.callee.name) {
      case "count":
        return e.condition
          ? loop("number", "let $n = 0;", `if (${this.expression(e.condition)}) $n++;`, "return $n;")
          : `${this.expression(e.source)}.length`;
      case "sum":
        return e.value
          ? loop("number", "let $n = 0;", e.condition ? `if (${this.expression(e.condition)}) $n += ${this.expression(e.value)};` : `$n += ${this.expression(e.value)};`, "return $n;")
          : `sumOf(${source}, ${value})`;
      case "any":
        return e.value ? loop("boolean", "", `if (${where}(${this.expression(e.value)})) return true;`, "return false;") : `anyOf(${source}, ${value})`;
      case "all":
        return e.value ? loop("boolean", "", `if (${where}!(${this.expression(e.value)})) return false;`, "return true;") : `allOf(${source}, ${value})`;
      case "min":
        return `minOf(${source}, ${value}, ${what}${this.rule()})`;
      case "max":
        return `maxOf(${source}, ${value}, ${what}${this.rule()})`;
      case "lowest":
        return `lowestOf(${source}, ${value}, ${what}${this.rule()})`;
      case "highest":
        return `highestOf(${source}, ${value}, ${what}${this.rule()})`;
      case "first":
        return `firstOf(${this.expression(e.source)}, (${binder}) => ${e.condition ? this.expression(e.condition) : "true"}, ${what}${this.rule()})`;
      case "select":
        // A copy even unfiltered: `move all select(...)` must not walk a zone it is emptying.
        return e.condition ? source : `[...${source}]`;
      case "distinct":
        return `distinctOf(${source}, ${value})`;
      case "sort":
        return `sortKeys(${source}, ${value}, false)`;
      case "sort_descending":
        return `sortKeys(${source}, ${value}, true)`;
      case "longest_run":
        return `longestRun(${source}, ${value})`;
      default:
        throw new Error(`internal: unknown aggregate ${e.callee.name}`);
    }
  }

  /** `for (...)` over a collection: the seats as a counting loop, anything else element by element. */
  loopHead(binder: string, source: A.Expression): string {
    const code = this.expression(source);
    return code === "seatList(s.players)" ? `for (let ${binder} = 0; ${binder} < s.players; ${binder}++)` : `for (const ${binder} of ${code})`;
  }

  /** A reason as a template literal: its text, and each value it shows as a person reads it. */
  reason(reason: A.ReasonText): string {
    const parts = reason.parts.map((part) => (typeof part === "string" ? templateText(part) : this.shown(part)));
    return `\`${parts.join("")}\``;
  }

  /**
   * A template as `TextPart[]` code, for the runtime's present entry to tell each reader: words, and
   * each value with its type (a seat is "you" to its own player). `{d}` and `{d.field}` for a name in
   * `parameters` are the move's own values, read when the move is told.
   */
  textParts(template: A.ReasonText, parameters: ReadonlySet<string> = new Set()): string {
    const parts = template.parts.map((part) => {
      if (typeof part === "string") return JSON.stringify(part);
      const own = parameters.size > 0 ? parameterPart(part, parameters) : null;
      if (own) return `{ parameter: ${JSON.stringify(own.parameter)}${own.field ? `, field: ${JSON.stringify(own.field)}` : ""} }`;
      return `{ value: ${this.expression(part)}, type: ${JSON.stringify(this.typeName(this.game.types.get(part)))} }`;
    });
    return `[${parts.join(", ")}]`;
  }

  /**
   * A label as `TextPart[]` code when it shows nothing but words and the move's own parameters (`"bid
   * {amount}"`), so that it says any move of its type without the state it was offered in; else null.
   */
  parameterTextParts(template: A.ReasonText, parameters: ReadonlySet<string>): string | null {
    const own = template.parts.every((part) => typeof part === "string" || parameterPart(part, parameters) !== null);
    return own ? this.textParts(template, parameters) : null;
  }

  /** A value's type as `TextPart` and `VarInfo` name it: "int", "bool", "player", an enum's or a card type's name. */
  typeName(type: Type | undefined): string {
    if (type?.kind === "enum") return type.name;
    if (type?.kind === "card") return type.cardType;
    return type?.kind ?? "int";
  }

  /** One value in a reason: a seat as "seat 2", a card by its name, a flag as yes or no. */
  private shown(e: A.Expression): string {
    const value = this.expression(e);
    const type = this.game.types.get(e);
    if (type?.kind === "enum" && this.game.enums.get(type.name)?.labels.some((label) => label !== null)) {
      return `\${${enumLabels(type.name)}[${value}]}`;
    }
    switch (type?.kind) {
      case "player":
        return `seat \${${value}}`;
      case "card":
        return `\${cardLabel(CARDS[${value}]!)}`;
      case "bool":
        return `\${${value} ? "yes" : "no"}`;
      default:
        return `\${${value}}`;
    }
  }

}

/** The constant of an enum's labels in cards.ts: `LABEL_Group`. */
export function enumLabels(name: string): string {
  return `LABEL_${name}`;
}


/** The zone a zone expression names (`properties[p]` names `properties`). */
export function zoneDeclaration(game: CheckedGame, e: A.Expression): A.ZoneDeclaration | undefined {
  const root = e.kind === "index" ? e.target : e;
  return root.kind === "name" ? game.zones.get(root.name) : undefined;
}

/** Source text of a zone expression, for messages: `properties[p]`. */
export function describe(e: A.Expression): string {
  switch (e.kind) {
    case "name":
      return e.name;
    case "index":
      return `${describe(e.target)}[${describe(e.index)}]`;
    case "member":
      return `${describe(e.target)}.${e.member.name}`;
    case "integer":
      return String(e.value);
    default:
      return "…";
  }
}
