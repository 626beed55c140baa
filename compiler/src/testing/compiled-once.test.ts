// compileOnce gives what compileGame gives, once per process for the same sources and options, and
// each caller its own copy.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { compileGame } from "../index.js";
import { compileOnce } from "./compiled-once.js";

const text = readFileSync(new URL("../__fixtures__/last-stone/last-stone.rules", import.meta.url), "utf8");
const sources = [{ path: "last-stone.rules", text }];
const quick = { strict: false };

describe("compileOnce", () => {
  test("gives what compileGame gives", async () => {
    const once = await compileOnce("last-stone", sources, quick);
    expect(once.files.length).toBeGreaterThan(0);
    expect(once).toEqual(await compileGame("last-stone", sources, quick));
  });

  test("a caller changing its result changes no other caller's", async () => {
    const first = await compileOnce("last-stone", sources, quick);
    const kernel = first.files.find((f) => f.path === "playout.ts")!;
    (kernel as { text: string }).text = "changed";
    first.files.length = 0;
    const second = await compileOnce("last-stone", sources, quick);
    expect(second.files.find((f) => f.path === "playout.ts")!.text).not.toBe("changed");
    expect(second).toEqual(await compileGame("last-stone", sources, quick));
  });

  test("other sources, another game name or other options compile anew", async () => {
    const other = text.replace(`game "Last Stone"`, `game "Last Pebble"`);
    expect(other).not.toBe(text);
    const renamed = await compileOnce("last-stone", [{ path: "last-stone.rules", text: other }], quick);
    expect(renamed.files.find((f) => f.path === "types.ts")!.text).toContain("Last Pebble");
    const named = await compileOnce("stones", sources, quick);
    expect(named).toEqual(await compileGame("stones", sources, quick));
    expect(named).not.toEqual(await compileOnce("last-stone", sources, quick));
  });
});
