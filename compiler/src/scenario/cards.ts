// Values and cards as a scenario writes them. `Property 30` is the card type and its field values
// in declaration order; `Merchandise 5 marked pets` names a flag that is set and an enum value by
// themselves, in any order. Copies with equal values are interchangeable, so expectations compare
// cards by what they show, never by id.
import { cardLabel, type CardId, type CardInfo, type CardTypeInfo, type Game, type Value } from "@rules/runtime/internal";
import { didYouMean, type SourceSpan } from "../diagnostics.js";
import type { CardPattern, Literal } from "./ast.js";

/** A card as a scenario writes it, its type then its values (`Property 17`), whatever name the rules
 *  give it for people (`@rules/runtime/present` says that one): messages and completions quote cards
 *  in the notation a scenario can use. */
export function cardName(game: Game, id: CardId): string {
  const card = game.meta.cards[id];
  return card ? cardLabel(card) : `card #${id}`;
}

/** Turns a scenario literal into the value the game stores. */
export function literalValue(literal: Literal): Value {
  if (literal.kind === "word" && (literal.value === "true" || literal.value === "false"))
    return literal.value === "true";
  return literal.value;
}

/** Does a literal written in a scenario equal this value of the game? */
export function literalEquals(literal: Literal, value: Value): boolean {
  if (literal.kind === "number") return value === literal.value;
  if (literal.kind === "word" && typeof value === "boolean") return literal.value === String(value);
  return value === literal.value;
}

/** A literal as written: a sum shows its working, `(18 - 3 + 1 = 16)`; `-inf` for a missing key. */
export function formatLiteral(literal: Literal): string {
  if (literal.kind === "text") return JSON.stringify(literal.value);
  if (literal.sum !== undefined) return `(${literal.sum} = ${String(literal.value)})`;
  return formatNumber(literal.value);
}

/** A value as a scenario writes it: `-inf` for a tie-breaker key a seat lacks. */
export function formatNumber(value: number | string): string {
  return value === -Infinity ? "-inf" : String(value);
}

export function formatValue(value: Value | undefined): string {
  if (typeof value === "number") return formatNumber(value);
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

export function formatPattern(pattern: CardPattern): string {
  const copy = pattern.copy ? [`copy ${pattern.copy.number}`] : [];
  return [pattern.type.text, ...pattern.fields.map(formatLiteral), ...copy].join(" ");
}

export function formatPatterns(patterns: readonly CardPattern[]): string {
  return `[${patterns.map(formatPattern).join(", ")}]`;
}

/** `[Property 3, Property 17]`: the cards' names, index 0 first. */
export function formatCards(game: Game, ids: readonly CardId[]): string {
  return `[${ids.map((id) => cardName(game, id)).join(", ")}]`;
}

/** The game's cards by id. */
export function cardTable(game: Game): ReadonlyMap<CardId, CardInfo> {
  return new Map(game.meta.cards.map((card) => [card.id, card]));
}

/** What a pattern asks of a card. */
export interface PatternMeaning {
  readonly type: CardTypeInfo;
  /** The values written, by field name, in the order written. */
  readonly given: ReadonlyMap<string, Literal>;
  /** Flags that tell copies apart and were not named: the card must have them false. */
  readonly plain: readonly string[];
  /** `copy N`: the id of that one card among those the values name. */
  readonly copyId?: CardId;
}

/** Why a pattern means no card at all, before any card is looked at. */
export interface PatternProblem {
  readonly code: string;
  readonly message: string;
  readonly span: SourceSpan;
}

/** What the game's cards of one type show: the values of each enum field, and the flags that tell copies apart. */
interface TypeFacts {
  readonly enumValues: ReadonlyMap<string, ReadonlySet<string>>;
  readonly copyFlags: ReadonlySet<string>;
}

const factsByGame = new WeakMap<Game, Map<string, TypeFacts>>();
const readingsByGame = new WeakMap<Game, WeakMap<CardPattern, PatternMeaning | PatternProblem | undefined>>();

function typeFacts(game: Game, type: CardTypeInfo): TypeFacts {
  let byType = factsByGame.get(game);
  if (!byType) factsByGame.set(game, (byType = new Map()));
  const known = byType.get(type.name);
  if (known) return known;
  const cards = game.meta.cards.filter((card) => card.type === type.name);
  const enumValues = new Map<string, Set<string>>();
  for (const field of type.fields) {
    if (field.type === "int" || field.type === "bool") continue;
    const values = cards.map((card) => card.fields[field.name]).filter((v): v is string => typeof v === "string");
    if (values.length > 0) enumValues.set(field.name, new Set(values));
  }
  // A flag tells copies apart when two cards alike in every other field differ in it (a marked-down
  // copy); a flag that follows from the other fields (the one Closed Shop card) needs no naming.
  const flags = type.fields.filter((f) => f.type === "bool").map((f) => f.name);
  const likeness = (card: CardInfo): string =>
    JSON.stringify(type.fields.filter((f) => f.type !== "bool").map((f) => card.fields[f.name] ?? null));
  const copyFlags = new Set(
    flags.filter((flag) => {
      const seen = new Map<string, Value>();
      return cards.some((card) => {
        const key = likeness(card);
        const value = card.fields[flag] ?? null;
        if (!seen.has(key)) seen.set(key, value);
        return seen.get(key) !== value;
      });
    }),
  );
  const facts = { enumValues, copyFlags };
  byType.set(type.name, facts);
  return facts;
}

/**
 * Reads a pattern against the game's card types: undefined when the game has no such type. Each
 * value is a flag's name (that flag is set), a value of an enum field (that field), or else the
 * value of the next field not yet given, in declaration order. Flags that tell copies apart are
 * false unless named: `Merchandise 5` is a plain 5, `Merchandise 5 marked` a marked-down one.
 */
export function readPattern(game: Game, pattern: CardPattern): PatternMeaning | PatternProblem | undefined {
  let readings = readingsByGame.get(game);
  if (!readings) readingsByGame.set(game, (readings = new WeakMap()));
  if (readings.has(pattern)) return readings.get(pattern);
  const reading = interpret(game, pattern);
  readings.set(pattern, reading);
  return reading;
}

export function isProblem(reading: PatternMeaning | PatternProblem | undefined): reading is PatternProblem {
  return reading !== undefined && "code" in reading;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

function interpret(game: Game, pattern: CardPattern): PatternMeaning | PatternProblem | undefined {
  const type = game.meta.cardTypes.find((t) => t.name === pattern.type.text);
  if (!type) return undefined;
  const { enumValues, copyFlags } = typeFacts(game, type);
  const given = new Map<string, Literal>();
  const problem = (span: SourceSpan, code: string, message: string): PatternProblem => ({ code, message, span });
  for (const literal of pattern.fields) {
    const word = literal.kind === "word" ? (literal.value as string) : undefined;
    const flag = type.fields.find((f) => f.type === "bool" && f.name === word);
    const enumFields = type.fields.filter((f) => word !== undefined && enumValues.get(f.name)?.has(word));
    const named = flag ?? enumFields.find((f) => !given.has(f.name)) ?? enumFields[0];
    if (named) {
      const earlier = given.get(named.name);
      if (earlier) {
        const message = flag
          ? `the flag '${word}' is named twice`
          : `'${word}' gives this ${type.name} card a second ${named.name}, after '${formatLiteral(earlier)}'`;
        return problem(literal.span, "scenario/field-given-twice", message);
      }
      given.set(named.name, flag ? { kind: "word", value: "true", span: literal.span } : literal);
      continue;
    }
    const field = type.fields.find((f) => !given.has(f.name));
    if (!field) {
      const fields = type.fields.map((f) => f.name).join(", ");
      return problem(
        pattern.span,
        "scenario/too-many-values",
        `a ${type.name} card has ${plural(type.fields.length, "field")}${fields ? ` (${fields})` : ""}, but ${pattern.fields.length} values are given`,
      );
    }
    if (word !== undefined && !fits(word, field.type, enumValues.get(field.name))) {
      const flags = type.fields.filter((f) => f.type === "bool").map((f) => f.name);
      const enums = [...enumValues.values()].flatMap((values) => [...values]);
      const known = [
        ...(flags.length > 0 ? [`its flags are ${flags.join(", ")}`] : []),
        ...[...enumValues].map(([name, values]) => `its ${name} is one of ${[...values].join(", ")}`),
      ];
      return problem(
        literal.span,
        "scenario/unknown-card-value",
        `'${word}' is neither a flag nor a value of a ${type.name} card${known.length > 0 ? `; ${known.join("; ")}` : ""}` +
          didYouMean(word, [...flags, ...enums]),
      );
    }
    given.set(field.name, literal);
  }
  const plain = [...copyFlags].filter((flag) => !given.has(flag));
  const meaning: PatternMeaning = { type, given, plain };
  return pattern.copy ? copyOf(game, meaning, pattern, problem) : meaning;
}

/** `Currency 5 copy 2`: the second card, in id (manifest) order, of those the values name. */
function copyOf(
  game: Game,
  meaning: PatternMeaning,
  pattern: CardPattern,
  problem: (span: SourceSpan, code: string, message: string) => PatternProblem,
): PatternMeaning | PatternProblem {
  const { number, span } = pattern.copy!;
  const ids = game.meta.cards.filter((card) => card.type === meaning.type.name && meaningMatches(meaning, card)).map((card) => card.id);
  if (Number.isInteger(number) && number >= 1 && number <= ids.length) return { ...meaning, copyId: ids[number - 1]! };
  const named = [meaning.type.name, ...pattern.fields.map(formatLiteral)].join(" ");
  const copies = ids.length === 1 ? "is one card" : `names ${ids.length} cards`;
  return problem(span, "scenario/no-such-copy", `${named} ${copies}: copies are counted from 1 to ${ids.length}, in the order the rules list them`);
}

/** Could this bare word be a value of a field of this type (as the next positional value)? */
function fits(word: string, fieldType: string, values: ReadonlySet<string> | undefined): boolean {
  if (fieldType === "bool") return word === "true" || word === "false";
  if (fieldType === "int") return false;
  return values === undefined || values.has(word);
}

/** `value 9, category employees and marked false`: what the pattern asks, for messages. */
export function describeMeaning(meaning: PatternMeaning): string {
  const parts = meaning.type.fields.flatMap((field) => {
    const literal = meaning.given.get(field.name);
    if (literal) return [`${field.name} ${String(literal.value)}`];
    return meaning.plain.includes(field.name) ? [`${field.name} false`] : [];
  });
  return parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** A card shows this pattern when its type matches, its fields equal the values given, and its unnamed copy flags are false. */
export function cardMatches(game: Game, card: CardInfo | undefined, pattern: CardPattern): boolean {
  if (!card || card.type !== pattern.type.text) return false;
  const meaning = readPattern(game, pattern);
  return meaning !== undefined && !isProblem(meaning) && meaningMatches(meaning, card);
}

/** Does the card (of the meaning's type) have the values asked? */
export function meaningMatches(meaning: PatternMeaning, card: CardInfo): boolean {
  if (meaning.copyId !== undefined) return card.id === meaning.copyId;
  for (const [name, literal] of meaning.given) if (!literalEquals(literal, card.fields[name] ?? null)) return false;
  return meaning.plain.every((flag) => card.fields[flag] === false);
}

/** The ids of every card that shows this pattern, lowest id first. */
export function cardsMatching(game: Game, pattern: CardPattern): CardId[] {
  return game.meta.cards
    .filter((card) => cardMatches(game, card, pattern))
    .map((card) => card.id)
    .sort((a, b) => a - b);
}

/**
 * Pairs patterns with distinct cards (a bipartite matching, so `Currency` and `Currency 5` in one
 * list cannot steal each other's card) and returns how many patterns found a card.
 */
export function matchCards(game: Game, ids: readonly CardId[], patterns: readonly CardPattern[]): number {
  const table = cardTable(game);
  const owner: (number | undefined)[] = ids.map(() => undefined);
  const tryPattern = (p: number, visited: boolean[]): boolean => {
    for (let c = 0; c < ids.length; c++) {
      if (visited[c] || !cardMatches(game, table.get(ids[c]!), patterns[p]!)) continue;
      visited[c] = true;
      if (owner[c] === undefined || tryPattern(owner[c]!, visited)) {
        owner[c] = p;
        return true;
      }
    }
    return false;
  };
  let matched = 0;
  for (let p = 0; p < patterns.length; p++)
    if (
      tryPattern(
        p,
        ids.map(() => false),
      )
    )
      matched++;
  return matched;
}

/** Exactly these cards: in order when `ordered`, else in any order. */
export function sameCards(
  game: Game,
  ids: readonly CardId[],
  patterns: readonly CardPattern[],
  ordered: boolean,
): boolean {
  if (ids.length !== patterns.length) return false;
  if (!ordered) return matchCards(game, ids, patterns) === patterns.length;
  const table = cardTable(game);
  return patterns.every((pattern, i) => cardMatches(game, table.get(ids[i]!), pattern));
}
