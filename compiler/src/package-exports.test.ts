// The compiled-games package gets an entry per game from `rules compile`, so that a new game is
// importable on its own (`@rules/generated/<game>`) without anyone editing package.json.
import { promises as fs } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { compileAll } from "./index.js";
import { withGameExports } from "./package-exports.js";

const lastStone = fileURLToPath(new URL("./__fixtures__/last-stone/last-stone.rules", import.meta.url));

describe("withGameExports", () => {
  test("gives every game its own entry and its search entry, sorted, keeps the other fields and drops stale entries", () => {
    const manifest = JSON.stringify({ name: "@x/games", version: "1.2.3", exports: { "./gone": "./dist/gone/index.js" } });
    const written = JSON.parse(withGameExports(manifest, ["zeta", "alpha"])) as Record<string, unknown>;
    expect(written["name"]).toBe("@x/games");
    expect(written["version"]).toBe("1.2.3");
    expect(written["exports"]).toEqual({
      ".": { types: "./dist/index.d.ts", default: "./dist/index.js" },
      "./alpha": { types: "./dist/alpha/index.d.ts", default: "./dist/alpha/index.js" },
      "./alpha/search": { types: "./dist/alpha/search.d.ts", default: "./dist/alpha/search.js" },
      "./zeta": { types: "./dist/zeta/index.d.ts", default: "./dist/zeta/index.js" },
      "./zeta/search": { types: "./dist/zeta/search.d.ts", default: "./dist/zeta/search.js" },
      "./package.json": "./package.json",
    });
    expect(Object.keys(written["exports"] as object)).toEqual([".", "./alpha", "./alpha/search", "./zeta", "./zeta/search", "./package.json"]);
  });
});

describe("compileAll and the package.json beside the games", () => {
  const scratch: string[] = [];
  afterAll(async () => {
    for (const dir of scratch) await rm(dir, { recursive: true, force: true });
  });

  async function project(manifest: string | null): Promise<{ rulesDir: string; outDir: string }> {
    const root = await mkdtemp(path.join(tmpdir(), "rules-exports-"));
    scratch.push(root);
    const rulesDir = path.join(root, "rules");
    const outDir = path.join(root, "generated");
    await fs.mkdir(rulesDir);
    await fs.mkdir(outDir);
    await fs.copyFile(lastStone, path.join(rulesDir, "last-stone.rules"));
    if (manifest !== null) await fs.writeFile(path.join(outDir, "package.json"), manifest);
    return { rulesDir, outDir };
  }

  test("a new game gets its entry; --check calls the package.json stale until then", async () => {
    const { rulesDir, outDir } = await project('{ "name": "my-games", "exports": {} }\n');
    const before = await compileAll({ rulesDir, outDir, check: true });
    expect(before.stale).toContain(path.join(outDir, "package.json"));
    await compileAll({ rulesDir, outDir, check: false });
    const manifest = JSON.parse(await fs.readFile(path.join(outDir, "package.json"), "utf8")) as { name: string; exports: Record<string, unknown> };
    expect(manifest.name).toBe("my-games");
    expect(manifest.exports["./last-stone"]).toEqual({ types: "./dist/last-stone/index.d.ts", default: "./dist/last-stone/index.js" });
    expect(manifest.exports["./last-stone/search"]).toEqual({ types: "./dist/last-stone/search.d.ts", default: "./dist/last-stone/search.js" });
    expect((await compileAll({ rulesDir, outDir, check: true })).stale).toEqual([]);
  });

  test("no package.json: none is written", async () => {
    const { rulesDir, outDir } = await project(null);
    const report = await compileAll({ rulesDir, outDir, check: false });
    expect(report.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    await expect(fs.access(path.join(outDir, "package.json"))).rejects.toThrow();
  });

  test("a package.json that is not JSON is a diagnostic naming it, and nothing is written", async () => {
    const { rulesDir, outDir } = await project("{ not json");
    const report = await compileAll({ rulesDir, outDir, check: false });
    expect(report.diagnostics.map((d) => [d.file, d.code])).toEqual([[path.join(outDir, "package.json"), "compile/package-json"]]);
    expect(report.written).toEqual([]);
  });
});
