import { describe, expect, it } from "vitest";
import { addressed, cardName, enumLabel, possessive, renderText, seatList, seatName, valueName, zonePlace } from "./naming.js";
import { SEAT_0, street } from "./__fixtures__/street.js";

describe("seats, relative to the reader", () => {
  it("calls the reader 'you', people by seat number, and a seat the rules play by its label", () => {
    expect([0, 1, 2].map((seat) => seatName(street, seat, SEAT_0))).toEqual(["you", "seat 1", "Wealthy Nephew Merc"]);
    // Three people: seat 2 is a person's (the Merc comes with two only).
    expect(seatName(street, 2, { seat: 0, humans: 3 })).toBe("seat 2");
    // A bare seat: nothing says who is a bot, so every other seat is numbered.
    expect(seatName(street, 2, 0)).toBe("seat 2");
    expect(seatName(street, 0, null)).toBe("seat 0");
  });

  it("calls a seat by the name the app gives it, before a bot's label; the reader stays 'you'", () => {
    const app = { seat: 0, humans: 2, names: ["Ann", "Bob", "the Nephew"] };
    expect([0, 1, 2].map((seat) => seatName(street, seat, app))).toEqual(["you", "Bob", "the Nephew"]);
    expect(seatList(street, [0, 1, 2], app)).toBe("you, Bob and the Nephew");
    expect(seatName(street, 2, { seat: 0, humans: 2, names: [null, "Bob"] })).toBe("Wealthy Nephew Merc");
  });

  it("lists seats with the reader first and bots by label, and says whose", () => {
    expect(seatList(street, [2, 1, 0], SEAT_0)).toBe("you, seat 1 and Wealthy Nephew Merc");
    expect(seatList(street, [1, 3], { seat: null, humans: 4 })).toBe("seats 1 and 3");
    expect(seatList(street, [], SEAT_0)).toBe("nobody");
    expect([0, 1, 2].map((seat) => possessive(street, seat, SEAT_0))).toEqual(["your", "seat 1's", "Wealthy Nephew Merc's"]);
    expect(zonePlace(street, "deeds", 2, SEAT_0)).toBe("Wealthy Nephew Merc's deeds");
    expect(zonePlace(street, "bank_deeds", null, SEAT_0)).toBe("the bank's deeds");
  });
});

describe("cards, enum members and values", () => {
  it("names a card by the rules' name, else by its type and values", () => {
    expect(cardName(street, 3)).toBe("Phonics Place deed");
    expect(cardName(street, 4)).toBe("Deed 2 120 red");
    expect(cardName(street, 99)).toBe("card #99");
  });

  it("names an enum member by its label, else its name in words", () => {
    expect(enumLabel(street, "light_blue", "Colour")).toBe("light blue");
    expect(enumLabel(street, "light_blue")).toBe("light blue");
    expect(enumLabel(street, "dark_green", "Colour")).toBe("dark green");
  });

  it("names a value by its type", () => {
    expect(valueName(street, 2, "player", SEAT_0)).toBe("Wealthy Nephew Merc");
    expect(valueName(street, 0, "player", SEAT_0)).toBe("you");
    expect(valueName(street, true, "bool", SEAT_0)).toBe("yes");
    expect(valueName(street, 7, "int", SEAT_0)).toBe("7");
    expect(valueName(street, "light_blue", "Colour", SEAT_0)).toBe("light blue");
    expect(valueName(street, 5, "Chance", SEAT_0)).toBe("Advance to Go");
    expect(valueName(street, null, "player", SEAT_0)).toBe("none");
  });
});

describe("renderText: the rules' templates", () => {
  const buy = {
    type: "buy",
    parameters: { deed: { kind: "card", zone: "bank_deeds", cards: [3, 4] } },
    label: ["buy ", { parameter: "deed" }, " (", { parameter: "deed", field: "colour" }, ") for $", { parameter: "deed", field: "price" }],
  } as const;

  it("reads a move's parameter, and a field of the card it names, each by its type", () => {
    expect(renderText(street, buy.label, SEAT_0, { move: { type: "buy", deed: 3 }, option: buy })).toBe("buy Phonics Place deed (light blue) for $100");
    expect(renderText(street, buy.label, SEAT_0, { move: { type: "buy", deed: 4 }, option: buy })).toBe("buy Deed 2 120 red (red) for $120");
  });

  it("says a parameter not chosen yet by what it may be", () => {
    // A number field over the cards it may be is their span (prices 100 and 120); a few words, the choices.
    expect(renderText(street, buy.label, SEAT_0, { option: buy })).toBe("buy (one of 2 in the bank's deeds) (light blue or red) for $100–120");
    const draw = { type: "draw", parameters: { card: { kind: "card", zone: "chance", cards: [5, 6] } } } as const;
    expect(renderText(street, ["draw ", { parameter: "card" }], SEAT_0, { option: draw })).toBe("draw (one of 2 on the Chance pile)");
  });

  it("names values by their types: seats relative to the reader, cards, enum members", () => {
    const parts = [{ value: 2, type: "player" }, " lands on ", { value: 2, type: "Space" }, ", called ", { value: "light_blue", type: "Colour" }] as const;
    expect(renderText(street, parts, SEAT_0)).toBe("Wealthy Nephew Merc lands on Phonics Place, called light blue");
    // The reader's seat as the subject: "you", its verb agreeing.
    expect(renderText(street, parts, { seat: 2, humans: 2 })).toBe("you land on Phonics Place, called light blue");
  });

  it("says a seat's own thing to it as 'your'", () => {
    const leave = ["leave ", { value: 1, type: "player" }, "'s card"] as const;
    expect(renderText(street, leave, 1)).toBe("leave your card");
    expect(renderText(street, leave, SEAT_0)).toBe("leave seat 1's card");
  });

  it("makes every verb of the reader's clause agree, to its end: one joined by 'and', after a value too", () => {
    const owes = [{ value: 1, type: "player" }, " owes $", { value: 85, type: "int" }, " and has $", { value: 3, type: "int" }, ": ", { value: 1, type: "player" }, " must raise the rest"] as const;
    expect(renderText(street, owes, 1)).toBe("you owe $85 and have $3: you must raise the rest");
    expect(renderText(street, owes, SEAT_0)).toBe("seat 1 owes $85 and has $3: seat 1 must raise the rest");
    // The clause ends at the colon: what follows has a subject of its own.
    const after = [{ value: 1, type: "player" }, " passes and takes $1; the bank pays and moves on"] as const;
    expect(renderText(street, after, 1)).toBe("you pass and take $1; the bank pays and moves on");
    // Nouns joined with an article stay as they are.
    expect(renderText(street, [{ value: 1, type: "player" }, " takes the coins and the cards"], 1)).toBe("you take the coins and the cards");
  });
});

describe("addressed: the rules' words to their reader", () => {
  it("says 'you' to the seat named, its verb agreeing, and names a bot seat by its label", () => {
    expect(addressed(street, "seat 1 wins the auction", { seat: 1, humans: 2 })).toBe("you win the auction");
    expect(addressed(street, "Seat 1 is out: seat 1's deeds go back", 1)).toBe("You are out: your deeds go back");
    expect(addressed(street, "seat 2 buys; seat 12 waits", SEAT_0)).toBe("Wealthy Nephew Merc buys; seat 12 waits");
    expect(addressed(street, "Seat 2's turn", SEAT_0)).toBe("Wealthy Nephew Merc's turn");
    expect(addressed(street, "seat 1 wins", null)).toBe("seat 1 wins");
  });

  it("makes the reader's verbs joined by 'and' agree too, to the end of the clause", () => {
    expect(addressed(street, "seat 1 has the highest roll and starts", 1)).toBe("you have the highest roll and start");
    expect(addressed(street, "Seat 1 is bankrupt and retires from the game", 1)).toBe("You are bankrupt and retire from the game");
    expect(addressed(street, "seat 1 rolls doubles and leaves COURT", 1)).toBe("you roll doubles and leave COURT");
    expect(addressed(street, "Seat 1's card is Protected: seat 1 passes and takes $1", 1)).toBe("Your card is Protected: you pass and take $1");
    expect(addressed(street, "seat 1 owes $85 and has $3: seat 1 must raise the rest", 1)).toBe("you owe $85 and have $3: you must raise the rest");
    // Another seat's clause, and what follows the reader's clause, keep their verbs.
    expect(addressed(street, "seat 1 pays and leaves, seat 0 waits and watches", 1)).toBe("you pay and leave, seat 0 waits and watches");
    expect(addressed(street, "seat 0 has the highest roll and starts", 1)).toBe("seat 0 has the highest roll and starts");
    expect(addressed(street, "seat 1 and seat 0 make no deal", 0)).toBe("seat 1 and you make no deal");
    expect(addressed(street, "seat 0 pays seat 1 and takes the deed", 1)).toBe("seat 0 pays you and takes the deed");
  });
});
