import { describe, expect, it } from "vitest";
import { changed, eventsFor, moved, phaseBegins, said, transferred, type GameEvent } from "../events.js";
import { describeEvent, describeEvents } from "./story.js";
import { SEAT_0, street } from "./__fixtures__/street.js";

const rent = ["rent for ", { value: 3, type: "Deed" }] as const;

describe("describeEvents with the presentation fields", () => {
  it("tells a payment with the rules' reason, seat-relative, as a sentence of its own", () => {
    const events = [transferred(22, "coins", 1, "coins", 0, rent)];
    expect(describeEvents(street, events, null)).toEqual(["seat 1 pays 22 to seat 0: rent for Phonics Place deed"]);
    expect(describeEvents(street, events, SEAT_0)).toEqual(["seat 1 pays 22 to you: rent for Phonics Place deed"]);
    expect(describeEvents(street, events, { seat: 1, humans: 2 })).toEqual(["you pay 22 to seat 0: rent for Phonics Place deed"]);
    // Coins are seen by their owner: seat 2 sees neither side, so it is told the reason without the amount.
    expect(describeEvents(street, eventsFor(street.meta, events, 2), 2)).toEqual(["seat 1 pays seat 0: rent for Phonics Place deed"]);
  });

  it("reads a reason's parameters from the move that made it, and tells the bank paying a seat", () => {
    const buying = ["buying ", { parameter: "deed" }] as const;
    const buy = { type: "buy", parameters: { deed: { kind: "card", zone: "bank_deeds", cards: [4] } } } as const;
    const context = { mover: 0, move: { type: "buy", deed: 4 }, option: buy };
    expect(describeEvents(street, [transferred(120, "coins", 0, "bank", null, buying)], SEAT_0, context)).toEqual([
      "you pay 120 to the bank: buying Deed 2 120 red",
    ]);
    const salary = transferred(200, "bank", null, "coins", 2, ["passing ", { value: 0, type: "Space" }]);
    expect(describeEvent(street, salary, SEAT_0)).toBe("Wealthy Nephew Merc gets 200 from the bank: passing Go");
  });

  it("tells one seat's amounts taken along the same way as their sum", () => {
    const events = [transferred(1, "bank", null, "coins", 0), transferred(1, "bank", null, "coins", 0)];
    expect(describeEvents(street, events, SEAT_0)).toEqual(["you take 2 from the bank"]);
  });

  it("keeps a payment without reason joined with the next of the same kind", () => {
    const events = [transferred(1, "coins", 1, "bank", null), transferred(4, "coins", 2, "bank", null)];
    expect(describeEvents(street, events, SEAT_0)).toEqual(["seat 1 pays 1 and Wealthy Nephew Merc pays 4 to the bank"]);
  });

  it("names enum values, seats and bots as the table does, and leaves bookkeeping untold", () => {
    const events: GameEvent[] = [changed("called", null, "light_blue"), changed("leader", null, 2), changed("moves_made", null, 8), changed("called", null, "red")];
    expect(describeEvents(street, events, SEAT_0)).toEqual([
      "the colour called is now light blue",
      "the leader is now Wealthy Nephew Merc",
      "the colour called is now red",
    ]);
  });

  it("names cards by their names, and a bot seat by its label wherever a seat is the subject", () => {
    const events = [moved([3], "bank_deeds", null, "deeds", 2), moved([4], "deeds", 0, "deeds", 2), said("seat 2 takes a deed", null)];
    expect(describeEvents(street, events, SEAT_0)).toEqual([
      "Wealthy Nephew Merc takes Phonics Place deed from the bank's deeds",
      "you give Deed 2 120 red to Wealthy Nephew Merc",
      "Wealthy Nephew Merc takes a deed",
    ]);
  });

  it("tells a card that passes through a bookkeeping zone as going straight on, where it left it", () => {
    // A swap through the escrow: your Phonics Place deed for the Merc's Deed 2.
    const swap = [moved([3], "deeds", 0, "escrow", null), moved([4], "deeds", 2, "deeds", 0), moved([3], "escrow", null, "deeds", 2)];
    expect(describeEvents(street, swap, SEAT_0)).toEqual([
      "Wealthy Nephew Merc gives Deed 2 120 red to you",
      "you give Phonics Place deed to Wealthy Nephew Merc",
    ]);
    // A card left there is told as it went in.
    expect(describeEvents(street, swap.slice(0, 2), SEAT_0)).toEqual([
      "you put Phonics Place deed into the escrow",
      "Wealthy Nephew Merc gives Deed 2 120 red to you",
    ]);
  });

  it("does not tell a card that passes through a bookkeeping zone back to where it came from", () => {
    // Read out of the bank's deeds and laid back (as Keys to Knowledge's MERCY card, drawn, obeyed,
    // then put under its deck): the rules' words tell it; "goes from the bank's deeds to the bank's
    // deeds" would not.
    const readOut = [moved([4], "bank_deeds", null, "escrow", null), said("seat 1 reads Deed 2 out", null), transferred(5, "bank", null, "coins", 1), moved([4], "escrow", null, "bank_deeds", null)];
    expect(describeEvents(street, readOut, SEAT_0)).toEqual(["seat 1 reads Deed 2 out", "seat 1 takes 5 from the bank"]);
    // Laid elsewhere, it is told as going straight on.
    const sold = [...readOut.slice(0, 3), moved([4], "escrow", null, "deeds", 1)];
    expect(describeEvents(street, sold, SEAT_0)).toEqual(["seat 1 reads Deed 2 out", "seat 1 takes 5 from the bank", "seat 1 takes Deed 2 120 red from the bank's deeds"]);
  });

  it("puts cards onto a surface (a pile, a deck, a board) and into anything else", () => {
    const back = [moved([6], "hand", 0, "chance", null), moved([5], "hand", 0, "discards", null)];
    expect(describeEvents(street, back, SEAT_0)).toEqual(["you put Pay $50 onto the Chance pile", "you put Advance to Go into the Chance discards"]);
  });

  it("tells dice rolled into a seat's variable as that seat's roll, and dice rolled together in the open as one roll", () => {
    const die = (value: number, into?: { variable: string; seat: number | null }, sides = 6): GameEvent =>
      into === undefined ? { kind: "roll", sides, value } : { kind: "roll", sides, value, into };
    // `in_jail[p] = roll(6) + roll(6)` for each seat in turn: each seat's pair, told as its roll.
    const opening = [die(2, { variable: "in_jail", seat: 0 }), die(5, { variable: "in_jail", seat: 0 }), changed("in_jail", 0, 7), die(1, { variable: "in_jail", seat: 1 }), die(4, { variable: "in_jail", seat: 1 })];
    expect(describeEvents(street, opening, SEAT_0)).toEqual(["you roll 2 and 5", "seat 1 rolls 1 and 4"]);
    // In the open: two dice in a row are one roll; a die after another event, or with other sides, is a roll of its own.
    expect(describeEvents(street, [die(4), die(1)], SEAT_0)).toEqual(["two 6-sided dice show 4 and 1"]);
    expect(describeEvents(street, [die(4), die(1), die(6)], SEAT_0)).toEqual(["three 6-sided dice show 4, 1 and 6"]);
    expect(describeEvents(street, [die(4), changed("called", null, "red"), die(1)], SEAT_0)).toEqual([
      "a 6-sided die shows 4",
      "the colour called is now red",
      "a 6-sided die shows 1",
    ]);
    expect(describeEvents(street, [die(4), die(9, undefined, 10)], SEAT_0)).toEqual(["a 6-sided die shows 4", "a 10-sided die shows 9"]);
  });

  it("tells a phase begun anew (a loop around it) as a new one of it, another phase as its start", () => {
    const events = [phaseBegins("last_round", "turn"), phaseBegins("turn", "turn"), phaseBegins("turn", undefined)];
    expect(describeEvents(street, events, SEAT_0)).toEqual(["the last round phase begins", "a new turn begins", "the turn phase begins"]);
  });

  it("says nothing of an event not worth telling", () => {
    expect(describeEvent(street, changed("called", null, null), SEAT_0)).toBe("");
  });
});
