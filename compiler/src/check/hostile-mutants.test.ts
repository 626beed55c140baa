// Mutants of the five real games, token soups and deep or long shapes (testing/hostile-rules.ts):
// checkGame answers each within a time and memory bound, with diagnostics and never
// `compiler/internal`. Two fixed seeds, then one drawn at random for each run (FUZZ_SEED sets it):
// fast-check names the seed and the failing case. The nightly size is scripts/fuzz-compiler.mjs.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { checkGame } from "../index.js";
import { gameTexts, hostileRules, mutant, plantedShape, tokenSoup } from "../testing/hostile-rules.js";

const RANDOM_SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SEEDS = [20, 2026, RANDOM_SEED];
const games = gameTexts();
/** Per file: far above the slowest mutant measured (0.3 s), far below the minutes that crashes took. */
const TIME_LIMIT_MS = 5000;
const HEAP_LIMIT = 1.5 * 2 ** 30;

function expectAnswered(text: string): void {
  const started = performance.now();
  const { diagnostics } = checkGame("hostile", [{ path: "hostile.rules", text }]);
  const ms = performance.now() - started;
  const internal = diagnostics.filter((d) => d.code === "compiler/internal").map((d) => d.message);
  expect(internal, `a compiler/internal diagnostic for a file of ${text.length} characters`).toEqual([]);
  for (const d of diagnostics) expect(d.message.length, d.code).toBeLessThan(400);
  expect(ms, "milliseconds to check").toBeLessThan(TIME_LIMIT_MS);
  expect(process.memoryUsage().heapUsed, "heap used after checking").toBeLessThan(HEAP_LIMIT);
}

describe.each(SEEDS)("hostile rules files, seed %i", (seed) => {
  test("grammar-aware mutants of the five games", () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000 }), (index) => expectAnswered(hostileRules(games, seed, index))),
      { seed, numRuns: 25 },
    );
  }, 60_000);

  test("each game mutated in turn, and token soups", () => {
    fc.assert(
      fc.property(fc.constantFrom(...games), fc.nat(), fc.nat(), (game, own, soup) => {
        expectAnswered(mutant(game.text, own));
        expectAnswered(tokenSoup(soup, 300));
      }),
      { seed, numRuns: 15 },
    );
  }, 60_000);

  test("deep or long shapes in every place", () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => expectAnswered(plantedShape(seed))),
      { seed, numRuns: 30 },
    );
  }, 60_000);
});
