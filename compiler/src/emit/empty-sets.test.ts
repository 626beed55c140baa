// A set of cards may be empty: giving nothing is a choice. A subset of an empty zone is offered (the
// empty set is in it) unless the parameter's own requirements refuse the empty set; the domain says
// which (`none`), and random play never faults for want of a move where the rules allow giving nothing.
import { beforeAll, describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { applyMove, createMatch, isOver, legalMoves, whoMayAct } from "../../../runtime/src/index.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

// Seat 0 holds no cards at all: it may only ever give nothing, and must be able to.
const rules = `
game "Gifts" {
  players 2..2
}
card Chip {
  value: int
  cards for v in 1..3 { value: v }
}
zone pile: Chip stack hidden = all Chip
per player zone hand: Chip pile owner
var rounds: int public = 0
score p: count(hand[p])
flow {
  while rounds < 2 {
    ask 0 {
      give(some in subset(hand[0])) {
        for c in some { move c to pile }
        rounds += 1
      }
      trade(some in subset(hand[0])) require count(some) > 0 else "give at least one card" {
        rounds += 1
      }
    }
  }
}
`;

let game: Game;
beforeAll(async () => {
  game = await loadRulesGame("gifts", rules, runtime);
});

describe("sets of cards that may be empty", () => {
  test("a subset of an empty zone is offered, with none allowed; one that must hold a card is not", () => {
    const match = createMatch(game, { players: 2, seed: 1 });
    const options = legalMoves(match, 0);
    expect(options.map((o) => o.type)).toEqual(["give"]);
    expect(options[0]!.parameters["some"]).toEqual({ kind: "cards", zone: "hand", cards: [], none: true });
  });

  test("giving nothing is a legal move, and the game plays to its end on it", () => {
    let match = createMatch(game, { players: 2, seed: 1 });
    for (let round = 0; round < 2; round++) {
      const outcome = applyMove(match, 0, { type: "give", some: [] });
      expect(outcome.ok).toBe(true);
      if (outcome.ok) match = outcome.match;
    }
    expect(isOver(match)).toBe(true);
  });

  test("the move the requirements refuse is refused with their reason, and the match is unchanged", () => {
    const match = createMatch(game, { players: 2, seed: 1 });
    const outcome = applyMove(match, 0, { type: "trade", some: [] });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.reason).toBe("give at least one card");
    expect(whoMayAct(match).players).toEqual([0]);
  });

  test("random play never finds itself without a move", () => {
    for (let seed = 1; seed <= 20; seed++) {
      let match = createMatch(game, { players: 2, seed });
      while (!isOver(match)) {
        const outcome = applyMove(match, 0, runtime.botMove(match, 0));
        expect(outcome.ok).toBe(true);
        if (outcome.ok) match = outcome.match;
      }
    }
  });
});

// `[]` takes the type of the place it is written: a function's result, a typed let.
const emptyLists = `
game "Empty lists" {
  players 2..2
}
card Chip {
  value: int
  cards for v in 1..3 { value: v }
}
zone pile: Chip stack hidden = all Chip
per player zone hand: Chip pile owner
score p: count(hand[p])
function no_chips(): Chip[] = []
flow {
  let kept: Chip[] = []
  let seats: player[] = []
  ask 0 {
    keep {
      for c in no_chips() { move c to hand[0] }
      for c in kept { move c to hand[1] }
      for p in seats { move top(pile) to hand[p] }
    }
  }
}
`;

test("an empty list is a list of cards, or of seats, where the rules need one", async () => {
  const lists = await loadRulesGame("empty-lists", emptyLists, runtime);
  const outcome = applyMove(createMatch(lists, { players: 2, seed: 1 }), 0, { type: "keep" });
  expect(outcome.ok).toBe(true);
  if (outcome.ok) {
    expect(isOver(outcome.match)).toBe(true);
    expect(outcome.match.state.zones["hand"]).toEqual([[], []]);
  }
});
