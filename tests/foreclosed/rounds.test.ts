// Foreclosed!'s player counts follow from its deck (docs/games/foreclosed.md, assumption 1): with N
// players a round deals N Property cards, setup removes N cards (3 with 2 players) and deals two to
// each player, replacing Duals and Money cards, which go back into the deck. So the deck holds
// 60 − removed − 2N cards after setup, and the game lasts that many cards divided by N rounds: a
// whole number for every count the header allows (17, 12, 9 and 7 rounds for 3 to 6 players, and
// 17 for 2 players, who play as three seats with Merc), while 7 players would leave 39 cards, five
// rounds and four cards over.
import type { BaseState, CardInfo } from "@rules/runtime/internal";
import { playRandomGame, Rng } from "@rules/runtime/internal";
import { games } from "@rules/generated";
import { describe, expect, test } from "vitest";

const game = games["foreclosed"]!;
const cards: readonly CardInfo[] = game.meta.cards;
const property = (id: number): CardInfo => cards[id]!;
const zone = (state: BaseState, name: string): number[] => state.zones[name] as number[];
const perSeat = (state: BaseState, name: string): number[][] => state.zones[name] as number[][];

// Worked out from the rulebook: 60 − N − 2N = 60 − 3N cards, N per round, N the seats (3 for 2
// players: Merc's is the third).
const expectedRounds: Record<number, number> = { 2: 17, 3: 17, 4: 12, 5: 9, 6: 7 };
const seatsFor = (players: number): number => (players === 2 ? 3 : players);

test("the header allows exactly the counts whose rounds come out whole", () => {
  const counts = Object.keys(expectedRounds).map(Number);
  expect(game.minPlayers).toBe(Math.min(...counts));
  expect(game.maxPlayers).toBe(Math.max(...counts));
  // Seven players: 60 − 21 = 39 cards, not a whole number of rounds of 7.
  expect((60 - 3 * 7) % 7).not.toBe(0);
});

describe.each(Object.keys(expectedRounds).map(Number))("%i players", (players) => {
  test("setup removes one card per seat, deals two Standard cards to each player, and leaves whole rounds", () => {
    const seats = seatsFor(players);
    for (let seed = 0; seed < 200; seed++) {
      const state = game.setup({ players, seed });
      // "remove as many Property Cards as there are players in the game ... (remember, with 2 players, remove 3 cards!)"
      expect(zone(state, "box")).toHaveLength(seats);
      perSeat(state, "dealt").forEach((dealt, seat) => {
        // Merc's face-down card is dealt as it comes (assumption 22); his face-up card is Standard.
        const merc = seat >= players;
        expect(dealt).toHaveLength(merc ? 1 : 2);
        expect(perSeat(state, "secret")[seat]).toHaveLength(merc ? 1 : 0);
        for (const id of dealt) expect(property(id).fields["kind"]).toBe("standard");
      });
      // The revealed Duals and Money cards went back into the deck.
      expect(zone(state, "set_aside")).toHaveLength(0);
      const deck = zone(state, "property_deck").length;
      expect(deck).toBe(60 - seats - 2 * seats);
      expect(deck / seats).toBe(expectedRounds[players]);
    }
  });

  test("a whole game plays that many rounds, each dealing one card per player, until the deck is empty", () => {
    const rng = new Rng(players);
    for (let seed = 0; seed < 20; seed++) {
      const deals: number[] = [];
      const seats = seatsFor(players);
      let deck = 60 - 3 * seats;
      const played = playRandomGame(game, { players, seed }, rng.fork(), (_seat, _move, state) => {
        const now = zone(state, "property_deck").length;
        if (now !== deck) deals.push(deck - now);
        deck = now;
      });
      expect(deals).toEqual(new Array(expectedRounds[players]).fill(seats));
      expect(zone(played.state, "property_deck")).toHaveLength(0);
      // Every card but the removed ones ends in a collection, the face-down cards revealed:
      // 2N starting cards + rounds × N = 60 − N; with Merc, a Money card face down is discarded and
      // replaced from the removed cards, so the collections and the discarded Money cards hold
      // 60 − 3 and what is left in the box.
      const collected = perSeat(played.state, "collection").reduce((n, c) => n + c.length, 0);
      const discarded = zone(played.state, "set_aside").length;
      expect(collected + discarded + zone(played.state, "box").length).toBe(60);
    }
  });
});
