import { describe, expect, it } from "vitest";
import type { Game, MoveOption } from "../contract.js";
import { tableOf } from "./table.js";
import { tableText } from "./table-text.js";
import { SEAT_0, street, streetView } from "./__fixtures__/street.js";

const buy: MoveOption = {
  type: "buy",
  parameters: { deed: { kind: "card", zone: "bank_deeds", cards: [4] } },
  label: ["buy ", { parameter: "deed" }, " for $", { parameter: "deed", field: "price" }],
};
const offer: MoveOption = { type: "offer", parameters: { buyer: { kind: "player", players: [1, 2] }, amount: { kind: "range", min: 1, max: 150 } } };

describe("tableOf", () => {
  const model = tableOf(street, streetView, SEAT_0, { kind: "turn", players: [0] }, [buy, offer]);

  it("lays the board out by position, with the seats standing on each space and the deeds of it wherever they lie", () => {
    const board = model.areas[0]!.zones.find((zone) => zone.name === "board")!;
    expect(board.layout).toBe("board");
    expect(board.spaces!.map((space) => [space.card.name, space.seats, space.standing])).toEqual([
      ["Go", [2], "Wealthy Nephew Merc"],
      ["Phonics Place", [0, 1], "you and seat 1"],
      ["Reading Road", [], null],
    ]);
    expect(board.spaces![1]!.cards).toEqual([
      { card: { id: 3, name: "Phonics Place deed", values: [{ name: "houses", label: "houses", value: 2, text: "houses 2" }] }, zone: "deeds", seat: 0, where: "your deeds" },
    ]);
    expect(board.spaces![2]!.cards.map(({ card, where }) => [card.name, card.values.map((v) => v.text), where])).toEqual([
      ["Deed 2 120 red", ["mortgaged"], "the bank's deeds"],
    ]);
  });

  it("tells a per-card value at its start value too when the rules say `shown` (meta `shown: always`)", () => {
    const vars = street.meta.vars.map((v) => (v.name === "houses" ? { ...v, shown: "always" as const } : v));
    const shownGame = { ...street, meta: { ...street.meta, vars } } as Game;
    const board = tableOf(shownGame, streetView, SEAT_0, { kind: "turn", players: [0] }, []).areas[0]!.zones.find((zone) => zone.name === "board")!;
    // Deed 4 has no houses: left out above, told here; deed 3 still has its 2.
    expect(board.spaces![2]!.cards.map(({ card }) => card.values.map((v) => v.text))).toEqual([["houses 0", "mortgaged"]]);
    expect(board.spaces![1]!.cards.map(({ card }) => card.values.map((v) => v.text))).toEqual([["houses 2"]]);
  });

  it("shows a `count` zone as its count, a `top` zone as its top card, hidden cards as counts", () => {
    const zones = model.areas[0]!.zones;
    expect(zones.find((zone) => zone.name === "chance")).toMatchObject({ layout: "count", count: 1, cards: [], hidden: 1 });
    const discards = zones.find((zone) => zone.name === "discards")!;
    expect([discards.layout, discards.count, discards.cards.map((card) => card.name)]).toEqual(["top", 2, ["Pay $50"]]);
    const seat1 = model.areas.find((area) => area.seat === 1)!;
    expect(seat1.zones.find((zone) => zone.name === "hand")).toMatchObject({ layout: "hand", count: 1, cards: [], hidden: 1 });
  });

  it("goes round from the reader, calls a bot by its label, and names variables' values in words", () => {
    expect(model.areas.map((area) => area.label)).toEqual(["On the table", "You (seat 0)", "Seat 1", "Wealthy Nephew Merc"]);
    // The bookkeeping variable is left out; the colour by its label, the leader by the bot's.
    expect(model.areas[0]!.vars.map((v) => [v.name, v.text])).toEqual([
      ["bank", "500"],
      ["called", "light blue"],
      ["leader", "Wealthy Nephew Merc"],
    ]);
    // A token is said by the space it stands on; in jail only while the rules' line is given.
    // A space with a card standing on it (`with`) is called by that card: the deed of Phonics Place.
    expect(model.areas[1]!.vars.map((v) => [v.name, v.kind, v.text])).toEqual([
      ["coins", "value", "150"],
      ["at", "value", "Phonics Place deed"],
    ]);
    expect(model.areas[2]!.vars.map((v) => [v.name, v.kind, v.text])).toEqual([
      ["coins", "value", "hidden"],
      ["at", "value", "Phonics Place deed"],
      ["in_jail", "line", "in jail (2 turns left)"],
    ]);
  });

  it("says whose turn it is and gives the options with their choices labelled", () => {
    expect(model.turn).toBe("your turn");
    expect(model.decision).toEqual({
      seat: 0,
      kind: "turn",
      options: [
        {
          type: "buy",
          text: "buy Deed 2 120 red for $120",
          parameters: [{ name: "deed", label: "deed", kind: "card", zone: "the bank's deeds", choices: [{ value: 4, label: "Deed 2 120 red" }] }],
        },
        {
          type: "offer",
          text: "offer buyer (seat 1 / Wealthy Nephew Merc), amount 1..150",
          parameters: [
            { name: "buyer", label: "buyer", kind: "player", choices: [{ value: 1, label: "seat 1" }, { value: 2, label: "Wealthy Nephew Merc" }] },
            { name: "amount", label: "amount", kind: "range", min: 1, max: 150 },
          ],
        },
      ],
    });
    // Not the reader's decision: no options, whatever is given.
    expect(tableOf(street, streetView, SEAT_0, { kind: "turn", players: [1] }, [buy]).decision).toBeNull();
  });

  it("names a parameter of one or two letters by what it is: its card type, a player, a number", () => {
    const sell: MoveOption = {
      type: "sell",
      parameters: { d: { kind: "card", zone: "deeds", cards: [3] }, to: { kind: "player", players: [1, 2] }, n: { kind: "range", min: 1, max: 3 } },
    };
    const decision = tableOf(street, streetView, SEAT_0, { kind: "turn", players: [0] }, [sell]).decision!;
    expect(decision.options[0]!.parameters.map((p) => [p.name, p.label])).toEqual([
      ["d", "deed"],
      ["to", "player"],
      ["n", "number"],
    ]);
  });

  it("is plain JSON", () => {
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
  });
});

describe("tableOf: the other layouts", () => {
  const laidOut = (kind: "track" | "row" | "pile"): Game => ({
    ...street,
    meta: { ...street.meta, zones: street.meta.zones.map((zone) => (zone.name === "discards" ? { ...zone, layout: { kind } } : zone)) },
  });
  const discards = (game: Game): string[] => tableText(tableOf(game, streetView, SEAT_0)).filter((line) => line.startsWith("  The Chance discards"));

  it("numbers a track from 1 as it lies, keeps a row as it lies and sorts a pile in card order", () => {
    // The discards hold Pay $50 (card 6) on top of Advance to Go (card 5).
    expect(discards(laidOut("track"))).toEqual(["  The Chance discards: 1. Pay $50, 2. Advance to Go"]);
    expect(discards(laidOut("row"))).toEqual(["  The Chance discards: Pay $50, Advance to Go"]);
    expect(discards(laidOut("pile"))).toEqual(["  The Chance discards: Advance to Go, Pay $50"]);
  });
});

describe("a bookkeeping zone", () => {
  it("is on the table only while it holds a card: never among the empty places", () => {
    const lines = (view: typeof streetView) => tableText(tableOf(street, view, SEAT_0));
    expect(lines(streetView).filter((line) => /escrow|Empty/.test(line))).toEqual([]);
    // The bank's deed on its way: in the escrow, and where the board says it lies.
    const holding = { ...streetView, zones: { ...streetView.zones, bank_deeds: { count: 0, cards: [] }, escrow: { count: 1, cards: [4] } } };
    expect(lines(holding).filter((line) => /escrow/.test(line))).toEqual([
      "    Deed 2 120 red (mortgaged), in the escrow",
      "  The escrow: Deed 2 120 red (mortgaged)",
    ]);
  });
});

describe("tableText", () => {
  it("prints the model as the terminal shows it", () => {
    expect(tableText(tableOf(street, streetView, SEAT_0, { kind: "turn", players: [0] }, [buy]))).toEqual([
      "Phase: buying",
      "On the table:",
      "  The board:",
      "    Go; Wealthy Nephew Merc here",
      "    Phonics Place deed (houses 2), in your deeds; you and seat 1 here",
      "    Deed 2 120 red (mortgaged), in the bank's deeds",
      "  The bank's deeds: Deed 2 120 red (mortgaged)",
      "  The Chance pile: 1 card",
      "  The Chance discards: Pay $50 on top (2 cards)",
      "  The bank: 500",
      "  The colour called: light blue",
      "  The leader: Wealthy Nephew Merc",
      "You (seat 0):",
      "  Deeds: Phonics Place deed (houses 2)",
      "  Hand: empty",
      "  Coins: 150",
      "  Square: Phonics Place deed",
      "Seat 1:",
      "  Deeds: empty",
      "  Hand: 1 card, face down",
      "  Coins: hidden",
      "  Square: Phonics Place deed",
      "  In jail (2 turns left)",
      "Wealthy Nephew Merc:",
      "  Deeds: empty",
      "  Hand: empty",
      "  Coins: hidden",
      "  Square: Go",
      "Your moves:",
      "  1) buy Deed 2 120 red for $120",
    ]);
  });
});
