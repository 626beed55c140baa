import { describe, expect, it } from "vitest";
import { describeActivity, describeSeats, zoneView } from "./views.js";

describe("zoneView", () => {
  it("shows the ids of a visible zone, as a copy", () => {
    const hand = [4, 9, 2];
    const view = zoneView(hand, true);
    expect(view).toEqual({ count: 3, cards: [4, 9, 2] });
    hand.push(7);
    expect(view.cards).toEqual([4, 9, 2]);
  });

  it("shows only the count of a hidden zone, with no cards field at all", () => {
    const view = zoneView([4, 9, 2], false);
    expect(view).toEqual({ count: 3 });
    expect("cards" in view).toBe(false);
    expect(JSON.stringify(view)).toBe('{"count":3}');
  });
});

describe("describeActivity", () => {
  it("says who may act in words", () => {
    expect(describeActivity({ kind: "turn", players: [2] })).toBe("seat 2 to play");
    expect(describeActivity({ kind: "simultaneous", players: [0, 1, 3] })).toBe("seats 0, 1 and 3 choose secretly");
    expect(describeActivity({ kind: "simultaneous", players: [4] })).toBe("seat 4 chooses secretly");
    expect(describeActivity({ kind: "race", players: [0, 2] })).toBe("race: first of seats 0 and 2 wins");
    expect(describeActivity({ kind: "over", players: [] })).toBe("game over");
  });

  it("lists seats the way people do", () => {
    expect(describeSeats([])).toBe("no seat");
    expect(describeSeats([5])).toBe("seat 5");
    expect(describeSeats([0, 1])).toBe("seats 0 and 1");
    expect(describeSeats([0, 1, 2, 3])).toBe("seats 0, 1, 2 and 3");
  });
});
