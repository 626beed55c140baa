// A menu offers only what is legal: `legalMoves` narrows each parameter's domain by the option's
// requirements that read that parameter alone, and leaves out an option left with no value. A
// requirement reading several parameters, or one that is no bound on a range, stays for `check`,
// which keeps the declared domain so that a value the menu leaves out is refused with the rules'
// own reason. The random policy draws from the same listed domains.
import { beforeAll, describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { BaseState, Game, MoveOption } from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const rules = `
game "Menus" {
  players 3..3
}
enum Colour { red, green, blue }
card Chip {
  value: int
  cards for v in 1..6 { value: v }
}
zone lots: Chip row public = all Chip
per player zone hand: Chip pile public
per player var coins: int public = 4
per player var out: bool public = false
var banned: Colour public = Colour.green
var floor: int public = 2
var first: player public = 0
flow {
  let active = first
  while true {
    ask active {
      give(target in players)
        require target != active else "give to another player"
        require not out[target] else "{target} is out"
      {
        ask target {
          thank { }
        }
      }
      take(chip in lots where chip.value > 1)
        require chip.value % 2 == 0 else "take an even chip"
      {
        move chip to hand[active]
      }
      paint(colour in Colour)
        require colour != banned else "{colour} is banned"
      { }
      bid(amount in 0..10)
        require amount > floor else "bid more than {floor}"
        require coins[active] >= amount else "you have {coins[active]} coins"
      { }
      even(n in 1..5)
        require n % 2 == 0 else "an even number"
      { }
      pair(first in players, second in players)
        require first != active else "pair others"
        require first != second else "two different players"
      { }
      revive(target in players)
        require out[target] else "{target} is not out"
      { }
    }
    active = next(active)
  }
}
score p: coins[p]
`;

let game: Game;
beforeAll(async () => {
  game = await loadRulesGame("menus", rules, runtime);
});

function start(): BaseState {
  const state = game.setup({ players: 3, seed: 1 });
  game.advance(state);
  return state;
}

function option(state: BaseState, type: string): MoveOption | undefined {
  return game.legalMoves(state, 0).find((o) => o.type === type);
}

describe("a requirement about one parameter narrows what its domain lists", () => {
  test("players: the seats it accepts, read from the state when the menu is built", () => {
    const state = start();
    expect(option(state, "give")?.parameters).toEqual({ target: { kind: "player", players: [1, 2] } });
    (state.vars as { out: boolean[] }).out[2] = true;
    expect(option(state, "give")?.parameters).toEqual({ target: { kind: "player", players: [1] } });
    // A parameter kept in the state (its option's body asks again) is read from the value tested.
    expect(game.check(state, 0, { type: "give", target: 0 })).toEqual({ code: "move/constraint", reason: "give to another player" });
  });

  test("cards, after the domain's own `where`; a card left out is refused with the requirement's reason", () => {
    const state = start();
    const lots = (state.zones as { lots: number[] }).lots;
    // Chips are dealt in manifest order: chip k is worth k + 1. Worth more than 1, and even: 2, 4, 6.
    expect(option(state, "take")?.parameters).toEqual({ chip: { kind: "card", zone: "lots", cards: lots.filter((c) => c % 2 === 1) } });
    expect(game.check(state, 0, { type: "take", chip: 2 })).toEqual({ code: "move/constraint", reason: "take an even chip" });
    expect(game.check(state, 0, { type: "take", chip: 0 })).toEqual({ code: "move/out-of-domain", reason: "chip must be one of the cards in lots" });
  });

  test("values of an enum", () => {
    expect(option(start(), "paint")?.parameters).toEqual({ colour: { kind: "choice", values: ["red", "blue"] } });
  });

  test("a range, by the requirements that bound it (either way round); it stays a range", () => {
    const state = start();
    // amount > floor (2) and coins (4) >= amount.
    expect(option(state, "bid")?.parameters).toEqual({ amount: { kind: "range", min: 3, max: 4 } });
    expect(game.check(state, 0, { type: "bid", amount: 2 })).toEqual({ code: "move/constraint", reason: "bid more than 2" });
    (state.vars as { coins: number[] }).coins[0] = 2;
    expect(option(state, "bid")).toBeUndefined();
  });

  test("a range under a requirement that is no bound is left as declared, and checked on the move", () => {
    const state = start();
    expect(option(state, "even")?.parameters).toEqual({ n: { kind: "range", min: 1, max: 5 } });
    expect(game.check(state, 0, { type: "even", n: 1 })).toEqual({ code: "move/constraint", reason: "an even number" });
  });

  test("a requirement reading two parameters narrows neither; one reading the first alone narrows it", () => {
    expect(option(start(), "pair")?.parameters).toEqual({
      first: { kind: "player", players: [1, 2] },
      second: { kind: "player", players: [0, 1, 2] },
    });
  });
});

describe("an option whose narrowed domain is empty", () => {
  test("is not offered, and the random policy never draws it", () => {
    const state = start();
    expect(option(state, "revive")).toBeUndefined();
    expect(game.check(state, 0, { type: "revive", target: 1 })).toEqual({ code: "move/constraint", reason: "seat 1 is not out" });
    const rng = new runtime.Rng(1);
    const draw = (n: number): number => rng.int(n);
    const drawn = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const move = game.randomMove!(state, 0, draw)!;
      expect(game.check(state, 0, move), JSON.stringify(move)).toBeNull();
      drawn.add(move.type);
    }
    expect([...drawn].sort()).toEqual(["bid", "even", "give", "paint", "pair", "take"]);
  });

  test("when no option is left, the seat has no legal move and the random policy none to draw", async () => {
    const alone = await loadRulesGame(
      "alone",
      `
game "Alone" {
  players 3..3
}
per player var out: bool public = false
var host: player public = 0
flow {
  out[1] = true
  out[2] = true
  ask host {
    give(target in players)
      require target != host else "give to another player"
      require not out[target] else "{target} is out"
    { }
  }
}
score p: 0
`,
      runtime,
    );
    const state = alone.setup({ players: 3, seed: 1 });
    alone.advance(state);
    expect(alone.legalMoves(state, 0)).toEqual([]);
    expect(alone.randomMove!(state, 0, () => 0)).toBeNull();
    // Random play then stops as it does wherever a seat must act with nothing legal.
    expect(() => runtime.randomMove(alone.legalMoves(state, 0), new runtime.Rng(1))).toThrow(/no legal move/);
  });
});
