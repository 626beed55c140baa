// Formatting never changes meaning, on the repo's own files: each is in the canonical layout (CI runs
// `rules format --check` too), a copy with its spaces, indentation, blank lines and line ends mangled
// formats back to it exactly (and so compiles to the committed generated/ byte for byte, checked in
// compiler/src/emit/programs.test.ts beside the compiles it shares), and formatting twice changes
// nothing, the docs' examples included.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { formatRules } from "./layout.js";
import { formatWithPrettier } from "./run.js";
import { mangle, seeded } from "./mangle.js";

const root = new URL("../../../", import.meta.url);
const folder = (relative: string) =>
  readdirSync(new URL(relative, root))
    .filter((f) => f.endsWith(".rules"))
    .map((f) => `${relative}${f}`);
const games = folder("rules/");
const files = [...games, ...folder("compiler/src/__fixtures__/programs/"), ...folder("compiler/src/__fixtures__/last-stone/")];
const read = (relative: string) => readFileSync(new URL(relative, root), "utf8");

describe.each(files)("%s", (file) => {
  const text = read(file);

  test("is in the canonical layout, through the Prettier plugin too", async () => {
    expect(formatRules(text)).toBe(text);
    expect(await formatWithPrettier(text)).toBe(text);
  });

  test("a copy with its whitespace mangled formats back to it, and formatting twice changes nothing", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const mangled = mangle(text, seeded(seed));
        const once = formatRules(mangled);
        expect(once).toBe(text);
        expect(formatRules(once)).toBe(once);
      }),
      { numRuns: 40 },
    );
  });
});

describe("the docs' rules examples", () => {
  const pages = ["docs/language.md", ...readdirSync(new URL("docs/games/", root)).filter((p) => p.endsWith(".md")).map((p) => `docs/games/${p}`)];
  const examples = pages.flatMap((page) => [...read(page).matchAll(/```rules\n([\s\S]*?)```/g)].map((m) => ({ page, text: m[1]! })));

  test("each formats without losing a token, and formatting twice changes nothing", () => {
    expect(examples.length).toBeGreaterThan(20);
    for (const { text } of examples) {
      const once = formatRules(text);
      expect(formatRules(once)).toBe(once);
    }
  });
});
