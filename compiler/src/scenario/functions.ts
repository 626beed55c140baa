// `expect objective_points(Objective collector, 0) = 21`: one of the rules' functions (Game.functions,
// typed in meta.functions), called on the position as it stands, with its arguments written as
// elsewhere in a scenario: cards by name, seats and numbers as numbers, enum values by name, lists in
// [ ]. A part of a score can so be checked on its own, one objective at a time.
import type { CardId, FunctionInfo, Game, Match, Value } from "@rules/runtime/internal";
import { cardName } from "./cards.js";
import { didYouMean, error, type Diagnostic } from "../diagnostics.js";
import type { Argument, CardPattern, Expectation, FunctionResult, Literal } from "./ast.js";
import { cardMatches, cardsMatching, formatLiteral, formatPattern, literalEquals } from "./cards.js";
import { localCard } from "./flow.js";
import type { ResolveContext } from "./names.js";

type FunctionExpectation = Extract<Expectation, { kind: "expect-function" }>;

const isCardType = (game: Game, type: string): boolean => game.meta.cardTypes.some((t) => t.name === type);

/** The values an enum takes, as far as the game's cards show them (null when none of them has it). */
function enumValues(game: Game, type: string): string[] | null {
  const fields = game.meta.cardTypes.flatMap((t) => t.fields.filter((f) => f.type === type).map((f) => [t.name, f.name] as const));
  if (fields.length === 0) return null;
  const values = game.meta.cards.flatMap((card) => fields.filter(([t]) => t === card.type).map(([, f]) => card.fields[f]));
  return [...new Set(values.filter((v): v is string => typeof v === "string"))];
}

/** An argument that names a card: `Objective collector`, or a bare card type. */
function cardOf(game: Game, arg: Argument): CardPattern | undefined {
  if (arg.kind === "card") return arg.card;
  if (arg.kind === "value" && arg.value.kind === "word" && isCardType(game, arg.value.value as string)) {
    return { type: { text: arg.value.value as string, span: arg.value.span }, fields: [], span: arg.value.span };
  }
  return undefined;
}

/** A function's parameters as the rules write them: `o: Objective, p: player`. */
const signature = (info: FunctionInfo): string => `${info.name}(${info.parameters.map((p) => `${p.name}: ${p.type}`).join(", ")}): ${info.result}`;

/** Checks a value written (an argument, or an item of a list) against a type of the rules; reports what does not fit. */
function checkValue(ctx: ResolveContext, arg: Argument, type: string, what: string): void {
  const { game } = ctx;
  const wrong = (wanted: string): void => ctx.report(arg.span, "scenario/wrong-value", `${what} is ${wanted}`);
  if (type.endsWith("[]")) {
    if (arg.kind !== "list") return wrong(`a list (${type}), written in [ ]`);
    arg.items.forEach((item) => checkValue(ctx, item, type.slice(0, -2), `each item of ${what}`));
    return;
  }
  if (isCardType(game, type)) {
    const card = cardOf(game, arg);
    if (!card) return wrong(`a ${type} card, e.g. '${type} …'`);
    if (card.type.text !== type) {
      return ctx.report(card.type.span, "scenario/wrong-card-type", `${what} is a ${type} card, not ${card.type.text}`);
    }
    ctx.pattern(card);
    return;
  }
  const value = arg.kind === "value" ? arg.value : null;
  if (type === "int" || type === "player") {
    const whole = value?.kind === "number" && Number.isInteger(value.value);
    if (type === "int" && !whole) return wrong("a whole number");
    const seat = value?.value as number;
    if (type === "player" && !(whole && seat >= 0 && seat < ctx.players)) return wrong(`a seat, 0 to ${ctx.players - 1}`);
    return;
  }
  if (type === "bool") {
    if (value?.kind !== "word" || (value.value !== "true" && value.value !== "false")) wrong("true or false");
    return;
  }
  // An enum: one of its values, where the game's cards show them.
  const known = enumValues(game, type);
  if (value?.kind !== "word") return wrong(`a ${type} value${known ? `: ${known.join(", ")}` : ""}`);
  if (known && !known.includes(value.value as string)) {
    wrong(`a ${type} value: ${known.join(", ")}, not '${String(value.value)}'${didYouMean(value.value as string, known)}`);
  }
}

/** The result as written, as an argument (a card written as its values, one value, or a list). */
function resultArgument(game: Game, result: FunctionResult): Argument {
  if (result.kind === "list") return { kind: "list", items: result.items, span: result.span };
  const card = localCard(game, result.values);
  if (card && result.values.length > 1) return { kind: "card", card, span: result.span };
  return { kind: "value", value: result.values[0]!, span: result.span };
}

/** Before play: the function exists, takes these arguments, and gives a value of the kind written. */
export function resolveFunctionExpectation(ctx: ResolveContext, step: FunctionExpectation): void {
  const { game } = ctx;
  const { name } = step.call;
  const known = game.meta.functions ?? [];
  const info = known.find((f) => f.name === name.text);
  if (!info || !game.functions?.[name.text]) {
    const list = known.length > 0 ? `its functions are ${known.map((f) => f.name).join(", ")}` : "it has none (or it was compiled before games listed them)";
    const names = known.map((f) => f.name);
    return ctx.report(name.span, "scenario/unknown-function", `${game.id} has no function '${name.text}'; ${list}${didYouMean(name.text, names)}`);
  }
  const args = step.call.arguments;
  if (args.length !== info.parameters.length) {
    const count = info.parameters.length === 1 ? "1 argument" : `${info.parameters.length} arguments`;
    return ctx.report(step.call.span, "scenario/wrong-count", `${signature(info)} takes ${count}, not ${args.length}`);
  }
  args.forEach((arg, i) => {
    const parameter = info.parameters[i]!;
    checkValue(ctx, arg, parameter.type, `argument '${parameter.name}' of ${info.name}`);
  });
  if (step.expected.kind === "values" && step.expected.values.length > 1 && !localCard(game, step.expected.values)) {
    return ctx.report(step.expected.span, "scenario/wrong-count", `${info.name} gives one value (${info.result}); a list goes in [ ]`);
  }
  checkValue(ctx, resultArgument(game, step.expected), info.result, `what ${info.name} gives`);
}

/** The runtime value of an argument already checked: a card as a copy's id (distinct copies in a list). */
function runtimeValue(game: Game, arg: Argument, used: Set<CardId>): unknown {
  if (arg.kind === "list") return arg.items.map((item) => runtimeValue(game, item, used));
  const card = cardOf(game, arg);
  if (card) {
    const copies = cardsMatching(game, card);
    const id = copies.find((c) => !used.has(c)) ?? copies[0]!;
    used.add(id);
    return id;
  }
  const value = (arg as { value: Literal }).value;
  return value.kind === "word" && (value.value === "true" || value.value === "false") ? value.value === "true" : value.value;
}

/** Does the value the function gave agree with what is written? */
function resultMatches(game: Game, written: Argument, type: string, actual: unknown): boolean {
  if (written.kind === "list") {
    const element = type.endsWith("[]") ? type.slice(0, -2) : type;
    return Array.isArray(actual) && actual.length === written.items.length && written.items.every((item, i) => resultMatches(game, item, element, actual[i]));
  }
  const card = isCardType(game, type) ? cardOf(game, written) : undefined;
  if (card) return typeof actual === "number" && cardMatches(game, game.meta.cards[actual], card);
  return written.kind === "value" && typeof actual !== "object" && literalEquals(written.value, actual as Value);
}

function formatResult(game: Game, type: string, actual: unknown): string {
  if (Array.isArray(actual)) return `[${actual.map((item) => formatResult(game, type.slice(0, -2), item)).join(", ")}]`;
  if (isCardType(game, type) && typeof actual === "number") return cardName(game, actual);
  return String(actual);
}

function formatArgument(arg: Argument): string {
  if (arg.kind === "list") return `[${arg.items.map(formatArgument).join(", ")}]`;
  if (arg.kind === "card") return formatPattern(arg.card);
  if (arg.kind === "range") return `${arg.min}..${arg.max}`;
  return formatLiteral(arg.value);
}

/** Calls the function on the position as it stands and compares what it gives. */
export function checkFunctionExpectation(file: string, match: Match, step: FunctionExpectation): Diagnostic[] {
  const { game } = match;
  const info = game.meta.functions!.find((f) => f.name === step.call.name.text)!;
  const used = new Set<CardId>();
  const args = step.call.arguments.map((arg) => runtimeValue(game, arg, used));
  const call = game.functions![info.name] as (...values: unknown[]) => unknown;
  const actual = call(match.state, ...args);
  const written = resultArgument(game, step.expected);
  if (resultMatches(game, written, info.result, actual)) return [];
  const text = `${info.name}(${step.call.arguments.map(formatArgument).join(", ")})`;
  return [
    error(
      file,
      step.span,
      "scenario/expectation-failed",
      `expected ${text} = ${formatArgument(written)}, found ${formatResult(game, info.result, actual)}`,
    ),
  ];
}
