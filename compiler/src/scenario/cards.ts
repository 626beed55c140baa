// Values and cards as a scenario writes them: `Property 30` is the card type and its field values
// in declaration order. Copies with equal values are interchangeable, so expectations compare
// cards by what they show, never by id.
import type { CardId, CardInfo, Game, Value } from "@rules/runtime";
import { cardName } from "../cli/render.js";
import type { CardPattern, Literal } from "./ast.js";

/** Turns a scenario literal into the value the game stores. */
export function literalValue(literal: Literal): Value {
  if (literal.kind === "word" && (literal.value === "true" || literal.value === "false"))
    return literal.value === "true";
  return literal.value;
}

/** Does a literal written in a scenario equal this value of the game? */
export function literalEquals(literal: Literal, value: Value): boolean {
  if (literal.kind === "int") return value === literal.value;
  if (literal.kind === "word" && typeof value === "boolean") return literal.value === String(value);
  return value === literal.value;
}

export function formatLiteral(literal: Literal): string {
  return literal.kind === "text" ? JSON.stringify(literal.value) : String(literal.value);
}

export function formatValue(value: Value | undefined): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

export function formatPattern(pattern: CardPattern): string {
  return [pattern.type.text, ...pattern.fields.map(formatLiteral)].join(" ");
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

/** A card shows this pattern when its type matches and its first fields equal the values given. */
export function cardMatches(game: Game, card: CardInfo | undefined, pattern: CardPattern): boolean {
  if (!card || card.type !== pattern.type.text) return false;
  const fields = game.meta.cardTypes.find((t) => t.name === card.type)?.fields ?? [];
  return pattern.fields.every((literal, i) => {
    const field = fields[i];
    return field !== undefined && literalEquals(literal, card.fields[field.name] ?? null);
  });
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
