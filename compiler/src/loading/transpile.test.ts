// The two transpilers of a loaded game (esbuild, where it is installed; TypeScript's transpileModule in
// the VS Code extension's bundle) make games that play the same: the same moves and the same end from
// the same seeds, through the state machine and through the playout kernel.
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { playRandomGame, Rng, type Game } from "@rules/runtime/internal";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compileGame } from "../index.js";
import { gamesAt } from "../sources.js";
import type { EmittedFile } from "../emit/context.js";
import { runtimeUrl } from "./load-game.js";
import { pointAtRuntime, startEsbuild, transpile } from "./transpile.js";
import { transpileWithTypeScript } from "./transpile-typescript.js";

let scratch = "";
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "rules-transpile-test-"));
});
afterAll(() => rm(scratch, { recursive: true }));

async function imported(files: readonly EmittedFile[], folder: string): Promise<Game> {
  for (const file of files) {
    await mkdir(dirname(join(folder, file.path)), { recursive: true });
    await writeFile(join(folder, file.path), file.text);
  }
  return ((await import(pathToFileURL(join(folder, "search.js")).href)) as { game: Game }).game;
}

/** Every move of `games` random games from seeds 1, 2, ..., and each end. */
function played(game: Game, players: number, games: number): unknown[] {
  const record: unknown[] = [];
  for (let seed = 1; seed <= games; seed++) {
    const moves: unknown[] = [];
    const { state } = playRandomGame(game, { players, seed }, new Rng(seed), (seat, move) => moves.push([seat, JSON.stringify(move)]));
    record.push(moves, game.scores?.(state) ?? null);
    const kernel = game.playout?.();
    if (kernel) record.push(kernel.play(players, seed), kernel.scores());
  }
  return record;
}

const rulesFolder = fileURLToPath(new URL("../../../rules/", import.meta.url));

describe.each([
  ["for-sale", 4],
  ["lady-richmond", 3],
  ["foreclosed", 4],
])("%s with %i players", (id, players) => {
  test("plays the same transpiled by esbuild and by TypeScript", async () => {
    const sources = (await gamesAt(rulesFolder)).get(id)!;
    const { files, diagnostics } = await compileGame(id, sources, { strict: false });
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const byEsbuild = await transpile(files, runtimeUrl());
    const byTypeScript = transpileWithTypeScript(files, runtimeUrl());
    expect(byEsbuild.map((f) => f.path)).toEqual(byTypeScript.map((f) => f.path));
    expect(byEsbuild.find((f) => f.path === "index.js")!.text).not.toBe(byTypeScript.find((f) => f.path === "index.js")!.text);
    const a = await imported(byEsbuild, join(scratch, `${id}-esbuild`));
    const b = await imported(byTypeScript, join(scratch, `${id}-typescript`));
    expect(a).not.toBe(b);
    const record = played(a, players, 5);
    expect(record.length).toBeGreaterThanOrEqual(10);
    expect(played(b, players, 5)).toEqual(record);
  }, 120_000);
});

describe("where esbuild cannot run", () => {
  test("is not started, and the game is transpiled by TypeScript, the same as TypeScript alone does", async () => {
    const missing = () => Promise.reject(new Error("The package \"@esbuild/linux-x64\" could not be found"));
    expect(await startEsbuild(missing)).toBeNull();
    expect(await startEsbuild()).not.toBeNull();
    const text = await readFile(new URL("../__fixtures__/last-stone/last-stone.rules", import.meta.url), "utf8");
    const { files } = await compileGame("last-stone", [{ path: "last-stone.rules", text }], { strict: false });
    const fallen = await transpile(files, runtimeUrl(), () => startEsbuild(missing));
    expect(fallen).toEqual(transpileWithTypeScript(files, runtimeUrl()));
    expect(fallen).not.toEqual(await transpile(files, runtimeUrl()));
  });
});

describe("pointAtRuntime", () => {
  const url = "file:///somewhere/runtime/internal.js";

  test("points the imports and exports of the runtime at its URL, and only those", () => {
    const code = [
      'import { a, b, c } from "@rules/runtime/internal";',
      "import {",
      "  GameFault,",
      "  changed",
      '} from "@rules/runtime/internal";',
      'import { AT } from "./sites.js";',
      'export { x } from "@rules/runtime/internal";',
      'const told = "@rules/runtime/internal";',
      'const text = `from "@rules/runtime/internal";`;',
    ].join("\n");
    expect(pointAtRuntime(code, url).split("\n")).toEqual([
      `import { a, b, c } from "${url}";`,
      "import {",
      "  GameFault,",
      "  changed",
      `} from "${url}";`,
      'import { AT } from "./sites.js";',
      `export { x } from "${url}";`,
      'const told = "@rules/runtime/internal";',
      'const text = `from "@rules/runtime/internal";`;',
    ]);
  });

  test.each([false, true])("leaves no import of the runtime by name in a compiled game (laid out by Prettier: %s)", async (strict) => {
    const text = await readFile(new URL("../__fixtures__/last-stone/last-stone.rules", import.meta.url), "utf8");
    const { files } = await compileGame("last-stone", [{ path: "last-stone.rules", text }], { strict });
    // Prettier breaks a long list of names over lines, which esbuild keeps.
    expect(files.some((f) => /^import \{\n/m.test(f.text))).toBe(strict);
    const output = await transpile(files, url);
    const all = output.map((f) => f.text).join("\n");
    expect(all).toContain(`from "${url}"`);
    expect(all).not.toContain('"@rules/runtime/internal"');
  });
});
