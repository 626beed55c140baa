// How long a look lasts. A seat shown a card (`reveal`) knows it where it lies; the knowledge ends
// when the card moves (another zone, another hand: where it lands the seat has not seen it), when its
// zone is shuffled (its place is unknown), or when the rules say so (`conceal`). A new reveal restores it.
import { beforeAll, describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { BaseState, Game } from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const rules = `
game "Look" {
  players 2..2
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Token stack hidden = all Token
zone pile: Token stack hidden
per player zone hand: Token pile owner
flow {
  ask 0 {
    look(position in 1..6) { reveal nth(deck, position) to 0 }
  }
  ask 0 {
    shuffle_deck { shuffle deck }
    deal_two { deal 2 from deck to pile }
    move_all { move all deck to pile }
    give { move top(deck) to hand[1] }
    forget { conceal top(deck) from 0 }
    look_again { reveal top(deck) to 0 }
    wait { }
  }
  ask 0 { done { } }
}
score p: count(hand[p])
`;

type ZoneView = { count: number; cards?: number[]; known?: (number | null)[] };
type LookView = { zones: { deck: ZoneView; pile: ZoneView; hand: ZoneView[] } };

let game: Game;
beforeAll(async () => {
  game = await loadRulesGame("look", rules, runtime);
});

/** Seat 0 looks at the top card of the unshuffled deck (card 0), then does `then`. */
function after(then: string): { state: BaseState; view: LookView } {
  const state = game.setup({ players: 2, seed: 3 });
  game.advance(state);
  game.apply(state, 0, { type: "look", position: 1 });
  game.apply(state, 0, { type: then });
  return { state, view: game.view(state, 0) as LookView };
}

describe("knowledge of a card's place", () => {
  test("lasts while the card stays where it was seen", () => {
    expect(after("wait").view.zones.deck).toEqual({ count: 6, known: [0, null, null, null, null, null] });
  });

  test("ends when its zone is shuffled", () => {
    const { view } = after("shuffle_deck");
    expect(view.zones.deck).toEqual({ count: 6 });
  });

  test("ends when the card is dealt, moved with its zone, or moved alone into a hand", () => {
    for (const then of ["deal_two", "move_all"]) {
      const { view } = after(then);
      expect(view.zones.pile.known, then).toBeUndefined();
      expect(view.zones.deck.known, then).toBeUndefined();
    }
    const given = after("give");
    expect(given.view.zones.hand[1]).toEqual({ count: 1 });
    expect(game.view(given.state, 1)).toMatchObject({ zones: { hand: [{ count: 0 }, { count: 1, cards: [0] }] } });
  });

  test("ends when the rules conceal it, and comes back with a new reveal", () => {
    expect(after("forget").view.zones.deck).toEqual({ count: 6 });
    expect(after("look_again").view.zones.deck).toEqual({ count: 6, known: [0, null, null, null, null, null] });
  });
});
