import { chmod, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyMove, createMatch, GameFault, legalMoves, playRandomGame, Rng } from "@rules/runtime/internal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileGame, type SourceFile } from "../index.js";
import { loadGameFromSources, runtimeUrl, transpile } from "./load-game.js";

const fixture = new URL("../__fixtures__/last-stone/last-stone.rules", import.meta.url);
let rules: string;
let cacheDir: string;
beforeAll(async () => {
  rules = await readFile(fixture, "utf8");
  cacheDir = await mkdtemp(join(tmpdir(), "rules-cache-test-"));
});
afterAll(() => rm(cacheDir, { recursive: true }));

/** The loader with a compiler that counts its calls. */
async function load(text: string, id = "last-stone") {
  let compiles = 0;
  const sources: SourceFile[] = [{ path: `${id}.rules`, text }];
  const outcome = await loadGameFromSources(id, sources, {
    cacheDir,
    compile: (gameId, s) => (compiles++, compileGame(gameId, s)),
  });
  return { outcome, compiles };
}

describe("loadGameFromSources", () => {
  it("compiles rules into a game that plays, and loads the same rules again from the cache without compiling", async () => {
    const first = await load(rules);
    expect(first.compiles).toBe(1);
    expect(first.outcome.ok && first.outcome.cached).toBe(false);
    if (!first.outcome.ok) throw new Error("expected the game to compile");
    const game = first.outcome.game;
    expect(game).toMatchObject({ id: "last-stone", title: "Last Stone", minPlayers: 2, maxPlayers: 4 });
    // The rules' own numbers: a heap of 10, takes of 1 to 3.
    const match = createMatch(game, { players: 2, seed: 1 });
    expect(legalMoves(match, 0)).toEqual([{ type: "take", parameters: { amount: { kind: "range", min: 1, max: 3 } } }]);
    const after = applyMove(match, 0, { type: "take", amount: 3 });
    expect(after.ok && (after.match.state.vars as Record<string, unknown>).heap).toBe(7);

    const again = await load(rules);
    expect(again.compiles).toBe(0);
    expect(again.outcome.ok && again.outcome.cached).toBe(true);
    // Same cache entry, so the very same module.
    expect(again.outcome.ok && again.outcome.game).toBe(game);
  });

  it("loads changed rules as a fresh module, leaving the old game as it was", async () => {
    const before = await load(rules);
    const changed = await load(rules.replace("min(3, heap)", "min(2, heap)"));
    expect(changed.compiles).toBe(1);
    if (!before.outcome.ok || !changed.outcome.ok) throw new Error("expected both to compile");
    expect(changed.outcome.game).not.toBe(before.outcome.game);
    const max = (game: typeof before.outcome.game) =>
      (legalMoves(createMatch(game, { players: 2, seed: 1 }), 0)[0]!.parameters.amount as { max: number }).max;
    expect(max(changed.outcome.game)).toBe(2);
    expect(max(before.outcome.game)).toBe(3);
  });

  it("returns the diagnostics of rules that do not compile, and caches nothing for them", async () => {
    // Line 18, column 30 is the misspelt name in `        transfer amount from heaps to taken[turn]`.
    const entries = (await readdir(cacheDir)).length;
    const broken = await load(rules.replace("transfer amount from heap", "transfer amount from heaps"));
    expect(broken.outcome.ok).toBe(false);
    expect(broken.outcome.diagnostics).toEqual([
      expect.objectContaining({ file: "last-stone.rules", line: 18, column: 30, severity: "error", code: "check/unknown-name" }),
    ]);
    expect((await readdir(cacheDir)).length).toBe(entries);
  });

  it("runs the game on the CLI's own runtime, so its faults are the CLI's GameFault", async () => {
    // Taking one more stone than chosen breaks the rules: the heap cannot pay at the end.
    const faulty = await load(rules.replace("transfer amount from heap", "transfer amount + 1 from heap"), "faulty");
    if (!faulty.outcome.ok) throw new Error("expected the game to compile");
    const game = faulty.outcome.game;
    let thrown: unknown;
    try {
      for (let seed = 1; seed < 20; seed++) playRandomGame(game, { players: 2, seed }, new Rng(seed));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(GameFault);
    expect((thrown as GameFault).code).toBe("fault/insufficient");
  });
});

describe("the cache folder", () => {
  it("is refused when others may write to it, since its code is run", async () => {
    const shared = await mkdtemp(join(tmpdir(), "rules-cache-shared-"));
    try {
      await chmod(shared, 0o777);
      const outcome = loadGameFromSources("last-stone", [{ path: "last-stone.rules", text: rules }], { cacheDir: shared });
      await expect(outcome).rejects.toThrow(`the cache folder ${shared} belongs to another user or others may write to it`);
    } finally {
      await rm(shared, { recursive: true });
    }
  });
});

describe("transpile", () => {
  it("turns each emitted file into JavaScript that imports the runtime by its URL and its siblings as .js", async () => {
    const { files } = await compileGame("last-stone", [{ path: "last-stone.rules", text: rules }]);
    const output = await transpile(files, runtimeUrl());
    expect(output.map((f) => f.path).sort()).toEqual(files.map((f) => f.path.replace(/\.ts$/, ".js")).sort());
    const index = output.find((f) => f.path === "index.js")!.text;
    expect(runtimeUrl()).toMatch(/^file:\/\/.*\/runtime\/dist\/internal\.js$/);
    expect(index).toContain(`from "${runtimeUrl()}"`);
    expect(index).not.toContain('"@rules/runtime/internal"');
    expect(index).toMatch(/from "\.\/flow\.js"/);
    // Types are gone: nothing is left for Node to reject.
    expect(index).not.toMatch(/import type|: State\b/);
  });
});
