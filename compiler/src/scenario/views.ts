// Expectations on what one seat's view shows: a zone position by position (a card it cannot see
// is `?`), or cards shown (or hidden) anywhere in it. They prove per-player knowledge: after a
// secret peek, the peeker's view shows the cards and no other view does.
import {
  viewFor,
  type CardId,
  type Match,
  type ZoneView,
} from "@rules/runtime";
import { error, type Diagnostic } from "../diagnostics.js";
import type { CardPattern, Expectation } from "./ast.js";
import {
  cardMatches,
  cardTable,
  formatPattern,
  matchCards,
  sameCards,
} from "./cards.js";
import { cardName } from "../cli/render.js";
import { seatIndex, formatTarget, zoneNamed } from "./resolve.js";

type ViewExpectation = Extract<
  Expectation,
  { kind: "expect-view-zone" | "expect-view-cards" }
>;

/** The zones of a compiled game's view: each a ZoneView, or one per seat for a per-player zone. */
function viewZones(
  match: Match,
  seat: number,
): Record<string, ZoneView | ZoneView[]> {
  const view = viewFor(match, seat) as {
    zones?: Record<string, ZoneView | ZoneView[]>;
  };
  return view.zones ?? {};
}

/** A zone as the seat sees it, by position: a card's id, or null where it cannot see the card. */
function seen(zone: ZoneView): (CardId | null)[] {
  return (
    zone.cards ?? zone.known ?? Array.from({ length: zone.count }, () => null)
  );
}

/** Every card the seat's view shows, in any zone. */
function everyCardSeen(match: Match, seat: number): CardId[] {
  const parts = Object.values(viewZones(match, seat)).flatMap((zone) =>
    Array.isArray(zone) ? zone : [zone],
  );
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
      card === null
        ? ids[i] === null
        : ids[i] !== null && cardMatches(match.game, table.get(ids[i]!), card),
    );
  }
  const unseen = ids.filter((id) => id === null).length;
  const patterns = cards.filter((card): card is CardPattern => card !== null);
  const visible = ids.filter((id): id is CardId => id !== null);
  return (
    unseen === cards.length - patterns.length &&
    sameCards(match.game, visible, patterns, false)
  );
}

export function checkViewExpectation(
  file: string,
  match: Match,
  step: ViewExpectation,
): Diagnostic[] {
  const seat = step.seat.seat;
  const fail = (message: string): Diagnostic[] => [
    error(file, step.span, "scenario/expectation-failed", message),
  ];
  if (step.kind === "expect-view-cards") {
    const ids = everyCardSeen(match, seat);
    if (step.shown) {
      if (matchCards(match.game, ids, step.cards) === step.cards.length)
        return [];
      const missing = step.cards.filter(
        (card) =>
          !ids.some((id) =>
            cardMatches(match.game, match.game.meta.cards[id], card),
          ),
      );
      const which =
        missing.length > 0
          ? missing.map(formatPattern).join(", ")
          : "each card once";
      return fail(
        `expected seat ${seat}'s view to show ${step.cards.map(formatPattern).join(", ")}, but it does not show ${which}`,
      );
    }
    const shown = ids.filter((id) =>
      step.cards.some((card) =>
        cardMatches(match.game, match.game.meta.cards[id], card),
      ),
    );
    if (shown.length === 0) return [];
    return fail(
      `expected seat ${seat}'s view to hide ${step.cards.map(formatPattern).join(", ")}, but it shows ${formatSeen(match, shown)}`,
    );
  }
  const name = step.zone.name.text;
  const zone = viewZones(match, seat)[name];
  if (zone === undefined)
    return fail(`seat ${seat}'s view has no zone '${name}'`);
  const part = Array.isArray(zone)
    ? zone[seatIndex(match.state.vars, match.state.players, step.zone.seat!)]!
    : zone;
  const ids = seen(part);
  if (sameSeen(match, ids, step.cards, zoneNamed(match.game, name)!.ordered))
    return [];
  return fail(
    `expected seat ${seat} to see ${formatTarget(step.zone)} as ${formatExpected(step.cards)}, but it sees ${formatSeen(match, ids)}`,
  );
}
