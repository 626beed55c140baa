// Search bots never peek. A compiled game's `sample` (what ISMCTS determinizes with) keeps all the
// deciding seat sees and draws the rest afresh; states that differ only in the seat's secrets give
// the same sample and the same search decision for the same seed. (A sample may still contradict
// what the rules imply but the view does not show, say a bid above the coins drawn for its bidder:
// the game then faults in that iteration's playout, and the search drops the iteration.)

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng, sameJson, whoMayAct, type BaseState, type Game, type Seat } from "@rules/runtime/internal";
import { searchMove } from "@rules/runtime/search";
import { dealArb, play, runsFor, tables, type Deal, type Table } from "./harness.js";
import * as runtime from "@rules/runtime/internal";
import { compileOnce, evaluateFiles } from "@rules/compiler/testing";
import { secretChanges } from "./secrets.js";

/** The seat's view without whether the others have submitted: a sample withdraws their secret choices. */
function viewBeyondSubmissions(game: Game, state: BaseState, seat: Seat): unknown {
  const { submitted: _submitted, ...rest } = game.view(state, seat) as Record<string, unknown>;
  return rest;
}

/** Every object and array inside `value`, itself included. */
function objectsIn(value: unknown, found = new Set<object>()): Set<object> {
  if (typeof value === "object" && value !== null && !found.has(value)) {
    found.add(value);
    for (const inner of Object.values(value)) objectsIn(inner, found);
  }
  return found;
}

/** What a sample shares with the state it was drawn from: the objects and arrays in both (a search
 *  changes its sample freely, so there must be none). */
function shared(sampled: BaseState, state: BaseState): object[] {
  const inState = objectsIn(state);
  return [...objectsIn(sampled)].filter((o) => inState.has(o));
}

/** Seats asked to move now (the deciding seats a bot would search for). */
function deciders(state: BaseState, game: Game): Seat[] {
  const activity = game.activity(state);
  return activity.kind === "over" ? [] : [...activity.players];
}

/** A few points of a match, drawn by `rng`: one in `every` decisions. */
function visitSome(table: Table, deal: Deal, every: number, visit: (state: BaseState) => void): void {
  const rng = new Rng(deal.botSeed ^ 0x5eed);
  play(table, deal, (match) => {
    if (whoMayAct(match).kind === "over" || rng.int(every) !== 0) return;
    visit(match.state);
  });
}

// One table per game (the smallest with every kind of seat) keeps this affordable: of the base
// game, or, when random play of the base game runs long (harness.ts), of a variant that ends, as a
// search's playouts play to the end.
const lastPerGame = (list: readonly Table[]) => new Map(list.map((t) => [t.game.id, t]));
const ending = tables.filter((t) => !t.runsLong);
const perGame = [
  ...new Map([
    ...lastPerGame(ending.filter((t) => t.variants.length > 0)),
    ...lastPerGame(ending.filter((t) => t.variants.length === 0)),
  ]).values(),
];

describe.each(perGame)("$name", (table) => {
  const { game } = table;

  it("has a compiled sample", () => {
    expect(typeof game.sample).toBe("function");
  });

  it("samples states that keep all the seat sees and offer the seat the same moves", () => {
    fc.assert(
      fc.property(dealArb, fc.integer(), (deal, drawSeed) => {
        visitSome(table, deal, 10, (state) => {
          for (const seat of deciders(state, game)) {
            const rng = new Rng(drawSeed);
            const sampled = game.sample!(state, seat, (n) => rng.int(n));
            expect(viewBeyondSubmissions(game, sampled, seat)).toEqual(viewBeyondSubmissions(game, state, seat));
            expect(game.legalMoves(sampled, seat)).toEqual(game.legalMoves(state, seat));
          }
        });
      }),
      runsFor(table, 20, "samples"),
    );
  });

  // The sample's copy of the state is written out for the game (a match's frozen state is copied as
  // `cloneJson` copies it): the same sample from either, and none shares an object with the state.
  it("samples a state and its unfrozen copy alike, sharing no object or array with either", () => {
    fc.assert(
      fc.property(dealArb, fc.integer(), (deal, drawSeed) => {
        visitSome(table, deal, 10, (state) => {
          const loose = runtime.cloneJson(state);
          for (const seat of deciders(state, game)) {
            const [fromFrozen, fromLoose] = [state, loose].map((s) => {
              const rng = new Rng(drawSeed);
              return game.sample!(s, seat, (n) => rng.int(n));
            });
            expect(sameJson(fromLoose, fromFrozen)).toBe(true);
            expect(shared(fromLoose!, loose)).toEqual([]);
            expect(shared(fromFrozen!, state)).toEqual([]);
          }
        });
      }),
      runsFor(table, 20, "sample copies"),
    );
  });

  it("gives the same sample and the same search decision whatever the seat's secrets are", () => {
    fc.assert(
      fc.property(dealArb, fc.integer(), (deal, changeSeed) => {
        const changer = new Rng(changeSeed);
        visitSome(table, deal, 15, (state) => {
          const seat = deciders(state, game)[0]!;
          const sampleOf = (s: BaseState): BaseState => {
            const rng = new Rng(7);
            return game.sample!(s, seat, (n) => rng.int(n));
          };
          const decide = (s: BaseState) => searchMove(game, s, seat, new Rng(11), { iterations: 25 }).move;
          const expected = { sample: sampleOf(state), move: decide(state) };
          for (const change of secretChanges(game, state, seat, changer)) {
            const found = { sample: sampleOf(change.state), move: decide(change.state) };
            expect(sameJson(found.sample, expected.sample), `${change.what}: the sample differs`).toBe(true);
            expect(found.move, `${change.what}: the decision differs`).toEqual(expected.move);
          }
        });
      }),
      runsFor(table, 10, "search decisions"),
    );
  });
});

// What an app plays with (a game's own entry) leaves out what only search bots and tools call, so its
// bundle does not hold them; the search entry is the same game with them, and a search bot given the
// former refuses it, naming the latter, rather than read the hidden state.
describe("a game's play entry and its search entry", () => {
  it("the play entry has no sample, enter, nextActor or playout kernel; the search entry has them and the same rest", async () => {
    const played = (await import("@rules/generated/for-sale")).game as unknown as Game;
    const searchable = (await import("@rules/generated/for-sale/search")).game as unknown as Game;
    expect([played.sample, played.enter, played.nextActor, played.playout]).toEqual([undefined, undefined, undefined, undefined]);
    expect([typeof searchable.sample, typeof searchable.enter, typeof searchable.nextActor, typeof searchable.playout]).toEqual(["function", "function", "function", "function"]);
    const { sample: _sample, enter: _enter, nextActor: _nextActor, playout: _playout, ...rest } = searchable;
    expect(rest).toEqual({ ...played });
    const state = played.setup({ players: 3, seed: 4 });
    played.advance(state);
    const seat = played.activity(state).players[0]!;
    expect(() => searchMove(played, state, seat, new Rng(1), { iterations: 10 })).toThrow(
      /For Sale has hidden information but no `sample`.*@rules\/generated\/for-sale\/search/,
    );
    expect(searchable.check(state, seat, searchMove(searchable, state, seat, new Rng(1), { iterations: 10 }).move)).toBeNull();
  });
});

// The corpus games of hidden information finer than a zone: Hanabi's own hand seen by everyone else
// and its open clues, Perudo's dice under cups. A sample keeps all the seat sees (the others' hands,
// the clues on its own cards by position) and draws the rest afresh.
describe.each(["hanabi", "perudo"])("%s (examples/games)", async (id) => {
  const text = readFileSync(fileURLToPath(new URL(`../../examples/games/${id}/${id}.rules`, import.meta.url)), "utf8");
  const compiled = await compileOnce(id, [{ path: `${id}.rules`, text }]);
  const game = evaluateFiles(compiled.files, runtime).get("search.ts")!.game as Game;

  /** Random games at every player count, three seeds each; `visit` sees every other decision. */
  function visitGames(visit: (state: BaseState, seats: readonly Seat[], where: string) => void): void {
    for (let players = game.minPlayers; players <= game.maxPlayers; players++) {
      for (let seed = 1; seed <= 3; seed++) {
        const rng = new Rng(players * 31 + seed);
        const state = game.setup({ players, variants: [], seed });
        game.advance(state);
        for (let moves = 0; game.activity(state).kind !== "over" && moves < 400; moves++) {
          const seats = game.activity(state).players;
          if (moves % 2 === 0) visit(state, seats, `${players} players, seed ${seed}, move ${moves}`);
          const seat = seats[rng.int(seats.length)]!;
          game.apply(state, seat, runtime.chooseRandomMove(game, state, seat, rng));
        }
      }
    }
  }

  it("samples states that keep all the seat sees and offer the seat the same moves", () => {
    let checked = 0;
    visitGames((state, seats, where) => {
      for (const seat of seats) {
        const draws = new Rng(checked);
        const sampled = game.sample!(state, seat, (n) => draws.int(n));
        expect(viewBeyondSubmissions(game, sampled, seat), `${where}, seat ${seat}`).toEqual(viewBeyondSubmissions(game, state, seat));
        expect(game.legalMoves(sampled, seat)).toEqual(game.legalMoves(state, seat));
        expect(shared(sampled, state), `${where}, seat ${seat}`).toEqual([]);
        checked++;
      }
    });
    expect(checked).toBeGreaterThan(40);
  });
});
