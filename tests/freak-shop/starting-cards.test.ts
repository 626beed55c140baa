// Freak Shop's starting cards ("he gives each player 4 cards, with the following values (without
// symbol)"): the rulebook gives their values only, so no seat may be dealt better categories than
// another. Over many set-ups, each seat counted clockwise from the Shop Keeper gets every category
// that an unmarked card of each of its values comes in, and its starting run 1-2-3 is worth the
// same on average under A Tidy Mansion. (Taken from the unshuffled pile, seat k always got copy k:
// the Shop Keeper's run was always Items, 3 points, the next player's Pets, 5, the third's
// Employees, 7.)
import type { BaseState, CardInfo } from "@rules/runtime/internal";
import { games } from "@rules/generated";
import { describe, expect, test } from "vitest";

const game = games["freak-shop"]!;
const cards: readonly CardInfo[] = game.meta.cards;
const tidyMansion = cards.find((c) => c.type === "Objective" && c.fields["goal"] === "tidy_mansion")!.id;
const DEALS = 2000;

/** The seats in order from the Shop Keeper, with their starting Mansions, for each set-up. */
function deals(players: number): { mansions: number[][]; state: BaseState; seats: number[] }[] {
  return Array.from({ length: DEALS }, (_, seed) => {
    const state = game.setup({ players, seed });
    const keeper = state.vars["shop_keeper"] as number;
    const seats = Array.from({ length: players }, (_, position) => (keeper + position) % players);
    const mansion = state.zones["mansion"] as number[][];
    return { state, seats, mansions: seats.map((seat) => mansion[seat]!) };
  });
}

describe.each([2, 3, 4, 5])("Freak Shop, %i players: the starting cards favour no seat", (players) => {
  const dealt = deals(players);

  test("each seat gets, for each of its values, every category an unmarked card of it comes in", () => {
    for (let position = 0; position < players; position++) {
      for (const value of [1, 2, 3, 5 + position]) {
        const unmarked = new Set(cards.filter((c) => c.type === "Merchandise" && c.fields["value"] === value && c.fields["marked"] === false && c.fields["closed"] === false).map((c) => c.fields["category"]));
        const dealtCategories = new Set(
          dealt.map(({ mansions }) => {
            const card = mansions[position]!.map((id) => cards[id]!).find((c) => c.fields["value"] === value)!;
            expect(card.fields["marked"]).toBe(false);
            return card.fields["category"];
          }),
        );
        expect(dealtCategories).toEqual(unmarked);
      }
    }
  });

  test("each seat's starting A Tidy Mansion is worth 633 / 147 points on average", () => {
    // Each seat's 1, 2 and 3 are drawn uniformly among the unmarked copies of the value: the 1s
    // and the 2s are 3 Items, 2 Pets, 2 Employees, the 3s 2 of each. Its one run scores 7 with two
    // Employees or more, 5 with two Pets or more, else 3. P(two Employees or more) = e1 e2 + e1 e3 +
    // e2 e3 − 2 e1 e2 e3 with e1 = e2 = 2/7, e3 = 1/3: 4/49 + 2/21 + 2/21 − 8/147 = 32/147; the same
    // for Pets; the two exclude each other. Mean: (7 × 32 + 5 × 32 + 3 × 83) / 147 = 633 / 147 ≈ 4.31,
    // with a standard deviation of about 1.63, so the mean of 2000 deals is within 0.15 (4 standard
    // errors) of it. Before, the seats' means were 3, 5, 7, 3, 5 from the Shop Keeper on.
    for (let position = 0; position < players; position++) {
      let total = 0;
      for (const { state, seats } of dealt) {
        state.zones["objectives"] = [tidyMansion];
        total += game.scores(state)[seats[position]!]![0]!;
      }
      expect(Math.abs(total / DEALS - 633 / 147)).toBeLessThan(0.15);
    }
  });
});
