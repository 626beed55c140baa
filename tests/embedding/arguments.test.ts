// Every argument an app can get wrong in the public runtime API (`@rules/runtime`): a null or
// foreign game, a match from elsewhere, garbage saves, options, limits, seats, moves and random
// sources. Each is a MatchError with its code, never a TypeError from deep inside.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { games } from "@rules/generated";
import {
  applyMove,
  botMove,
  createMatch,
  deserializeMatch,
  eventsFor,
  isOver,
  legalMoves,
  logFor,
  MatchError,
  readMove,
  resultOf,
  serializeMatch,
  viewFor,
  whoMayAct,
  type Game,
  type Match,
} from "@rules/runtime";

const game = games["for-sale"] as unknown as Game;
const match = createMatch(game, { players: 3, seed: 1 });
const seat = whoMayAct(match).players[0]!;

/** Runs `call`; passes when it throws a MatchError whose code is one of `codes`. */
function expectMatchError(call: () => unknown, ...codes: string[]): void {
  let thrown: unknown = null;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, String(thrown)).toBeInstanceOf(MatchError);
  expect(codes).toContain((thrown as MatchError).code);
}

/** Values that are not a game, a match, a seat or a save: null, numbers, strings, lists, objects. */
const garbage = fc.oneof(fc.constantFrom(null, undefined, 0, -1, 1.5, NaN, "", "x", [], {}, () => 1), fc.anything());
const notAGame = garbage.filter((v) => typeof v !== "object" || v === null || !("setup" in v));

describe("the public runtime API refuses what an app got wrong with a MatchError", () => {
  test("a game that is not one: createMatch, readMove, deserializeMatch", () => {
    fc.assert(
      fc.property(notAGame, (notGame) => {
        expectMatchError(() => createMatch(notGame as Game, { players: 3, seed: 1 }), "match/game");
        expectMatchError(() => readMove(notGame as Game, { type: "pass" }), "match/game");
        expectMatchError(() => deserializeMatch(notGame as Game, serializeMatch(match)), "match/game");
      }),
      { numRuns: 50 },
    );
    expectMatchError(() => deserializeMatch(null as unknown as Game, "{}"), "match/game");
  });

  test("a match that is not one: every function that takes a match", () => {
    const calls: ((m: Match) => unknown)[] = [
      (m) => applyMove(m, 0, { type: "pass" }),
      (m) => legalMoves(m, 0),
      (m) => viewFor(m, 0),
      (m) => whoMayAct(m),
      (m) => isOver(m),
      (m) => resultOf(m),
      (m) => botMove(m, 0),
      (m) => logFor(m, 0),
      (m) => serializeMatch(m),
      (m) => eventsFor(m, 0),
    ];
    fc.assert(
      fc.property(garbage, fc.nat({ max: calls.length - 1 }), (notMatch, which) => {
        // A plain object without unfilteredEvents is read by eventsFor as a game's meta.
        expectMatchError(() => calls[which]!(notMatch as Match), "match/match", "match/argument");
      }),
      { numRuns: 200 },
    );
    expectMatchError(() => applyMove({ ...match, game: null } as unknown as Match, seat, { type: "pass" }), "match/game");
  });

  test("saves, options and limits of any shape", () => {
    fc.assert(
      fc.property(garbage, (value) => {
        expectMatchError(() => deserializeMatch(game, value as string), "match/format", "match/limits");
        expectMatchError(() => createMatch(game, value as never), "match/players", "match/seed", "match/variant");
        if (!Number.isSafeInteger(value)) expectMatchError(() => createMatch(game, { players: 3, seed: value as number }), "match/seed");
        // No variants (null, left out or an empty list) is the base game.
        if (value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)) {
          expectMatchError(() => createMatch(game, { players: 3, seed: 1, variants: value as string[] }), "match/variant");
        }
      }),
      { numRuns: 150, examples: [[null], [undefined], [{}], [[]]] },
    );
    const save = serializeMatch(match);
    for (const limits of ["big", -1, [], { maxBytes: "1" }, { maxMoves: -5 }, { maxMillis: NaN }]) {
      expectMatchError(() => deserializeMatch(game, save, limits as never), "match/limits");
    }
  });

  test("seats that do not exist, and random sources that are not ones", () => {
    fc.assert(
      fc.property(fc.oneof(garbage, fc.integer({ min: 3, max: 1e9 }), fc.integer({ min: -1e9, max: -1 })), (notSeat) => {
        fc.pre(notSeat !== null && notSeat !== undefined && ![0, 1, 2].includes(notSeat as number));
        expectMatchError(() => applyMove(match, notSeat as number, { type: "pass" }), "match/seat");
        expectMatchError(() => legalMoves(match, notSeat as number), "match/seat");
        expectMatchError(() => eventsFor(match, notSeat as number), "match/seat");
        // Given a game's meta alone, eventsFor knows no player count: only what is not a seat number at all.
        if (!Number.isInteger(notSeat)) expectMatchError(() => eventsFor(game.meta, match.unfilteredEvents, notSeat as number), "match/seat");
      }),
      { numRuns: 100 },
    );
    for (const random of [null, 5, () => 1, () => -0.5, () => NaN, () => "0.5"]) {
      expectMatchError(() => botMove(match, seat, random as () => number), "match/argument");
    }
    expectMatchError(() => eventsFor(game.meta, "events" as never, 0), "match/argument");
  });

  test("garbage moves are refused as values, never thrown", () => {
    fc.assert(
      fc.property(fc.anything(), (move) => {
        const outcome = applyMove(match, seat, move as never);
        if (!outcome.ok) expect(outcome.error.code).toMatch(/^move\//);
        expect(readMove(game, move).ok === false || typeof move === "object").toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  test("eventsFor(match, seat) is that seat's share, the same as filtering the match's unfiltered events", () => {
    let played = match;
    for (let i = 0; i < 12 && !isOver(played); i++) {
      const mover = whoMayAct(played).players[0]!;
      const outcome = applyMove(played, mover, botMove(played, mover, () => 0.3));
      if (outcome.ok) played = outcome.match;
      for (const viewer of [0, 1, 2, null]) {
        expect(eventsFor(played, viewer)).toEqual(eventsFor(game.meta, played.unfilteredEvents, viewer));
      }
    }
    expect(played.moveCount).toBeGreaterThan(0);
  });
});
