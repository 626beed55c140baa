// The property checkers must catch what they look for: each is shown a broken state, a leaky
// view or a lax game (For Sale, wrapped or corrupted here) and must report it.

import { describe, expect, it } from "vitest";
import { games } from "@rules/generated";
import { Rng, cloneJson, createMatch, viewFor } from "@rules/runtime/internal";
import type { BaseState, CardId, Game, Match } from "@rules/runtime/internal";
import { refusalProblems } from "./bad-moves.js";
import { cardProblems, resourceTotals } from "./conservation.js";
import { play, tables } from "./harness.js";
import type { Table } from "./harness.js";
import { secretDifferences, viewProblems } from "./secrets.js";

const forSale = games["for-sale"]!;
const fourPlayers: Table = tables.find((table) => table.game === forSale && table.players === 4)!;

interface ForSaleZones {
  property_deck: CardId[];
  currency_deck: CardId[];
  sold: CardId[];
  properties: CardId[][];
  offer: CardId[][];
  proceeds: CardId[][];
}

const zones = (state: BaseState) => state.zones as unknown as ForSaleZones;

/** The first match of a bot game, played with this seed, for which `wanted` holds. */
function firstMatch(wanted: (match: Match) => boolean): Match {
  let found: Match | undefined;
  play(fourPlayers, { seed: 7, botSeed: 7, policy: "any-option" }, (match) => {
    if (found === undefined && wanted(match)) found = match;
  });
  if (found === undefined) throw new Error("no such point in the game");
  return found;
}

/** Mid-auction: seat 0's properties and every seat's coins are its own secrets. */
const buying = firstMatch((match) => zones(match.state).properties.every((cards) => cards.length > 0));
/** Mid-sale: some seats have chosen a card in secret, some have not. */
const selling = firstMatch(
  (match) =>
    match.state.pending !== null &&
    match.state.pending.some((move) => move !== null) &&
    match.state.pending.some((move) => move === null),
);
const chosen = selling.state.pending!.findIndex((move) => move !== null);
const notChosen = selling.state.pending!.findIndex((move) => move === null);

function corrupted(change: (state: BaseState) => void): BaseState {
  const state = cloneJson(buying.state);
  change(state);
  return state;
}

describe("cardProblems", () => {
  it("finds nothing wrong as a match is played", () => {
    expect(cardProblems(forSale.meta, createMatch(forSale, { players: 3, seed: 1 }).state)).toEqual([]);
    expect(cardProblems(forSale.meta, buying.state)).toEqual([]);
  });

  it("reports a card in two zones, a card in none, a stranger, a card of the wrong type and an unknown zone", () => {
    const top = zones(buying.state).property_deck[0]!;
    expect(
      cardProblems(
        forSale.meta,
        corrupted((s) => void zones(s).sold.push(top)),
      ),
    ).toEqual([`card ${top} is both in property_deck and in sold`]);
    expect(
      cardProblems(
        forSale.meta,
        corrupted((s) => void zones(s).property_deck.shift()),
      ),
    ).toEqual([`card ${top} (Property) is in no zone`]);
    expect(
      cardProblems(
        forSale.meta,
        corrupted((s) => void zones(s).sold.push(999)),
      ),
    ).toEqual(["sold holds 999, which is not a card of the game"]);
    const currency = zones(buying.state).currency_deck[0]!;
    expect(
      cardProblems(
        forSale.meta,
        corrupted((s) => void zones(s).sold.push(zones(s).currency_deck.shift()!)),
      ),
    ).toEqual([`sold holds card ${currency}, a Currency, but holds Property cards`]);
    expect(
      cardProblems(
        forSale.meta,
        corrupted((s) => void (s.zones["attic"] = [])),
      ),
    ).toEqual(['the state has a zone "attic" that the meta does not list']);
  });

  it("reports a zone over its capacity and a per-player zone without a list per seat", () => {
    const twoOffered = corrupted((s) => {
      zones(s).offer[1] = zones(s).property_deck.splice(0, 2);
    });
    expect(cardProblems(forSale.meta, twoOffered)).toEqual(["offer[1] holds 2 cards, over its capacity of 1"]);
    expect(
      cardProblems(
        forSale.meta,
        corrupted((s) => void zones(s).proceeds.pop()),
      ),
    ).toContain("per-player zone proceeds is not one list of cards per seat");
  });
});

describe("resourceTotals", () => {
  it("adds the bank and every seat's coins, and sees one coin made from nothing", () => {
    const vars = buying.state.vars as { bank: number; coins: number[] };
    const total = vars.bank + vars.coins.reduce((sum, coins) => sum + coins, 0);
    expect(resourceTotals(forSale.meta, buying.state)).toEqual({ money: total });
    // "60 coins of $1,000 and 12 coins of $2,000"
    expect(total).toBe(84);
    const richer = cloneJson(buying.state);
    (richer.vars["coins"] as number[])[2]! += 1;
    expect(resourceTotals(forSale.meta, richer)).toEqual({ money: 85 });
  });
});

/** For Sale with another view function. */
function withView(view: (state: BaseState, seat: number | null) => unknown): Game {
  return { ...forSale, view };
}

describe("viewProblems", () => {
  it("finds nothing wrong in the views of every seat and of a spectator", () => {
    for (const match of [buying, selling]) {
      for (const seat of [null, 0, 1, 2, 3]) {
        expect(viewProblems(forSale.meta, match.state, viewFor(match, seat), seat)).toEqual([]);
      }
    }
  });

  it("reports another seat's cards and coins in a seat's view", () => {
    const problems = viewProblems(forSale.meta, buying.state, viewFor(buying, 1), 0);
    const coins = (buying.state.vars["coins"] as number[])[1];
    const cards = zones(buying.state).properties[1];
    expect(problems).toContain(`the view shows the cards of properties[1]: ${JSON.stringify(cards)}`);
    expect(problems).toContain(`the view shows owner coins[1]: ${coins}`);
    // ...and misses the seat's own.
    const own = zones(buying.state).properties[0];
    expect(problems).toContain(`the view shows undefined in properties[0], which holds ${JSON.stringify(own)}`);
  });

  it("reports a hidden deck shown, a wrong count and another seat's secret submission", () => {
    const view = viewFor(selling, notChosen) as { zones: Record<string, unknown>; vars: unknown };
    const deck = zones(selling.state).currency_deck;
    const leaky = { ...view, zones: { ...view.zones, currency_deck: { count: deck.length + 1, cards: deck } } };
    const secret = selling.state.pending![chosen];
    expect(viewProblems(forSale.meta, selling.state, { ...leaky, peek: [secret] }, notChosen)).toEqual([
      `the view counts ${deck.length + 1} cards in currency_deck, which holds ${deck.length}`,
      `the view shows the cards of currency_deck: ${JSON.stringify(deck)}`,
      `the view contains seat ${chosen}'s secret submission ${JSON.stringify(secret)}`,
    ]);
  });

  it("reports a per-card value shown for a card the seat cannot identify, or left out for one it can", () => {
    // Keys to Knowledge: a deed's books are public, wherever the seat can tell the deed apart; the
    // deeds boxed for a smaller board lie hidden, so their books must not show.
    const keys = games["keys-to-knowledge"]!;
    const match = createMatch(keys, { players: 3, seed: 3 });
    const state = match.state as BaseState & { zones: { box_deeds: CardId[]; bank_deeds: CardId[] } };
    const view = viewFor(match, 0) as { zones: unknown; vars: Record<string, Record<string, number>> };
    expect(viewProblems(keys.meta, state, view, 0)).toEqual([]);
    const [boxed] = state.zones.box_deeds;
    const [banked] = state.zones.bank_deeds;
    if (boxed === undefined || banked === undefined) throw new Error("no boxed or banked deed to show");
    const leaky = { ...view, vars: { ...view.vars, books: { ...view.vars["books"], [boxed]: 0 } } };
    expect(viewProblems(keys.meta, state, leaky, 0)).toEqual([expect.stringMatching(/^the view shows books as .*; the seat can identify /)]);
    const { [banked]: _left, ...short } = view.vars["books"]!;
    expect(viewProblems(keys.meta, state, { ...view, vars: { ...view.vars, books: short } }, 0)).toHaveLength(1);
  });
});

describe("secretDifferences", () => {
  const rng = () => new Rng(3);

  it("finds no difference in For Sale's own views", () => {
    for (const match of [buying, selling]) {
      for (const seat of [null, 0, 1, 2, 3]) expect(secretDifferences(forSale, match.state, seat, rng())).toEqual([]);
    }
  });

  it("sees a view that shows every seat's coins", () => {
    const game = withView((state, seat) => ({ ...(forSale.view(state, seat) as object), purses: state.vars["coins"] }));
    const found = secretDifferences(game, buying.state, 0, rng());
    expect(found.filter((line) => line.startsWith("coins[0]"))).toEqual([]);
    expect(found.filter((line) => /^coins\[[123]\] changed/.test(line))).toHaveLength(3);
  });

  it("sees a view that shows the order of the deck, the random generator, or a secret submission", () => {
    const deckOrder = withView((state, seat) => ({
      ...(forSale.view(state, seat) as object),
      deck: state.zones["property_deck"],
    }));
    expect(secretDifferences(deckOrder, buying.state, 2, rng())).toEqual([
      "the secret cards dealt anew changes the view of seat 2",
    ]);
    const random = withView((state, seat) => ({ ...(forSale.view(state, seat) as object), random: state.random.s }));
    expect(secretDifferences(random, buying.state, null, rng())).toEqual([
      "the random generator moved on changes the view of a spectator",
    ]);
    const submissions = withView((state, seat) => ({ ...(forSale.view(state, seat) as object), all: state.pending }));
    const found = secretDifferences(submissions, selling.state, notChosen, rng());
    expect(found.some((line) => line.startsWith(`seat ${chosen}'s submission`))).toBe(true);
  });
});

describe("refusalProblems", () => {
  it("finds nothing wrong with For Sale's refusals", () => {
    for (const match of [buying, selling]) expect(refusalProblems(match, new Rng(5))).toEqual([]);
  });

  it("reports a game that accepts anything, or whose check changes the state", () => {
    const lax: Game = { ...forSale, check: () => null, apply: () => undefined };
    const accepted = refusalProblems({ ...buying, game: lax }, new Rng(5));
    expect(accepted.some((line) => line.endsWith(": accepted"))).toBe(true);
    expect(accepted.some((line) => line.endsWith(": the game's check accepts it"))).toBe(true);
    const meddling: Game = {
      ...forSale,
      check: (state, seat, move) => {
        if (!Object.isFrozen(state)) state.pc = "meddled";
        return forSale.check(state, seat, move);
      },
    };
    expect(refusalProblems({ ...buying, game: meddling }, new Rng(5))).toContainEqual(
      expect.stringMatching(/the game's check changed the state$/),
    );
  });
});
