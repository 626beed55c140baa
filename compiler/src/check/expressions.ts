// Types of expressions: names, operators, builtins and user functions, aggregates. Records each
// expression's type and what each name means in the shared context.
import type * as A from "../syntax/ast.js";
import { nearName } from "../diagnostics.js";
import { BOOL, ERROR, INT, PLAYER, STRING, sameType, typeName, type Binding, type Type } from "./types.js";
import { evaluateConstant, tableKey } from "./constants.js";
import { Scope, type CheckContext } from "./context.js";
import { pairIndex } from "./pairs.js";

/** Builtin functions: name → arity and how its result type follows from its arguments. */
const BUILTINS: Record<string, { arity: number; describe: string }> = {
  count: { arity: 1, describe: "count(zone)" },
  top: { arity: 1, describe: "top(zone)" },
  next: { arity: 1, describe: "next(player)" },
  bot: { arity: 1, describe: "bot(player)" },
  random_player: { arity: 0, describe: "random_player()" },
  roll: { arity: 1, describe: "roll(sides)" },
  secret_roll: { arity: 1, describe: "secret_roll(sides)" },
  variant: { arity: 1, describe: "variant(name)" },
  subset: { arity: 1, describe: "subset(zone)" },
  nth: { arity: 2, describe: "nth(zone, position)" },
  players_from: { arity: 1, describe: "players_from(player)" },
  last: { arity: 1, describe: "last(zone)" },
  best_sets: { arity: 4, describe: "best_sets(cards, size, same(field) or consecutive(field), scoring_function)" },
  abs: { arity: 1, describe: "abs(number)" },
  min: { arity: 2, describe: "min(a, b)" },
  max: { arity: 2, describe: "max(a, b)" },
  first: { arity: 2, describe: "first(zone, n)" },
};
export const AGGREGATES = new Set([
  "count", "sum", "min", "max", "lowest", "highest", "any", "all", "first", "distinct", "longest_run", "sort", "sort_descending", "select",
]);

export class ExpressionChecker {
  constructor(private readonly ctx: CheckContext) {}

  /**
   * `e` where a value of type `expected` is wanted. There a seat number stands for a player
   * (`ask 0`, `coins[2]`, `ask each p in [0, 2]`, `first = 1`): it must be a seat of the game.
   */
  expectValue(e: A.Expression, scope: Scope, expected: Type, what: string): Type {
    if (expected.kind === "player" && e.kind === "integer") return this.seatNumber(e);
    if (expected.kind === "list" && expected.element.kind === "player" && e.kind === "list") {
      for (const item of e.elements) this.expectValue(item, scope, PLAYER, `every seat of ${what}`);
      this.ctx.types.set(e, expected);
      return expected;
    }
    // `[]` is a list of whatever the place needs: no cards, no seats, no numbers.
    if (expected.kind === "list" && e.kind === "list" && e.elements.length === 0) {
      this.ctx.types.set(e, expected);
      return expected;
    }
    if (expected.kind === "tuple" && e.kind === "tuple") {
      if (e.elements.length !== expected.elements.length) {
        this.ctx.error("check/wrong-arity", `${what} is ${expected.elements.length} values, ${typeName(expected)}, not ${e.elements.length}`, e.range);
        return ERROR;
      }
      e.elements.forEach((item, i) => this.expectValue(item, scope, expected.elements[i]!, `value ${i + 1} of ${what}`));
      this.ctx.types.set(e, expected);
      return expected;
    }
    const actual = this.expression(e, scope);
    const local = e.kind === "name" ? scope.lookup(e.name) : undefined;
    if (expected.kind === "player" && actual.kind === "int" && local?.kind === "local" && this.ctx.untypedLets.has(local.slot)) {
      // `let active = 0` then `ask active`: the let took the number's type; say how to hold a seat.
      const line = local.slot.declaredAt.start.line;
      this.ctx.error(
        "check/type-mismatch",
        `${what} must be player, but '${local.slot.name}' is an int: its let (line ${line}) takes its value's type, ` +
          `and a number is an int; to hold a seat, write \`let ${local.slot.name}: player = ...\``,
        e.range,
      );
      return actual;
    }
    this.ctx.expect(actual, expected, e.range, what);
    return actual;
  }

  /** A seat number written where a player is meant: a player, if the game has such a seat. */
  private seatNumber(e: A.IntegerLiteral): Type {
    this.ctx.types.set(e, PLAYER);
    const maxSeats = Math.max(...this.ctx.seatCounts);
    if (e.value >= maxSeats) {
      // Seats, not players: a bot seat of the header counts as one.
      const seats = maxSeats === 1 ? "at most 1 seat, numbered 0" : `at most ${maxSeats} seats, numbered 0 to ${maxSeats - 1}`;
      this.ctx.error("check/no-such-seat", `there is no seat ${e.value}: the game has ${seats}`, e.range);
    }
    return PLAYER;
  }

  /** The values a collection holds: a list's elements, a zone's cards, an enum's members. */
  elementType(type: Type, range: A.SourceRange): Type {
    if (type.kind === "list") return type.element;
    if (type.kind === "zone") return { kind: "card", cardType: type.cardType };
    if (type.kind === "enum-type") return { kind: "enum", name: type.name };
    if (type.kind !== "error") this.ctx.error("check/type-mismatch", `expected a zone or a list to go through, found ${typeName(type)}`, range);
    return ERROR;
  }

  expression(e: A.Expression, scope: Scope): Type {
    const type = this.infer(e, scope);
    this.ctx.types.set(e, type);
    return type;
  }

  private infer(e: A.Expression, scope: Scope): Type {
    switch (e.kind) {
      case "integer":
        return INT;
      case "boolean":
        return BOOL;
      case "string":
        return STRING;
      case "name": {
        const binding = scope.lookup(e.name);
        if (!binding) {
          this.ctx.error("check/unknown-name", `unknown name '${e.name}'${this.suggest(e.name, scope)}`, e.range);
          return ERROR;
        }
        this.ctx.names.set(e, binding);
        return binding.type;
      }
      case "index": {
        const target = this.expression(e.target, scope);
        if (target.kind === "zones" || target.kind === "per-player") {
          this.expectValue(e.index, scope, PLAYER, "the index of a per-player value");
          return target.kind === "zones" ? { kind: "zone", cardType: target.cardType } : target.element;
        }
        if (target.kind === "per-card") return this.perCardIndex(e, target, scope);
        if (target.kind === "per-pair") return pairIndex(this.ctx, this, e, target, scope);
        if (target.kind === "table") {
          this.expectValue(e.index, scope, target.key, "the table key");
          if (e.target.kind === "name") this.checkTableCovers(e.target.name, target.key, e.index);
          return target.value;
        }
        this.expression(e.index, scope);
        if (target.kind !== "error") this.ctx.error("check/type-mismatch", `cannot index ${typeName(target)}`, e.range);
        return ERROR;
      }
      case "member": {
        const target = this.expression(e.target, scope);
        if (target.kind === "enum-type") {
          const declaration = this.ctx.enums.get(target.name)!;
          if (!declaration.members.some((m) => m.name === e.member.name)) {
            this.ctx.error("check/unknown-name", `enum ${target.name} has no member '${e.member.name}'`, e.member.range);
            return ERROR;
          }
          return { kind: "enum", name: target.name };
        }
        if (target.kind === "card") {
          const field = this.ctx.cardTypes.get(target.cardType)?.fields.find((f) => f.name === e.member.name);
          if (!field) {
            this.ctx.error("check/unknown-field", `${target.cardType} cards have no field '${e.member.name}'`, e.member.range);
            return ERROR;
          }
          return field.type;
        }
        if (target.kind !== "error") this.ctx.error("check/type-mismatch", `${typeName(target)} has no fields`, e.range);
        return ERROR;
      }
      case "unary": {
        const operand = this.expression(e.operand, scope);
        const expected = e.operator === "not" ? BOOL : INT;
        this.ctx.expect(operand, expected, e.operand.range, `the operand of '${e.operator}'`);
        return expected;
      }
      case "binary":
        return this.binary(e, scope);
      case "conditional": {
        this.ctx.expect(this.expression(e.condition, scope), BOOL, e.condition.range, "a condition");
        const then = this.expression(e.then, scope);
        this.ctx.expect(this.expression(e.otherwise, scope), then, e.otherwise.range, "both branches");
        return then;
      }
      case "list": {
        const types = e.elements.map((item) => (item.kind === "range" ? (this.expression(item, scope), INT) : this.expression(item, scope)));
        // Seat numbers beside players are seats: `[1, leader]`.
        if (types.some((type) => type.kind === "player")) {
          e.elements.forEach((item, i) => {
            if (item.kind === "integer") types[i] = this.seatNumber(item);
          });
        }
        const element = types[0] ?? INT;
        types.forEach((type, i) => this.ctx.expect(type, element, e.elements[i]!.range, "every list element"));
        return { kind: "list", element };
      }
      case "tuple":
        for (const item of e.elements) this.expression(item, scope);
        this.ctx.error("check/type-mismatch", "values in parentheses separated by commas are the key of a table with two indices, as in points[colour, n]", e.range);
        return ERROR;
      case "range":
        this.ctx.expect(this.expression(e.low, scope), INT, e.low.range, "a range's low end");
        this.ctx.expect(this.expression(e.high, scope), INT, e.high.range, "a range's high end");
        return { kind: "list", element: INT };
      case "call":
        return this.call(e, scope);
      case "aggregate":
        return this.aggregate(e, scope);
    }
  }

  private binary(e: A.BinaryExpression, scope: Scope): Type {
    if (e.operator === "in") return this.membership(e, scope);
    let left = this.expression(e.left, scope);
    let right = this.expression(e.right, scope);
    switch (e.operator) {
      case "and":
      case "or":
        this.ctx.expect(left, BOOL, e.left.range, `the operands of '${e.operator}'`);
        this.ctx.expect(right, BOOL, e.right.range, `the operands of '${e.operator}'`);
        return BOOL;
      case "==":
      case "!=":
        // A seat number compared with a player is a seat: `bidder != 0`.
        if (left.kind === "player" && e.right.kind === "integer") right = this.seatNumber(e.right);
        else if (right.kind === "player" && e.left.kind === "integer") left = this.seatNumber(e.left);
        if (!sameType(left, right)) this.ctx.error("check/type-mismatch", `cannot compare ${typeName(left)} with ${typeName(right)}`, e.range);
        else if (left.kind === "zone" || left.kind === "zones" || left.kind === "list" || left.kind === "table" || left.kind === "per-player" || left.kind === "per-card" || left.kind === "per-pair") this.ctx.error("check/type-mismatch", `cannot compare ${typeName(left)} with '${e.operator}'`, e.range);
        return BOOL;
      case "<":
      case "<=":
      case ">":
      case ">=":
        this.ctx.expect(left, INT, e.left.range, `the operands of '${e.operator}'`);
        this.ctx.expect(right, INT, e.right.range, `the operands of '${e.operator}'`);
        return BOOL;
      default:
        this.ctx.expect(left, INT, e.left.range, `the operands of '${e.operator}'`);
        this.ctx.expect(right, INT, e.right.range, `the operands of '${e.operator}'`);
        return INT;
    }
  }

  private call(e: A.CallExpression, scope: Scope): Type {
    const name = e.callee.name;
    if (name === "variant") return this.variantTest(e);
    if (name === "best_sets") return this.bestSets(e, scope);
    const user = scope.lookup(name);
    if (user?.kind === "function") return this.userCall(e, user, scope);
    const builtin = BUILTINS[name];
    const args = e.args.map((a) => this.expression(a, scope));
    if (!builtin) {
      const known = [...Object.keys(BUILTINS), ...AGGREGATES, ...this.ctx.functions.map((f) => f.name.name)];
      const close = nearName(name, known);
      const hint = close ? `did you mean '${close}'?` : "docs/language.md lists the built-in functions";
      this.ctx.error("check/unknown-function", `unknown function '${name}'; ${hint}`, e.callee.range);
      return ERROR;
    }
    if (args.length !== builtin.arity) {
      this.ctx.error("check/wrong-arity", `${name} takes ${builtin.arity} argument${builtin.arity === 1 ? "" : "s"}, as in ${builtin.describe}, but was given ${args.length}`, e.range);
      return ERROR;
    }
    switch (name) {
      case "count":
        if (args[0]!.kind !== "zone" && args[0]!.kind !== "list" && args[0]!.kind !== "enum-type" && args[0]!.kind !== "error") this.ctx.error("check/type-mismatch", `count needs a zone or a list, not ${typeName(args[0]!)}`, e.args[0]!.range);
        return INT;
      case "top":
        if (args[0]!.kind === "zone") return { kind: "card", cardType: args[0].cardType };
        if (args[0]!.kind === "list") return args[0].element;
        if (args[0]!.kind !== "error") this.ctx.error("check/not-a-zone", `top needs a zone or a list, not ${typeName(args[0]!)}`, e.args[0]!.range);
        return ERROR;
      case "last":
        if (args[0]!.kind === "zone") return { kind: "card", cardType: args[0].cardType };
        if (args[0]!.kind === "list") return args[0].element;
        if (args[0]!.kind !== "error") this.ctx.error("check/not-a-zone", `last needs a zone or a list, not ${typeName(args[0]!)}`, e.args[0]!.range);
        return ERROR;
      case "nth":
        this.ctx.expect(args[1]!, INT, e.args[1]!.range, "the position (1 is the first)");
        if (args[0]!.kind === "zone") return { kind: "card", cardType: args[0].cardType };
        if (args[0]!.kind === "list") return args[0].element;
        if (args[0]!.kind !== "error") this.ctx.error("check/not-a-zone", `nth needs a zone or a list, not ${typeName(args[0]!)}`, e.args[0]!.range);
        return ERROR;
      case "first":
        // `first(hand[p], 2)`: the first n cards (a stack's top n) or elements, as a list.
        this.ctx.expect(args[1]!, INT, e.args[1]!.range, "how many to take (first(zone, n))");
        if (args[0]!.kind === "zone") return { kind: "list", element: { kind: "card", cardType: args[0].cardType } };
        if (args[0]!.kind === "list") return args[0];
        if (args[0]!.kind !== "error") this.ctx.error("check/not-a-zone", `first(…, n) takes the first n of a zone or a list, not of ${typeName(args[0]!)}`, e.args[0]!.range);
        return ERROR;
      case "subset":
        if (!this.ctx.inDomain) {
          this.ctx.error("check/subset-outside-domain", "subset(zone) describes a move parameter's choices, as in give in subset(hand[p]); it is not a value", e.range);
          return ERROR;
        }
        if (args[0]!.kind === "zone") return { kind: "subsets", cardType: args[0].cardType };
        if (args[0]!.kind !== "error") this.ctx.error("check/not-a-zone", `subset needs a zone, not ${typeName(args[0]!)}`, e.args[0]!.range);
        return ERROR;
      case "next":
        this.expectValue(e.args[0]!, scope, PLAYER, "the argument of next");
        return PLAYER;
      case "bot":
        // True for a seat the rules play (a header `bot`), false for a person's.
        this.expectValue(e.args[0]!, scope, PLAYER, "the argument of bot");
        return BOOL;
      case "random_player":
      case "roll":
      case "secret_roll":
        if (this.ctx.pure) this.ctx.error("check/random-in-pure", `${name}() draws from the game's random numbers, which ${this.ctx.pure} may not do: draw in the flow and keep the result in a let or a var`, e.range);
        if (name === "roll" || name === "secret_roll") {
          this.ctx.expect(args[0]!, INT, e.args[0]!.range, "the number of sides of the die");
          return INT;
        }
        return PLAYER;
      case "players_from":
        this.expectValue(e.args[0]!, scope, PLAYER, "the argument of players_from");
        return { kind: "list", element: PLAYER };
      default:
        for (const [i, a] of args.entries()) this.ctx.expect(a, INT, e.args[i]!.range, `the arguments of ${name}`);
        return INT;
    }
  }

  private userCall(e: A.CallExpression, binding: Extract<Binding, { kind: "function" }>, scope: Scope): Type {
    const type = binding.type;
    if (type.kind !== "function") return ERROR;
    const index = this.ctx.functions.indexOf(binding.declaration);
    if (index >= this.ctx.functionIndex) {
      this.ctx.error("check/recursive-function", `${e.callee.name} is not declared above this function: a function may only call functions declared before it, so none can recurse`, e.callee.range);
    }
    this.ctx.names.set(e, binding);
    const args = e.args.map((a) => this.expression(a, scope));
    if (args.length !== type.parameters.length) {
      this.ctx.error("check/wrong-arity", `${e.callee.name} takes ${type.parameters.length} argument${type.parameters.length === 1 ? "" : "s"} but was given ${args.length}`, e.range);
      return type.result;
    }
    args.forEach((a, i) => {
      const expected = type.parameters[i]!;
      const given = expected.kind === "list" && a.kind === "zone" ? { kind: "list" as const, element: { kind: "card" as const, cardType: a.cardType } } : a;
      if (expected.kind === "player" || (expected.kind === "list" && e.args[i]!.kind === "list")) this.expectValue(e.args[i]!, scope, expected, `argument ${i + 1} of ${e.callee.name}`);
      else this.ctx.expect(given, expected, e.args[i]!.range, `argument ${i + 1} of ${e.callee.name}`);
    });
    return type.result;
  }

  /** `best_sets(cards, 3, consecutive(value), run_points)`: the best total score of disjoint sets. */
  private bestSets(e: A.CallExpression, scope: Scope): Type {
    if (e.args.length !== 4) {
      this.ctx.error("check/wrong-arity", "best_sets takes 4 arguments, as in best_sets(mansion[p], 3, consecutive(value), run_points)", e.range);
      return ERROR;
    }
    const [cardsArg, sizeArg, ruleArg, scorerArg] = e.args as [A.Expression, A.Expression, A.Expression, A.Expression];
    const cards = this.expression(cardsArg, scope);
    const cardType = cards.kind === "zone" ? cards.cardType : cards.kind === "list" && cards.element.kind === "card" ? cards.element.cardType : null;
    if (!cardType) {
      if (cards.kind !== "error") this.ctx.error("check/type-mismatch", `best_sets needs a zone or a list of cards, not ${typeName(cards)}`, cardsArg.range);
      return ERROR;
    }
    this.ctx.expect(this.expression(sizeArg, scope), INT, sizeArg.range, "the size of each set");
    const field = ruleArg.kind === "call" && (ruleArg.callee.name === "same" || ruleArg.callee.name === "consecutive") && ruleArg.args.length === 1 && ruleArg.args[0]!.kind === "name" ? (ruleArg.args[0] as A.NameExpression).name : null;
    const fieldType = field ? this.ctx.cardTypes.get(cardType)?.fields.find((f) => f.name === field)?.type : undefined;
    if (!field || !fieldType) {
      this.ctx.error("check/type-mismatch", `the third argument of best_sets says what makes a set: same(field) or consecutive(field), with a field of ${cardType}`, ruleArg.range);
      return ERROR;
    }
    if (ruleArg.kind === "call" && ruleArg.callee.name === "consecutive") this.ctx.expect(fieldType, INT, ruleArg.range, "the field of consecutive()");
    const scorer = scorerArg.kind === "name" ? scope.lookup(scorerArg.name) : undefined;
    const listType: Type = { kind: "list", element: { kind: "card", cardType } };
    if (scorer?.kind !== "function" || scorer.type.kind !== "function" || scorer.type.parameters.length !== 1 || !sameType(scorer.type.parameters[0]!, listType) || !sameType(scorer.type.result, INT)) {
      this.ctx.error("check/type-mismatch", `the fourth argument of best_sets names a function from ${cardType}[] to int that scores one set`, scorerArg.range);
      return ERROR;
    }
    this.ctx.names.set(scorerArg, scorer);
    return INT;
  }

  /** `variant(short)`: true when the named variant is in force. */
  private variantTest(e: A.CallExpression): Type {
    const argument = e.args[0];
    if (e.args.length !== 1 || argument?.kind !== "name") {
      this.ctx.error("check/wrong-arity", "variant takes the name of one variant, as in variant(first_game)", e.range);
      return ERROR;
    }
    const declared = this.ctx.program.game?.variants ?? [];
    if (!declared.some((v) => v.name.name === argument.name)) {
      const known = declared.map((v) => v.name.name).join(", ") || "none";
      this.ctx.error("check/unknown-variant", `unknown variant '${argument.name}'; the game header declares: ${known}`, argument.range);
      return ERROR;
    }
    return BOOL;
  }

  private aggregate(e: A.AggregateExpression, scope: Scope): Type {
    const name = e.callee.name;
    const source = this.expression(e.source, scope);
    const element = this.elementType(source, e.source.range);
    const inner = new Scope(scope);
    this.ctx.bindLocal(inner, e.binder, element, "local");
    if (e.condition) this.ctx.expect(this.expression(e.condition, inner), BOOL, e.condition.range, "a where condition");
    const value = e.value ? this.expression(e.value, inner) : null;
    if (!AGGREGATES.has(name)) {
      this.ctx.error("check/unknown-function", `unknown aggregate '${name}'; the aggregates are ${[...AGGREGATES].join(", ")}`, e.callee.range);
      return ERROR;
    }
    const needsValue = name !== "count" && name !== "first" && name !== "select";
    if (needsValue && !value) {
      this.ctx.error("check/wrong-arity", `${name} needs a value after ':', as in ${name}(c in zone: c.value)`, e.range);
      return ERROR;
    }
    if (!needsValue && value) this.ctx.error("check/wrong-arity", `${name} takes no value after ':'; filter with where`, e.value!.range);
    switch (name) {
      case "count":
        return INT;
      case "first":
        return element;
      case "select":
        // The elements themselves, in the collection's order: a list of cards where cards are meant.
        return { kind: "list", element };
      case "distinct":
        if (value!.kind !== "int" && value!.kind !== "enum" && value!.kind !== "bool" && value!.kind !== "player" && value!.kind !== "error") {
          this.ctx.error("check/type-mismatch", `distinct collects numbers, players, flags or enum values, not ${typeName(value!)}`, e.value!.range);
        }
        return { kind: "list", element: value! };
      case "sort":
      case "sort_descending":
        this.ctx.expect(value!, INT, e.value!.range, `the key of ${name}`);
        return { kind: "list", element: INT };
      case "longest_run":
        this.ctx.expect(value!, INT, e.value!.range, "the key of longest_run");
        return INT;
      case "any":
      case "all":
        this.ctx.expect(value!, BOOL, e.value!.range, `the value of ${name}`);
        return BOOL;
      case "lowest":
      case "highest":
        this.ctx.expect(value!, INT, e.value!.range, `the key of ${name}`);
        return element;
      default:
        this.ctx.expect(value!, INT, e.value!.range, `the value of ${name}`);
        return INT;
    }
  }

  /** `x in C`: whether a list, a zone or an enum holds the value. Seat numbers look for seats. */
  private membership(e: A.BinaryExpression, scope: Scope): Type {
    const left = this.expression(e.left, scope);
    const right = left.kind === "player" && e.right.kind === "list"
      ? this.expectValue(e.right, scope, { kind: "list", element: PLAYER }, "the seats looked in")
      : this.expression(e.right, scope);
    if (right.kind === "error" || left.kind === "error") return BOOL;
    if (right.kind !== "list" && right.kind !== "zone" && right.kind !== "enum-type") {
      this.ctx.error("check/type-mismatch", `'in' looks in a list, a zone or an enum, not in ${typeName(right)}`, e.right.range);
      return BOOL;
    }
    const element = this.elementType(right, e.right.range);
    const sought = element.kind === "player" && e.left.kind === "integer" ? this.seatNumber(e.left) : left;
    if (!sameType(sought, element)) this.ctx.error("check/type-mismatch", `cannot look for ${typeName(sought)} in ${typeName(right)}`, e.left.range);
    return BOOL;
  }

  /**
   * A table read must find its key in every game the header allows: read by `player_count`, it needs
   * an entry for every player count; keyed by players, one for every seat; by a constant, that key.
   */
  /** `houses[d]`: a per-card variable is read and written by a card of its own type, and only so. */
  private perCardIndex(e: A.IndexExpression, target: Type & { kind: "per-card" }, scope: Scope): Type {
    const index = this.expression(e.index, scope);
    const right = index.kind === "card" && index.cardType === target.cardType;
    if (!right && index.kind !== "error") {
      const name = e.target.kind === "name" ? `'${e.target.name}'` : "this variable";
      const found = index.kind === "player" ? "a player" : index.kind === "int" ? "a number" : index.kind === "bool" ? "a bool" : typeName(index);
      this.ctx.error("check/per-card-index", `${name} holds one value per ${target.cardType} card: index it with a ${target.cardType} card, not ${found}`, e.index.range);
    }
    return target.element;
  }

  private checkTableCovers(name: string, keyType: Type, index: A.Expression): void {
    const table = this.ctx.tables.get(name);
    if (!table || keyType.kind === "error") return;
    const { minPlayers, maxPlayers, seatCounts } = this.ctx;
    const maxSeats = Math.max(...seatCounts);
    const missing = (keys: readonly number[]): number[] => keys.filter((k) => !table.entries.has(k));
    const upTo = (low: number, high: number): number[] => Array.from({ length: high - low + 1 }, (_, i) => low + i);
    const binding = index.kind === "name" ? this.ctx.names.get(index) : undefined;
    if (binding?.kind === "builtin" && binding.name === "player_count") {
      const gaps = missing(seatCounts);
      // With bots, player_count counts their seats too: a 2-player game with one bot has 3.
      const plain = seatCounts.length === maxPlayers - minPlayers + 1 && seatCounts[0] === minPlayers && maxSeats === maxPlayers;
      const span = plain ? `the game is for ${minPlayers} to ${maxPlayers}` : `with its bots the game seats ${listOf(seatCounts)}`;
      if (gaps.length > 0) {
        this.ctx.error("check/missing-table-key", `table ${name} has no entry for ${listOf(gaps)} players, but ${span}: add ${gaps.map((k) => `${k}: ...`).join(", ")}`, index.range);
      }
      return;
    }
    if (keyType.kind === "player" && index.kind !== "integer") {
      const gaps = missing(upTo(0, maxSeats - 1));
      if (gaps.length > 0) {
        this.ctx.error("check/missing-table-key", `table ${name} has no entry for seat ${listOf(gaps)}, but up to ${maxSeats} players sit at the table: add ${gaps.map((k) => `${k}: ...`).join(", ")}`, index.range);
      }
      return;
    }
    const key = evaluateConstant(index, new Map(), this.ctx.enums);
    if (key !== null && !table.entries.has(tableKey(key))) {
      this.ctx.error("check/missing-table-key", `table ${name} has no entry for ${Array.isArray(key) ? `(${key.join(", ")})` : String(key)}`, index.range);
    }
  }

  private suggest(name: string, scope: Scope): string {
    const close = nearName(name, scope.visible());
    return close ? `; did you mean '${close}'?` : "";
  }
}

/** "3", "3 and 4", "2, 3 and 4". */
function listOf(values: readonly number[]): string {
  return values.length === 1 ? String(values[0]) : `${values.slice(0, -1).join(", ")} and ${values[values.length - 1]}`;
}
