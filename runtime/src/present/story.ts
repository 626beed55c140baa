// The story of a move, told from its events: what a person at the table would say happened ("seat 2
// takes Property 30 from the Properties on auction", "seat 1 pays $22 to seat 2: rent for Phonics
// Place"), seats named relative to the reader. The events are told as given: filter them first
// (`eventsFor`) to what the reader may know, and hidden parts stay hidden here.
//
// Sentences about seats are clauses that share a place ("from the Currency cards on offer"), so a
// run of them reads as one sentence: "seat 2 takes Currency 15, you take Currency 12 and seat 1
// takes Currency 9 from the Currency cards on offer"; "seats 1, 2 and 3 each move a card ...".

import type { Game, Move, MoveOption, Seat, Value } from "../contract.js";
import type { GameEvent, VarRef, ZoneRef } from "../events.js";
import { addressed, cardName, possessive, readerSeat, renderText, seatList, seatName, spaceName, valueName, varLabel, zoneLabel, type Reader } from "./naming.js";
import { amountIn, bare, countWord, joinList, placeWord, verbFor, words } from "./words.js";

/** What the events came from: the seat whose move made them, its move and the option it was chosen from.
 *  A variable the move set on its mover (a flag turning true, a bid equal to the amount chosen) is the
 *  move itself, already told; a reason (`why`) naming the move's parameters reads them from here. */
export interface StoryContext {
  readonly mover?: Seat;
  readonly move?: Move;
  readonly option?: MoveOption;
}

/** One event in words ("" when it says nothing worth telling: no card moved, a variable reset). */
export function describeEvent(game: Game, event: GameEvent, reader: Reader, context: StoryContext = {}): string {
  return describeEvents(game, [event], reader, context)[0] ?? "";
}

/** One seat doing something somewhere; clauses in a row with the same `key` share their place. */
interface Clause {
  readonly subject: Seat;
  readonly verb: string;
  readonly object: string;
  /** Where, said once for the run: `pronoun` is "your" for the reader alone, else "their". */
  readonly place: (pronoun: string) => string;
  readonly key: string;
  /** A known amount moved, in its unit: one seat's amounts along the same way are told as their sum. */
  readonly amount?: { readonly value: number; readonly unit: string | undefined };
}

type Told = string | Clause;

/** An event kept for telling: `at` is its place among the events, `last` that of the last one merged into it;
 *  `dice`, for a roll, the faces of the dice rolled together with it (mergeDice). */
interface Kept {
  readonly event: GameEvent;
  readonly at: number;
  readonly last: number;
  readonly dice?: readonly number[];
}

/** The sentences that tell these events, in order (none for events not worth telling). */
export function describeEvents(game: Game, events: readonly GameEvent[], reader: Reader, context: StoryContext = {}): string[] {
  const kept = events.flatMap((event, at) => (worthTelling(game, event, context) ? [{ event, at, last: at }] : []));
  const told = mergeDice(mergeMoves(throughBookkeeping(game, kept))).map(({ event, at, last, dice }) => ({ told: tell(game, event, reader, context, dice), at, last }));
  const lines: string[] = [];
  for (let i = 0; i < told.length; ) {
    const first = told[i]!.told;
    let end = i + 1;
    // Clauses join only when their events came one after the other: a step of the rules done for
    // each seat in turn, not two rules that happen to read alike (a passer's payment, then the winner's).
    if (typeof first !== "string") {
      while (end < told.length && told[end]!.at === told[end - 1]!.last + 1 && sameKey(told[end]!.told, first)) end++;
    }
    lines.push(typeof first === "string" ? first : sentence(game, told.slice(i, end).map((t) => t.told as Clause), reader));
    i = end;
  }
  return lines;
}

const sameKey = (told: Told, clause: Clause): boolean => typeof told !== "string" && told.key === clause.key;

/**
 * Whether an event says something a reader wants to hear. Not told: nothing moved (no card, no
 * amount); a variable reset (false, 0, nothing: the rules clearing a bid or a flag each round); a
 * variable the move set on its own mover (its flag, or the amount it chose), which the move said;
 * a variable the rules keep for themselves (`bookkeeping`).
 */
function worthTelling(game: Game, event: GameEvent, context: StoryContext): boolean {
  switch (event.kind) {
    case "move":
      return event.count > 0;
    case "transfer":
      return event.amount !== 0;
    case "set": {
      const info = game.meta.vars.find((v) => v.name === event.variable.variable);
      if (info?.shown === "bookkeeping") return false;
      // A variable shown at times is a line of the table, which tells it; a token's move is told.
      if (info?.shown === "when" && info.on === undefined) return false;
      const { value } = event;
      if (value === false || value === null || value === "" || (value === 0 && info?.type !== "player")) return false;
      if (context.mover === undefined || event.variable.seat !== context.mover) return true;
      const chosen = Object.entries(context.move ?? {}).some(([name, v]) => name !== "type" && v === value);
      return !(value === true || chosen);
    }
    default:
      return true;
  }
}

const sameZone = (a: ZoneRef | null, b: ZoneRef | null): boolean =>
  a === b || (a !== null && b !== null && a.zone === b.zone && a.seat === b.seat);

/**
 * Cards that pass through a zone the rules keep for themselves (`bookkeeping`: one side of a swap) are
 * told as going straight on: "seat 2 puts a card into the table … you take it from the table" is
 * "seat 2 gives it to you", told where it left that zone. A card left there is told as it went in;
 * one that goes back where it came from (a card read out, then laid under its deck) is not told: it
 * has not changed hands, and the rules' own words tell what it did ("seat 1 draws …").
 */
function throughBookkeeping(game: Game, kept: readonly Kept[]): Kept[] {
  const bookkeeping = (zone: ZoneRef | null): boolean => zone !== null && game.meta.zones.some((z) => z.name === zone.zone && z.bookkeeping === true);
  const result = [...kept];
  for (let i = 0; i < result.length; i++) {
    const into = result[i]!.event;
    if (into.kind !== "move" || !bookkeeping(into.to)) continue;
    const out = result.findIndex((item, j) => j > i && item.event.kind === "move" && sameZone(item.event.from, into.to) && item.event.count === into.count);
    if (out < 0) continue;
    const leaving = result[out]!.event as typeof into;
    if (sameZone(into.from, leaving.to)) result.splice(out, 1);
    else result[out] = { ...result[out]!, event: { ...leaving, from: into.from, cards: leaving.cards ?? into.cards } };
    result.splice(i--, 1);
  }
  return result;
}

/** Dice rolled in the open one after the other, with the same sides (`roll(6) + roll(6)`), are told as one roll. */
function mergeDice(kept: readonly Kept[]): Kept[] {
  const merged: Kept[] = [];
  const open = (event: GameEvent): event is Extract<GameEvent, { kind: "roll" }> => event.kind === "roll" && (event.into === undefined || event.into.seat === null);
  for (const item of kept) {
    const previous = merged[merged.length - 1];
    const { event } = item;
    if (open(event) && previous !== undefined && open(previous.event) && item.at === previous.last + 1 && previous.event.sides === event.sides) {
      merged[merged.length - 1] = { ...previous, last: item.at, dice: [...(previous.dice ?? [previous.event.value]), event.value] };
    } else merged.push(item);
  }
  return merged;
}

/** Cards moved one by one along the same way, one move after the other (a restock of two cards), are told as one move. */
function mergeMoves(kept: readonly Kept[]): Kept[] {
  const merged: Kept[] = [];
  for (const item of kept) {
    const { event } = item;
    const previous = merged[merged.length - 1];
    const last = previous?.event;
    if (
      event.kind === "move" &&
      last?.kind === "move" &&
      item.at === previous!.last + 1 &&
      sameZone(last.from, event.from) &&
      sameZone(last.to, event.to) &&
      (last.cards === null) === (event.cards === null)
    ) {
      const cards = last.cards && event.cards ? [...last.cards, ...event.cards] : null;
      merged[merged.length - 1] = { event: { ...last, cards, count: last.count + event.count }, at: previous!.at, last: item.at };
    } else {
      merged.push(item);
    }
  }
  return merged;
}

function tell(game: Game, event: GameEvent, reader: Reader, context: StoryContext, dice?: readonly number[]): Told {
  const viewer = readerSeat(reader);
  switch (event.kind) {
    case "move":
      return tellMove(game, event, reader);
    case "transfer":
      return tellTransfer(game, event, reader, context);
    case "set":
      return tellSet(game, event.variable, event.value, reader);
    case "shuffle": {
      const { zone, seat } = event.zone;
      if (seat === null) return `${zoneLabel(game, zone)} is shuffled`;
      const who = seatName(game, seat, reader);
      return `${who} ${verbFor(who, "shuffle")} ${seat === viewer ? "your" : "their"} ${bare(zoneLabel(game, zone))}`;
    }
    case "reveal":
      return { subject: event.to, verb: "see", object: cardName(game, event.card), place: () => "", key: "see" };
    case "phase":
      // A phase entered anew (each turn of a loop around it): a new one of it, not the phase again.
      return event.again ? `a new ${words(event.name)} begins` : `the ${words(event.name)} phase begins`;
    case "roll":
      // A die rolled into a seat's variable (`opening[p] = roll(6) + roll(6)`) is that seat's roll:
      // "seat 1 rolls 4 and 1". Dice rolled in the open together: "two 6-sided dice show 4 and 1".
      if (event.into !== undefined && event.into.seat !== null) {
        return { subject: event.into.seat, verb: "roll", object: String(event.value), place: () => "", key: `roll ${event.into.variable}` };
      }
      if (dice !== undefined && dice.length > 1) return `${countWord(dice.length)} ${event.sides}-sided dice show ${joinList(dice.map(String))}`;
      return `a ${event.sides}-sided die shows ${event.value}`;
    case "say": {
      const text = addressed(game, event.text, reader);
      return event.to === null || event.to === viewer ? text : `(to ${seatName(game, event.to, reader)}) ${text}`;
    }
    case "end":
      return "the game ends";
  }
}

function tellMove(game: Game, event: Extract<GameEvent, { kind: "move" }>, reader: Reader): Told {
  const { from, to, count } = event;
  const cards =
    event.cards === null ? (count === 1 ? "a card" : `${count} cards`) : joinList(event.cards.map((id) => cardName(game, id)));
  const where = `${from?.zone ?? ""}>${to.zone}`;
  if (to.seat !== null && (from === null || from.seat === null)) {
    // Into a seat's zone from a shared one: it takes them.
    return from === null
      ? { subject: to.seat, verb: "get", object: cards, place: () => "", key: `get ${where}` }
      : { subject: to.seat, verb: "take", object: cards, place: () => `from ${zoneLabel(game, from.zone)}`, key: `take ${where}` };
  }
  if (from !== null && from.seat !== null) {
    const owner = from.seat;
    if (to.seat === null) {
      return { subject: owner, verb: "put", object: cards, place: () => `${placeWord(zoneLabel(game, to.zone), true)} ${zoneLabel(game, to.zone)}`, key: `put ${where}` };
    }
    if (to.seat === owner) {
      const place = (pronoun: string): string =>
        `from ${pronoun} ${bare(zoneLabel(game, from.zone))} to ${pronoun} ${bare(zoneLabel(game, to.zone))}`;
      return { subject: owner, verb: "move", object: cards, place, key: `own ${where}` };
    }
    const target = to.seat;
    const label = bare(zoneLabel(game, to.zone));
    const into = from.zone === to.zone ? "" : ` (${placeWord(label, true)} ${possessive(game, target, reader)} ${label})`;
    return { subject: owner, verb: "give", object: cards, place: () => `to ${seatName(game, target, reader)}${into}`, key: `give ${where} ${target}` };
  }
  // Between shared zones: the cards are the subject.
  const go = count === 1 ? "goes" : "go";
  return from === null
    ? `${cards} ${go} to ${zoneLabel(game, to.zone)}`
    : `${cards} ${go} from ${zoneLabel(game, from.zone)} to ${zoneLabel(game, to.zone)}`;
}

function tellTransfer(game: Game, event: Extract<GameEvent, { kind: "transfer" }>, reader: Reader, context: StoryContext): Told {
  const { from, to, amount } = event;
  const unit = unitOf(game, event);
  const known = amount === null ? null : amountIn(amount, unit);
  const counted = amount === null ? {} : { amount: { value: amount, unit } };
  const where = `${from.variable}>${to.variable}`;
  const fromLabel = varLabel(game, from.variable);
  const toLabel = varLabel(game, to.variable);
  if (event.why !== undefined) return tellReason(game, event, known, reader, context);
  if (from.seat !== null && to.seat === null) {
    // "seat 1 pays 2 to the bank"; an amount the reader may not see: "seat 1 pays the bank".
    return known === null
      ? { subject: from.seat, verb: "pay", object: "", place: () => toLabel, key: `pay? ${where}` }
      : { subject: from.seat, verb: "pay", object: known, place: () => `to ${toLabel}`, key: `pay ${where}`, ...counted };
  }
  if (from.seat === null && to.seat !== null) {
    return { subject: to.seat, verb: "take", object: known ?? "an unseen amount", place: () => `from ${fromLabel}`, key: `take ${where}`, ...counted };
  }
  if (from.seat !== null && to.seat !== null) {
    if (from.seat === to.seat) {
      const place = (pronoun: string): string => `from ${pronoun} ${bare(fromLabel)} to ${pronoun} ${bare(toLabel)}`;
      return { subject: from.seat, verb: "move", object: known ?? "an unseen amount", place, key: `own ${where}` };
    }
    const target = to.seat;
    const object = known ?? `an unseen amount of ${from.seat === readerSeat(reader) ? "your" : "their"} ${bare(fromLabel)}`;
    return { subject: from.seat, verb: "give", object, place: () => `to ${seatName(game, target, reader)}`, key: `give ${where} ${target}` };
  }
  return `${known ?? "an unseen amount"} goes from ${fromLabel} to ${toLabel}`;
}

/** What a transfer's amount is counted in: the unit of the variable it leaves, else of the one it goes to. */
function unitOf(game: Game, event: Extract<GameEvent, { kind: "transfer" }>): string | undefined {
  const unit = (variable: string) => game.meta.vars.find((v) => v.name === variable)?.unit;
  return unit(event.from.variable) ?? unit(event.to.variable);
}

/** A payment with the rules' reason, a sentence of its own: "seat 1 pays 22 to seat 2: rent for Phonics Place". */
function tellReason(game: Game, event: Extract<GameEvent, { kind: "transfer" }>, amount: string | null, reader: Reader, context: StoryContext): string {
  const { from, to } = event;
  const why = renderText(game, event.why!, reader, context);
  const payee = (ref: VarRef): string => (ref.seat === null ? varLabel(game, ref.variable) : seatName(game, ref.seat, reader));
  if (from.seat !== null && from.seat === to.seat) {
    // Between two of one seat's own amounts: "you move 4 from your stockpile to your coins bid: the bid laid out".
    const who = seatName(game, from.seat, reader);
    const own = who === "you" ? "your" : "their";
    return `${who} ${verbFor(who, "move")} ${amount ?? "an unseen amount"} from ${own} ${bare(varLabel(game, from.variable))} to ${own} ${bare(varLabel(game, to.variable))}: ${why}`;
  }
  if (from.seat !== null) {
    // An amount the reader may not see: "seat 1 pays seat 2: rent for Phonics Place".
    const who = seatName(game, from.seat, reader);
    return `${who} ${verbFor(who, "pay")}${amount === null ? "" : ` ${amount} to`} ${payee(to)}: ${why}`;
  }
  if (to.seat !== null) {
    const who = seatName(game, to.seat, reader);
    return `${who} ${verbFor(who, "get")} ${amount ?? "an unseen amount"} from ${payee(from)}: ${why}`;
  }
  return `${amount ?? "an unseen amount"} goes from ${varLabel(game, from.variable)} to ${varLabel(game, to.variable)}: ${why}`;
}

function tellSet(game: Game, variable: VarRef, value: Value, reader: Reader): string {
  const info = game.meta.vars.find((v) => v.name === variable.variable);
  const label = varLabel(game, variable.variable);
  if (value === true) {
    if (variable.seat === null) return `${label}: yes`;
    // A flag's label says what its seat is while it is up: "seat 2 is in COURT", "you are out of this auction".
    const who = seatName(game, variable.seat, reader);
    return `${who} ${who === "you" ? "are" : "is"} ${label}`;
  }
  // A token on a board (`on`): its seat moves to a space, called by name.
  if (info?.on !== undefined && variable.seat !== null && typeof value === "number") {
    const who = seatName(game, variable.seat, reader);
    return `${who} ${verbFor(who, "move")} to ${spaceName(game, info.on, value, reader)}`;
  }
  const shown = valueName(game, value, info?.type ?? (typeof value === "string" ? "" : "int"), reader);
  const place = variable.seat === null ? label : `${possessive(game, variable.seat, reader)} ${bare(label)}`;
  return `${place} is now ${shown}`;
}

/**
 * A run of clauses sharing one place, as one sentence. Clauses of one seat in a row join their
 * objects ("you see Card 3 and Card 5"); seats doing the same thing join as one subject ("seats 1
 * and 3 each pay 2").
 */
function sentence(game: Game, clauses: readonly Clause[], reader: Reader): string {
  const bySubject: { subjects: Seat[]; verb: string; objects: string[]; sum?: Clause["amount"] }[] = [];
  for (const clause of clauses) {
    const last = bySubject[bySubject.length - 1];
    if (last && last.subjects.length === 1 && last.subjects[0] === clause.subject) {
      // "you take $2 from the bank", not "you take $1 and $1".
      if (last.sum && clause.amount && last.objects.length === 1) {
        last.sum = { value: last.sum.value + clause.amount.value, unit: last.sum.unit };
        last.objects = [amountIn(last.sum.value, last.sum.unit)];
      } else {
        last.objects.push(clause.object);
        last.sum = undefined;
      }
    } else bySubject.push({ subjects: [clause.subject], verb: clause.verb, objects: [clause.object], sum: clause.amount });
  }
  const parts: typeof bySubject = [];
  for (const part of bySubject) {
    const last = parts[parts.length - 1];
    if (last && last.objects.join() === part.objects.join() && !last.subjects.includes(part.subjects[0]!)) {
      last.subjects.push(...part.subjects);
    } else {
      parts.push({ ...part, subjects: [...part.subjects] });
    }
  }
  const said = parts.map(({ subjects, verb, objects }) => {
    const who = seatList(game, subjects, reader);
    const doing = subjects.length === 1 ? verbFor(who, verb) : `each ${verb}`;
    return [who, doing, joinList(objects.filter((o) => o !== ""))].filter((w) => w !== "").join(" ");
  });
  const alone = parts.length === 1 && parts[0]!.subjects.length === 1;
  const pronoun = alone && parts[0]!.subjects[0] === readerSeat(reader) ? "your" : "their";
  const place = clauses[0]!.place(pronoun);
  return place === "" ? joinList(said) : `${joinList(said)} ${place}`;
}
