// Long chains of operators are written flat and in runs of 32 (see chainText in code.ts), so that
// Prettier and TypeScript stay shallow on them. The runs must mean exactly what the chain means:
// each value here is worked out by hand from the rules, and the game is played to read it back.
import { describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const chain = (terms: readonly string[], operators: (i: number) => string): string =>
  terms.map((term, i) => (i === 0 ? term : `${operators(i)} ${term}`)).join(" ");

const rules = (assignments: string): string => `game "Chains" {
  players 2..2
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Token stack hidden = all Token
per player zone hand: Token pile owner
var result: int public = 0
var second: int public = 0
flow {
${assignments}
}
score p: result
`;

/** Plays the flow (it asks nobody) and reads the public variables back from the table's view. */
async function run(assignments: string): Promise<Record<string, unknown>> {
  const game = await loadRulesGame("chains", rules(assignments), runtime);
  const state = game.setup({ players: 2, seed: 1 });
  game.advance(state);
  expect(game.activity(state).kind).toBe("over");
  return JSON.parse(JSON.stringify(game.view(state, null))) as Record<string, unknown>;
}

describe("long chains keep their meaning", () => {
  test("100 - 1 - 1 - … (99 ones) is 1: the runs after a minus have their signs flipped", async () => {
    const text = chain(["100", ...Array<string>(99).fill("1")], () => "-");
    expect(await run(`  result = ${text}`)).toMatchObject({ vars: { result: 1 } });
  }, 60_000);

  test("1 + 2 - 3 + 4 - 5 … + 100 alternates; a 501-term sum, at the limit, compiles", async () => {
    // Pairs (+2i, -(2i+1)) for i = 1..49 each give -1: 1 + 49 * (-1) + 100 = 52.
    const mixed = chain(Array.from({ length: 100 }, (_, i) => String(i + 1)), (i) => (i % 2 === 1 ? "+" : "-"));
    const sum = chain(Array<string>(501).fill("2"), () => "+");
    expect(await run(`  result = ${mixed}\n  second = ${sum}`)).toMatchObject({ vars: { result: 52, second: 1002 } });
  }, 60_000);

  test("a product of 40 factors, four of them 2, is 16", async () => {
    const factors = Array.from({ length: 40 }, (_, i) => (i % 10 === 9 ? "2" : "1"));
    expect(await run(`  result = ${chain(factors, () => "*")}`)).toMatchObject({ vars: { result: 16 } });
  }, 60_000);

  test("a long 'and' still stops at its first false, and a long 'or' at its first true", async () => {
    // The hand is empty: the 40th term is false, and the 41st, top of the empty hand, would fault if read.
    const and = chain(
      [...Array<string>(39).fill("true"), "count(hand[0]) > 0", "top(hand[0]).value > 0", ...Array<string>(30).fill("true")],
      () => "and",
    );
    const or = chain([...Array<string>(39).fill("false"), "count(hand[0]) == 0", "top(hand[0]).value > 0", ...Array<string>(30).fill("false")], () => "or");
    const flow = `  if ${and} { result = 1 } else { result = 2 }\n  if ${or} { second = 1 } else { second = 2 }`;
    expect(await run(flow)).toMatchObject({ vars: { result: 2, second: 1 } });
  }, 60_000);
});
