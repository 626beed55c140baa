// Broken rules files and the exact diagnostics a designer must see for each. Every fixture in
// __fixtures__/broken is a pair: NN-name.rules and NN-name.expected.txt, the latter written by
// hand from the compiler's messages in the `formatDiagnostic` layout, diagnostics separated by
// blank lines.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { compileGame } from "../index.js";
import { formatDiagnostics } from "../diagnostics.js";

const folder = fileURLToPath(new URL("../__fixtures__/broken/", import.meta.url));
const fixtures = readdirSync(folder)
  .filter((name) => name.endsWith(".rules"))
  .sort()
  .map((name) => name.slice(0, -".rules".length));

describe("broken rules files", () => {
  test("there are at least 25 fixtures, each with its expected diagnostics", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(25);
    const expectations = readdirSync(folder).filter((name) => name.endsWith(".expected.txt"));
    expect(expectations.map((name) => name.slice(0, -".expected.txt".length)).sort()).toEqual(fixtures);
  });

  test.each(fixtures)("%s", async (name) => {
    const text = readFileSync(`${folder}${name}.rules`, "utf8");
    const expected = readFileSync(`${folder}${name}.expected.txt`, "utf8").replace(/\n$/, "");
    const result = await compileGame(name, [{ path: `${name}.rules`, text }]);
    expect(formatDiagnostics(result.diagnostics, text)).toBe(expected);
    // A game with errors is never emitted.
    expect(result.files).toEqual([]);
  });
});
