import { describe, expect, it } from "vitest";
import { cardValuesView, describeActivity, describeSeats, seesVisibility, zoneView } from "./views.js";

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

describe("zoneView with cards the viewer was shown", () => {
  it("shows, in a hidden zone, the cards the viewer knows by position and null elsewhere", () => {
    const faceDown = [4, 9, 2, 7];
    const view = zoneView(faceDown, false, [7, 4]);
    expect(view).toEqual({ count: 4, known: [4, null, null, 7] });
    expect("cards" in view).toBe(false);
    faceDown.reverse();
    expect(view.known).toEqual([4, null, null, 7]);
  });

  it("follows a known card when it moves within the zone", () => {
    expect(zoneView([2, 9, 4], false, [9])).toEqual({ count: 3, known: [null, 9, null] });
    expect(zoneView([9, 2, 4], false, [9])).toEqual({ count: 3, known: [9, null, null] });
  });

  it("adds no known field when the viewer knows none of the cards there", () => {
    const view = zoneView([4, 9, 2], false, [5, 11]);
    expect(view).toEqual({ count: 3 });
    expect("known" in view).toBe(false);
    expect(JSON.stringify(zoneView([4, 9, 2], false, []))).toBe('{"count":3}');
    expect(JSON.stringify(zoneView([], false, [4]))).toBe('{"count":0}');
  });

  it("shows a visible zone's cards as usual, whatever the viewer knows", () => {
    expect(zoneView([4, 9, 2], true, [9])).toEqual({ count: 3, cards: [4, 9, 2] });
  });
});

describe("describeActivity", () => {
  it("says who may act in words", () => {
    expect(describeActivity({ kind: "turn", players: [2] })).toBe("seat 2 to play");
    expect(describeActivity({ kind: "simultaneous", players: [0, 1, 3] })).toBe("seats 0, 1 and 3 choose secretly");
    expect(describeActivity({ kind: "simultaneous", players: [4] })).toBe("seat 4 chooses secretly");
    expect(describeActivity({ kind: "race", players: [0, 2] })).toBe("race: first of seats 0 and 2 wins");
    expect(describeActivity({ kind: "race", players: [3] })).toBe("race: seat 3 may claim");
    expect(describeActivity({ kind: "over", players: [] })).toBe("game over");
  });

  it("lists seats the way people do", () => {
    expect(describeSeats([])).toBe("no seat");
    expect(describeSeats([5])).toBe("seat 5");
    expect(describeSeats([0, 1])).toBe("seats 0 and 1");
    expect(describeSeats([0, 1, 2, 3])).toBe("seats 0, 1, 2 and 3");
  });
});

describe("cardValuesView", () => {
  // Cards 10..13 carry a value each: 10 lies face up, 11 in a hidden hand, 12 in the same hidden
  // zone but shown to the viewer (known), 13 in a hidden deck.
  const values = { 10: "red", 11: "blue", 12: "red", 13: "blue" };

  it("holds the values of exactly the cards the zone views identify, by `cards` or by `known`", () => {
    const zones = [zoneView([10], true), [zoneView([11, 12], false, [12]), zoneView([], true)], zoneView([13], false)];
    expect(cardValuesView(values, zones)).toEqual({ 10: "red", 12: "red" });
  });

  it("holds nothing for cards of another type that the zones show", () => {
    expect(cardValuesView(values, [zoneView([3, 10], true)])).toEqual({ 10: "red" });
  });
});


describe("seesVisibility", () => {
  it("reads each visibility word for a seat, another seat and a spectator", () => {
    // [visibility, owner, viewer, sees]
    const cases: [Parameters<typeof seesVisibility>[0], number | null, number | null, boolean][] = [
      ["public", 1, 0, true],
      ["public", null, null, true],
      ["owner", 1, 1, true],
      ["owner", 1, 0, false],
      ["owner", 1, null, false],
      ["others", 1, 1, false],
      ["others", 1, 0, true],
      ["others", 1, null, false],
      ["others", null, 0, false],
      ["open", null, null, true],
      ["hidden", 1, 1, false],
    ];
    for (const [visibility, owner, viewer, sees] of cases) {
      expect(seesVisibility(visibility, owner, viewer), `${visibility} of ${owner} to ${viewer}`).toBe(sees);
    }
  });
});

describe("zoneView with open per-card values", () => {
  const told = { 4: "red", 9: "none", 2: "yellow", 7: "none" } as Record<number, string>;

  it("tells, in a hidden zone, each card's open value by position, null where it is the start value", () => {
    expect(zoneView([4, 9, 2, 7], false, [], { told: [told, "none"] })).toEqual({ count: 4, marks: { told: ["red", null, "yellow", null] } });
  });

  it("adds marks beside the cards the viewer knows", () => {
    expect(zoneView([9, 2], false, [2], { told: [told, "none"] })).toEqual({ count: 2, known: [null, 2], marks: { told: [null, "yellow"] } });
  });

  it("leaves marks out when no card carries one, and out of a visible zone", () => {
    expect(zoneView([9, 7], false, [], { told: [told, "none"] })).toEqual({ count: 2 });
    expect(zoneView([4, 2], true, [], { told: [told, "none"] })).toEqual({ count: 2, cards: [4, 2] });
  });
});
