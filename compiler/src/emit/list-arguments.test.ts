// A rules function with a list parameter, called with a move's drawn set of cards (which the moves
// hold as a readonly array): the emitted TypeScript type-checks, and the game plays.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";

const RULES = `
game "Set Worth" {
  players 2..3
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone pool: Token row public = all Token
per player var points: int public = 0
function worth(s: Token[]): int = sum(c in s: c.value)

flow {
  let rounds = 0
  while rounds < 3 {
    for p in players {
      ask p {
        take(give in subset(pool))
          require worth(give) < 8 else "too much"
        {
          points[p] += worth(give)
        }
        wait { }
      }
    }
    rounds += 1
  }
}

score p: points[p]
`;

describe("a function's list parameter", () => {
  it("takes a move's drawn set: the strict compile type-checks what it wrote", async () => {
    const result = await compileOnce("set-worth", [{ path: "set-worth.rules", text: RULES }]);
    expect(result.diagnostics).toEqual([]);
    expect(result.files.find((f) => f.path === "functions.ts")!.text).toContain("readonly CardId[]");
    const game = await loadRulesGame("set-worth", RULES, runtime);
    const played = runtime.playRandomGame(game, { players: 2, seed: 7 }, new runtime.Rng(8));
    expect(played.decisions).toBe(6);
  });
});
