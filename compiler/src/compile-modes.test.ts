// The interactive path (`strict: false`, what the loading layer uses to play, simulate and test a game)
// skips Prettier and tsc; it must write the very same code, only not laid out.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as prettier from "prettier";
import { describe, expect, test } from "vitest";
import { compileGame } from "./compile.js";
import { compileOnce } from "./testing/compiled-once.js";
import { LAYOUT } from "./emit/layout.js";

const root = join(import.meta.dirname, "../..");

describe("compiling on the interactive path", () => {
  test.each(["for-sale", "lady-richmond"])("%s: the same files as rules compile writes, before their layout", async (id) => {
    const sources = [{ path: `rules/${id}.rules`, text: readFileSync(join(root, "rules", `${id}.rules`), "utf8") }];
    // The strict compile as `rules compile` does it, kept per process (emit/programs.test.ts compiles the
    // repo's games from the same paths); the interactive one of its own.
    const strict = await compileOnce(id, sources);
    const quick = await compileGame(id, sources, { strict: false });
    expect(quick.diagnostics).toEqual(strict.diagnostics);
    expect(quick.files.map((f) => f.path)).toEqual(strict.files.map((f) => f.path));
    // Not laid out (so Prettier's time was saved) ...
    expect(quick.files.some((f, i) => f.text !== strict.files[i]!.text)).toBe(true);
    // ... and the same code once it is.
    for (const [i, file] of quick.files.entries()) {
      expect(await prettier.format(file.text, LAYOUT), file.path).toBe(strict.files[i]!.text);
    }
  }, 120_000);
});
