// The packages as an app gets them: `npm pack` each one, install the tarballs into a scratch project
// outside the workspace (offline, from the npm cache `npm ci` filled), type-check an app against
// them and run it as an ES module and as CommonJS, and run the `rules` bin of the packed compiler.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { applyMove, botMove, createMatch, isOver, resultOf, whoMayAct } from "@rules/runtime";
import { game as forSale } from "@rules/generated/for-sale";
import { scratchLock, type LockEntry, type Lockfile } from "./scratch-lock.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../", import.meta.url));
const tsc = path.join(root, "node_modules/typescript/bin/tsc");
const npm = process.env["npm_execpath"]?.endsWith("npm-cli.js") ? process.env["npm_execpath"] : null;
const PACKAGES = ["runtime", "generated", "table", "compiler"] as const;
/** tsc and the packed compiler on a busy 2-core machine: well under a minute alone, far more beside other suites. */
const SLOW = 180_000;

interface Packed {
  readonly name: string;
  readonly filename: string;
  readonly files: readonly { path: string }[];
}

/** Runs npm (the one running this test when there is one) with the output captured. */
function npmRun(args: readonly string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  const [command, prefix] = npm ? [process.execPath, [npm]] : ["npm", []];
  return run(command, [...prefix, ...args], { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" } });
}

let scratch = "";
let app = "";
const packed = new Map<string, Packed>();

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "rules-packages-"));
  const packs = path.join(scratch, "packs");
  app = path.join(scratch, "app");
  await mkdir(packs);
  await mkdir(app);
  // --ignore-scripts: the workspace is built already (npm test builds before testing).
  const { stdout } = await npmRun(["pack", "--json", "--ignore-scripts", "--pack-destination", packs, ...PACKAGES.flatMap((p) => ["-w", p])], root);
  for (const entry of JSON.parse(stdout) as Packed[]) packed.set(entry.name, entry);

  const tarballs = [...packed.values()].map((p) => ({
    name: p.name,
    file: `../packs/${p.filename}`,
    manifest: JSON.parse(readFileSync(path.join(root, p.name.replace("@rules/", ""), "package.json"), "utf8")) as LockEntry,
  }));
  const lock = scratchLock(JSON.parse(await readFile(path.join(root, "package-lock.json"), "utf8")) as Lockfile, tarballs);
  await writeFile(path.join(app, "package.json"), JSON.stringify({ name: "scratch", private: true, dependencies: lock.packages[""]!.dependencies }, null, 2));
  await writeFile(path.join(app, "package-lock.json"), JSON.stringify({ name: "scratch", lockfileVersion: 3, requires: true, packages: lock.packages }, null, 2));
  for (const file of ["play.mts", "play.cts", "misspelt.mts", "tsconfig.json", "tsconfig.misspelt.json"]) {
    await copyFile(fileURLToPath(new URL(`./app/${file}`, import.meta.url)), path.join(app, file));
  }
  await npmRun(["ci", "--offline", "--ignore-scripts"], app);
}, 300_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("what the tarballs hold", () => {
  test("each package is packed", () => {
    expect([...packed.keys()].sort()).toEqual(["@rules/compiler", "@rules/generated", "@rules/runtime", "@rules/table"]);
  });

  test.each(PACKAGES)("%s: built JavaScript with its declarations, no sources, tests, fixtures or maps", (folder) => {
    const files = packed.get(`@rules/${folder}`)!.files.map((f) => f.path);
    const sourceRoot = folder === "generated" ? "generated" : `${folder}/src`;
    for (const file of files) {
      expect(file).toMatch(/^(package\.json|README\.md|LICENSE|bin\/[\w.-]+\.js|dist\/[\w./-]+\.(js|d\.ts))$/);
      expect(file).not.toMatch(/\.test\.|__fixtures__|\.map$|tsbuildinfo/);
      // No leftovers of deleted sources: every built file has its source in the workspace.
      if (file.startsWith("dist/")) {
        const source = path.join(root, sourceRoot, file.slice("dist/".length).replace(/\.(d\.ts|js)$/, ".ts"));
        expect(existsSync(source), `${file} has no source ${source}`).toBe(true);
      }
      if (file.endsWith(".js") && file.startsWith("dist/")) expect(files).toContain(file.replace(/\.js$/, ".d.ts"));
    }
  });

  test("every target of every package's exports is in its tarball, and each game has its own entry", () => {
    for (const folder of PACKAGES) {
      const manifest = JSON.parse(readFileSync(path.join(root, folder, "package.json"), "utf8")) as { private?: boolean; exports: Record<string, unknown> };
      expect(manifest.private, `${folder} is private`).toBeUndefined();
      const files = packed.get(`@rules/${folder}`)!.files.map((f) => f.path);
      const targets: string[] = [];
      const collect = (value: unknown): void => {
        if (typeof value === "string") targets.push(value.replace(/^\.\//, ""));
        else if (typeof value === "object" && value !== null) Object.values(value).forEach(collect);
      };
      collect(manifest.exports);
      for (const target of targets) expect(files).toContain(target);
    }
    const exportsOfGenerated = (JSON.parse(readFileSync(path.join(root, "generated/package.json"), "utf8")) as { exports: Record<string, unknown> }).exports;
    const games = readFileSync(path.join(root, "generated/index.ts"), "utf8").match(/from "\.\/([\w-]+)\/search\.js"/g)!;
    expect(games.length).toBeGreaterThan(3);
    for (const game of games) expect(Object.keys(exportsOfGenerated)).toContain(`./${/\.\/([\w-]+)\//.exec(game)![1]}`);
  });

  test("each packed package is MIT-licensed, in its package.json and its LICENSE file", async () => {
    const { license } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { license?: unknown };
    // The owners' decision: MIT. The workspace's package.json says it; each package repeats it and ships
    // the licence's text (npm packs a package folder's own LICENSE, never the repository's).
    expect(license).toBe("MIT");
    const text = readFileSync(path.join(root, "LICENSE"), "utf8");
    expect(text).toMatch(/^MIT License\n/);
    for (const folder of PACKAGES) {
      const manifest = JSON.parse(await readFile(path.join(app, "node_modules/@rules", folder, "package.json"), "utf8")) as { license?: unknown };
      expect(manifest.license, `@rules/${folder}`).toBe("MIT");
      expect(await readFile(path.join(app, "node_modules/@rules", folder, "LICENSE"), "utf8"), `@rules/${folder}`).toBe(text);
    }
  });

  test("every package imports only node built-ins, itself and what it declares", async () => {
    const builtins = new Set(builtinModules);
    for (const folder of PACKAGES) {
      const dir = path.join(app, "node_modules/@rules", folder);
      const manifest = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
      const declared = new Set([...Object.keys(manifest["dependencies"] ?? {}), ...Object.keys(manifest["peerDependencies"] ?? {})]);
      for (const file of packed.get(`@rules/${folder}`)!.files.map((f) => f.path).filter((f) => f.endsWith(".js"))) {
        const text = await readFile(path.join(dir, file), "utf8");
        for (const [, specifier] of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"([@\w][\w@/.:-]*)"/g)) {
          const name = specifier!.startsWith("@") ? specifier!.split("/").slice(0, 2).join("/") : specifier!.split("/")[0]!;
          if (specifier!.startsWith("node:") || builtins.has(name)) continue;
          expect(declared.has(name), `${folder}/${file} imports ${specifier}, which its package.json does not declare`).toBe(true);
        }
      }
    }
  });
});

/** The apps' seeded bot randomness (mulberry32), the same here. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("an app outside the workspace, on the installed tarballs", () => {
  /** The same match played in the workspace: what the packed packages must reproduce. */
  function expectedGame(): { moves: number; result: unknown } {
    let match = createMatch(forSale, { players: 4, seed: 11 });
    const random = seededRandom(11);
    let moves = 0;
    while (!isOver(match)) {
      const seat = whoMayAct(match).players[0]!;
      const outcome = applyMove(match, seat, botMove(match, seat, random));
      if (!outcome.ok) throw new Error(outcome.error.reason);
      match = outcome.match;
      moves++;
    }
    return { moves, result: resultOf(match) };
  }

  test("type-checks against the packages' declarations alone (skipLibCheck off), with no error", async () => {
    const { stdout } = await run(process.execPath, [tsc, "--pretty", "false", "-p", app], { cwd: app }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(stdout).toBe("");
    expect(existsSync(path.join(app, "out/play.mjs"))).toBe(true);
    expect(readFileSync(path.join(app, "out/play.cjs"), "utf8")).toContain('require("@rules/runtime")');
  }, SLOW);

  test("a misspelt move type fails to compile, at that move", async () => {
    const failed = await run(process.execPath, [tsc, "--pretty", "false", "-p", "tsconfig.misspelt.json"], { cwd: app }).then(
      () => null,
      (error: { stdout: string }) => error.stdout,
    );
    expect(failed).not.toBeNull();
    expect(failed).toMatch(/^misspelt\.mts\(6,\d+\): error TS\d+: .*"rasie"/m);
    // That one error only: the packages themselves were found and type-check.
    expect(failed!.trim().split("\n").filter((line) => /error TS/.test(line))).toHaveLength(1);
  }, SLOW);

  test("runs as an ES module and as CommonJS, playing the game the workspace plays", async () => {
    const expected = expectedGame();
    const esm = JSON.parse((await run(process.execPath, ["out/play.mjs"], { cwd: app })).stdout) as { moves: number; result: unknown; coinsSeenBySeat0: unknown[] };
    // A .cjs file is CommonJS to Node whatever the package.json says; it require()s the packages.
    const cjs = JSON.parse((await run(process.execPath, ["out/play.cjs"], { cwd: app })).stdout) as { moves: number; result: unknown };
    expect({ moves: esm.moves, result: esm.result }).toEqual(expected);
    expect({ moves: cjs.moves, result: cjs.result }).toEqual(expected);
    // The per-seat view from the package hides the others' coins.
    expect(esm.coinsSeenBySeat0.slice(1)).toEqual([null, null, null]);
  }, SLOW);

  test("the packed compiler's `rules` bin checks and tests a game with only its declared dependencies", async () => {
    const game = path.join(scratch, "last-stone");
    await cp(path.join(root, "compiler/src/cli/__fixtures__/last-stone"), game, { recursive: true });
    const bin = path.join(app, "node_modules/.bin/rules");
    const env = { ...process.env, RULES_CACHE_DIR: path.join(scratch, "cache") };
    const checked = await run(bin, ["check", "last-stone.rules"], { cwd: game, env });
    expect(checked.stdout + checked.stderr).not.toMatch(/error/);
    const tested = await run(bin, ["test", "."], { cwd: game, env });
    expect(tested.stdout.trim().split("\n").at(-1)).toMatch(/^\d+ passed, 0 failed$/);
  }, SLOW);
});
