// The parser makes each decision's lookahead from the paths stored with the compiler
// (stored-lookahead.ts), or works them out when the table is not its grammar's. Either way it must
// parse exactly as a parser with Chevrotain's own strategy, which works every decision out when it is
// built: the same syntax trees and the same errors for every rules file of the repository, the broken
// ones of the diagnostics tests, and copies of each with tokens dropped (error recovery meets other
// decisions).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, vi } from "vitest";
import { LOOKAHEAD_TABLE } from "./lookahead-table.js";
import { lookaheadTable } from "./parser.js";

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

type Parser = typeof import("./parser.js");

/** parser.js loaded anew, Chevrotain's paths counted as they are worked out; `mock` replaces other modules first. */
async function parserWith(mock: () => void): Promise<{ parser: Parser; worked: () => number }> {
  vi.resetModules();
  let worked = 0;
  vi.doMock("./chevrotain.js", async (importOriginal) => {
    const real = await importOriginal<typeof import("./chevrotain.js")>();
    return { ...real, getLookaheadPaths: (options: Parameters<typeof real.getLookaheadPaths>[0]) => (worked++, real.getLookaheadPaths(options)) };
  });
  mock();
  const parser = await import("./parser.js");
  vi.doUnmock("./chevrotain.js");
  vi.doUnmock("./lookahead-table.js");
  vi.doUnmock("./stored-lookahead.js");
  return { parser, worked: () => worked };
}

test("the stored table is the grammar's: every decision's paths, as Chevrotain works them out", () => {
  const now = lookaheadTable();
  // The file's grammar and the reason's, each with its decisions.
  expect(now.map((grammar) => Object.keys(grammar.decisions).length > 20)).toEqual([true, true]);
  expect(LOOKAHEAD_TABLE, "the parser's grammar changed: run `node scripts/lookahead-table.mjs`, then `npx tsc -b`").toEqual(now);
});

test("parses every file, and broken copies of each, as Chevrotain's own strategy does: from the stored paths, and from paths worked out", async () => {
  const stored = await parserWith(() => {});
  // A table of another grammar (a grammar changed and the table not written again) is not read.
  const stale = await parserWith(() =>
    vi.doMock("./lookahead-table.js", () => ({ LOOKAHEAD_TABLE: LOOKAHEAD_TABLE.map((grammar) => ({ ...grammar, grammar: `${grammar.grammar} before` })) })),
  );
  let eagerBuilds = 0;
  const eager = await parserWith(() =>
    vi.doMock("./stored-lookahead.js", async (importOriginal) => {
      const real = await importOriginal<typeof import("./stored-lookahead.js")>();
      const { LLkLookaheadStrategy } = await import("./chevrotain.js");
      return {
        ...real,
        lazyLookahead: (maxLookahead: number) => {
          const strategy = new LLkLookaheadStrategy({ maxLookahead });
          const buildAlternation = strategy.buildLookaheadForAlternation.bind(strategy);
          strategy.buildLookaheadForAlternation = (options) => (eagerBuilds++, buildAlternation(options));
          return strategy;
        },
      };
    }),
  );
  expect(new Set([stored.parser.parseRules, stale.parser.parseRules, eager.parser.parseRules]).size).toBe(3);

  expect(files.length).toBeGreaterThan(100);
  let withErrors = 0;
  let builtFirst = -1;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    // The broken files have their errors already; the others are broken twice over.
    for (const variant of file.includes("broken") ? [text] : [text, mangled(text, 7, 3), mangled(text, 13, 5)]) {
      const expected = JSON.stringify(eager.parser.parseRules(variant, file));
      if (builtFirst < 0) builtFirst = eagerBuilds;
      expect(JSON.stringify(stored.parser.parseRules(variant, file)), file).toBe(expected);
      expect(JSON.stringify(stale.parser.parseRules(variant, file)), file).toBe(expected);
      if (JSON.parse(expected).errors.length > 0) withErrors++;
    }
  }
  // Chevrotain's strategy built every alternation's lookahead when the parser was built, before its first parse.
  expect(builtFirst).toBeGreaterThan(20);
  expect(eagerBuilds).toBe(builtFirst);
  expect(withErrors).toBeGreaterThan(files.length / 2);
  // The stored parser worked out no path; the stale one worked out those of every decision it met.
  expect(stored.worked()).toBe(0);
  expect(stale.worked()).toBeGreaterThan(100);
}, 120_000);
