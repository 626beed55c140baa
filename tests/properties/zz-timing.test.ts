import { it } from "vitest";
import { playRandomGame, Rng } from "@rules/runtime";
import { play, tables } from "./harness.js";
it("timing", () => {
  for (const t of tables) {
    for (const policy of ["any-move", "any-option", "extremes"] as const) {
      let t0 = performance.now(); let n = 0;
      for (let i = 0; i < 10; i++) play(t, { seed: i, botSeed: i, policy }, () => n++);
      console.log(t.name, policy, ((performance.now() - t0) / 10).toFixed(1), "ms/game", n / 10, "moves");
    }
    let t0 = performance.now(); let d = 0;
    for (let i = 0; i < 10; i++) d += playRandomGame(t.game, { players: t.players, variants: t.variants, seed: i }, new Rng(i)).decisions;
    console.log(t.name, "fast", ((performance.now() - t0) / 10).toFixed(1), d / 10);
  }
});
