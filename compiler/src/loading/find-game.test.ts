import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CompileFailed, findGameRef, findScenarioGameRef, GameNotFound, isPathArgument, loadGame, type GameRef } from "./find-game.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "rules-lookup-"));
  // Games compiled here are cached here, not in the user's cache, and go with the folder.
  process.env.RULES_CACHE_DIR = join(dir, ".cache");
});
afterEach(async () => {
  delete process.env.RULES_CACHE_DIR;
  await rm(dir, { recursive: true });
});

const header = (title: string) => `game "${title}" {\n  players 2..4\n}\n`;

async function write(files: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, ".."), { recursive: true });
    await writeFile(join(dir, name), text);
  }
}

/** A ref in a form that is easy to compare: its kind, id and files named from `dir`. */
const summary = (ref: GameRef | null) =>
  ref && [ref.kind, ref.id, ...(ref.kind === "rules" ? ref.sources.map((s) => s.path.slice(dir.length + 1)) : [])];

async function refused(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GameNotFound);
  return (error as Error).message;
}

describe("isPathArgument", () => {
  it("takes a .rules name, anything with a slash, . and .., and a folder here holding rules as paths", async () => {
    await write({ "pig/pig.rules": header("Pig"), "tests/pig/a.scenario": "", "designs/pig/pig.rules": header("Pig") });
    for (const arg of ["pig.rules", "./pig", "games/pig", ".", "..", "pig", "designs"])
      expect(isPathArgument(arg, dir), arg).toBe(true);
    // A game's id, even when a folder of that name exists but holds no rules (tests/pig).
    for (const arg of ["for-sale", "tests"]) expect(isPathArgument(arg, dir), arg).toBe(false);
  });
});

describe("findGameRef", () => {
  it("compiles a path: a file is one game named after it", async () => {
    await write({ "pig.rules": header("Pig") });
    expect(summary(await findGameRef("./pig.rules", dir))).toEqual(["rules", "pig", "pig.rules"]);
  });

  it("refuses a folder that holds several games, naming them", async () => {
    await write({ "rules/a.rules": header("A"), "rules/b.rules": header("B") });
    expect(await refused(findGameRef("rules/", dir))).toBe(
      "rules/ holds 2 games; give one of them: rules/a.rules, rules/b.rules",
    );
  });

  it("refuses a path that does not exist or holds no rules", async () => {
    await write({ "notes/readme.txt": "" });
    expect(await refused(findGameRef("nope.rules", dir))).toBe("cannot read nope.rules: no such file or folder");
    expect(await refused(findGameRef("notes/", dir))).toBe("notes/ holds no .rules file");
  });

  it("finds a game's id in the working folder's rules first, then in the nearest rules/ folder above", async () => {
    await write({
      "rules/pig.rules": header("Pig"),
      "rules/dice.rules": header("Dice"),
      "work/deep/dice.rules": header("My dice"),
    });
    const deep = join(dir, "work", "deep");
    expect(summary(await findGameRef("pig", deep))).toEqual(["rules", "pig", "rules/pig.rules"]);
    expect(summary(await findGameRef("dice", deep))).toEqual(["rules", "dice", "work/deep/dice.rules"]);
  });

  it("falls back to the built package only when no rules have the game", async () => {
    // No rules/ folder above the temporary folder: For Sale comes from @rules/generated.
    expect(summary(await findGameRef("for-sale", dir))).toEqual(["compiled", "for-sale"]);
    // Rules of the same id win over the build.
    await write({ "rules/for-sale.rules": header("My For Sale") });
    expect(summary(await findGameRef("for-sale", dir))).toEqual(["rules", "for-sale", "rules/for-sale.rules"]);
  });

  it("names the known games, from the rules and the build, for an unknown id", async () => {
    await write({ "rules/pig.rules": header("Pig") });
    const message = await refused(findGameRef("monopoly", dir));
    expect(message).toMatch(/^unknown game 'monopoly'; known games: /);
    expect(message).toContain("pig");
    expect(message).toContain("for-sale");
  });
});

describe("findScenarioGameRef", () => {
  it("looks beside the scenario, then up the folders for .rules files or a rules/ folder, then in the build", async () => {
    await write({
      "design/pig.rules": header("Pig"),
      "design/tests/pig.scenario": "",
      "design/tests/dice.scenario": "",
      "rules/dice.rules": header("Dice"),
      "beside/dice.rules": header("Beside"),
      "beside/dice.scenario": "",
    });
    expect(summary(await findScenarioGameRef(join(dir, "design/tests/pig.scenario"), "pig"))).toEqual([
      "rules",
      "pig",
      "design/pig.rules",
    ]);
    expect(summary(await findScenarioGameRef(join(dir, "design/tests/dice.scenario"), "dice"))).toEqual([
      "rules",
      "dice",
      "rules/dice.rules",
    ]);
    expect(summary(await findScenarioGameRef(join(dir, "beside/dice.scenario"), "dice"))).toEqual([
      "rules",
      "dice",
      "beside/dice.rules",
    ]);
    expect(summary(await findScenarioGameRef(join(dir, "beside/dice.scenario"), "for-sale"))).toEqual([
      "compiled",
      "for-sale",
    ]);
    expect(await findScenarioGameRef(join(dir, "beside/dice.scenario"), "monopoly")).toBeNull();
  });
});

describe("loadGame", () => {
  it("throws CompileFailed with the diagnostics and their sources when the rules do not compile", async () => {
    const rules = await readFile(new URL("../__fixtures__/last-stone/last-stone.rules", import.meta.url), "utf8");
    await write({ "last-stone.rules": rules.replace("transfer amount from heap", "transfer amount from heaps") });
    const ref = await findGameRef("last-stone.rules", dir);
    const warnings: string[] = [];
    const error = await loadGame(ref, (line) => warnings.push(line), dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CompileFailed);
    // Named from the working folder, with the line and a caret under the unknown name.
    expect((error as CompileFailed).format(dir).join("\n").split("\n")).toEqual([
      "last-stone.rules:18:30: error check/unknown-name: unknown name 'heaps'; did you mean 'heap'?",
      "18 |         transfer amount from heaps to taken[turn]",
      "   |                              ^^^^^",
      "",
      "1 error, 0 warnings",
    ]);
    expect(warnings).toEqual([]);
  });
});
