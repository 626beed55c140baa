// The corpus games written from published rulebooks (examples/games/<game>/): each compiled from its
// rules in this process, and each of its scenario files (worked examples from the rulebook) played
// against it, as `rules test examples/games/<game>` does.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import * as runtime from "@rules/runtime/internal";
import { formatDiagnostics } from "../compiler/src/diagnostics.js";
import { formatOutcome, parseScenarioFile, runScenario } from "../compiler/src/scenario/index.js";
import { loadRulesGame } from "../compiler/src/testing/load-game.js";

const root = fileURLToPath(new URL("../examples/games/", import.meta.url));
const games = readdirSync(root).filter((game) => existsSync(`${root}${game}/${game}.rules`));

test("the corpus games are found, each with scenarios", () => {
  expect(games).toEqual(expect.arrayContaining(["hanabi", "perudo"]));
  for (const game of games) expect(readdirSync(`${root}${game}`).filter((f) => f.endsWith(".scenario")).length, game).toBeGreaterThan(0);
});

describe.each(games)("%s", async (id) => {
  const game = await loadRulesGame(id, readFileSync(`${root}${id}/${id}.rules`, "utf8"), runtime);
  const files = readdirSync(`${root}${id}`).filter((f) => f.endsWith(".scenario")).sort();
  describe.each(files)("%s", (name) => {
    const file = `examples/games/${id}/${name}`;
    const text = readFileSync(`${root}${id}/${name}`, "utf8");
    const { scenarios, diagnostics } = parseScenarioFile(text, file);
    test("reads", () => expect(formatDiagnostics(diagnostics, text)).toBe(""));
    test.each(scenarios.map((s) => [s.title, s] as const))("%s", (_, scenario) => {
      const outcome = runScenario(scenario, { [id]: game });
      if (!outcome.passed) throw new Error(formatOutcome(outcome, text));
    });
  });
});
