// The hidden-information constructs (language.md 2.9) where the playout kernel meets them: an `others`
// hand gets a kernel that plays the state machine's games move for move; a `pause` and `secret_roll`
// are not in the kernel writer, so a game using them has none, and compiling says why in one line.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const ROUNDS = `
game "Rounds" {
  players 2..4
}
card Chip {
  points: int
  cards for v in 1..9, copy in 1..2 { points: v }
}
zone deck: Chip stack hidden = all Chip
per player zone hand: Chip pile others
per player var score: int public = 0

setup {
  shuffle deck
}

flow {
  let round = 0
  while round < 3 {
    for p in players {
      deal 1 from deck to hand[p]
    }
    ask each p in players {
      guess(n in 1..9) {
        if n == count(hand[p]) {
          score[p] += 1
        }
      }
    }
    pause
    round += 1
  }
}

score p: score[p]
`;

describe("hidden information and the playout kernel", () => {
  it("an others hand: the kernel plays the state machine's games move for move", async () => {
    const text = ROUNDS.replace("    pause\n", "");
    const result = await compileOnce("rounds", [{ path: "rounds.rules", text }]);
    expect(result.diagnostics).toEqual([]);
    expect(result.notes).toEqual([]);
    const game = await loadRulesGame("rounds", text, runtime);
    expectKernelReplays(runtime, game, { seed: 5, playerCounts: [2, 3, 4], gamesPerCount: 40 });
  });

  it("a pause: no kernel, and compiling says why in one line", async () => {
    const result = await compileOnce("rounds", [{ path: "rounds.rules", text: ROUNDS }]);
    expect(result.diagnostics).toEqual([]);
    expect(result.files.map((f) => f.path)).not.toContain("playout.ts");
    expect(result.notes).toEqual(["rounds: no playout kernel (simulations use the state machine): `pause` is not supported by the kernel writer yet"]);
  });

  it("secret_roll: no kernel, and compiling says why in one line", async () => {
    const text = ROUNDS.replace("    pause\n", "").replace("      guess(n in 1..9) {", "      guess(n in 1..9) {\n        score[p] += secret_roll(2) - 1");
    const result = await compileOnce("rounds", [{ path: "rounds.rules", text }]);
    expect(result.diagnostics).toEqual([]);
    expect(result.files.map((f) => f.path)).not.toContain("playout.ts");
    expect(result.notes).toEqual(["rounds: no playout kernel (simulations use the state machine): secret_roll() is not supported by the kernel writer yet"]);
  });
});
