// Golden scenarios: every tests/**/*.scenario file, each scenario one test, played against the
// compiled games of @rules/generated (built by `npm test` before Vitest runs).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { games } from "@rules/generated";
import { describe, expect, test } from "vitest";
import { formatDiagnostics, formatOutcome, parseScenarioFile, runScenario } from "@rules/compiler/scenario";

const root = fileURLToPath(new URL(".", import.meta.url));
const files = readdirSync(root, { recursive: true, encoding: "utf8" })
  .filter((path) => path.endsWith(".scenario") && !path.split(/[\\/]/).includes("node_modules"))
  .sort();

test("scenario files are found", () => {
  expect(files.length).toBeGreaterThan(0);
});

for (const path of files) {
  // Diagnostics name the file as the repository does: tests/for-sale/bidding.scenario.
  const file = join("tests", path);
  const text = readFileSync(join(root, path), "utf8");
  const { scenarios, diagnostics } = parseScenarioFile(text, file);
  describe(file, () => {
    if (diagnostics.length > 0) {
      test("reads", () => {
        throw new Error(`${file} has mistakes:\n${formatDiagnostics(diagnostics, text)}`);
      });
      return;
    }
    for (const scenario of scenarios) {
      test(scenario.title, () => {
        const outcome = runScenario(scenario, games);
        if (!outcome.passed) throw new Error(formatOutcome(outcome, text));
      });
    }
  });
}
