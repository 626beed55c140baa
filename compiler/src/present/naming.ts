// How things are named for people, by the CLI (narration, table, menus) and the scenario runner alike:
// seats ("you", "seat 2", "you and seats 1 and 3"), zones and variables by their labels ("the
// Properties on auction", "your Properties", "seat 2's coins"), verbs agreeing with their subject.

import { cardLabel, type CardId, type Game, type Seat, type SeatPlan } from "@rules/runtime/internal";

/** `Property 17`: the card's type, then its field values. */
export function cardName(game: Game, id: CardId): string {
  const card = game.meta.cards[id];
  return card ? cardLabel(card) : `card #${id}`;
}

/** Whose seat: "you" for the viewer, else "seat N". */
export function seatName(seat: Seat, viewer: Seat | null = null): string {
  return seat === viewer ? "you" : `seat ${seat}`;
}

/** "you", "seat 2", "seats 1 and 3", "you and seats 1 and 3", "nobody". */
export function seatList(seats: readonly Seat[], viewer: Seat | null = null): string {
  const others = seats.filter((seat) => seat !== viewer);
  const parts: string[] = [];
  if (others.length < seats.length) parts.push("you");
  if (others.length === 1) parts.push(`seat ${others[0]}`);
  else if (others.length > 1) parts.push(`seats ${joinList(others.map(String))}`);
  return parts.length === 0 ? "nobody" : parts.join(" and ");
}

/** Possessive of a seat: "your", "seat 2's". */
export function possessive(seat: Seat, viewer: Seat | null = null): string {
  return seat === viewer ? "your" : `seat ${seat}'s`;
}

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "play_card" and "playCard" → "play card". */
export function words(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .toLowerCase();
}

/** "pass" → "passes", "raise" → "raises", "carry" → "carries" (the verb only). */
export function thirdPerson(verb: string): string {
  if (/(s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** The verb as its subject takes it: "you take", "seat 2 takes". */
export function verbFor(subject: string, verb: string): string {
  if (subject === "you") return verb;
  if (verb === "be") return "is";
  if (verb === "have") return "has";
  return thirdPerson(verb);
}

/** A label without its leading article, to follow a possessive: "the bank" → "bank". */
export function bare(label: string): string {
  return label.replace(/^(the|a|an) /i, "");
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
export function zonePlace(game: Game, name: string, seat: Seat | null, viewer: Seat | null): string {
  const label = zoneLabel(game, name);
  return seat === null ? label : `${possessive(seat, viewer)} ${bare(label)}`;
}

export function varLabel(game: Game, name: string): string {
  return game.meta.vars.find((v) => v.name === name)?.label ?? words(name);
}

/** A variable of one seat, or a shared one: "your coins", "seat 1's bid", "the bank". */
export function varPlace(game: Game, name: string, seat: Seat | null, viewer: Seat | null): string {
  const label = varLabel(game, name);
  return seat === null ? label : `${possessive(seat, viewer)} ${bare(label)}`;
}

/** Text with each bot seat ("seat 2", "seat 2's") called by its label ("the House"): the rules play
 *  those seats, so people know them by name, not number. Other seats are left as they are. */
export function nameBots(text: string, plan: SeatPlan): string {
  if (plan.seats === plan.humans) return text;
  return text.replace(/\b([Ss])eat (\d+)\b/g, (words, s: string, seat: string) => {
    const label = plan.list[Number(seat)]?.bot?.label;
    return label === undefined ? words : s === "S" ? capitalise(label) : label;
  });
}
