// What a move did, as events an app can animate and a player can be told: cards that moved, money
// that changed hands, variables that changed, a zone shuffled, a card shown to one seat, a phase that
// began, words the rules say. A compiled game records them while a move is applied (only when asked:
// `state.events` is set for the call), and `eventsFor` filters them to what one seat may see: the
// only events an app may send to a player.
import type { BaseState, CardId, GameMeta, RandomState, Seat, TextPart, Value, Visibility } from "./contract.js";
import { MatchError } from "./errors.js";
import { requireSeat } from "./options.js";
import { requireMatch } from "./arguments.js";
import { rollDie } from "./random.js";
import { seesVisibility } from "./views.js";

/** A zone, or one seat's part of a per-player zone. */
export interface ZoneRef {
  readonly zone: string;
  readonly seat: Seat | null;
}

/** A variable, or one seat's entry of a per-player variable. */
export interface VarRef {
  readonly variable: string;
  readonly seat: Seat | null;
}

export type GameEvent =
  /** Cards left one zone for another (`from` null: the rules did not say where from). Seen by a
   *  seat that sees either zone; others get the count, with `cards` null. */
  | { readonly kind: "move"; readonly cards: readonly CardId[] | null; readonly count: number; readonly from: ZoneRef | null; readonly to: ZoneRef }
  | { readonly kind: "shuffle"; readonly zone: ZoneRef }
  /** An amount moved between variables; `amount` null for a seat that sees neither of them. `why`:
   *  the reason the rules give (`transfer … "rent for {deed}"`), which reads only what every seat sees. */
  | { readonly kind: "transfer"; readonly amount: number | null; readonly from: VarRef; readonly to: VarRef; readonly why?: readonly TextPart[] }
  /** A variable took a value (only for seats that may see it). */
  | { readonly kind: "set"; readonly variable: VarRef; readonly value: Value }
  /** A card shown to one seat alone (`reveal ... to`). */
  | { readonly kind: "reveal"; readonly card: CardId; readonly to: Seat }
  /** The flow entered a phase (`phase name { }`). `again`: the phase it was in already, entered anew
   *  (a loop around the phase: a new turn, a new round). */
  | { readonly kind: "phase"; readonly name: string; readonly again?: true }
  /** A die rolled (`roll(sides)`). `into`: the variable the rules roll it into (`die[p] = roll(6)`),
   *  and then only seats that may see that variable are told; absent, it was rolled in the open.
   *  `secret`: rolled out of sight (`secret_roll(sides)`), told to no seat. */
  | { readonly kind: "roll"; readonly sides: number; readonly value: number; readonly into?: VarRef; readonly secret?: true }
  /** Words of the rules (`say "..."`), for everyone or for one seat. */
  | { readonly kind: "say"; readonly text: string; readonly to: Seat | null }
  | { readonly kind: "end" };

/** For compiled games: the event of cards moving (only built while events are recorded). */
export function moved(cards: readonly CardId[], fromZone: string | null, fromSeat: Seat | null, toZone: string, toSeat: Seat | null): GameEvent {
  return { kind: "move", cards: [...cards], count: cards.length, from: fromZone === null ? null : { zone: fromZone, seat: fromSeat }, to: { zone: toZone, seat: toSeat } };
}

export function transferred(
  amount: number,
  fromVar: string,
  fromSeat: Seat | null,
  toVar: string,
  toSeat: Seat | null,
  why?: readonly TextPart[],
): GameEvent {
  const from = { variable: fromVar, seat: fromSeat };
  const to = { variable: toVar, seat: toSeat };
  return why === undefined ? { kind: "transfer", amount, from, to } : { kind: "transfer", amount, from, to, why };
}

export function changed(variable: string, seat: Seat | null, value: Value): GameEvent {
  return { kind: "set", variable: { variable, seat }, value };
}

export function shuffled(zone: string, seat: Seat | null): GameEvent {
  return { kind: "shuffle", zone: { zone, seat } };
}

/** `roll(sides)` in a compiled game: a die from the game's generator, recorded as an event, with
 *  the variable it is rolled into when the rules roll it into one (`intoSeat`: whose entry). */
export function roll(random: RandomState, sides: number, events: GameEvent[] | undefined, intoVar?: string, intoSeat?: Seat | null): number {
  const value = rollDie(random, sides);
  if (events) {
    events.push(intoVar === undefined ? { kind: "roll", sides, value } : { kind: "roll", sides, value, into: { variable: intoVar, seat: intoSeat ?? null } });
  }
  return value;
}

/** `secret_roll(sides)`: a die rolled out of sight. Recorded (scenarios and logs read it) but told
 *  to no seat: its value reaches a seat only where the rules put it, as a variable set or a card moved. */
export function secretRoll(random: RandomState, sides: number, events: GameEvent[] | undefined): number {
  const value = rollDie(random, sides);
  if (events) events.push({ kind: "roll", sides, value, secret: true });
  return value;
}

export function revealed(card: CardId, to: Seat): GameEvent {
  return { kind: "reveal", card, to };
}

export function said(text: string, to: Seat | null): GameEvent {
  return { kind: "say", text, to };
}

/** A phase begun; `previous`, the phase the flow was in (its view's `phase`), says whether it is begun again. */
export function phaseBegins(name: string, previous?: string): GameEvent {
  return previous === name ? { kind: "phase", name, again: true } : { kind: "phase", name };
}

export function gameEnds(): GameEvent {
  return { kind: "end" };
}

/** Runs `apply` on the state while recording what it does; the state keeps no trace of the recording. */
export function recordEvents<S extends BaseState>(state: S, apply: (state: S) => void): GameEvent[] {
  const events: GameEvent[] = [];
  state.events = events;
  try {
    apply(state);
  } finally {
    delete state.events;
  }
  return events;
}

function sees(visibility: Visibility, owner: Seat | null, viewer: Seat | null): boolean {
  return seesVisibility(visibility, owner, viewer);
}

/** What eventsFor reads of a match (match.ts imports this file, so it is described here). */
export interface MatchEvents {
  readonly game: { readonly meta: GameMeta };
  readonly state: { readonly players: number };
  readonly unfilteredEvents: readonly GameEvent[];
}

/**
 * The events as one seat (null: a spectator) may know them: cards by id only where that seat sees
 * where they left or where they went, amounts only where it sees either side, variables it may see,
 * dice rolled in the open or into variables it may see, cards shown to it and words said to it or to all. `eventsFor(match, seat)` is one seat's share of
 * the last move's events, what an app sends to that player; tools filter events they kept with
 * `eventsFor(game.meta, events, seat)`. Arguments an app got wrong are a MatchError.
 */
export function eventsFor(match: MatchEvents, viewer: Seat | null): GameEvent[];
export function eventsFor(meta: GameMeta, events: readonly GameEvent[], viewer: Seat | null): GameEvent[];
export function eventsFor(first: MatchEvents | GameMeta, second: readonly GameEvent[] | Seat | null, third?: Seat | null): GameEvent[] {
  if (typeof first === "object" && first !== null && "unfilteredEvents" in first) {
    requireMatch(first, "eventsFor");
    const viewer = second as Seat | null;
    if (viewer !== null) requireSeat(first.state.players, viewer);
    return filterEvents(first.game.meta, first.unfilteredEvents, viewer);
  }
  const meta = first as GameMeta;
  if (typeof meta !== "object" || meta === null || !Array.isArray(meta.zones) || !Array.isArray(meta.vars)) {
    throw new MatchError("match/argument", "eventsFor takes a match and a seat (or a game's meta, its events and a seat)");
  }
  if (!Array.isArray(second)) throw new MatchError("match/argument", "eventsFor's events must be a list, as a match's unfilteredEvents is");
  const viewer = third ?? null;
  if (viewer !== null && (typeof viewer !== "number" || !Number.isInteger(viewer) || viewer < 0)) {
    throw new MatchError("match/seat", "eventsFor's seat must be a seat number, or null for a spectator");
  }
  return filterEvents(meta, second, viewer);
}

function filterEvents(meta: GameMeta, events: readonly GameEvent[], viewer: Seat | null): GameEvent[] {
  const zoneSeen = (ref: ZoneRef | null): boolean => {
    const info = ref && meta.zones.find((z) => z.name === ref.zone);
    return info !== undefined && info !== null && sees(info.visibility, ref!.seat, viewer);
  };
  const varSeen = (ref: VarRef): boolean => {
    const info = meta.vars.find((v) => v.name === ref.variable);
    return info !== undefined && sees(info.visibility, ref.seat, viewer);
  };
  const shown: GameEvent[] = [];
  for (const event of events) {
    switch (event.kind) {
      case "move":
        shown.push(zoneSeen(event.from) || zoneSeen(event.to) ? event : { ...event, cards: null });
        break;
      case "transfer":
        if (varSeen(event.from) || varSeen(event.to)) shown.push(event);
        else if (meta.vars.some((v) => v.name === event.from.variable && v.visibility !== "hidden") || meta.vars.some((v) => v.name === event.to.variable && v.visibility !== "hidden")) {
          shown.push({ ...event, amount: null });
        }
        break;
      case "set":
        if (varSeen(event.variable)) shown.push(event);
        break;
      case "roll":
        // A die rolled into a variable is told as that variable is; a per-card value is never told
        // as an event (the card's id would reach seats that cannot see it), nor the die rolled into one.
        if (event.secret) break;
        if (!event.into || (varSeen(event.into) && !meta.vars.some((v) => v.name === event.into!.variable && v.perCard !== undefined))) shown.push(event);
        break;
      case "reveal":
        if (event.to === viewer) shown.push(event);
        break;
      case "say":
        if (event.to === null || event.to === viewer) shown.push(event);
        break;
      default:
        shown.push(event);
    }
  }
  return shown;
}
