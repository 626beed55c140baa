// The parser works out each decision's lookahead the first time it meets it (lazy-chevrotain.ts); it
// must parse exactly as a parser that works them all out first, as Chevrotain does by default: the same
// syntax trees and the same errors for every rules file of the repository, the broken ones of the
// diagnostics tests, and copies of each with tokens dropped (error recovery meets other decisions).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, vi } from "vitest";

const place = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

function rulesFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".rules"))
    .map((name) => join(folder, name));
}

const files = ["../../../rules", "../../../examples/games", "../__fixtures__/programs", "../__fixtures__/broken"].flatMap((f) => rulesFiles(place(f)));

/** The text with every `step`th word left out, from `start`: rules with syntax errors of many kinds. */
function mangled(text: string, step: number, start: number): string {
  let n = 0;
  return text.replace(/[A-Za-z_]+|[{}()[\],:]/g, (word) => (n++ % step === start ? "" : word));
}

test("parses every file, and broken copies of each, as a parser that works out every lookahead first", async () => {
  const lazy = await import("./parser.js");
  vi.resetModules();
  let eagerBuilds = 0;
  vi.doMock("./lazy-chevrotain.js", async (importOriginal) => {
    const real = await importOriginal<typeof import("./lazy-chevrotain.js")>();
    const { LLkLookaheadStrategy } = await import("./chevrotain.js");
    return {
      ...real,
      lazyLookahead: (maxLookahead: number) => {
        const eager = new LLkLookaheadStrategy({ maxLookahead });
        const buildAlternation = eager.buildLookaheadForAlternation.bind(eager);
        eager.buildLookaheadForAlternation = (options) => (eagerBuilds++, buildAlternation(options));
        return eager;
      },
    };
  });
  const eager = await import("./parser.js");
  vi.doUnmock("./lazy-chevrotain.js");
  expect(eager.parseRules).not.toBe(lazy.parseRules);

  expect(files.length).toBeGreaterThan(100);
  let withErrors = 0;
  let builtFirst = -1;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    // The broken files have their errors already; the others are broken twice over.
    for (const variant of file.includes("broken") ? [text] : [text, mangled(text, 7, 3), mangled(text, 13, 5)]) {
      const expected = eager.parseRules(variant, file);
      if (builtFirst < 0) builtFirst = eagerBuilds;
      const actual = lazy.parseRules(variant, file);
      expect(JSON.stringify(actual), file).toBe(JSON.stringify(expected));
      if (expected.errors.length > 0) withErrors++;
    }
  }
  // The eager parser built every alternation's lookahead when it was built, before its first parse.
  expect(builtFirst).toBeGreaterThan(20);
  expect(eagerBuilds).toBe(builtFirst);
  expect(withErrors).toBeGreaterThan(files.length / 2);
}, 120_000);
