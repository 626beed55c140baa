// Expectations on what one seat's view shows: a zone position by position (a card it cannot see
// is `?`), cards shown (or hidden) anywhere in it, or any other field by name: a variable (another
// seat's owner-only value shows as null, written `?`), `submitted`, the seat's own `mySubmission`,
// `phase`. They prove per-player knowledge: after a secret peek, the peeker's view shows the cards
// and no other view does. A compiled game's view is JSON, so it is read as such.
import { viewFor, type CardId, type Match, type Value, type ZoneView } from "@rules/runtime/internal";
import { didYouMean, error, type Diagnostic } from "../diagnostics.js";
import type { Argument, CardPattern, Expectation, MoveCall, ViewValue } from "./ast.js";
import {
  cardMatches,
  cardTable,
  formatLiteral,
  formatPattern,
  formatValue,
  literalEquals,
  matchCards,
  sameCards,
} from "./cards.js";
import { cardName } from "./cards.js";
import { formatCall } from "./moves.js";
import { seatIndex, formatTarget, targetCard, zoneNamed } from "./names.js";

type ViewExpectation = Extract<Expectation, { kind: "expect-view-zone" | "expect-view-cards" | "expect-view-value" }>;

/** A seat's view as JSON: compiled games put zones under `zones` and variables under `vars`. */
type View = Record<string, unknown> & {
  zones?: Record<string, ZoneView | ZoneView[]>;
  vars?: Record<string, unknown>;
};

const viewOf = (match: Match, seat: number): View => (viewFor(match, seat) ?? {}) as View;

/** The zones of a compiled game's view: each a ZoneView, or one per seat for a per-player zone. */
function viewZones(match: Match, seat: number): Record<string, ZoneView | ZoneView[]> {
  return viewOf(match, seat).zones ?? {};
}

/** A zone as the seat sees it, by position: a card's id, or null where it cannot see the card. */
function seen(zone: ZoneView): (CardId | null)[] {
  return zone.cards ?? zone.known ?? Array.from({ length: zone.count }, () => null);
}

/** Every card the seat's view shows, in any zone. */
function everyCardSeen(match: Match, seat: number): CardId[] {
  const parts = Object.values(viewZones(match, seat)).flatMap((zone) => (Array.isArray(zone) ? zone : [zone]));
  return parts.flatMap(seen).filter((id): id is CardId => id !== null);
}

const formatSeen = (match: Match, ids: readonly (CardId | null)[]): string =>
  `[${ids.map((id) => (id === null ? "?" : cardName(match.game, id))).join(", ")}]`;

const formatExpected = (cards: readonly (CardPattern | null)[]): string =>
  `[${cards.map((card) => (card === null ? "?" : formatPattern(card))).join(", ")}]`;

/** Does the seat see exactly these: position by position in an ordered zone, in any order otherwise? */
function sameSeen(
  match: Match,
  ids: readonly (CardId | null)[],
  cards: readonly (CardPattern | null)[],
  ordered: boolean,
) {
  if (ids.length !== cards.length) return false;
  if (ordered) {
    const table = cardTable(match.game);
    return cards.every((card, i) =>
      card === null ? ids[i] === null : ids[i] !== null && cardMatches(match.game, table.get(ids[i]!), card),
    );
  }
  const unseen = ids.filter((id) => id === null).length;
  const patterns = cards.filter((card): card is CardPattern => card !== null);
  const visible = ids.filter((id): id is CardId => id !== null);
  return unseen === cards.length - patterns.length && sameCards(match.game, visible, patterns, false);
}

export function checkViewExpectation(file: string, match: Match, step: ViewExpectation): Diagnostic[] {
  const seat = step.seat.seat;
  const fail = (message: string): Diagnostic[] => [error(file, step.span, "scenario/expectation-failed", message)];
  if (step.kind === "expect-view-value") return checkViewValue(match, step, fail);
  if (step.kind === "expect-view-cards") {
    const ids = everyCardSeen(match, seat);
    if (step.shown) {
      if (matchCards(match.game, ids, step.cards) === step.cards.length) return [];
      const missing = step.cards.filter(
        (card) => !ids.some((id) => cardMatches(match.game, match.game.meta.cards[id], card)),
      );
      const which = missing.length > 0 ? missing.map(formatPattern).join(", ") : "each card once";
      return fail(
        `expected seat ${seat}'s view to show ${step.cards.map(formatPattern).join(", ")}, but it does not show ${which}`,
      );
    }
    const shown = ids.filter((id) =>
      step.cards.some((card) => cardMatches(match.game, match.game.meta.cards[id], card)),
    );
    if (shown.length === 0) return [];
    return fail(
      `expected seat ${seat}'s view to hide ${step.cards.map(formatPattern).join(", ")}, but it shows ${formatSeen(match, shown)}`,
    );
  }
  const name = step.zone.name.text;
  const zone = viewZones(match, seat)[name];
  if (zone === undefined) return fail(`seat ${seat}'s view has no zone '${name}'`);
  const part = Array.isArray(zone) ? zone[seatIndex(match.state.vars, match.state.players, step.zone.seat!)]! : zone;
  const ids = seen(part);
  if (sameSeen(match, ids, step.cards, zoneNamed(match.game, name)!.ordered)) return [];
  return fail(
    `expected seat ${seat} to see ${formatTarget(step.zone)} as ${formatExpected(step.cards)}, but it sees ${formatSeen(match, ids)}`,
  );
}

/** The fields a view has, for a message: its variables, then its own fields (zones are expected in [ ]). */
function fieldNames(view: View): string[] {
  const own = Object.keys(view).filter((key) => key !== "zones" && key !== "vars");
  return [...Object.keys(view.vars ?? {}), ...own];
}

/** `expect view 1 coins = ? 18 ? ?`: a variable, or a field of the view itself, by name. */
function checkViewValue(
  match: Match,
  step: Extract<ViewExpectation, { kind: "expect-view-value" }>,
  fail: (message: string) => Diagnostic[],
): Diagnostic[] {
  const seat = step.seat.seat;
  const view = viewOf(match, seat);
  const name = step.field.name.text;
  if (view.zones && name in view.zones) {
    return fail(`'${name}' is a zone of seat ${seat}'s view: expect the cards it shows in [ ], '?' for a hidden one`);
  }
  // A game variable first, then a field of the view itself (`submitted`, `mySubmission`, `phase`).
  const vars = view.vars ?? {};
  const found =
    name in vars ? vars[name] : name !== "zones" && name !== "vars" && name in view ? view[name] : undefined;
  if (found === undefined) {
    const known = fieldNames(view);
    return fail(`seat ${seat}'s view has no field '${name}'; it shows ${known.join(", ")}${didYouMean(name, known)}`);
  }
  let actual = found;
  // One card's value of a per-card variable: absent where the seat cannot tell which card it is.
  if (step.field.card) actual = (found as Record<number, unknown>)[targetCard(match.game, step.field)] ?? null;
  else if (step.field.seat) {
    if (!Array.isArray(found)) return fail(`'${name}' in seat ${seat}'s view is one value, not one per seat`);
    actual = found[seatIndex(match.state.vars, match.state.players, step.field.seat)];
  }
  const written = step.values.map((value) => formatViewValue(match, value)).join(" ");
  const what = `seat ${seat}'s view to show ${formatTarget(step.field)} = ${written}`;
  // A list (one value per seat, or `submitted`) is compared item by item; anything else is one value.
  const items = Array.isArray(actual) ? (actual as unknown[]) : [actual];
  const agrees =
    items.length === step.values.length && step.values.every((value, i) => viewValueMatches(match, value, items[i]));
  if (agrees) return [];
  const shown = items.map((item) => formatShown(match, item, step.values)).join(" ");
  return fail(`expected ${what}, but it shows ${shown}`);
}

/** Does a value the view shows agree with the one written: `?` for null, a literal, or a move? */
function viewValueMatches(match: Match, written: ViewValue, shown: unknown): boolean {
  if (written.kind === "unknown") return shown === null;
  if (written.kind === "move") return moveMatches(match, written.move, shown);
  if (isMove(shown)) return written.kind === "word" && Object.keys(shown).length === 1 && shown.type === written.value;
  if (typeof shown === "object" && shown !== null) return false;
  return shown !== null && literalEquals(written, shown as Value);
}

const isMove = (value: unknown): value is Record<string, unknown> & { type: string } =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { type?: unknown }).type === "string";

/** A submitted move, as JSON, against a move as written: the same type and parameters, cards by what they show. */
function moveMatches(match: Match, call: MoveCall, shown: unknown): boolean {
  if (!isMove(shown) || shown.type !== call.type.text) return false;
  if (Object.keys(shown).length !== call.arguments.length + 1) return false;
  return call.arguments.every(
    (arg) => arg.name.text in shown && argumentMatches(match, arg.value, shown[arg.name.text]),
  );
}

function argumentMatches(match: Match, arg: Argument, shown: unknown): boolean {
  const table = cardTable(match.game);
  switch (arg.kind) {
    case "card":
      return typeof shown === "number" && cardMatches(match.game, table.get(shown), arg.card);
    case "value":
      // A bare card type (`Card`) names any card of that type.
      if (typeof shown === "number" && arg.value.kind === "word" && table.get(shown)?.type === arg.value.value)
        return true;
      return typeof shown !== "object" && literalEquals(arg.value, shown as Value);
    case "list": {
      if (!Array.isArray(shown) || shown.length !== arg.items.length) return false;
      const cards = arg.items.flatMap((item) => (item.kind === "card" ? [item.card] : []));
      if (cards.length === arg.items.length) return sameCards(match.game, shown as CardId[], cards, false);
      return arg.items.every((item, i) => argumentMatches(match, item, shown[i]));
    }
    case "range":
      return false;
  }
}

function formatViewValue(match: Match, value: ViewValue): string {
  if (value.kind === "unknown") return "?";
  if (value.kind === "move") return formatCall(value.move);
  return formatLiteral(value);
}

/**
 * A value the view shows, as a scenario would write it: `?` for null, a move with its cards named
 * where the written move names a card for that parameter.
 */
function formatShown(match: Match, shown: unknown, written: readonly ViewValue[]): string {
  if (shown === null || shown === undefined) return "?";
  if (isMove(shown)) {
    const call = written.find((w): w is Extract<ViewValue, { kind: "move" }> => w.kind === "move")?.move;
    const params = Object.entries(shown).filter(([key]) => key !== "type");
    if (params.length === 0) return shown.type;
    const cardParameter = (key: string): boolean =>
      call?.arguments.some(
        (arg) => arg.name.text === key && (arg.value.kind === "card" || arg.value.kind === "list"),
      ) ?? false;
    const format = (key: string, value: unknown): string => {
      if (cardParameter(key) && typeof value === "number") return cardName(match.game, value);
      if (cardParameter(key) && Array.isArray(value))
        return `[${value.map((id) => cardName(match.game, id as CardId)).join(", ")}]`;
      return typeof value === "object" ? JSON.stringify(value) : formatValue(value as Value);
    };
    return `${shown.type}(${params.map(([key, value]) => `${key}: ${format(key, value)}`).join(", ")})`;
  }
  if (typeof shown === "object") return JSON.stringify(shown);
  return formatValue(shown as Value);
}
