// Formatting never changes what a scenario says, on the repo's own scenario files: each is in the
// canonical layout (CI runs `rules format --check tests` too), copies with their whitespace mangled
// parse to the same scenarios as the file and format back to it exactly, formatting twice changes
// nothing, and a mangled copy, formatted, still passes against the compiled game.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { games } from "@rules/generated";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseScenarioFile } from "../scenario/parser.js";
import { formatOutcome, runScenario } from "../scenario/runner.js";
import * as T from "../scenario/lexer.js";
import { formatWithPrettier } from "./run.js";
import { formatScenario, lexScenarioWithComments } from "./scenario-layout.js";

const testsDir = fileURLToPath(new URL("../../../tests/", import.meta.url));
const files = readdirSync(testsDir, { recursive: true, encoding: "utf8" })
  .filter((p) => p.endsWith(".scenario") && !p.split(/[\\/]/).includes("node_modules"))
  .sort();
const read = (p: string) => readFileSync(testsDir + p, "utf8");

const glued = (a: { endOffset?: number }, b: { startOffset: number }) => (a.endOffset ?? -2) + 1 === b.startOffset;
/** Glued tokens a space may go between without changing what they say (the formatter takes it out again). */
const mayPart = (a: { tokenType: unknown; image: string }, b: { tokenType: unknown; image: string }) =>
  a.tokenType !== T.Minus && b.tokenType !== T.Minus && b.tokenType !== T.LParen && b.tokenType !== T.LBracket && a.image !== "." && b.image !== ".";

/** The same tokens with other whitespace: gaps widened, spaces before `,` `:` `)` `]` and after `(` `[`,
 *  lines indented at random, blank lines multiplied, trailing spaces, CRLF or CR line ends. Never
 *  parts a minus from its neighbours, never glues two tokens, never adds or removes a line break. */
function mangle(text: string, random: () => number): string {
  const tokens = lexScenarioWithComments(text).tokens.filter((t) => t.tokenType !== T.Newline);
  const pick = <X>(choices: X[]): X => choices[Math.floor(random() * choices.length)]!;
  const newline = pick(["\n", "\r\n", "\r"]);
  let out = "";
  let line = 1;
  for (const [i, t] of tokens.entries()) {
    const startLine = t.startLine ?? 1;
    const before = tokens[i - 1];
    if (before && startLine > line) {
      const blanks = startLine - line - 1;
      out += pick(["", " ", "\t"]) + newline;
      for (let b = 0; b < (blanks > 0 ? blanks + Math.floor(random() * 3) : 0); b++) out += pick(["", "  "]) + newline;
      out += pick(["", " ", "    ", "\t", "          "]);
    } else if (before) {
      if (!glued(before, t)) out += pick([" ", "  ", "\t"]);
      else if (mayPart(before, t)) out += pick(["", "", " "]);
    }
    out += t.image;
    line = t.endLine ?? startLine;
  }
  return out + pick(["", newline, newline + newline]);
}

const seeded = (seed: number) => () => {
  // mulberry32: a small reproducible generator, so a failing seed replays.
  seed = (seed + 0x6d2b79f5) | 0;
  let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
  return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
};

/** A parse without positions: what the scenarios say. */
const withoutSpans = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutSpans)
    : value && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).filter(([k]) => k !== "span").map(([k, v]) => [k, withoutSpans(v)]))
      : value;
const said = (text: string) => {
  const { scenarios, diagnostics } = parseScenarioFile(text, "x.scenario");
  expect(diagnostics).toEqual([]);
  return withoutSpans(scenarios);
};

test("scenario files are found", () => {
  expect(files.length).toBeGreaterThan(30);
});

describe.each(files)("tests/%s", (file) => {
  const text = read(file);

  test("is in the canonical layout, through the Prettier plugin too", async () => {
    expect(formatScenario(text)).toBe(text);
    expect(await formatWithPrettier(text, "scenario")).toBe(text);
  });

  test("a copy with its whitespace mangled says the same, formats back to the file, and formatting twice changes nothing", () => {
    const original = said(text);
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const mangled = mangle(text, seeded(seed));
        expect(said(mangled)).toEqual(original);
        const once = formatScenario(mangled);
        expect(once).toBe(text);
        expect(formatScenario(once)).toBe(once);
      }),
      { numRuns: 10 },
    );
  });

  test("a mangled copy, formatted, still passes", () => {
    const formatted = formatScenario(mangle(text, seeded(14)));
    const { scenarios, diagnostics } = parseScenarioFile(formatted, `tests/${file}`);
    expect(diagnostics).toEqual([]);
    for (const scenario of scenarios) {
      const outcome = runScenario(scenario, games);
      expect(outcome.passed, formatOutcome(outcome, formatted)).toBe(true);
    }
  });
});
