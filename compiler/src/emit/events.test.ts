// What a move did, told as events (runtime/src/events.ts): each statement that changes the table
// records one while a move is applied through the runtime, and each seat is told only what it may see.
import { beforeAll, describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game, GameEvent } from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const rules = `
game "Story" {
  players 2..2
}
card Gem {
  value: int
  cards for v in 1..6 { value: v }
}
zone bag: Gem stack hidden = all Gem
zone market: Gem row public
per player zone pouch: Gem pile owner
per player var gold: int owner = 5
per player var purse: int hidden = 0
var pot: int public = 0
per player var ready: bool public = false
per player var secret: int owner = 0
conserve money: gold, purse, pot
flow {
  phase trading {
    ask 0 {
      act {
        deal 2 from bag to market
        move top(bag) to pouch[0]
        transfer 2 from gold[0] to pot
        transfer 1 from gold[1] to purse[1]
        ready[0] = true
        secret[1] = 7
        reveal top(bag) to 1
        shuffle bag
        say "seat 0 acted, leaving {count(bag)} gems in the bag"
        say "psst: {gold[1]}" to 1
      }
    }
  }
}
score p: gold[p]
`;

let game: Game;
beforeAll(async () => {
  // The reveal before the shuffle is lost at once, as the checker warns: here it is there for its event.
  game = await loadRulesGame("story", rules, runtime, ["check/reveal-lost"]);
});

function played(): runtime.Match {
  const match = runtime.createMatch(game, { players: 2, seed: 1 });
  const outcome = runtime.applyMove(match, 0, { type: "act" });
  if (!outcome.ok) throw new Error(outcome.error.reason);
  return outcome.match;
}

describe("events of a move", () => {
  test("the match starts with the phase it enters, and a move records each change in order", () => {
    const start = runtime.createMatch(game, { players: 2, seed: 1 });
    expect(start.unfilteredEvents).toEqual([{ kind: "phase", name: "trading" }]);
    const match = played();
    const bag = start.state.zones.bag as number[];
    expect(match.unfilteredEvents.map((e) => e.kind)).toEqual(["move", "move", "transfer", "transfer", "set", "set", "reveal", "shuffle", "say", "say", "end"]);
    expect(match.unfilteredEvents[0]).toEqual({ kind: "move", cards: [bag[0], bag[1]], count: 2, from: { zone: "bag", seat: null }, to: { zone: "market", seat: null } });
    expect(match.unfilteredEvents[1]).toEqual({ kind: "move", cards: [bag[2]], count: 1, from: { zone: "bag", seat: null }, to: { zone: "pouch", seat: 0 } });
    expect(match.unfilteredEvents[2]).toEqual({ kind: "transfer", amount: 2, from: { variable: "gold", seat: 0 }, to: { variable: "pot", seat: null } });
    expect(match.unfilteredEvents[8]).toEqual({ kind: "say", text: "seat 0 acted, leaving 3 gems in the bag", to: null });
    expect(match.unfilteredEvents[9]).toEqual({ kind: "say", text: "psst: 4", to: 1 });
  });

  test("recording them changes nothing: the state is the one applying the move without them gives", () => {
    const match = played();
    const state = game.setup({ players: 2, seed: 1 });
    game.advance(state);
    game.apply(state, 0, { type: "act" });
    expect(state).toEqual(match.state);
    expect("events" in match.state).toBe(false);
  });
});

describe("each seat is told what it may see", () => {
  const kinds = (events: GameEvent[]) => events.map((e) => e.kind).join(" ");

  test("seat 0: the gem it took, its own payment, not seat 1's purse, secret, look or whisper", () => {
    const match = played();
    const seen = runtime.eventsFor(game.meta, match.unfilteredEvents, 0);
    expect(kinds(seen)).toBe("move move transfer transfer set shuffle say end");
    expect(seen[1]).toMatchObject({ cards: [match.state.zones.pouch![0]![0]] });
    expect(seen[2]).toMatchObject({ amount: 2 });
    // gold[1] is seat 1's and purse[1] hidden: that a payment happened is known, not how much.
    expect(seen[3]).toMatchObject({ kind: "transfer", amount: null });
  });

  test("seat 1: the count of gems seat 0 took but not which, its own payment, its secret, its look and whisper", () => {
    const match = played();
    const seen = runtime.eventsFor(game.meta, match.unfilteredEvents, 1);
    expect(kinds(seen)).toBe("move move transfer transfer set set reveal shuffle say say end");
    expect(seen[1]).toMatchObject({ kind: "move", cards: null, count: 1 });
    expect(seen[3]).toMatchObject({ amount: 1 });
    expect(seen[5]).toEqual({ kind: "set", variable: { variable: "secret", seat: 1 }, value: 7 });
  });

  test("a spectator: only what is public", () => {
    const seen = runtime.eventsFor(game.meta, played().unfilteredEvents, null);
    expect(kinds(seen)).toBe("move move transfer transfer set shuffle say end");
    expect(seen[1]).toMatchObject({ cards: null });
    expect(seen[3]).toMatchObject({ amount: null });
  });
});
