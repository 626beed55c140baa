// best_sets is told which cards are alike to its scorer: those equal in the rule's field and in every
// field the scorer reads, through the functions it calls. The search counts such cards instead of
// telling them apart; a field left out would merge cards the scorer tells apart.
import { describe, expect, test } from "vitest";
import { compileGame } from "../index.js";

const rules = (scoring: string): string => `
game "Sets" {
  players 2..3
}
enum Colour { red, blue }
card Token {
  value: int
  colour: Colour
  shiny: bool
  weight: int
  cards for v in 1..4, c in 1..2 { value: v, colour: if c == 1 then Colour.red else Colour.blue, shiny: c == 2, weight: v * c }
}
per player zone hand: Token pile owner
zone deck: Token stack hidden = all Token
flow {
  for p in players { ask p { pass { } } }
}
${scoring}
`;

/** The kind argument (the last one before the site) of each bestSets call in the state machine's
 *  files; the playout kernel, which scores the same way, must pass the same kinds. */
async function kindsPassed(scoring: string): Promise<string[]> {
  const result = await compileGame("sets", [{ path: "sets.rules", text: rules(scoring) }]);
  expect(result.diagnostics).toEqual([]);
  const kinds = (files: typeof result.files): string[] => {
    const text = files.map((f) => f.text).join("\n");
    const calls = [...text.matchAll(/bestSets\(([\s\S]*?)\n\s*\)/g)].map((m) => m[1]!);
    // The kind comes last but for the rule's site (`AT.L12`), which says where a fault comes from.
    return calls.map((call) => call.trim().replace(/,$/, "").split(/,\n\s*/).filter((arg) => !arg.startsWith("AT.")).pop()!.trim());
  };
  const machine = kinds(result.files.filter((f) => f.path !== "playout.ts"));
  expect(kinds(result.files.filter((f) => f.path === "playout.ts"))).toEqual(machine);
  return machine;
}

describe("best_sets: the cards alike to the scorer", () => {
  test("a scorer that reads no field: cards alike when equal in the rule's field", async () => {
    expect(await kindsPassed("function one(set: Token[]): int = 1\nscore p: best_sets(hand[p], 2, same(value), one)")).toEqual(["() => 0"]);
  });

  test("a scorer that reads only the rule's field", async () => {
    const scoring = "function low(set: Token[]): int = min(c in set: c.value)\nscore p: best_sets(hand[p], 2, consecutive(value), low)";
    expect(await kindsPassed(scoring)).toEqual(["() => 0"]);
  });

  test("fields read through the functions the scorer calls, and only those", async () => {
    const scoring = [
      "function is_red(c: Token): bool = c.colour == Colour.red",
      "function reds(set: Token[]): int = count(c in set where is_red(c))",
      "score p: best_sets(hand[p], 2, same(value), reds)",
    ].join("\n");
    expect(await kindsPassed(scoring)).toEqual(["(card) => Token_colour[card]!"]);
  });

  test("several fields, in declaration order", async () => {
    const scoring = [
      "function heavy(set: Token[]): int = sum(c in set: c.weight) + count(c in set where c.shiny) + count(c in set where c.colour == Colour.red)",
      "score p: best_sets(hand[p], 2, same(value), heavy)",
    ].join("\n");
    expect(await kindsPassed(scoring)).toEqual(["(card) => `${Token_colour[card]}|${Token_shiny[card]}|${Token_weight[card]}`"]);
  });

  test("a scorer that compares cards themselves tells every card apart", async () => {
    const scoring = [
      "function has_top(set: Token[]): int = count(c in set where c == top(deck))",
      "score p: best_sets(hand[p], 2, same(value), has_top)",
    ].join("\n");
    expect(await kindsPassed(scoring)).toEqual(["(card) => card"]);
  });
});
