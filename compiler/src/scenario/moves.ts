// Moves as a scenario writes them (`raise(amount: 3)`, `sell(card: Property 30)`,
// `good_deal(give: [Merchandise 1, Merchandise 1], take: [Merchandise 8, Merchandise 8])`), turned
// into the runtime's JSON moves, and compared with the parameter domains the game reports.
import type { CardId, Game, Move, MoveOption, ParameterDomain, Value } from "@rules/runtime/internal";
import { didYouMean, error, type Diagnostic } from "../diagnostics.js";
import type { Argument, CardPattern, MoveArgument, MoveCall } from "./ast.js";
import {
  cardMatches,
  cardTable,
  cardsMatching,
  formatCards,
  formatLiteral,
  formatPattern,
  literalValue,
  matchCards,
} from "./cards.js";
import { isCardType } from "./names.js";

/** An argument that names a card: `Property 30`, or a bare card type word. */
function asCard(game: Game, arg: Argument): CardPattern | undefined {
  if (arg.kind === "card") return arg.card;
  if (arg.kind === "value" && arg.value.kind === "word" && isCardType(game, arg.value.value as string)) {
    return { type: { text: arg.value.value as string, span: arg.value.span }, fields: [], span: arg.value.span };
  }
  return undefined;
}

/**
 * Names the parameters the option does not have, those it needs but the scenario left out, and a
 * set of cards written as one card. Only possible when the seat has this option now; otherwise
 * the game's refusal says what is wrong.
 */
export function parameterProblems(
  game: Game,
  file: string,
  call: MoveCall,
  option: MoveOption | undefined,
): Diagnostic[] {
  if (!option) return [];
  const known = Object.keys(option.parameters);
  const problems: Diagnostic[] = [];
  for (const arg of call.arguments) {
    const domain = option.parameters[arg.name.text];
    if (domain?.kind === "cards" && arg.value.kind !== "list") {
      const example = asCard(game, arg.value) ? `[${formatArgument(arg.value)}]` : "[]";
      problems.push(
        error(
          file,
          arg.value.span,
          "scenario/needs-card-list",
          `'${arg.name.text}' is a set of cards: write them in [ ], e.g. ${arg.name.text}: ${example}`,
        ),
      );
    }
    if (domain) continue;
    const list = known.length === 0 ? "it takes none" : `its parameters are ${known.join(", ")}`;
    problems.push(
      error(
        file,
        arg.name.span,
        "scenario/unknown-parameter",
        `'${call.type.text}' has no parameter '${arg.name.text}'; ${list}${didYouMean(arg.name.text, known)}`,
      ),
    );
  }
  const missing = known.filter((name) => !call.arguments.some((arg) => arg.name.text === name));
  // A misspelt parameter is also a missing one: one diagnostic is enough.
  if (missing.length > 0 && problems.length === 0) {
    problems.push(
      error(file, call.span, "scenario/missing-parameter", `'${call.type.text}' needs ${missing.join(" and ")}`),
    );
  }
  return problems;
}

/** A card the move names, and the copies it may stand for. */
interface CardSlot {
  /** Matching copies the parameter's domain offers, in the domain's order. */
  readonly offered: readonly CardId[];
  /** Every matching copy in the game, lowest id first. */
  readonly any: readonly CardId[];
}

/**
 * Distinct copies for the cards a move names, across all its parameters: as many as possible
 * from each card's own parameter domain (a bipartite matching, so `take(first: Nigiri egg, second:
 * Nigiri egg)` sends two different eggs, each from its parameter's domain), the rest any copy not
 * yet used; null where the game has no copy left (it then refuses the move).
 */
function assignCopies(slots: readonly CardSlot[]): (CardId | null)[] {
  const owner = new Map<CardId, number>();
  const place = (slot: number, visited: Set<CardId>): boolean => {
    // A free copy first, in the domain's order; only then one taken from another card that can move on.
    const free = slots[slot]!.offered.find((id) => !owner.has(id) && !visited.has(id));
    if (free !== undefined) {
      owner.set(free, slot);
      return true;
    }
    for (const id of slots[slot]!.offered) {
      if (visited.has(id)) continue;
      visited.add(id);
      const holder = owner.get(id);
      if (holder === undefined || place(holder, visited)) {
        owner.set(id, slot);
        return true;
      }
    }
    return false;
  };
  slots.forEach((_, slot) => place(slot, new Set()));
  const chosen: (CardId | null)[] = slots.map(() => null);
  for (const [id, slot] of owner) chosen[slot] = id;
  const used = new Set(owner.keys());
  slots.forEach((slot, i) => {
    if (chosen[i] !== null) return;
    const id = slot.any.find((c) => !used.has(c)) ?? null;
    if (id !== null) used.add(id);
    chosen[i] = id;
  });
  return chosen;
}

/**
 * The JSON move. A named card becomes the id of a matching copy, taken from the parameter's
 * domain when one is there (the copy the player actually holds), else another copy in the game;
 * no two cards of one move get the same copy.
 */
export function buildMove(game: Game, call: MoveCall, option: MoveOption | undefined): Move {
  const table = cardTable(game);
  const slots: CardSlot[] = [];
  /** The slot of each card argument, in the order written. */
  const slotOf = new Map<Argument, number>();
  for (const arg of call.arguments) {
    const domain = option?.parameters[arg.name.text];
    const offered = domain?.kind === "card" || domain?.kind === "cards" ? domain.cards : [];
    const items = arg.value.kind === "list" ? arg.value.items : [arg.value];
    for (const item of items) {
      const pattern = asCard(game, item);
      if (!pattern) continue;
      slotOf.set(item, slots.length);
      slots.push({
        offered: offered.filter((id) => cardMatches(game, table.get(id), pattern)),
        any: cardsMatching(game, pattern),
      });
    }
  }
  const copies = assignCopies(slots);
  const value = (item: Argument): Value => {
    const slot = slotOf.get(item);
    if (slot !== undefined) return copies[slot]!;
    if (item.kind === "value") return literalValue(item.value);
    return null;
  };
  const move: Record<string, Value | CardId[]> = { type: call.type.text };
  for (const arg of call.arguments) {
    move[arg.name.text] =
      arg.value.kind === "list" ? arg.value.items.map((item) => value(item) as CardId) : value(arg.value);
  }
  return move as Move;
}

/**
 * Is every argument one value (a set of cards, for a parameter that takes a set, counts as one)?
 * In `expect legal`, a range, or a list for any other parameter, describes a domain instead.
 */
export function isConcrete(call: MoveCall, option: MoveOption | undefined): boolean {
  return call.arguments.every(
    (arg) =>
      arg.value.kind !== "range" && (arg.value.kind !== "list" || option?.parameters[arg.name.text]?.kind === "cards"),
  );
}

export function formatDomain(game: Game, domain: ParameterDomain): string {
  switch (domain.kind) {
    case "range":
      return `${domain.min}..${domain.max}`;
    case "card":
    case "cards":
      return formatCards(game, domain.cards);
    case "player":
      return `[${domain.players.join(", ")}]`;
    case "choice":
      return `[${domain.values.map(String).join(", ")}]`;
  }
}

/** `raise(amount: 3)`, `pass`: a move as written. */
export function formatCall(call: MoveCall): string {
  if (call.arguments.length === 0) return call.type.text;
  return `${call.type.text}(${call.arguments.map((arg) => `${arg.name.text}: ${formatArgument(arg.value)}`).join(", ")})`;
}

function formatArgument(arg: Argument): string {
  switch (arg.kind) {
    case "value":
      return formatLiteral(arg.value);
    case "card":
      return formatPattern(arg.card);
    case "range":
      return `${arg.min}..${arg.max}`;
    case "list":
      return `[${arg.items.map(formatArgument).join(", ")}]`;
  }
}

/** The values a non-card domain allows, for comparing as sets. */
function domainValues(domain: ParameterDomain): readonly (number | string | boolean)[] {
  switch (domain.kind) {
    case "range":
      return Array.from({ length: Math.max(0, domain.max - domain.min + 1) }, (_, i) => domain.min + i);
    case "player":
      return domain.players;
    case "choice":
      return domain.values;
    case "card":
    case "cards":
      return domain.cards;
  }
}

const sameSet = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a.length === b.length && new Set(a).size === new Set([...a, ...b]).size;

/** Does the domain the game reports agree with the argument written in `expect legal`? */
function domainAgrees(game: Game, arg: Argument, domain: ParameterDomain): boolean {
  const pattern = asCard(game, arg);
  if (pattern)
    return domain.kind === "card" && domain.cards.some((id) => cardMatches(game, cardTable(game).get(id), pattern));
  switch (arg.kind) {
    case "range":
      if (domain.kind === "range") return domain.min === arg.min && domain.max === arg.max;
      return (
        domain.kind !== "card" &&
        sameSet(domainValues(domain), domainValues({ kind: "range", min: arg.min, max: arg.max }))
      );
    case "list": {
      const cards = arg.items.map((item) => asCard(game, item));
      // A set of cards next to a domain written for another parameter: those cards are on offer.
      if (domain.kind === "cards") {
        return (
          cards.every((c) => c !== undefined) && matchCards(game, domain.cards, cards as CardPattern[]) === cards.length
        );
      }
      if (cards.every((c) => c !== undefined) && arg.items.length > 0) {
        return (
          domain.kind === "card" &&
          domain.cards.length === cards.length &&
          matchCards(game, domain.cards, cards) === cards.length
        );
      }
      return (
        domain.kind !== "card" &&
        sameSet(
          domainValues(domain),
          arg.items.map((item) => (item.kind === "value" ? literalValue(item.value) : null)),
        )
      );
    }
    case "value":
      return domainValues(domain).includes(literalValue(arg.value) as number);
    case "card":
      return false;
  }
}

/** For `expect legal` with a domain: the first parameter whose domain differs, described; null if all agree. */
export function domainMismatch(game: Game, args: readonly MoveArgument[], option: MoveOption): string | null {
  for (const arg of args) {
    const domain = option.parameters[arg.name.text];
    if (!domain || domainAgrees(game, arg.value, domain)) continue;
    const written = formatArgument(arg.value);
    const relation = arg.value.kind === "range" || arg.value.kind === "list" ? "=" : "within";
    return `expected ${arg.name.text} ${relation} ${written}, but the game offers ${arg.name.text} ${formatDomain(game, domain)}`;
  }
  return null;
}
