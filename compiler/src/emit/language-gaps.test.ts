// The small constructs outside games needed (issue 7, §6), each played: seat numbers, choices filtered
// by a condition, an enum's members as a list, tables keyed by two values, membership tests.
import { beforeAll, describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { BaseState, Game } from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const rules = `
game "Gallery" {
  players 2..4
}
enum Artist { manet, monet, degas }
enum Size { small, large }
card Painting {
  artist: Artist
  size: Size
  cards for a in [Artist.manet, Artist.monet, Artist.degas], s in [Size.small, Size.large] { artist: a, size: s }
}
zone gallery: Painting stack hidden = all Painting
per player zone hand: Painting pile owner
zone sold: Painting pile public
per player var points: int public = 0
per player var favourite: Artist public = Artist.manet
var host: player public = 1
table price: (Artist, Size) -> int {
  (Artist.manet, Size.small): 1, (Artist.manet, Size.large): 3,
  (Artist.monet, Size.small): 2, (Artist.monet, Size.large): 4,
  (Artist.degas, Size.small): 6, (Artist.degas, Size.large): 5
}
flow {
  // Cards 0..5 are manet small, manet large, monet small, monet large, degas small, degas large.
  move nth(gallery, 1) to hand[0]
  move nth(gallery, 1) to hand[0]
  move nth(gallery, 3) to hand[1]
  ask 0 {
    choose(a in Artist where a != Artist.monet) { favourite[0] = a }
  }
  for p in players {
    ask p {
      sell(card in hand[p] where card.artist == favourite[p]) {
        points[p] += price[card.artist, card.size]
        move card to sold
      }
      pass { }
    }
  }
  for a in Artist {
    if a in [favourite[0], Artist.degas] and host != 0 {
      points[host] += sum(c in sold where c.artist == a: 1)
    }
  }
}
score p: points[p] + count(a in Artist where a == favourite[p])
`;

let game: Game;
beforeAll(async () => {
  game = await loadRulesGame("gallery", rules, runtime);
});

function start(players = 2): BaseState {
  const state = game.setup({ players, seed: 1 });
  game.advance(state);
  return state;
}

describe("choices filtered by a condition, over an enum's members", () => {
  test("the domain holds only the members that pass, and check refuses the others with a reason", () => {
    const state = start();
    expect(game.legalMoves(state, 0)).toEqual([{ type: "choose", parameters: { a: { kind: "choice", values: ["manet", "degas"] } } }]);
    expect(game.check(state, 0, { type: "choose", a: "monet" })?.code).toBe("move/out-of-domain");
    expect(game.check(state, 0, { type: "choose", a: "degas" })).toBeNull();
  });

  test("a card choice lists only the cards that fit, and is not offered when none does", () => {
    const state = start();
    game.apply(state, 0, { type: "choose", a: "manet" });
    // Seat 0 holds manet small (0) and manet large (1): both fit its favourite.
    expect(game.legalMoves(state, 0)).toEqual([
      { type: "sell", parameters: { card: { kind: "card", zone: "hand", cards: [0, 1] } } },
      { type: "pass", parameters: {} },
    ]);
    game.apply(state, 0, { type: "sell", card: 1 });
    // A two-key table: manet large is worth 3.
    expect((state.vars as Record<string, number[]>).points).toEqual([3, 0]);
    // Seat 1's favourite is manet too, but it holds only degas small: sell is not offered, and refused.
    expect(game.legalMoves(state, 1)).toEqual([{ type: "pass", parameters: {} }]);
    expect(game.check(state, 1, { type: "sell", card: 4 })?.code).toBe("move/out-of-domain");
  });
});

describe("membership and seat numbers", () => {
  test("`a in [favourite[0], Artist.degas]` and the host by seat number decide the bonus", () => {
    const state = start();
    game.apply(state, 0, { type: "choose", a: "degas" });
    game.apply(state, 0, { type: "pass" });
    // Seat 1's favourite is manet and it holds degas small: it cannot sell. Nothing sold: no bonus.
    game.apply(state, 1, { type: "pass" });
    expect(game.activity(state).kind).toBe("over");
    expect((state.vars as Record<string, number[]>).points).toEqual([0, 0]);
    // Scores count each seat's favourite once among the enum's members.
    expect(game.scores(state)).toEqual([[1], [1]]);
  });

  test("sold cards of a listed artist score for the host, seat 1", () => {
    const state = start();
    game.apply(state, 0, { type: "choose", a: "manet" });
    game.apply(state, 0, { type: "sell", card: 0 });
    game.apply(state, 1, { type: "pass" });
    // Manet is seat 0's favourite: one manet sold, so the host (seat 1) gains 1; seat 0 got price 1.
    expect((state.vars as Record<string, number[]>).points).toEqual([1, 1]);
  });
});
