// Helpers for the compiled games' `view` functions and for apps that talk to people.

import type { Activity, CardId, CardInfo, Seat, Value, Visibility } from "./contract.js";

/** Whether `viewer` (null: a spectator) sees what has this visibility and belongs to `owner` (null:
 *  shared). The one reading of visibility for views, events, samples and the table. */
export function seesVisibility(visibility: Visibility, owner: Seat | null, viewer: Seat | null): boolean {
  switch (visibility) {
    case "public":
    case "open":
      return true;
    case "owner":
      return viewer !== null && owner === viewer;
    case "others":
      return viewer !== null && owner !== null && owner !== viewer;
    default:
      return false;
  }
}

/**
 * A zone as one player sees it. Everyone sees how many cards it holds; `cards` (ids, index 0 =
 * top) is present only when the viewer may see them, and absent (not undefined) otherwise, so a
 * view serialized to JSON carries no trace of hidden cards.
 */
export interface ZoneView {
  readonly count: number;
  readonly cards?: CardId[];
  /** In a zone the viewer cannot see, the cards it knows anyway (it peeked), by position; null
   *  where it does not know. Present only when it knows at least one card there. */
  readonly known?: (CardId | null)[];
  /** In a zone the viewer cannot see, the rules' `open` per-card values, by position: what every seat
   *  sees on a face-down card (a Hanabi hint on a card its owner holds unseen); null where a card
   *  carries the value every card starts with. Present only when some card there carries one. */
  readonly marks?: Record<string, (Value | null)[]>;
}

/** An open per-card variable for zoneView: its values by card, and the value that marks nothing. */
export type OpenValues = readonly [Readonly<Record<CardId, Value>>, Value | undefined];

/** A zone's view; the ids are copied so a view never aliases the game state. `known` lists the
 *  cards this viewer has been shown (`reveal ... to`), which it sees even in a hidden zone. */
export function zoneView(
  cards: readonly CardId[],
  visible: boolean,
  known: readonly CardId[] = [],
  open: Readonly<Record<string, OpenValues>> = {},
): ZoneView {
  if (visible) return { count: cards.length, cards: [...cards] };
  const marks: Record<string, (Value | null)[]> = {};
  for (const [name, [values, start]] of Object.entries(open)) {
    const row = cards.map((card) => (card in values && values[card] !== start ? values[card]! : null));
    if (row.some((value) => value !== null)) marks[name] = row;
  }
  const marked = Object.keys(marks).length > 0 ? { marks } : {};
  if (known.length > 0 && cards.some((card) => known.includes(card))) {
    return { count: cards.length, known: cards.map((card) => (known.includes(card) ? card : null)), ...marked };
  }
  return { count: cards.length, ...marked };
}

/** "seat 2", "seats 0 and 1", "seats 0, 1 and 3". */
export function describeSeats(seats: readonly Seat[]): string {
  if (seats.length === 0) return "no seat";
  if (seats.length === 1) return `seat ${seats[0]}`;
  return `seats ${seats.slice(0, -1).join(", ")} and ${seats[seats.length - 1]}`;
}

/** Who may act, in words: "seat 2 to play", "seats 0, 1 and 3 choose secretly", "game over". */
export function describeActivity(activity: Activity): string {
  const seats = describeSeats(activity.players);
  switch (activity.kind) {
    case "turn":
      return `${seats} to play`;
    case "simultaneous":
      if (activity.pause) return `${seats} ${activity.players.length === 1 ? "takes a look, then continues" : "take a look, then continue"}`;
      return `${seats} ${activity.players.length === 1 ? "chooses" : "choose"} secretly`;
    case "race":
      return activity.players.length === 1 ? `race: ${seats} may claim` : `race: first of ${seats} wins`;
    case "over":
      return "game over";
  }
}

/** A card by its name, as people say it: the rules' name for it ("Phonics Place (light blue, $100)"),
 *  else its type, then its values, a set flag by its own name and an unset one left out (`Property 17`,
 *  `Merchandise 7 marked pets`). */
export function cardLabel(card: CardInfo): string {
  if (card.name !== undefined) return card.name;
  const values = Object.entries(card.fields).flatMap(([name, value]) =>
    value === true ? [name] : value === false || value === null ? [] : [String(value)],
  );
  return values.length === 0 ? `${card.type} #${card.id}` : `${card.type} ${values.join(" ")}`;
}

/**
 * A per-card variable as one seat sees it: the values of exactly the cards its view of the zones
 * identifies (by `cards`, or by `known` where it was shown a card face down), keyed by id. A card
 * the seat cannot identify has no entry, so the values never tell which card lies where it cannot see.
 */
export function cardValuesView<T>(values: Readonly<Record<CardId, T>>, zones: readonly (ZoneView | readonly ZoneView[])[]): Record<CardId, T> {
  const shown: Record<CardId, T> = {};
  for (const zone of zones.flat()) {
    for (const card of zone.cards ?? zone.known ?? []) {
      if (card !== null && card in values) shown[card] = values[card]!;
    }
  }
  return shown;
}

/**
 * A seat's view read as a state, for a compiled game's `shown` (the lines of variables shown at times):
 * each zone as the cards the view shows, a zone the seat cannot see as that many unknown cards (-1),
 * so that counts are right and nothing hidden is there to read. The rules' checker lets `shown` read
 * only public things.
 */
export function stateOfView(view: { readonly zones: object; readonly vars: object }, players: number): {
  players: number;
  variants: string[];
  zones: Record<string, unknown>;
  vars: Record<string, unknown>;
  locals: Record<string, unknown>;
} {
  const cardsOf = (zone: unknown): unknown => {
    if (Array.isArray(zone)) return zone.map(cardsOf);
    const z = zone as { cards?: readonly number[]; count?: number } | null;
    return z?.cards ? [...z.cards] : new Array<number>(z?.count ?? 0).fill(-1);
  };
  const zones: Record<string, unknown> = {};
  for (const [name, zone] of Object.entries(view.zones)) zones[name] = cardsOf(zone);
  return { players, variants: [], zones, vars: { ...view.vars }, locals: {} };
}
