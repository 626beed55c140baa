// The present entry on every compiled game, with or without the presentation fields its rules give:
// a seeded random match told move by move to one seat and to a spectator, and its table drawn at each
// decision of the seat to act. Nothing may read "undefined", "NaN" or "[object …]"; the table model is
// plain JSON; each zone holds the count its view gives and names every card the view shows there;
// a card that moved in sight is named in the story.

import { describe, expect, it } from "vitest";
import { applyMove, chooseRandomMove, createMatch, eventsFor, legalMoves, Rng, seatPlan, viewFor, whoMayAct, type Game } from "@rules/runtime/internal";
import { cardName, describeDecision, describeEvents, tableOf, tableText, type Reader, type TableZone } from "@rules/runtime/present";
import { games } from "@rules/generated";

/** Decisions played of each match: enough for every game's first rounds and some of its windows. */
const MOVES = 150;
const BROKEN = /undefined|NaN|\[object|card #/;

/** The cards a zone's view shows, by id (a ZoneView's `cards`, or the ones `known`). */
function shownIds(part: unknown): number[] {
  const zone = part as { cards?: number[]; known?: (number | null)[] };
  return (zone.cards ?? zone.known ?? []).filter((id): id is number => typeof id === "number");
}

function checkTable(game: Game, view: Record<string, unknown>, zones: readonly TableZone[], seats: number): void {
  const views = view["zones"] as Record<string, unknown>;
  for (const zone of zones) {
    const info = game.meta.zones.find((z) => z.name === zone.name)!;
    const part = info.perPlayer ? (views[zone.name] as unknown[])[zone.seat!] : views[zone.name];
    expect(zone.seat === null || zone.seat < seats).toBe(true);
    expect(zone.count).toBe((part as { count: number }).count);
    const named = zone.spaces ? zone.spaces.map((space) => space.card.id) : zone.cards.map((card) => card.id);
    // A `top` zone names its top card only, a `count` zone none; the others every card shown.
    const expected = zone.layout === "count" ? [] : zone.layout === "top" ? shownIds(part).slice(0, 1) : shownIds(part);
    expect([...named].sort((a, b) => a - b)).toEqual([...expected].sort((a, b) => a - b));
  }
}

describe("@rules/runtime/present on every compiled game", () => {
  for (const game of Object.values(games) as Game[]) {
    it(`${game.id}: tells a match and draws its table without holes`, () => {
      const players = Math.min(Math.max(3, game.minPlayers), game.maxPlayers);
      const plan = seatPlan(game.meta, players);
      let match = createMatch(game, { players, seed: 11 });
      const rng = new Rng(11);
      const told: string[] = describeEvents(game, match.unfilteredEvents, { seat: null, humans: players });
      for (let i = 0; i < MOVES && whoMayAct(match).kind !== "over"; i++) {
        const activity = whoMayAct(match);
        const seat = activity.players[0]!;
        const reader: Reader = { seat, humans: players };
        const options = legalMoves(match, seat);
        const view = viewFor(match, seat) as Record<string, unknown>;
        const table = tableOf(game, view, reader, activity, options);
        expect(JSON.parse(JSON.stringify(table))).toEqual(table);
        expect(table.areas.map((area) => area.seat)).toEqual([null, ...Array.from({ length: plan.seats }, (_, k) => (seat + k) % plan.seats)]);
        expect(table.decision?.options.map((option) => option.type)).toEqual(options.map((option) => option.type));
        checkTable(game, view, table.areas.flatMap((area) => area.zones), plan.seats);
        for (const line of tableText(table)) expect(line).not.toMatch(BROKEN);

        const move = chooseRandomMove(game, match.state, seat, rng);
        const option = options.find((o) => o.type === move.type);
        const outcome = applyMove(match, seat, move);
        if (!outcome.ok) throw new Error(outcome.error.reason);
        match = outcome.match;
        const secret = activity.kind === "simultaneous";
        const mine = describeDecision(game, { seat, move, option }, eventsFor(match, seat), reader, secret);
        const all = describeDecision(game, { seat, move, option }, match.unfilteredEvents, { seat: null, humans: players });
        for (const line of [...mine, ...all]) expect(line).not.toMatch(BROKEN);
        told.push(...all);
        // Told to a spectator with every event, a card that moved by id is named.
        for (const event of match.unfilteredEvents) {
          if (event.kind === "move" && event.cards) for (const card of event.cards) expect(all.join("\n")).toContain(cardName(game, card));
        }
      }
      expect(told.length).toBeGreaterThan(0);
    });
  }
});
