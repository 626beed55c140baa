// The table as a person sitting at it sees it: what lies in the middle, then what lies in front of
// each seat (you first, then clockwise), zones and variables by their labels, cards by their names,
// piles in card order, hidden cards as counts, empty places summarised in one line. Views are
// whatever shape the compiled game gives: zones and variables are read by the game's meta, the
// program's own fields are left out, and a field the renderer does not know is still shown (in
// words where it can), so it never hides data.

import type { CardId, Game, Move, MoveOption, Seat, Value, VarInfo, ZoneInfo } from "@rules/runtime/internal";
import { bare, capitalise, cardName, joinList, plural, seatList, seatName, words, zoneLabel } from "../present/naming.js";
import { describeMove } from "./render.js";

export interface TableOptions {
  /** The option the viewer's secret choice (still hidden from the others) was made from, to name its cards. */
  readonly chosenFrom?: MoveOption;
}

/** View fields that belong to the machine (the program counter, the seat asked about), not to the table. */
const PLUMBING = new Set(["players", "variants", "pc", "waitingFor", "random", "pending", "locals", "seat", "viewer"]);

/** The lines of a seat's view (`viewer` null for a spectator). */
export function renderTable(game: Game, view: unknown, viewer: Seat | null, options: TableOptions = {}): string[] {
  if (!isRecord(view)) return [describeUnknown(view)];
  const lines: string[] = [];
  const zones = isRecord(view.zones) ? view.zones : {};
  const vars = isRecord(view.vars) ? view.vars : {};
  for (const [key, value] of Object.entries(view)) {
    if (key === "zones" || key === "vars" || PLUMBING.has(key) || isEmpty(value)) continue;
    if (key === "phase" && typeof value === "string") lines.push(`Phase: ${words(value)}`);
    else if (key === "submitted" && Array.isArray(value)) lines.push(...describeSubmitted(value, viewer));
    else if (key === "mySubmission" && isRecord(value) && typeof value.type === "string") {
      const move = value as unknown as Move;
      lines.push(`You have chosen, in secret: ${describeMove(game, move, options.chosenFrom, viewer ?? 0, viewer)}`);
    } else lines.push(`${capitalise(words(key))}: ${describeUnknown(value)}`);
  }
  const shared = Object.entries(zones).filter(([name, content]) => !isPerPlayerZone(game, name, content));
  const perPlayer = Object.entries(zones).filter(([name, content]) => isPerPlayerZone(game, name, content)) as [
    string,
    unknown[],
  ][];
  // A per-card value is told beside its card, wherever the card shows.
  const marks = cardMarks(game, vars, viewer);
  const sharedVars = Object.entries(vars).filter(([name, value]) => !isPerPlayerVar(game, name, value) && !varInfo(game, name)?.perCard);
  const perPlayerVars = Object.entries(vars).filter(([name, value]) => isPerPlayerVar(game, name, value)) as [
    string,
    unknown[],
  ][];

  // The middle of the table.
  const middle: string[] = [];
  const emptyPlaces: string[] = [];
  for (const [name, content] of shared) {
    const label = zoneLabel(game, name);
    const shown = zoneContent(game, content, zoneInfo(game, name), viewer, marks);
    if (shown === "empty") emptyPlaces.push(label);
    else middle.push(`${capitalise(label)}: ${shown}`);
  }
  for (const [name, value] of sharedVars) {
    middle.push(`${capitalise(varLabelOf(game, name))}: ${describeVar(varInfo(game, name), value, viewer)}`);
  }
  if (emptyPlaces.length > 0) middle.push(`Empty: ${joinList(emptyPlaces)}`);
  if (middle.length > 0) lines.push("On the table:", ...middle.map((line) => `  ${line}`));

  // In front of each seat: per-player zones empty for every seat are told once, after the seats.
  const everyoneEmpty = perPlayer.filter(([name, parts]) =>
    parts.every((part) => zoneContent(game, part, zoneInfo(game, name), viewer, marks) === "empty"),
  );
  const seats = seatCount([...perPlayer.map(([, parts]) => parts), ...perPlayerVars.map(([, values]) => values)]);
  for (const seat of seatsFrom(viewer, seats)) {
    const own: string[] = [];
    for (const [name, parts] of perPlayer) {
      if (everyoneEmpty.some(([empty]) => empty === name)) continue;
      const label = capitalise(bare(zoneLabel(game, name)));
      own.push(`${label}: ${zoneContent(game, parts[seat], zoneInfo(game, name), viewer, marks)}`);
    }
    for (const [name, values] of perPlayerVars) {
      const info = varInfo(game, name);
      const label = capitalise(bare(varLabelOf(game, name)));
      const value = values[seat];
      // A flag is told when it is up ("Out of this auction"), and left out when it is down.
      if (info?.type === "bool" && typeof value === "boolean") {
        if (value) own.push(label);
      } else {
        own.push(`${label}: ${describeVar(info, value, viewer)}`);
      }
    }
    if (own.length === 0) continue;
    lines.push(seat === viewer ? `You (seat ${seat}):` : `Seat ${seat}:`, ...own.map((line) => `  ${line}`));
  }
  if (everyoneEmpty.length > 0) {
    lines.push(`Empty for every seat: ${joinList(everyoneEmpty.map(([name]) => bare(zoneLabel(game, name))))}`);
  }
  return lines;
}

/** "Seats 1 and 3 have chosen" (in a simultaneous choice, who has already chosen). */
function describeSubmitted(submitted: readonly unknown[], viewer: Seat | null): string[] {
  const chosen = submitted.flatMap((done, seat) => (done === true ? [seat] : []));
  if (chosen.length === 0) return [];
  const who = seatList(chosen, viewer);
  const have = chosen.length > 1 || chosen[0] === viewer ? "have" : "has";
  return [`${capitalise(who)} ${have} chosen in secret`];
}

/** Seats in the order a person reads round the table: the viewer first, then clockwise. */
function seatsFrom(viewer: Seat | null, seats: number): Seat[] {
  const start = viewer !== null && viewer < seats ? viewer : 0;
  return Array.from({ length: seats }, (_, i) => (start + i) % seats);
}

function seatCount(parts: readonly (readonly unknown[])[]): number {
  return Math.max(0, ...parts.map((p) => p.length));
}

function zoneInfo(game: Game, name: string): ZoneInfo | undefined {
  return game.meta.zones.find((z) => z.name === name);
}

function varInfo(game: Game, name: string): VarInfo | undefined {
  return game.meta.vars.find((v) => v.name === name);
}

function varLabelOf(game: Game, name: string): string {
  return varInfo(game, name)?.label ?? words(name);
}

/** A zone the meta does not know is per player when it holds one part per seat rather than card ids. */
function isPerPlayerZone(game: Game, name: string, content: unknown): boolean {
  const info = zoneInfo(game, name);
  if (info) return info.perPlayer && Array.isArray(content);
  return Array.isArray(content) && content.some((c) => typeof c !== "number" && c !== null);
}

function isPerPlayerVar(game: Game, name: string, value: unknown): boolean {
  const info = varInfo(game, name);
  return Array.isArray(value) && (info ? info.perPlayer : true);
}

/**
 * One zone's cards as the viewer sees them: a ZoneView (`cards` when visible, else only `count`,
 * with `known` cards it was shown), a list of ids (null or negative for an unseen card), or a count.
 * Piles (unordered zones) list their cards in the order the rules list the cards, by their values;
 * rows and stacks as they lie.
 */
export function zoneContent(
  game: Game,
  content: unknown,
  info: ZoneInfo | undefined,
  viewer: Seat | null,
  marks: (card: CardId) => string = () => "",
): string {
  const sorted = info !== undefined && !info.ordered;
  const named = (card: CardId): string => `${cardName(game, card)}${marks(card)}`;
  if (typeof content === "number") return content === 0 ? "empty" : `${plural(content, "card")}, face down`;
  if (isRecord(content) && Array.isArray(content.cards)) return zoneContent(game, content.cards, info, viewer, marks);
  // A hidden zone where the viewer was shown some cards: which ones, by position (1 is the first).
  if (isRecord(content) && Array.isArray(content.known) && typeof content.count === "number") {
    const shown = content.known.flatMap((card, i) =>
      typeof card === "number" ? [`${named(card)} at position ${i + 1}`] : [],
    );
    return `${plural(content.count, "card")}, face down (you know ${joinList(shown)})`;
  }
  if (isRecord(content) && typeof content.count === "number") return zoneContent(game, content.count, info, viewer, marks);
  if (content === null || content === undefined) return "hidden";
  if (!Array.isArray(content)) return describeUnknown(content);
  if (content.length === 0) return "empty";
  const known = content.filter((c): c is CardId => typeof c === "number" && c >= 0);
  if (sorted) known.sort((a, b) => a - b);
  const names = known.map(named);
  const unseen = content.length - known.length;
  if (unseen > 0) names.push(`${plural(unseen, "card")} face down`);
  return names.join(", ");
}

/**
 * What the per-card variables in a view say of one card, to follow its name: " (committed colour red,
 * 2 houses)". A value still the one every card starts with goes unsaid, and a flag is said by its label.
 */
function cardMarks(game: Game, vars: Record<string, unknown>, viewer: Seat | null): (card: CardId) => string {
  const perCard = Object.entries(vars).flatMap(([name, values]) => {
    const info = varInfo(game, name);
    return info?.perCard && isRecord(values) ? [{ info, values }] : [];
  });
  if (perCard.length === 0) return () => "";
  return (card) => {
    const said = perCard.flatMap(({ info, values }) => {
      const value = values[String(card)];
      if (value === undefined || value === info.initial) return [];
      if (info.type === "bool") return value === true ? [bare(info.label)] : [];
      return [`${bare(info.label)} ${describeVar(info, value, viewer)}`];
    });
    return said.length === 0 ? "" : ` (${said.join(", ")})`;
  };
}

/** A variable's value in words: a seat by name, a flag as yes or no, an enum's member in words. */
function describeVar(info: VarInfo | undefined, value: unknown, viewer: Seat | null): string {
  if (value === null || value === undefined) return "hidden";
  if (info?.type === "player" && typeof value === "number") return seatName(value, viewer);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return words(value);
  return describeUnknown(value);
}

/** A value the renderer has no meaning for: plain values and lists in words, anything else as compact JSON. */
function describeUnknown(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((v) => v === null || ["string", "number", "boolean"].includes(typeof v))) {
    return value.map((v) => (v === null ? "hidden" : String(v))).join(", ");
  }
  return JSON.stringify(value as Value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}
