// The table as a person sitting at it sees it, as plain JSON an app, a terminal or a screen reader can
// draw: the middle of the table, then what lies in front of each seat (the reader first, then
// clockwise); zones by their labels and layouts, cards by their names with their per-card values
// beside them, hidden cards as counts; variables by their labels with their values in words; whose
// turn it is, and the reader's decision with its options as labelled choices. Views are whatever
// shape the compiled game gives: zones and variables are read by the game's meta, the program's own
// fields are left out, and a field the model does not know is still told (a note), so it hides nothing.

import type { Activity, CardId, Game, Move, MoveOption, ParameterDomain, Seat, TextPart, Value, VarInfo, ZoneInfo, ZoneLayout } from "../contract.js";
import { cardName, choiceName, readerSeat, renderText, seatList, seatName, spaceName, valueName, varLabel, zoneLabel, type Reader } from "./naming.js";
import { describeMove, describeOption, describeTurn } from "./moves.js";
import { amountIn, bare, capitalise, isSymbolUnit, words } from "./words.js";

/** A seat's view of the table, for people. */
export interface TableModel {
  /** Who may act, in words ("your turn", "seat 2 to play"); null when no activity was given. */
  readonly turn: string | null;
  /** Lines about the moment: the phase, who has chosen in secret, the reader's own secret choice,
   *  and any field of the view the model has no place for, in words. */
  readonly notes: readonly string[];
  /** The middle of the table (`seat` null) first, then each seat from the reader clockwise. */
  readonly areas: readonly TableArea[];
  /** Labels of the per-seat zones empty in front of every seat (said once, not per seat). */
  readonly emptyForEverySeat: readonly string[];
  /** The reader's decision, when it is theirs to make now and options were given. */
  readonly decision: TableDecision | null;
}

export interface TableArea {
  /** null: the middle of the table. */
  readonly seat: Seat | null;
  /** "On the table", "You (seat 0)", "Seat 1", "Wealthy Nephew Merc". */
  readonly label: string;
  /** The zones holding something (the empty ones of the middle are in `empty`). */
  readonly zones: readonly TableZone[];
  readonly vars: readonly TableVar[];
  /** Labels of the middle's empty zones. */
  readonly empty: readonly string[];
}

export interface TableZone {
  readonly name: string;
  readonly seat: Seat | null;
  /** "the Properties on auction"; a seat's zone without the seat ("Hand"). */
  readonly label: string;
  /** Its layout, from the rules, else `row` for an ordered zone and `pile` for another. */
  readonly layout: ZoneLayout["kind"];
  readonly count: number;
  /** The cards the reader may see, in layout order: a pile in card order, a row or track as it lies
   *  (top first); `top` only the top card; `count` none; a hidden zone only the cards the reader knows. */
  readonly cards: readonly TableCard[];
  /** Cards lying face down for this reader (in `count`, not in `cards`). */
  readonly hidden: number;
  /** A `board`'s spaces in the order of its `by` field, with what stands on each. */
  readonly spaces?: readonly TableSpace[];
  /** In a zone hidden from the reader, the open values every seat sees on its face-down cards, by
   *  position (a Hanabi hint on a card in the reader's own hand); absent when there are none. */
  readonly marks?: readonly TableMark[];
}

/** What every seat sees on a face-down card at a position of a zone (1 = the first): the rules' open values. */
export interface TableMark {
  readonly position: number;
  readonly values: readonly TableValue[];
}

export interface TableCard {
  readonly id: CardId;
  readonly name: string;
  /** The per-card variables' values that differ from the starting one ("houses 2", "mortgaged"). */
  readonly values: readonly TableValue[];
  /** Its place from 1: on a `track`, and for a card the reader knows in a face-down zone. */
  readonly position?: number;
}

export interface TableValue {
  readonly name: string;
  readonly label: string;
  readonly value: Value;
  /** "houses 2", "mortgaged" (a flag by its label). */
  readonly text: string;
}

export interface TableSpace {
  readonly card: TableCard;
  /** The seats standing there (their `on` variable names this space), and in words. */
  readonly seats: readonly Seat[];
  readonly standing: string | null;
  /** The cards that belong to this space (`with`), wherever they lie. */
  readonly cards: readonly { readonly card: TableCard; readonly zone: string; readonly seat: Seat | null; readonly where: string }[];
}

export interface TableVar {
  readonly name: string;
  readonly seat: Seat | null;
  readonly label: string;
  /** null: hidden from the reader. */
  readonly value: Value;
  /** The value in words; for a flag that is up, its label; for a variable the rules show at times, their line. */
  readonly text: string;
  /** `value`: "Label: text"; `flag`: a per-seat flag that is up, said by its label; `line`: the rules' own line. */
  readonly kind: "value" | "flag" | "line";
  /** For a variable per player per enum member or per player, which member (its name) or seat (as text). */
  readonly key?: string;
}

export interface TableDecision {
  readonly seat: Seat | null;
  readonly kind: Activity["kind"];
  readonly options: readonly TableOption[];
}

export interface TableOption {
  readonly type: string;
  /** As a menu says it (`describeOption`). */
  readonly text: string;
  /** Each parameter with what it may be. */
  readonly parameters: readonly TableParameter[];
}

export interface TableParameter {
  readonly name: string;
  /** How a question names it: the name in words, or, for a name of one or two letters (`d`, `p`),
   *  what it is: the card type ("deed"), "player", "number" or "choice". */
  readonly label: string;
  readonly kind: ParameterDomain["kind"];
  /** A range's bounds. */
  readonly min?: number;
  readonly max?: number;
  /** Every other kind: the values with their labels (cards in their zone's order). */
  readonly choices?: readonly { readonly value: Value; readonly label: string }[];
  /** A card parameter's zone, by its label. */
  readonly zone?: string;
  /** A set of cards: whether choosing none is allowed (false when the rules' requirements refuse it). */
  readonly none?: boolean;
}

/** View fields that belong to the machine (the program counter, the seat asked about), not to the table. */
const PLUMBING = new Set(["players", "humans", "variants", "pc", "waitingFor", "random", "pending", "locals", "seat", "viewer"]);

type Shown = ReturnType<NonNullable<Game["shown"]>>;

/**
 * The table model of a seat's view (`reader` null or its seat null: a spectator). With `activity`, whose
 * turn it is; with `options` (the reader's legal moves), its decision, when the activity lists it.
 */
export function tableOf(game: Game, view: unknown, told: Reader, activity?: Activity, options?: readonly MoveOption[]): TableModel {
  // The reader sees this view: board spaces are named among the cards in play.
  const reader: Reader = { ...(told !== null && typeof told === "object" ? told : { seat: told }), view };
  const viewer = readerSeat(reader);
  const turn = activity ? describeTurn(game, activity, reader) : null;
  const acting = activity === undefined || (viewer !== null && activity.players.includes(viewer));
  const decision =
    options && options.length > 0 && acting
      ? { seat: viewer, kind: activity?.kind ?? "turn", options: options.map((option) => tableOption(game, option, reader)) }
      : null;
  if (!isRecord(view)) return { turn, notes: [describeUnknown(view)], areas: [], emptyForEverySeat: [], decision };
  const zones = isRecord(view.zones) ? view.zones : {};
  const vars = isRecord(view.vars) ? view.vars : {};
  const notes = describeNotes(game, view, reader, options ?? []);
  const marks = cardValues(game, vars, reader);
  const card = (id: CardId, position?: number): TableCard => {
    const values = marks(id);
    return position === undefined ? { id, name: cardName(game, id), values } : { id, name: cardName(game, id), values, position };
  };
  let shown: Shown = {};
  try {
    shown = game.shown?.(view as never, viewer) ?? {};
  } catch {
    // A hand-made view the game's `shown` cannot read: its variables are then shown as the others.
  }

  type Building = { seat: Seat | null; label: string; zones: TableZone[]; vars: TableVar[]; empty: string[] };
  const middle: Building = { seat: null, label: "On the table", zones: [], vars: [], empty: [] };
  const seats = seatCount(game, zones, vars);
  const areas = seatsFrom(viewer, seats).map(
    (seat): Building => ({
      seat,
      label: seat === viewer ? `You (seat ${seat})` : capitalise(seatName(game, seat, reader)),
      zones: [],
      vars: [],
      empty: [],
    }),
  );
  const areaOf = (seat: Seat | null): Building => (seat === null ? middle : areas.find((a) => a.seat === seat)!);

  const emptyForEverySeat: string[] = [];
  for (const [name, content] of Object.entries(zones)) {
    const info = zoneInfo(game, name);
    // A zone the rules keep for themselves (`bookkeeping`) is on the table only while it holds a card.
    const kept = info?.bookkeeping === true;
    if (isPerPlayerZone(info, content)) {
      const parts = (content as unknown[]).map((part, seat) => zoneOf(game, name, seat, part, info, card, zones, vars, reader));
      if (parts.every((part) => part.count === 0)) {
        if (!kept) emptyForEverySeat.push(bare(zoneLabel(game, name)));
        continue;
      }
      parts.forEach((part, seat) => (kept && part.count === 0 ? undefined : areaOf(seat).zones.push(part)));
    } else {
      const zone = zoneOf(game, name, null, content, info, card, zones, vars, reader);
      if (zone.count > 0 || zone.spaces !== undefined) middle.zones.push(zone);
      else if (!kept) middle.empty.push(zone.label);
    }
  }
  for (const [name, value] of Object.entries(vars)) {
    const info = varInfo(game, name);
    if (info?.perCard || info?.shown === "bookkeeping") continue;
    const lines = shown[name];
    if (Array.isArray(value) && (info ? info.perPlayer : true)) {
      value.forEach((one, seat) => {
        if (info?.perKey) {
          // One line per member (or per other seat): "owns a bean field (third)".
          for (const told of pairVars(game, name, seat, one, info, reader)) areaOf(seat).vars.push(told);
          return;
        }
        const line = info?.shown === "when" ? seatLine(lines, seat) : undefined;
        const told = tableVar(game, name, seat, one, info, line, reader);
        if (told) areaOf(seat).vars.push(told);
      });
    } else {
      const line = info?.shown === "when" ? ((lines ?? null) as readonly TextPart[] | null) : undefined;
      const told = tableVar(game, name, null, value, info, line, reader);
      if (told) middle.vars.push(told);
    }
  }
  return { turn, notes, areas: [middle, ...areas], emptyForEverySeat, decision };
}

/** A seat's row of a variable per player per enum member (a record) or per player (a list), each value
 *  told as a per-player one, its label followed by the member's label or the seat's name. */
function pairVars(game: Game, name: string, seat: Seat, row: unknown, info: VarInfo, reader: Reader): TableVar[] {
  if (row === null || typeof row !== "object") return [];
  return Object.entries(row as Record<string, unknown>).flatMap(([key, value]) => {
    const told = tableVar(game, name, seat, value, info, undefined, reader);
    if (!told) return [];
    const which = info.perKey === "player" ? valueName(game, Number(key), "player", reader) : valueName(game, key, info.perKey!, reader);
    const label = `${told.label} (${which})`;
    return [{ ...told, label, text: told.kind === "flag" ? label : told.text, key }];
  });
}

/** One seat's line of a per-player variable shown at times. */
function seatLine(lines: Shown[string] | undefined, seat: Seat): readonly TextPart[] | null {
  if (!Array.isArray(lines)) return null;
  const line = lines[seat];
  return Array.isArray(line) ? (line as readonly TextPart[]) : null;
}

/** A variable for the table; undefined when there is nothing to show (a flag that is down, a line not shown now). */
function tableVar(
  game: Game,
  name: string,
  seat: Seat | null,
  value: unknown,
  info: VarInfo | undefined,
  line: readonly TextPart[] | null | undefined,
  reader: Reader,
): TableVar | undefined {
  const label = seat === null ? varLabel(game, name) : bare(varLabel(game, name));
  const plain = (value === undefined ? null : value) as Value;
  // A line of the rules' own words; a variable shown at times without them (its value alone) is told as any other.
  const ownWords = line !== undefined && line !== null && !(line.length === 1 && typeof line[0] === "object" && "value" in line[0]!);
  if (line === null) return undefined;
  if (ownWords) return { name, seat, label, value: plain, text: renderText(game, line, reader), kind: "line" };
  // A flag is told when it is up ("Out of this auction"), and left out when it is down.
  if (seat !== null && info?.type === "bool" && typeof value === "boolean") {
    return value ? { name, seat, label, value, text: label, kind: "flag" } : undefined;
  }
  const text =
    value === null || value === undefined
      ? "hidden"
      : info?.on !== undefined && typeof value === "number"
        ? spaceName(game, info.on, value, reader)
        : typeof value === "number" && info?.unit !== undefined && isSymbolUnit(info.unit)
          ? // The label names what is counted ("coins: 3"); a symbol says it where a word would repeat it ("cash: $454").
            amountIn(value, info.unit)
          : isPlain(value)
            ? valueName(game, value, info?.type ?? typeOf(value), reader)
            : describeUnknown(value);
  return { name, seat, label, value: isPlain(value) ? value : null, text, kind: "value" };
}

/** One zone (or one seat's part of one) as the reader sees it: a ZoneView (`cards` when visible, else
 *  `count`, with `known` cards it was shown), a list of ids (null or negative for an unseen card), or a count. */
function zoneOf(
  game: Game,
  name: string,
  seat: Seat | null,
  content: unknown,
  info: ZoneInfo | undefined,
  card: (id: CardId, position?: number) => TableCard,
  zones: Record<string, unknown>,
  vars: Record<string, unknown>,
  reader: Reader,
): TableZone {
  const layout = info?.layout ?? { kind: info?.ordered === false ? "pile" : "row" };
  const label = seat === null ? zoneLabel(game, name) : capitalise(bare(zoneLabel(game, name)));
  const base = { name, seat, label, layout: layout.kind };
  let ids: CardId[] = [];
  let count = 0;
  let known: (CardId | null)[] | null = null;
  if (typeof content === "number") count = content;
  else if (Array.isArray(content)) {
    ids = content.filter((c): c is CardId => typeof c === "number" && c >= 0);
    count = content.length;
  } else if (isRecord(content)) {
    count = typeof content.count === "number" ? content.count : 0;
    if (Array.isArray(content.cards)) ids = content.cards.filter((c): c is CardId => typeof c === "number");
    else if (Array.isArray(content.known)) known = content.known as (CardId | null)[];
  }
  // Open values on cards the reader cannot see, by position ("position 2: colour hinted red").
  const marks = isRecord(content) ? marksOf(game, content, reader) : [];
  if (marks.length > 0) {
    const cards = (known ?? []).flatMap((id, i) => (typeof id === "number" ? [card(id, i + 1)] : []));
    return { ...base, count, cards, hidden: count, marks };
  }
  if (known) {
    const cards = known.flatMap((id, i) => (typeof id === "number" ? [card(id, i + 1)] : []));
    return { ...base, count, cards, hidden: count };
  }
  const hidden = count - ids.length;
  switch (layout.kind) {
    case "count":
      return { ...base, count, cards: [], hidden };
    case "top":
      return { ...base, count, cards: ids.slice(0, 1).map((id) => card(id)), hidden };
    case "track":
      return { ...base, count, cards: ids.map((id, i) => card(id, i + 1)), hidden };
    case "pile":
      return { ...base, count, cards: [...ids].sort((a, b) => a - b).map((id) => card(id)), hidden };
    case "board":
      return { ...base, count, cards: [], hidden, spaces: spacesOf(game, name, ids, layout, card, zones, vars, reader) };
    default:
      return { ...base, count, cards: ids.map((id) => card(id)), hidden };
  }
}

/** A board's spaces in the order of the `by` field, each with the seats standing there and the cards belonging to it. */
function spacesOf(
  game: Game,
  zone: string,
  ids: readonly CardId[],
  layout: Extract<ZoneLayout, { kind: "board" }>,
  card: (id: CardId) => TableCard,
  zones: Record<string, unknown>,
  vars: Record<string, unknown>,
  reader: Reader,
): TableSpace[] {
  const field = (id: CardId, name: string): Value | undefined => game.meta.cards[id]?.fields[name];
  const key = (id: CardId): number | string => {
    const value = field(id, layout.by);
    return typeof value === "number" || typeof value === "string" ? value : String(value);
  };
  const spaces = [...ids].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
  });
  const tokens = game.meta.vars.filter((v) => v.on === zone && Array.isArray(vars[v.name]));
  // Where each card of the `with` type lies, among the zones the reader sees.
  const placed: { id: CardId; zone: string; seat: Seat | null }[] = [];
  if (layout.with) {
    for (const [name, content] of Object.entries(zones)) {
      const parts = zoneInfo(game, name)?.perPlayer && Array.isArray(content) ? content : [content];
      parts.forEach((part, i) => {
        const seat = parts === content ? i : null;
        for (const id of visibleIds(part)) if (game.meta.cards[id]?.type === layout.with!.type) placed.push({ id, zone: name, seat });
      });
    }
  }
  return spaces.map((space) => {
    const at = field(space, layout.by);
    const seats = tokens.flatMap((v) => (vars[v.name] as unknown[]).flatMap((value, seat) => (value === at ? [seat] : [])));
    const here = [...new Set(seats)].sort((a, b) => a - b);
    const cards = placed
      .filter(({ id }) => layout.with && field(id, layout.with.field) === at)
      .map(({ id, zone: where, seat }) => ({
        card: card(id),
        zone: where,
        seat,
        where: seat === null ? zoneLabel(game, where) : `${seatName(game, seat, reader) === "you" ? "your" : `${seatName(game, seat, reader)}'s`} ${bare(zoneLabel(game, where))}`,
      }));
    return { card: card(space), seats: here, standing: here.length === 0 ? null : seatList(game, here, reader), cards };
  });
}


function visibleIds(content: unknown): CardId[] {
  if (Array.isArray(content)) return content.filter((c): c is CardId => typeof c === "number" && c >= 0);
  if (isRecord(content) && Array.isArray(content.cards)) return content.cards.filter((c): c is CardId => typeof c === "number");
  return [];
}

/** An option with each parameter's domain as choices. */
function tableOption(game: Game, option: MoveOption, reader: Reader): TableOption {
  const parameters = Object.entries(option.parameters).map(([name, domain]): TableParameter => {
    const label = parameterLabel(game, name, domain);
    switch (domain.kind) {
      case "range":
        return { name, label, kind: domain.kind, min: domain.min, max: domain.max };
      case "card":
      case "cards": {
        // Cards in the order their zone shows them: a pile's in card order, a row's as they lie.
        const info = zoneInfo(game, domain.zone);
        const cards = info && !info.ordered ? [...domain.cards].sort((a, b) => a - b) : domain.cards;
        const zone = info?.perPlayer ? bare(zoneLabel(game, domain.zone)) : zoneLabel(game, domain.zone);
        const choices = cards.map((id) => ({ value: id, label: cardName(game, id) }));
        return domain.kind === "cards" ? { name, label, kind: domain.kind, zone, choices, none: domain.none !== false } : { name, label, kind: domain.kind, zone, choices };
      }
      case "player":
        return { name, label, kind: domain.kind, choices: domain.players.map((seat) => ({ value: seat, label: seatName(game, seat, reader) })) };
      case "choice":
        return { name, label, kind: domain.kind, choices: domain.values.map((value) => ({ value, label: choiceName(game, value) })) };
    }
  });
  return { type: option.type, text: describeOption(game, option, reader), parameters };
}

/** A parameter as a question names it: "amount", "buyer"; a one- or two-letter name (`d in deeds[q]`) by what it is ("deed"). */
function parameterLabel(game: Game, name: string, domain: ParameterDomain): string {
  if (name.replace(/_/g, "").length > 2) return words(name);
  switch (domain.kind) {
    case "card":
    case "cards":
      return words(zoneInfo(game, domain.zone)?.cardType ?? "card");
    case "player":
      return "player";
    case "range":
      return "number";
    case "choice":
      return "choice";
  }
}

/** The view's fields outside zones and variables: the phase, secret choices, and anything else in words. */
function describeNotes(game: Game, view: Record<string, unknown>, reader: Reader, options: readonly MoveOption[]): string[] {
  const notes: string[] = [];
  for (const [key, value] of Object.entries(view)) {
    if (key === "zones" || key === "vars" || PLUMBING.has(key) || isEmpty(value)) continue;
    if (key === "phase" && typeof value === "string") notes.push(`Phase: ${words(value)}`);
    else if (key === "submitted" && Array.isArray(value)) {
      const chosen = value.flatMap((done, seat) => (done === true ? [seat] : []));
      if (chosen.length === 0) continue;
      const who = seatList(game, chosen, reader);
      notes.push(`${capitalise(who)} ${chosen.length > 1 || who === "you" ? "have" : "has"} chosen in secret`);
    } else if (key === "mySubmission" && isRecord(value) && typeof value.type === "string") {
      const move = value as unknown as Move;
      notes.push(`You have chosen, in secret: ${describeMove(game, move, reader, options.find((o) => o.type === move.type))}`);
    } else notes.push(`${capitalise(words(key))}: ${describeUnknown(value)}`);
  }
  return notes;
}

/** What the per-card variables in a view say of one card: values other than the starting one (any, if `shown`), a flag by its label. */
function cardValues(game: Game, vars: Record<string, unknown>, reader: Reader): (card: CardId) => TableValue[] {
  const perCard = Object.entries(vars).flatMap(([name, values]) => {
    const info = varInfo(game, name);
    return info?.perCard && info.shown !== "bookkeeping" && isRecord(values) ? [{ info, values }] : [];
  });
  return (card) => perCard.flatMap(({ info, values }) => perCardValue(game, info, values[String(card)] as Value | undefined, reader));
}

/** One per-card value as the table tells it: nothing for the value every card starts with, unless `shown`. */
function perCardValue(game: Game, info: VarInfo, value: Value | undefined, reader: Reader): TableValue[] {
  if (value === undefined || value === null || (value === info.initial && info.shown !== "always")) return [];
  const label = bare(info.label);
  if (info.type === "bool") return value === true ? [{ name: info.name, label, value, text: label }] : [];
  return [{ name: info.name, label, value, text: `${label} ${valueName(game, value, info.type, reader)}` }];
}

/** A hidden zone's `marks` (open per-card values by position, a Hanabi hint) as the table tells them. */
function marksOf(game: Game, content: Record<string, unknown>, reader: Reader): TableMark[] {
  if (!isRecord(content.marks)) return [];
  const count = typeof content.count === "number" ? content.count : 0;
  const marks: TableMark[] = [];
  for (let i = 0; i < count; i++) {
    const values = Object.entries(content.marks as Record<string, unknown>).flatMap(([name, row]) => {
      const info = varInfo(game, name);
      return info && Array.isArray(row) ? perCardValue(game, info, row[i] as Value | undefined, reader) : [];
    });
    if (values.length > 0) marks.push({ position: i + 1, values });
  }
  return marks;
}

/** Seats in the order a person reads round the table: the reader first, then clockwise. */
function seatsFrom(viewer: Seat | null, seats: number): Seat[] {
  const start = viewer !== null && viewer < seats ? viewer : 0;
  return Array.from({ length: seats }, (_, i) => (start + i) % seats);
}

function seatCount(game: Game, zones: Record<string, unknown>, vars: Record<string, unknown>): number {
  const lengths = [
    ...Object.entries(zones).filter(([name, c]) => isPerPlayerZone(zoneInfo(game, name), c)),
    ...Object.entries(vars).filter(([name, v]) => Array.isArray(v) && (varInfo(game, name)?.perPlayer ?? true)),
  ].map(([, parts]) => (parts as unknown[]).length);
  return Math.max(0, ...lengths);
}

function zoneInfo(game: Game, name: string): ZoneInfo | undefined {
  return game.meta.zones.find((z) => z.name === name);
}

function varInfo(game: Game, name: string): VarInfo | undefined {
  return game.meta.vars.find((v) => v.name === name);
}

/** A zone the meta does not know is per player when it holds one part per seat rather than card ids. */
function isPerPlayerZone(info: ZoneInfo | undefined, content: unknown): boolean {
  if (info) return info.perPlayer && Array.isArray(content);
  return Array.isArray(content) && content.some((c) => typeof c !== "number" && c !== null);
}

function typeOf(value: Value): string {
  return typeof value === "boolean" ? "bool" : typeof value === "number" ? "int" : "";
}

function isPlain(value: unknown): value is Value {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

/** A value the model has no meaning for: plain values and lists in words, anything else as compact JSON. */
function describeUnknown(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || ["string", "number", "boolean"].includes(typeof v))) {
    return value.map((v) => (v === null ? "hidden" : String(v))).join(", ");
  }
  return JSON.stringify(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}
