import type { Game, MoveOption } from "@rules/runtime/internal";
import { describe, expect, test } from "vitest";
import type { MoveCall } from "./ast.js";
import { buildMove } from "./moves.js";
import { parseScenario } from "./parser.js";

// Only the card table matters to building a move: three egg nigiri (ids 1, 2, 4), a salmon one (3).
const sushi = {
  meta: {
    cardTypes: [{ name: "Nigiri", fields: [{ name: "fish", type: "Fish" }] }],
    cards: [
      { id: 0, type: "Nigiri", fields: { fish: "squid" } },
      { id: 1, type: "Nigiri", fields: { fish: "egg" } },
      { id: 2, type: "Nigiri", fields: { fish: "egg" } },
      { id: 3, type: "Nigiri", fields: { fish: "salmon" } },
      { id: 4, type: "Nigiri", fields: { fish: "egg" } },
    ],
    zones: [],
    vars: [],
    conserved: [],
  },
} as unknown as Game;

/** The move of a `play 0: …` line. */
function call(move: string): MoveCall {
  const { scenario } = parseScenario(`scenario "s"\ngame sushi\nplayers 2\nplay 0: ${move}\n`, "t.scenario");
  const step = scenario!.steps[0]!;
  if (step.kind !== "play") throw new Error("expected a play");
  return step.move;
}

const take = (first: number[], second: number[]): MoveOption => ({
  type: "take",
  parameters: {
    first: { kind: "card", zone: "belt", cards: first },
    second: { kind: "card", zone: "belt", cards: second },
  },
});

describe("buildMove", () => {
  test("two parameters naming identical copies get two different copies, each from its own domain", () => {
    const eggs = call("take(first: Nigiri egg, second: Nigiri egg)");
    expect(buildMove(sushi, eggs, take([2, 4], [2, 4]))).toEqual({ type: "take", first: 2, second: 4 });
    // The first parameter could take either copy; the second only copy 2: so the first takes 4.
    expect(buildMove(sushi, eggs, take([2, 4], [2]))).toEqual({ type: "take", first: 4, second: 2 });
    expect(buildMove(sushi, eggs, take([2, 3], [4, 2]))).toEqual({ type: "take", first: 2, second: 4 });
  });

  test("a card its domain cannot give still gets a copy of its own, so the game refuses it for itself", () => {
    const eggs = call("take(first: Nigiri egg, second: Nigiri egg)");
    // Both domains offer only copy 2: the second card is another egg (1), which the game will refuse.
    expect(buildMove(sushi, eggs, take([2], [2]))).toEqual({ type: "take", first: 2, second: 1 });
    // More eggs than the game has: the fourth gets none.
    const four = call("take(first: [Nigiri egg, Nigiri egg], second: [Nigiri egg, Nigiri egg])");
    const sets: MoveOption = {
      type: "take",
      parameters: {
        first: { kind: "cards", zone: "belt", cards: [1, 2, 4] },
        second: { kind: "cards", zone: "belt", cards: [1, 2, 4] },
      },
    };
    expect(buildMove(sushi, four, sets)).toEqual({ type: "take", first: [1, 2], second: [4, null] });
  });

  test("a set of cards and a single card share no copy", () => {
    const move = call("swap(give: [Nigiri egg], keep: Nigiri egg, fish: salmon)");
    const option: MoveOption = {
      type: "swap",
      parameters: {
        give: { kind: "cards", zone: "plate", cards: [1, 2] },
        keep: { kind: "card", zone: "plate", cards: [1] },
        fish: { kind: "choice", values: ["salmon", "egg"] },
      },
    };
    expect(buildMove(sushi, move, option)).toEqual({ type: "swap", give: [2], keep: 1, fish: "salmon" });
  });
});
