// Playout preferences: `prefer N` on an option makes the rules' random players pick it N times as
// often as an option of weight 1 (then one of its moves uniformly). Uniform play, the compiled
// sampler and the playout kernel are untouched; a game without preferences plays exactly as before.
import { beforeAll, describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { Rng, choosePreferredMove, chooseRandomMove, playRandomGame, type Game } from "../../../runtime/src/internal.js";
import { checkGame } from "../check-game.js";
import { loadRulesGame } from "../testing/load-game.js";

// Seat 0 either plays on (a point, 1..3 of them: three moves) or stops the game. A sensible player
// stops nine times as often as it plays on; once it has 5 points it never plays on.
const rules = `
game "Push your luck" {
  players 2..2
}
per player var points: int public = 0
var stopped: bool public = false
score p: points[p]
flow {
  while not stopped {
    ask 0 {
      go(n in 1..3) prefer if points[0] >= 5 then 0 else 1 { points[0] += n }
      stop prefer 9 { stopped = true }
    }
  }
}
`;

let game: Game;
beforeAll(async () => {
  game = await loadRulesGame("luck", rules, runtime);
}, 60_000);

/** How often each option is drawn from this state in `draws` picks by `choose`. */
function shares(choose: typeof chooseRandomMove, points: number, draws: number): Record<string, number> {
  const state = game.setup({ players: 2, seed: 1 });
  game.advance(state);
  (state.vars as { points: number[] }).points[0] = points;
  const rng = new Rng(7);
  const counts: Record<string, number> = {};
  for (let i = 0; i < draws; i++) {
    const move = choose(game, state, 0, rng);
    counts[move.type] = (counts[move.type] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).map(([type, n]) => [type, n / draws]));
}

describe("prefer N", () => {
  test("the game tells each option's weight at the decision, read from the state", () => {
    const state = game.setup({ players: 2, seed: 1 });
    game.advance(state);
    expect(game.preferences!(state, 0)).toEqual({ go: 1, stop: 9 });
    (state.vars as { points: number[] }).points[0] = 5;
    expect(game.preferences!(state, 0)).toEqual({ go: 0, stop: 9 });
  });

  test("random players pick options by weight, then a move of the option uniformly", () => {
    // Weights 1 and 9: stop 9/10 of the time. Uniform over the four moves (go 1, 2, 3, stop): 1/4.
    const preferred = shares(choosePreferredMove, 0, 20_000);
    expect(preferred.stop).toBeGreaterThan(0.89);
    expect(preferred.stop).toBeLessThan(0.91);
    expect(shares(chooseRandomMove, 0, 20_000).stop).toBeCloseTo(0.25, 1);
    // Weight 0 once the player has 5 points: never plays on while stopping is open.
    expect(shares(choosePreferredMove, 5, 2_000)).toEqual({ stop: 1 });
  });

  test("games played by preference are shorter, as the preferences say; uniform play is unchanged", () => {
    let preferredDecisions = 0;
    let uniformDecisions = 0;
    const seeds = new Rng(3);
    for (let i = 0; i < 500; i++) {
      const seed = seeds.int(2 ** 31);
      preferredDecisions += playRandomGame(game, { players: 2, seed }, new Rng(seed), undefined, undefined, choosePreferredMove).decisions;
      uniformDecisions += playRandomGame(game, { players: 2, seed }, new Rng(seed)).decisions;
    }
    // Each decision stops with 9/10 by preference (a mean of 10/9 decisions a game, until 5 points),
    // with 1/4 uniformly (a mean of 4).
    expect(preferredDecisions / 500).toBeGreaterThan(1.0);
    expect(preferredDecisions / 500).toBeLessThan(1.25);
    expect(uniformDecisions / 500).toBeGreaterThan(3.6);
    expect(uniformDecisions / 500).toBeLessThan(4.4);
  });

  test("a game without preferences has none, and its preferred moves are its uniform ones", async () => {
    const plain = await loadRulesGame("plain", rules.replace(/ prefer [^{]*\{/g, " {"), runtime);
    expect(plain.preferences).toBeUndefined();
    const state = plain.setup({ players: 2, seed: 1 });
    plain.advance(state);
    const a = new Rng(11);
    const b = new Rng(11);
    for (let i = 0; i < 50; i++) expect(choosePreferredMove(plain, state, 0, a)).toEqual(chooseRandomMove(plain, state, 0, b));
  });
});

describe("what a preference may say", () => {
  const codes = (text: string) => checkGame("luck", [{ path: "luck.rules", text }]).diagnostics.map((d) => [d.line, d.code]);
  const line = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

  test("a whole number read before the parameters, never below zero", () => {
    const parameter = rules.replace("prefer if points[0] >= 5 then 0 else 1", "prefer n");
    expect(codes(parameter)).toEqual([[line(parameter, "prefer n"), "check/parameter-in-domain"]]);
    const negative = rules.replace("prefer 9", "prefer -1");
    expect(codes(negative)).toEqual([[line(negative, "prefer -1"), "check/negative-preference"]]);
    const flag = rules.replace("prefer 9", "prefer stopped");
    expect(codes(flag)).toEqual([[line(flag, "prefer stopped"), "check/type-mismatch"]]);
    const changing = rules.replace("prefer 9", "prefer count(p in players where points[p] > 0)");
    expect(codes(changing)).toEqual([]);
  });
});
