// The move the rules make for a seat that does not decide (`defaultMove`): the rules' `default` option,
// a race's decline, a window's done; none where the rules name none. Read from the compiled games.
import { describe, expect, test } from "vitest";
import { applyMove, createMatch, defaultMove, legalMoves, whoMayAct, type AnyGame, type Match } from "@rules/runtime";
import { game as forSale } from "@rules/generated/for-sale";
import { game as ladyRichmond } from "@rules/generated/lady-richmond";

/** Plays `match` on with each seat's first legal move until `until` holds (or 2,000 moves). */
function playUntil<G extends AnyGame>(match: Match<G>, until: (m: Match<G>) => boolean): Match<G> {
  for (let moves = 0; moves < 2_000 && !until(match); moves++) {
    const seat = whoMayAct(match).players[0]!;
    const option = legalMoves(match, seat)[0]!;
    const move = { type: option.type, ...Object.fromEntries(Object.entries(option.parameters).map(([name, domain]) => [name, domain.kind === "range" ? domain.min : domain.kind === "player" ? domain.players[0] : domain.kind === "choice" ? domain.values[0] : domain.kind === "card" ? domain.cards[0] : []])) };
    const outcome = applyMove(match, seat, move as never);
    if (!outcome.ok) throw new Error(outcome.error.reason);
    match = outcome.match;
  }
  return match;
}

describe("defaultMove", () => {
  test("For Sale: a bidder's default is to pass; selling a card has none", () => {
    const match = createMatch(forSale, { players: 3, seed: 4 });
    const bidder = whoMayAct(match).players[0]!;
    expect(defaultMove(match, bidder)).toEqual({ type: "pass" });
    const selling = playUntil(match, (m) => whoMayAct(m).kind === "simultaneous");
    expect(whoMayAct(selling).kind).toBe("simultaneous");
    expect(defaultMove(selling, whoMayAct(selling).players[0]!)).toBeNull();
  });

  test("a seat that may not move now has no default move", () => {
    const match = createMatch(forSale, { players: 3, seed: 4 });
    const other = [0, 1, 2].find((seat) => !whoMayAct(match).players.includes(seat))!;
    expect(defaultMove(match, other)).toBeNull();
  });

  test("Lady Richmond: at the race for the auction block, the default is to decline", () => {
    const match = playUntil(createMatch(ladyRichmond, { players: 3, seed: 2 }), (m) => whoMayAct(m).kind === "race");
    expect(whoMayAct(match).kind).toBe("race");
    expect(defaultMove(match, whoMayAct(match).players[0]!)).toEqual({ type: "decline" });
  });
});
