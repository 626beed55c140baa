// Presentation in the language: card names and texts worked out before play, enum labels, option
// labels and transfer reasons as text parts, variables shown only at times, board layouts, and the
// diagnostics for a template that cannot be shown or would show what a reader may not see.
import { describe, expect, test } from "vitest";
import * as runtime from "@rules/runtime/internal";
import { describeEvents, tableOf } from "@rules/runtime/present";
import { checkGame } from "../check-game.js";
import { loadRulesGame } from "../testing/load-game.js";

const game = (body: string): string => `
game "Shop" {
  players 2..3
}
enum Colour { light_blue "light blue", red }
card Lot {
  colour: Colour
  price: int
  name "{colour} lot (\${price})"
  cards for c in [Colour.light_blue, Colour.red], p in [10, 20] { colour: c, price: p }
  cards { colour: Colour.red, price: 99 } name "the Grand Lot" text "Worth {price} on its own."
}
zone deck: Lot stack hidden = all Lot "the deck"
zone market: Lot row public "the market"
per player zone hand: Lot pile owner "hand"
var bank: int hidden = 100 "the bank"
per player var cash: int public = 10 "cash"
per player var secret: int owner = 0
var debt: int public = 0 "debt" shown as "\${debt} owed to {creditor}" when debt > 0
var creditor: player public = 0 bookkeeping
per player var bought: bool public = false shown when bought[owner]
conserve money: bank, cash
setup {
  deal 2 from deck to market
}
flow {
  ask 0 {
    buy(l in market) "buy {l} for \${l.price}" {
      transfer l.price from cash[0] to bank "{l} bought"
      move l to hand[0]
      bought[0] = true
      debt = 3
      creditor = 1
    }
    wait "wait with \${cash[0]} in hand" { }
  }
}
${body}
score p: cash[p]
`;

const codes = (text: string): string[] =>
  checkGame("shop", [{ path: "shop.rules", text }]).diagnostics.map((d) => `${d.line}:${d.code}`);

/** The line of a text on which `needle` stands, as diagnostics count (1 first). */
const lineOf = (text: string, needle: string): number => text.slice(0, text.indexOf(needle)).split("\n").length;

/** The diagnostics of the game with one change, each expected at the line of the new text. */
const expectCodes = (from: string, to: string, expected: readonly string[]): void => {
  const text = game("").replace(from, to);
  expect(text).not.toBe(game(""));
  expect(codes(text)).toEqual(expected.map((code) => `${lineOf(text, to)}:${code}`));
};

describe("presentation", () => {
  test("cards are named and described before play, enum members by their labels", async () => {
    const played = await loadRulesGame("shop", game(""), runtime);
    const names = played.meta.cards.map((c) => c.name);
    // The cards of each line in the order of its binders, the last fastest: of its members in order: light blue 10, light blue 20, red 10, red 20, then the line of its own.
    expect(names).toEqual(["light blue lot ($10)", "light blue lot ($20)", "red lot ($10)", "red lot ($20)", "the Grand Lot"]);
    expect(played.meta.cards.map((c) => c.text)).toEqual([undefined, undefined, undefined, undefined, "Worth 99 on its own."]);
    expect(played.meta.enums).toEqual({ Colour: { light_blue: "light blue", red: "red" } });
  });

  test("options carry their labels: parameters by reference, the state read when the menu is listed", async () => {
    const played = await loadRulesGame("shop", game(""), runtime);
    const state = played.setup({ players: 2, seed: 1 });
    played.advance(state);
    const options = played.legalMoves(state, 0);
    expect(options.find((o) => o.type === "buy")?.label).toEqual(["buy ", { parameter: "l" }, " for $", { parameter: "l", field: "price" }]);
    expect(options.find((o) => o.type === "wait")?.label).toEqual(["wait with $", { value: 10, type: "int" }, " in hand"]);
  });

  test("a transfer is told with its reason; bookkeeping is marked; a shown line appears only while its condition holds", async () => {
    const played = await loadRulesGame("shop", game(""), runtime);
    const state = played.setup({ players: 2, seed: 1 });
    played.advance(state);
    const before = played.shown!(played.view(state, 1), 1);
    expect(before).toEqual({ debt: null, bought: [null, null] });
    const lot = (state.zones.market as number[])[0]!;
    const events = runtime.recordEvents(state, (s) => played.apply(s, 0, { type: "buy", l: lot }));
    const transfer = events.find((e) => e.kind === "transfer");
    expect(transfer).toMatchObject({ amount: played.meta.cards[lot]!.fields.price, why: [{ value: lot, type: "Lot" }, " bought"] });
    const after = played.shown!(played.view(state, 1), 1);
    expect(after).toEqual({ debt: ["$", { value: 3, type: "int" }, " owed to ", { value: 1, type: "player" }], bought: [[{ value: true, type: "bool" }], null] });
    expect(played.meta.vars.find((v) => v.name === "creditor")?.shown).toBe("bookkeeping");
    expect(played.meta.vars.find((v) => v.name === "debt")?.shown).toBe("when");
  });

  test("a per-card value with a bare `shown` is told at its start value too, at the table", async () => {
    const text = game("per Lot var bids: int public = 0 shown\nper Lot var sold: int public = 0");
    const played = await loadRulesGame("shop", text, runtime);
    expect(played.meta.vars.find((v) => v.name === "bids")?.shown).toBe("always");
    expect(played.meta.vars.find((v) => v.name === "sold")?.shown).toBeUndefined();
    const state = played.setup({ players: 2, seed: 1 });
    played.advance(state);
    const market = tableOf(played, played.view(state, 0), 0, undefined, []).areas[0]!.zones.find((z) => z.name === "market")!;
    expect(market.cards.map((card) => card.values.map((v) => v.text))).toEqual([["bids 0"], ["bids 0"]]);
  });

  test("a board is laid out by a field, with the seats standing on it", async () => {
    const text = game("")
      .replace('zone market: Lot row public "the market"', 'zone market: Lot row public "the market" layout board by price with Lot.price')
      .replace('per player var secret: int owner = 0', "per player var secret: int owner = 0\nper player var at: int public = 10 on market");
    const played = await loadRulesGame("shop", text, runtime);
    expect(played.meta.zones.find((z) => z.name === "market")?.layout).toEqual({ kind: "board", by: "price", with: { type: "Lot", field: "price" } });
    expect(played.meta.vars.find((v) => v.name === "at")?.on).toBe("market");
  });

  test("diagnostics: what a template may not show, and what it cannot", () => {
    // A label that reads an owner's secret, a reason reading the hidden bank, a shown line over a hidden zone's cards.
    expectCodes('"wait with ${cash[0]} in hand"', '"wait with {secret[0]}"', ["check/shows-hidden"]);
    expectCodes('"{l} bought"', '"{l} bought from a bank of {bank}"', ["check/shows-hidden"]);
    expectCodes("when debt > 0", "when count(d in deck where d.price > 10) > 0", ["check/shows-hidden"]);
    // How many cards a hidden zone holds is seen by all.
    expectCodes("when debt > 0", "when count(deck) > 0", []);
    // An unknown field, a name that is not constant, a zone in a template, an unknown layout, a token on no board.
    expectCodes('name "{colour} lot (${price})"', 'name "{colour} lot ({cost})"', ["check/unknown-name"]);
    expectCodes('name "{colour} lot (${price})"', 'name "{colour} lot for {player_count}"', ["check/not-constant"]);
    expectCodes('"wait with ${cash[0]} in hand"', '"wait with {market}"', ["check/type-mismatch"]);
    expectCodes('"the market"', '"the market" layout spiral', ["check/unknown-layout"]);
    expectCodes("per player var secret: int owner = 0", "per player var at: int public = 0 on market", ["check/not-a-board"]);
    // A label reads its parameters by reference only: a value worked out from one is not known when the menu is listed.
    expectCodes('"buy {l} for ${l.price}"', '"buy {l} for ${l.price + debt}"', ["check/label-parameter"]);
    expectCodes('"buy {l} for ${l.price}"', '"buy {l} for ${sum(l in market: l.price)}"', []);
    // A unit is for a whole number, and is one word or a symbol.
    expectCodes("per player var bought: bool public = false", 'per player var bought: bool public = false unit "coin"', ["check/type-mismatch"]);
    expectCodes('per player var cash: int public = 10 "cash"', 'per player var cash: int public = 10 "cash" unit "gold coin"', ["check/type-mismatch"]);
    expectCodes('per player var cash: int public = 10 "cash"', 'per player var cash: int public = 10 "cash" unit "$"', []);
  });

  test("a tie-breaker is named by its label in the game's meta; a score of one line takes none, and a label says something", async () => {
    expectCodes("score p: cash[p]", 'score p: cash[p]\ntiebreak p: cash[p] "cash left"', []);
    expectCodes("score p: cash[p]", 'score p: cash[p] "cash"', ["check/score-label"]);
    expectCodes("score p: cash[p]", 'tiebreak p: cash[p] " "\nscore p: cash[p]', ["check/score-label"]);
    // Reported at the label itself.
    const text = game("").replace("score p: cash[p]", 'score p: cash[p] "cash"');
    const [report] = checkGame("shop", [{ path: "shop.rules", text }]).diagnostics;
    expect(report).toMatchObject({ line: lineOf(text, 'score p: cash[p] "cash"'), column: 18 });
    const named = await loadRulesGame("shop", game("").replace("score p: cash[p]", 'score p: cash[p]\ntiebreak p: 0\ntiebreak p: cash[p] "cash left"'), runtime);
    expect(named.meta.tiebreaks).toEqual([{ label: null, list: false }, { label: "cash left", list: false }]);
    // No tie-breaker named: the meta says none.
    expect((await loadRulesGame("shop", game("").replace("score p: cash[p]", "score p: cash[p]\ntiebreak p: 0"), runtime)).meta.tiebreaks).toBeUndefined();
  });

  test("an amount is told in its variable's unit: a symbol before the number, a word after it", async () => {
    const text = game("").replace('var bank: int hidden = 100 "the bank"', 'var bank: int hidden = 100 "the bank" unit "coin"').replace('= 10 "cash"', '= 10 "cash" unit "$"');
    const played = await loadRulesGame("shop", text, runtime);
    expect(played.meta.vars.filter((v) => v.unit !== undefined).map((v) => [v.name, v.unit])).toEqual([
      ["bank", "coin"],
      ["cash", "$"],
    ]);
    const state = played.setup({ players: 2, seed: 1 });
    played.advance(state);
    const lot = (state.zones.market as number[])[0]!;
    const price = played.meta.cards[lot]!.fields.price as number;
    const events = runtime.recordEvents(state, (s) => played.apply(s, 0, { type: "buy", l: lot }));
    // The unit of the variable the money leaves: cash's "$".
    expect(describeEvents(played, events, 1).find((line) => line.includes("pays"))).toBe(`seat 0 pays $${price} to the bank: ${played.meta.cards[lot]!.name} bought`);
    // The table adds a symbol to a value; a word would repeat its label ("coins: 3").
    const you = tableOf(played, played.view(state, 0), 0, undefined, []).areas.find((area) => area.seat === 0)!;
    expect(you.vars.find((v) => v.name === "cash")?.text).toBe(`$${10 - price}`);
  });
});
