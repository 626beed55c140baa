// Property: no event told to a seat carries a value that seat's view hides (told-events.ts), over
// every compiled game, the corpus's Cups, whose dice are rolled into `owner` variables (a seat is told
// its own die and the open one, never another player's), Foreheads (a zone and a die seen by all but
// their owner, a die rolled out of sight, open values on hidden cards, a pause), and the corpus games
// written from published rulebooks (Hanabi, Perudo).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it, test } from "vitest";
import * as runtime from "@rules/runtime/internal";
import { applyMove, chooseRandomMove, createMatch, eventsFor, Rng, viewFor, whoMayAct, type GameEvent, type Match, type Seat } from "@rules/runtime/internal";
import { loadRulesGame } from "@rules/compiler/testing";
import { dealArb, play, runsFor, tables } from "./harness.js";
import { toldBeyondView } from "./told-events.js";

function problemsAfter(match: Match, seats: number): string[] {
  const viewers: (Seat | null)[] = [null, ...Array(seats).keys()];
  return viewers.flatMap((seat) =>
    toldBeyondView(match.game.meta, viewFor(match, seat), eventsFor(match, seat), seat).map((problem) => `seat ${seat}: ${problem}`),
  );
}

describe.each(tables)("$name", (table) => {
  it("tells each seat, and a spectator, nothing its view hides", () => {
    fc.assert(
      fc.property(dealArb, (deal) => {
        play(table, deal, (match) => {
          const problems = problemsAfter(match, table.seats);
          // Asked only when something was found: an assertion and its message per move cost more than the checks.
          if (problems.length > 0) expect(problems, `after ${match.log.length} moves, at "${match.state.pc}"`).toEqual([]);
        });
      }),
      runsFor(table, 100, "told events"),
    );
  });
});

describe("Cups (dice rolled into owner variables)", async () => {
  const text = readFileSync(fileURLToPath(new URL("../../compiler/src/__fixtures__/programs/cups.rules", import.meta.url)), "utf8");
  const game = await loadRulesGame("cups", text, runtime);

  it("tells each seat nothing its view hides", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.integer(), (players, seed) => {
        playRandom(game, players, seed, (match) => expect(problemsAfter(match, players)).toEqual([]));
      }),
      { numRuns: 30 },
    );
  });

  test("a seat is told its own die and the open die, never another player's", () => {
    let rounds = 0;
    for (const players of [2, 3, 4]) {
      playRandom(game, players, 7 * players, (match) => {
        const rolls = match.unfilteredEvents.filter((e) => e.kind === "roll");
        if (rolls.length === 0) return;
        rounds++;
        // Every player's die and the open one, all rolled by the move that ended the round.
        expect(rolls).toHaveLength(players + 1);
        for (let seat = 0; seat < players; seat++) {
          const view = viewFor(match, seat) as { vars: { die: (number | null)[]; open_die: number } };
          const told = eventsFor(match, seat).filter((e): e is Extract<GameEvent, { kind: "roll" }> => e.kind === "roll");
          expect(told.map((e) => e.value)).toEqual([view.vars.die[seat], view.vars.open_die]);
        }
        // A spectator sees only the open die.
        expect(eventsFor(match, null).filter((e) => e.kind === "roll")).toHaveLength(1);
      });
    }
    expect(rounds).toBeGreaterThan(0);
  });
});

/** Plays a match of `game` with random moves; `visit` sees it after setup and after every move. */
function playRandom(game: Match["game"], players: number, seed: number, visit: (match: Match) => void): void {
  const rng = new Rng(seed);
  let match = createMatch(game, { players, seed });
  visit(match);
  while (whoMayAct(match).kind !== "over") {
    const seat = rng.pick(whoMayAct(match).players);
    const outcome = applyMove(match, seat, chooseRandomMove(game, match.state, seat, rng));
    if (!outcome.ok) throw new Error(outcome.error.reason);
    match = outcome.match;
    visit(match);
  }
}

describe("Foreheads (others, open values, secret rolls, a pause)", async () => {
  const text = readFileSync(fileURLToPath(new URL("../../compiler/src/__fixtures__/programs/foreheads.rules", import.meta.url)), "utf8");
  const game = await loadRulesGame("foreheads", text, runtime);

  it("tells each seat nothing its view hides", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.integer(), (players, seed) => {
        playRandom(game, players, seed, (match) => expect(problemsAfter(match, players)).toEqual([]));
      }),
      { numRuns: 30 },
    );
  });

  test("the secret die is told to nobody, the forehead die to every seat but its owner", () => {
    let rounds = 0;
    for (const players of [2, 3, 4]) {
      playRandom(game, players, 11 * players, (match) => {
        const rolls = match.unfilteredEvents.filter((e): e is Extract<GameEvent, { kind: "roll" }> => e.kind === "roll");
        if (rolls.length === 0) return;
        rounds++;
        // Each player's secret die, then their forehead die.
        expect(rolls.map((e) => e.secret === true)).toEqual(Array.from({ length: players }, () => [true, false]).flat());
        for (let seat = 0; seat < players; seat++) {
          const told = eventsFor(match, seat).filter((e): e is Extract<GameEvent, { kind: "roll" }> => e.kind === "roll");
          const foreheads = rolls.filter((e) => !e.secret);
          // Told every forehead die but its own, and no secret die.
          expect(told).toEqual(foreheads.filter((e) => e.into?.seat !== seat));
          // Its own secret die it learns from the variable set, as its view shows it.
          const view = viewFor(match, seat) as { vars: { secret_die: (number | null)[]; shown_die: (number | null)[] } };
          expect(view.vars.shown_die[seat]).toBeNull();
          expect(eventsFor(match, seat).filter((e) => e.kind === "set" && e.variable.variable === "secret_die").map((e) => (e as { value: unknown }).value)).toEqual([
            view.vars.secret_die[seat],
          ]);
        }
        expect(eventsFor(match, null).filter((e) => e.kind === "roll")).toEqual([]);
      });
    }
    expect(rounds).toBeGreaterThan(0);
  });
});

const examples = fileURLToPath(new URL("../../examples/games/", import.meta.url));
describe.each(["hanabi", "perudo", "bohnanza"])("%s (examples/games)", async (id) => {
  const game = await loadRulesGame(id, readFileSync(`${examples}${id}/${id}.rules`, "utf8"), runtime);
  it("tells each seat nothing its view hides, at every player count", () => {
    fc.assert(
      fc.property(fc.integer({ min: game.minPlayers, max: game.maxPlayers }), fc.integer(), (players, seed) => {
        playRandom(game, players, seed, (match) => expect(problemsAfter(match, players)).toEqual([]));
      }),
      { numRuns: 15 },
    );
  });
});
