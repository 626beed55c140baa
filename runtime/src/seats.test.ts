import { describe, expect, it } from "vitest";
import { GameFault } from "./errors.js";
import { askHuman, askHumans, isBotSeat, nextSeat, seatCount, seatPlan, seatsFrom } from "./seats.js";

describe("seats", () => {
  it("passes to the left and wraps after the last seat", () => {
    expect(nextSeat(0, 4)).toBe(1);
    expect(nextSeat(2, 4)).toBe(3);
    expect(nextSeat(3, 4)).toBe(0);
    expect(nextSeat(0, 1)).toBe(0);
  });

  it("lists every seat clockwise from a start", () => {
    expect(seatsFrom(0, 3)).toEqual([0, 1, 2]);
    expect(seatsFrom(2, 4)).toEqual([2, 3, 0, 1]);
    expect(seatsFrom(5, 6)).toEqual([5, 0, 1, 2, 3, 4]);
  });
});

describe("seats played by the rules", () => {
  const meta = { bots: [{ id: "merc", label: "Wealthy Nephew Merc", for: [2] }, { id: "ghost", label: "the Ghost", for: [2, 3] }] };

  it("adds the bots for a player count after the people, in declaration order", () => {
    expect(seatPlan(meta, 2).list).toEqual([
      { seat: 0, bot: null },
      { seat: 1, bot: null },
      { seat: 2, bot: { id: "merc", label: "Wealthy Nephew Merc" } },
      { seat: 3, bot: { id: "ghost", label: "the Ghost" } },
    ]);
    expect(seatPlan(meta, 3)).toMatchObject({ humans: 3, seats: 4 });
    expect(seatPlan(meta, 4)).toMatchObject({ humans: 4, seats: 4 });
    expect(seatPlan({}, 5)).toMatchObject({ humans: 5, seats: 5 });
    expect(seatCount(meta.bots, 2)).toBe(4);
  });

  it("tells bot seats from the state, and refuses to ask one", () => {
    const state = { players: 4, humans: 2 };
    expect([0, 1, 2, 3].map((seat) => isBotSeat(state, seat))).toEqual([false, false, true, true]);
    expect(isBotSeat({ players: 4 }, 3)).toBe(false);
    expect(askHuman(state, 1, meta.bots)).toBe(1);
    expect(askHumans(state, [0, 1], meta.bots)).toEqual([0, 1]);
    const rule = { file: "g.rules", line: 3, column: 1, text: "ask p {" };
    expect(() => askHuman(state, 2, meta.bots, rule)).toThrow(GameFault);
    expect(() => askHuman(state, 2, meta.bots, rule)).toThrow(/^Wealthy Nephew Merc is played by the rules/);
    expect(() => askHumans(state, [0, 3], meta.bots)).toThrow(/^the Ghost is played by the rules/);
    expect(askHuman({}, 2, [])).toBe(2);
  });
});
