// How things of a game are named for people: seats relative to the reader ("you", "seat 2", a seat the
// rules play by its label), cards by their names, zones and variables by their labels, enum members
// by theirs, and the rules' text templates (`TextPart[]`) with their values named the same way.

import type { CardId, Game, Move, MoveOption, Seat, TextPart, Value } from "../contract.js";
import { seatPlan } from "../seats.js";
import { cardLabel } from "../views.js";
import { afterValue, afterYou, agreeWords, type Agreeing } from "./agreement.js";
import { bare, capitalise, joinList, placeWord, words } from "./words.js";

/**
 * Who reads: their seat, which is "you" (null: nobody at the table, a spectator or a log); in a game
 * whose rules play seats (`meta.bots`), how many seats are people's (a match's `players`), so that the
 * seats after them are called by their labels; and the names an app gives seats ("Ann", "Bot 2"), by
 * seat, which come before those. A bare seat (or null) is a reader in a game without bots, or one
 * content with "seat 2" for a bot.
 */
export type Reader =
  | Seat
  | null
  | {
      readonly seat: Seat | null;
      readonly humans?: number;
      readonly names?: readonly (string | null | undefined)[];
      /** What the reader sees now (its view): a board space is then named among the cards in play,
       *  not those left in the box (a game with two boards has two cards for each place). */
      readonly view?: unknown;
    };

/** The reader's seat. */
export function readerSeat(reader: Reader): Seat | null {
  return reader !== null && typeof reader === "object" ? reader.seat : reader;
}

/** What a seat other than the reader's is called instead of its number: the name the app gave it,
 *  else the label of the seat the rules play; undefined for a person's seat without a name. */
export function seatLabel(game: Game, seat: Seat, reader: Reader): string | undefined {
  const given = reader !== null && typeof reader === "object" ? reader.names?.[seat] : undefined;
  if (given !== undefined && given !== null) return given;
  const humans = reader !== null && typeof reader === "object" ? reader.humans : undefined;
  if (humans === undefined || seat < humans || !game.meta.bots) return undefined;
  return seatPlan(game.meta, humans).list[seat]?.bot?.label;
}

/** Whose seat: "you" for the reader, else the name the app gave it, a bot by its label, or "seat N". */
export function seatName(game: Game, seat: Seat, reader: Reader): string {
  if (seat === readerSeat(reader)) return "you";
  return seatLabel(game, seat, reader) ?? `seat ${seat}`;
}

/** "you", "seat 2", "seats 1 and 3", "you and seats 1 and 3", "seat 1 and Wealthy Nephew Merc", "nobody". */
export function seatList(game: Game, seats: readonly Seat[], reader: Reader): string {
  const viewer = readerSeat(reader);
  const numbered = seats.filter((seat) => seat !== viewer && seatLabel(game, seat, reader) === undefined);
  const parts: string[] = [];
  if (seats.includes(viewer as Seat)) parts.push("you");
  if (numbered.length === 1) parts.push(`seat ${numbered[0]}`);
  else if (numbered.length > 1) parts.push(`seats ${joinList(numbered.map(String))}`);
  for (const seat of seats) {
    const label = seat === viewer ? undefined : seatLabel(game, seat, reader);
    if (label !== undefined) parts.push(label);
  }
  return parts.length === 0 ? "nobody" : joinList(parts);
}

/** Possessive of a seat: "your", "seat 2's". */
export function possessive(game: Game, seat: Seat, reader: Reader): string {
  const name = seatName(game, seat, reader);
  return name === "you" ? "your" : `${name}'s`;
}

/** A card as people call it: its name from the rules when they give one, else its type and values. */
export function cardName(game: Game, id: CardId): string {
  const card = game.meta.cards[id];
  if (!card) return `card #${id}`;
  return card.name ?? cardLabel(card);
}

/**
 * How people call a zone: its label, with the type of its cards added when another zone has the
 * same label (For Sale's two boxes: "the box (Property cards)", "the box (Currency cards)").
 */
export function zoneLabel(game: Game, name: string): string {
  const zones = game.meta.zones;
  const info = zones.find((z) => z.name === name);
  if (!info) return words(name);
  const shared = zones.some((z) => z !== info && z.label === info.label);
  return shared ? `${info.label} (${info.cardType} cards)` : info.label;
}

/** A zone of one seat, or a shared zone: "your Properties", "seat 2's Properties", "the Shop". */
export function zonePlace(game: Game, name: string, seat: Seat | null, reader: Reader): string {
  const label = zoneLabel(game, name);
  return seat === null ? label : `${possessive(game, seat, reader)} ${bare(label)}`;
}

export function varLabel(game: Game, name: string): string {
  return game.meta.vars.find((v) => v.name === name)?.label ?? words(name);
}

/** A variable of one seat, or a shared one: "your coins", "seat 1's bid", "the bank". */
export function varPlace(game: Game, name: string, seat: Seat | null, reader: Reader): string {
  const label = varLabel(game, name);
  return seat === null ? label : `${possessive(game, seat, reader)} ${bare(label)}`;
}

/** An enum member by its label in the rules, else its name in words; `type` narrows to one enum. */
export function enumLabel(game: Game, member: string, type?: string): string {
  const enums = game.meta.enums ?? {};
  const labels = type !== undefined ? [enums[type]] : Object.values(enums);
  for (const members of labels) {
    const label = members?.[member];
    if (label !== undefined) return label;
  }
  return words(member);
}

/**
 * A value named by its type, as VarInfo types are written: "player" a seat, "bool" yes or no, "int"
 * a number, a card type's name a card (its id), an enum's name one of its members.
 */
export function valueName(game: Game, value: Value | undefined, type: string, reader: Reader): string {
  if (value === null || value === undefined) return "none";
  if (type === "player" && typeof value === "number") return seatName(game, value, reader);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number" && game.meta.cardTypes.some((t) => t.name === type)) return cardName(game, value);
  if (typeof value === "string") return enumLabel(game, value, type);
  return String(value);
}

/** What a template of the rules reads with: the move whose parameters `{parameter}` parts name. */
export interface TextContext {
  readonly move?: Move;
  /** The option the move was chosen from: its domains say how to name a parameter (a card, a seat). */
  readonly option?: MoveOption;
  /** The seat that made the move: a card it chose from a zone the reader cannot see stays unnamed, */
  readonly mover?: Seat;
  /** unless the move itself showed the reader that card (played onto the table, revealed to them). */
  readonly shown?: ReadonlySet<CardId>;
}

/** The rules' text (`TextPart[]`) in words for this reader. */
export function renderText(game: Game, parts: readonly TextPart[], reader: Reader, context: TextContext = {}): string {
  // A seat said as "you" takes its verbs in their form, to the end of the clause: "{p} lands on …" →
  // "you land on …", "{p} owes ${amount} and has …" → "you owe $5 and have …".
  let said = "";
  let agreeing: Agreeing = null;
  let owned = false;
  parts.forEach((part, i) => {
    let text = partText(game, part, reader, context);
    if (typeof part !== "string") {
      // "{target}'s card" said to the target: "your card", not "you's card".
      owned = text === "you" && typeof parts[i + 1] === "string" && (parts[i + 1] as string).startsWith("'s");
      agreeing = owned ? null : text === "you" ? afterYou(said) : afterValue(agreeing);
      said += owned ? "your" : text;
      return;
    }
    if (owned) text = text.slice(2);
    const agreed = agreeWords(text, agreeing);
    agreeing = agreed.agreeing;
    said += agreed.text;
  });
  return said;
}

function partText(game: Game, part: TextPart, reader: Reader, context: TextContext): string {
  if (typeof part === "string") return part;
  if ("value" in part) return valueName(game, part.value, part.type, reader);
  const value = context.move?.[part.parameter];
  const domain = context.option?.parameters[part.parameter];
  if (value === undefined) return domain ? domainText(game, domain, part.field, reader) : words(part.parameter);
  return parameterValue(game, value, domain, part.field, reader, context, true);
}

/** A field of a card not chosen yet, over the cards it may be: their one value, their lowest to their
 *  highest number ("mortgage (one of 6 in deeds) for $30–170"), two or three words as choices ("light
 *  blue or red"), else "…". */
function fieldSpan(values: readonly string[]): string {
  const distinct = [...new Set(values)];
  if (distinct.length === 1) return distinct[0]!;
  if (!distinct.every((v) => /^-?\d+$/.test(v))) return distinct.length <= 3 ? joinList(distinct, "or") : "…";
  const numbers = distinct.map(Number);
  return `${Math.min(...numbers)}–${Math.max(...numbers)}`;
}

/** A parameter not chosen yet, in a menu line: its only value, else what it may be. */
function domainText(game: Game, domain: NonNullable<MoveOption["parameters"][string]>, field: string | undefined, reader: Reader): string {
  switch (domain.kind) {
    case "range":
      return domain.min === domain.max ? String(domain.min) : `${domain.min}..${domain.max}`;
    case "card":
      if (domain.cards.length === 1) return field === undefined ? cardName(game, domain.cards[0]!) : cardField(game, domain.cards[0]!, field, reader);
      return field === undefined ? `(one of ${domain.cards.length} ${placeIn(game, domain.zone)})` : fieldSpan(domain.cards.map((card) => cardField(game, card, field, reader)));
    case "cards":
      // A set of cards may be empty where the rules allow giving nothing.
      if (domain.cards.length === 0) return `(no card: ${domainZone(game, domain.zone)} is empty)`;
      return domain.none === false
        ? `(one or more of the ${domain.cards.length} cards ${placeIn(game, domain.zone)})`
        : `(any of the ${domain.cards.length} cards ${placeIn(game, domain.zone)}, or none)`;
    case "player":
      return domain.players.length === 1 ? seatName(game, domain.players[0]!, reader) : `(${domain.players.map((s) => seatName(game, s, reader)).join(" / ")})`;
    case "choice":
      return domain.values.length === 1 ? choiceName(game, domain.values[0]!) : `(${domain.values.map((v) => choiceName(game, v)).join(" / ")})`;
  }
}

/** A zone named in a parameter's domain, by its label; a seat's zone without the seat (the domain does not say whose). */
export function domainZone(game: Game, zone: string): string {
  const info = game.meta.zones.find((z) => z.name === zone);
  return info?.perPlayer ? bare(zoneLabel(game, zone)) : zoneLabel(game, zone);
}

/** "in the game box", "on the game board": where a parameter's cards lie. */
function placeIn(game: Game, zone: string): string {
  const label = domainZone(game, zone);
  return `${placeWord(label, false)} ${label}`;
}

/** An enum member, a flag or a number offered as a choice. */
export function choiceName(game: Game, value: number | string | boolean): string {
  if (typeof value === "boolean") return value ? "yes" : "no";
  return typeof value === "string" ? enumLabel(game, value) : String(value);
}

/** A field of a card, named by the field's type ("$100", "light blue"). */
function cardField(game: Game, card: CardId, field: string, reader: Reader): string {
  const info = game.meta.cards[card];
  const type = game.meta.cardTypes.find((t) => t.name === info?.type)?.fields.find((f) => f.name === field)?.type ?? "int";
  return valueName(game, info?.fields[field], type, reader);
}

/** A move's parameter value in words: a card named unless the reader may not see where it was chosen from. */
export function parameterValue(
  game: Game,
  value: Move[string],
  domain: MoveOption["parameters"][string] | undefined,
  field: string | undefined,
  reader: Reader,
  sight: Pick<TextContext, "mover" | "shown"> = {},
  /** In a label's words: a card the reader may not see is "a card" ("seat 1 plays a card"). */
  inWords = false,
): string {
  if (domain?.kind === "player" && typeof value === "number") return seatName(game, value, reader);
  if (domain?.kind === "card" || domain?.kind === "cards") {
    const zone = game.meta.zones.find((z) => z.name === domain.zone);
    const viewer = readerSeat(reader);
    const { mover, shown } = sight;
    const ids = Array.isArray(value) ? value : [value];
    // The zone is the mover's own (a parameter's zone is read on the seat that moves).
    const visible =
      (shown !== undefined && ids.every((id) => typeof id === "number" && shown.has(id))) ||
      zone?.visibility === "public" ||
      viewer === null ||
      (zone?.visibility === "owner" && (mover === undefined || mover === viewer)) ||
      (zone?.visibility === "others" && mover !== undefined && mover !== viewer);
    if (!visible && inWords) return ids.length === 1 ? "a card" : `${ids.length} cards`;
    if (!visible) return ids.length === 1 ? "(hidden)" : `(${ids.length} hidden cards)`;
    return joinList(ids.map((id) => (typeof id !== "number" ? String(id) : field === undefined ? cardName(game, id) : cardField(game, id, field, reader))));
  }
  if (value === null || value === undefined) return "none";
  if (typeof value === "object") return value.join(", ");
  return choiceName(game, value);
}

/**
 * The rules' own words (`say "..."`) as this reader hears them: they name every seat "seat N", so the
 * reader's seat reads "you", its verbs agreeing to the end of the clause ("seat 1 wins" → "you win",
 * "seat 1 passes and takes $1" → "you pass and take $1"), "seat 1's" reads "your", and a seat the
 * rules play reads as its label.
 */
export function addressed(game: Game, text: string, reader: Reader): string {
  const viewer = readerSeat(reader);
  let said = "";
  let from = 0;
  let agreeing: Agreeing = null;
  const passage = (words: string): string => {
    const agreed = agreeWords(words, agreeing);
    agreeing = agreed.agreeing;
    return agreed.text;
  };
  for (const match of text.matchAll(/\b([Ss])eat (\d+)\b('s\b)?/g)) {
    const [all, s, number, own] = match;
    said += passage(text.slice(from, match.index));
    from = match.index + all.length;
    const seat = Number(number);
    const capital = s === "S";
    if (seat === viewer) {
      // "your card is …": the card is the subject; "… pays you and takes …": the reader is an object.
      agreeing = own ? null : afterYou(said);
      said += own ? (capital ? "Your" : "your") : capital ? "You" : "you";
      continue;
    }
    agreeing = afterValue(agreeing);
    const label = seatLabel(game, seat, reader);
    said += label === undefined ? all : `${capital ? capitalise(label) : label}${own ?? ""}`;
  }
  return said + passage(text.slice(from));
}

/**
 * The space of a board a token variable stands on (`on`), by name: a card standing on it (`with`:
 * the deed of a property), else the zone's card whose `by` field is the value. With the reader's view,
 * only cards the view shows count (a second board's cards lie hidden in the box).
 */
export function spaceName(game: Game, zone: string, at: number, reader: Reader = null): string {
  const info = game.meta.zones.find((z) => z.name === zone);
  const layout = info?.layout;
  if (!info || layout?.kind !== "board") return String(at);
  const view = reader !== null && typeof reader === "object" ? reader.view : undefined;
  const shown = view === undefined ? null : cardsIn(view);
  const inPlay = (id: CardId): boolean => shown === null || shown.has(id);
  const on = layout.with && game.meta.cards.find((card) => card.type === layout.with!.type && card.fields[layout.with!.field] === at && inPlay(card.id));
  const space = on || game.meta.cards.find((card) => card.type === info.cardType && card.fields[layout.by] === at && inPlay(card.id));
  return space ? cardName(game, space.id) : String(at);
}

/** Every card id a view shows in its zones. */
function cardsIn(view: unknown): Set<CardId> {
  const ids = new Set<CardId>();
  const visit = (content: unknown): void => {
    if (Array.isArray(content)) content.forEach((c) => (typeof c === "number" ? c >= 0 && ids.add(c) : visit(c)));
    else if (content !== null && typeof content === "object" && Array.isArray((content as { cards?: unknown }).cards)) visit((content as { cards: unknown[] }).cards);
  };
  const zones = view !== null && typeof view === "object" ? (view as { zones?: unknown }).zones : undefined;
  if (zones !== null && typeof zones === "object") for (const content of Object.values(zones)) visit(content);
  return ids;
}
