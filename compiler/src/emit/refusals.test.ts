// A refused move says which rule forbids it, in the rules' own words, with the values that matter:
// the `others` reasons of a decision for seats not asked, an option's `otherwise` reason while the
// game waits elsewhere, a domain's `else` reason when it is empty, `{...}` values in any reason, and
// plain reasons that name what may be played now when the rules give none.
import { beforeAll, describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { BaseState, Game } from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const rules = `
game "Auction" {
  players 3..3
}
enum Mood { calm, eager }
card Lot {
  value: int
  gilded: bool
  cards for v in 1..6 { value: v, gilded: v == 6 }
}
zone lots: Lot row public = all Lot
per player zone won: Lot pile public
per player var coins: int owner = 3
per player var out: bool public = false
var mood: Mood public = Mood.eager
var opener: player public = 0
var opening: int public = 2
var hide_gilded: bool public = false
flow {
  out[2] = true
  if hide_gilded {
    move last(lots) to won[1]
  }
  let high = opening
  let bidder = opener
  ask bidder {
    others p require not out[p] else "{p} dropped out when the {last(lots)} came up (mood: {mood}, out: {out[p]})"
    bid(amount in high + 1 .. coins[bidder] else "the bid to beat is {high} and you have {coins[bidder]} coins")
      otherwise "bids come first, before any lot is claimed"
    {
      high = amount
    }
    claim(lot in lots where lot.gilded and lot.value > high else "no gilded lot is worth more than {high}")
      require high < 3 else "claims close once the bidding passes 2"
      require lot.value != 6 else "the {lot} is not for sale"
    {
      move lot to won[bidder]
    }
  }
  ask each p in [0, 1] {
    others q require q != 2 else "{q} only watches the sealed round"
    seal(n in 0..1) { }
  }
}
score p: count(won[p])
`;

let game: Game;
beforeAll(async () => {
  game = await loadRulesGame("auction", rules, runtime);
});

function start(opening = 2): BaseState {
  const state = game.setup({ players: 3, seed: 1 });
  (state.vars as { opening: number }).opening = opening;
  game.advance(state);
  return state;
}

describe("a seat that is not asked", () => {
  test("hears the decision's own reason, with the values it shows", () => {
    expect(game.check(start(), 2, { type: "bid", amount: 3 })).toEqual({
      code: "move/not-your-turn",
      reason: "seat 2 dropped out when the Lot 6 gilded came up (mood: eager, out: yes)",
    });
  });

  test("else hears whose turn it is", () => {
    expect(game.check(start(), 1, { type: "bid", amount: 3 })).toEqual({ code: "move/not-your-turn", reason: "it is seat 0's turn, not yours" });
  });

  test("in a simultaneous decision too", () => {
    const state = start();
    game.apply(state, 0, { type: "bid", amount: 3 });
    expect(game.check(state, 2, { type: "seal", n: 0 })).toEqual({ code: "move/not-your-turn", reason: "seat 2 only watches the sealed round" });
  });
});

describe("an option that is not on offer", () => {
  test("an empty domain gives the domain's reason, before the value is looked at", () => {
    const state = start();
    (state.vars as { coins: number[] }).coins[0] = 2;
    // Nor is claim: its one gilded lot is not for sale.
    expect(game.legalMoves(state, 0)).toEqual([]);
    expect(game.check(state, 0, { type: "bid", amount: 9 })).toEqual({ code: "move/out-of-domain", reason: "the bid to beat is 2 and you have 2 coins" });
  });

  test("requirements about the situation come before the domain; those about the choice after it", () => {
    const state = start();
    // The filtered domain holds the one gilded lot, worth 6, which the requirement about the lot
    // refuses: claim is not on offer, though the situation allows it.
    expect(game.legalMoves(state, 0).map((o) => o.type)).toEqual(["bid"]);
    expect(game.check(state, 0, { type: "claim", lot: 4 })).toEqual({ code: "move/out-of-domain", reason: "lot must be one of the cards in lots" });
    expect(game.check(state, 0, { type: "claim", lot: 5 })).toEqual({ code: "move/constraint", reason: "the Lot 6 gilded is not for sale" });
    // Opening at 3, the situation forbids claims, whatever lot is named.
    const later = start(3);
    expect(game.legalMoves(later, 0)).toEqual([]);
    expect(game.check(later, 0, { type: "claim", lot: 4 })).toEqual({ code: "move/constraint", reason: "claims close once the bidding passes 2" });
  });

  test("a filtered domain left empty gives its reason", () => {
    const state = game.setup({ players: 3, seed: 1 });
    (state.vars as { hide_gilded: boolean }).hide_gilded = true;
    game.advance(state);
    expect(game.legalMoves(state, 0).map((o) => o.type)).toEqual(["bid"]);
    expect(game.check(state, 0, { type: "claim", lot: 2 })).toEqual({ code: "move/out-of-domain", reason: "no gilded lot is worth more than 2" });
  });

  test("a move of another decision gives that option's `otherwise` reason", () => {
    const state = start();
    game.apply(state, 0, { type: "bid", amount: 3 });
    expect(game.check(state, 0, { type: "bid", amount: 3 })).toEqual({ code: "move/not-now", reason: "bids come first, before any lot is claimed" });
  });

  test("without one, it names what may be played now; a move of no decision is unknown", () => {
    const state = start();
    game.apply(state, 0, { type: "bid", amount: 3 });
    expect(game.check(state, 0, { type: "claim", lot: 5 })).toEqual({ code: "move/not-now", reason: "'claim' cannot be played now; now you may 'seal'" });
    expect(game.check(state, 0, { type: "steal" })).toEqual({ code: "move/unknown-type", reason: "there is no such move in this game; now you may 'seal'" });
  });
});
