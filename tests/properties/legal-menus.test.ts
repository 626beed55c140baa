// A menu offers only what is legal (issue 19): at every decision of random games of every compiled
// game, every value a `player`, `card` or `choice` domain lists, and each end of a `range`, is
// accepted by `check` when combined with some legal values of the option's other parameters (for
// an option with one parameter: simply accepted). Foreclosed!'s `offer` once listed the active
// player among the targets and then refused them ("make your offer to another player").

import { afterAll, describe, expect, it } from "vitest";
import { whoMayAct } from "@rules/runtime/internal";
import type { BaseState, CardId, Game, Move, MoveOption, ParameterDomain, Seat, Value } from "@rules/runtime/internal";
import { play, POLICIES, tables, type Deal } from "./harness.js";

/** Matches per table, and moves per match: enough to reach every kind of decision of each game. */
const MATCHES = 2;
const MOVES = 200;
/** Moves tried for one listed value before the search gives up, with an error rather than a verdict. */
const TRIES = 5_000;

type Candidate = Value | CardId[];

/** The values a domain lists one by one. */
function values(domain: Extract<ParameterDomain, { kind: "player" | "card" | "choice" }>): Candidate[] {
  return [...(domain.kind === "player" ? domain.players : domain.kind === "card" ? domain.cards : domain.values)];
}

/** The values a listed domain offers, each to be accepted. A range is told by its ends. */
function listed(domain: ParameterDomain): Candidate[] | null {
  if (domain.kind === "cards") return null;
  if (domain.kind !== "range") return values(domain);
  return domain.min === domain.max ? [domain.min] : [domain.min, domain.max];
}

/** Values of another parameter to try a listed value with: all of a list, a range's values from
 *  both ends inwards, a set of cards's empty set, single cards and pairs. */
function companions(domain: ParameterDomain): Candidate[] {
  if (domain.kind === "range") {
    const found: number[] = [];
    for (let low = domain.min, high = domain.max; low <= high && found.length < TRIES; low++, high--) {
      found.push(low);
      if (high !== low) found.push(high);
    }
    return found;
  }
  if (domain.kind !== "cards") return values(domain);
  const sets: CardId[][] = [[]];
  for (const [i, a] of domain.cards.entries()) {
    sets.push([a]);
    for (const b of domain.cards.slice(i + 1)) sets.push([a, b]);
  }
  return sets;
}

/** Is there a move of this option with `name` set to `value` that `check` accepts? */
function playable(game: Game, state: BaseState, seat: Seat, option: MoveOption, name: string, value: Candidate): boolean {
  const others = Object.entries(option.parameters).filter(([other]) => other !== name);
  let tries = 0;
  const search = (move: Record<string, Candidate>, next: number): boolean => {
    if (next === others.length) {
      if (tries++ === TRIES) throw new Error(`no legal ${option.type} with ${name} ${JSON.stringify(value)} found in ${TRIES} tries: search further`);
      return game.check(state, seat, move as Move) === null;
    }
    const [other, domain] = others[next]!;
    return companions(domain).some((v) => search({ ...move, [other]: v }, next + 1));
  };
  return search({ type: option.type, [name]: value }, 0);
}

/** Per game: decisions looked at, values checked, and values of several-parameter options. */
const figures = new Map<string, { decisions: number; values: number; combined: number }>();

describe.each(tables)("$name", (table) => {
  it("lists only values that some legal move uses", () => {
    const counted = figures.get(table.game.id) ?? { decisions: 0, values: 0, combined: 0 };
    figures.set(table.game.id, counted);
    for (let m = 0; m < MATCHES; m++) {
      const deal: Deal = { seed: 7919 * m + table.players, botSeed: 104729 * m + 1, policy: POLICIES[(m + table.players) % POLICIES.length]! };
      play(
        table,
        deal,
        (match) => {
          const activity = whoMayAct(match);
          if (activity.kind === "over") return;
          counted.decisions++;
          for (const seat of activity.players) {
            for (const option of table.game.legalMoves(match.state, seat)) {
              for (const [name, domain] of Object.entries(option.parameters)) {
                for (const value of listed(domain) ?? []) {
                  counted.values++;
                  if (Object.keys(option.parameters).length > 1) counted.combined++;
                  const where = `seed ${deal.seed}, bots ${deal.botSeed} (${deal.policy}), move ${match.log.length}, at "${match.state.pc}"`;
                  expect(playable(table.game, match.state, seat, option, name, value), `${where}: seat ${seat}'s ${option.type} lists ${name} ${JSON.stringify(value)}, which no legal move uses`).toBe(true);
                }
              }
            }
          }
        },
        MOVES,
      );
    }
  });
});

afterAll(() => {
  // Every game was played; Freak Shop's only parameters are sets of cards, so it lists nothing
  // this property checks.
  for (const game of new Set(tables.map((t) => t.game.id))) expect(figures.get(game)?.decisions, game).toBeGreaterThan(0);
  expect([...figures].filter(([, f]) => f.combined > 0).length).toBeGreaterThan(0);
  if (process.env["LEGAL_MENUS_FIGURES"]) console.log(JSON.stringify(Object.fromEntries(figures)));
});
