// The packages as their users get them: `npm pack` each one and install the tarballs into scratch
// projects outside the workspace (offline, from the npm cache `npm ci` filled): an app (the runtime and
// the games only: type-checked, run as an ES module and as CommonJS), a tool (the compiler library,
// without the CLI's simulation, report or editor dependencies) and a designer's machine (the `rules`
// CLI and the language server, without the optional dependencies).
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
import { LspClient } from "../../language-server/dist/client.js";
import { scratchLock, type LockEntry, type Lockfile } from "./scratch-lock.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../", import.meta.url));
const tsc = path.join(root, "node_modules/typescript/bin/tsc");
const npm = process.env["npm_execpath"]?.endsWith("npm-cli.js") ? process.env["npm_execpath"] : null;
const PACKAGES = ["runtime", "generated", "table", "compiler", "language-server", "cli"] as const;
type PackageFolder = (typeof PACKAGES)[number];
/** What each scratch project installs, by its users' needs. */
const PROJECTS = {
  app: ["runtime", "generated"],
  tool: ["compiler", "runtime"],
  designer: ["cli", "language-server", "compiler", "runtime", "table"],
} as const satisfies Record<string, readonly PackageFolder[]>;
/** The CLI's heavy dependencies that a tool, and the CLI by default, must do without. */
const HEAVY = ["bullmq", "ioredis", "vega", "vega-lite", "piscina", "vscode-languageserver", "@dagrejs/dagre"];
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
let tool = "";
let designer = "";
const packed = new Map<string, Packed>();
/** Each scratch project's lockfile: what npm installed there. */
const locks = new Map<string, Lockfile>();

/** A scratch project installing these tarballs (offline) and the registry packages they need. */
async function scratchProject(name: keyof typeof PROJECTS, files: readonly string[] = []): Promise<string> {
  const dir = path.join(scratch, name);
  await mkdir(dir);
  const tarballs = PROJECTS[name].map((folder) => {
    const p = packed.get(`@rules/${folder}`)!;
    return {
      name: p.name,
      file: `../packs/${p.filename}`,
      manifest: JSON.parse(readFileSync(path.join(root, folder, "package.json"), "utf8")) as LockEntry,
    };
  });
  const lock = scratchLock(JSON.parse(await readFile(path.join(root, "package-lock.json"), "utf8")) as Lockfile, tarballs);
  locks.set(name, lock);
  await writeFile(path.join(dir, "package.json"), JSON.stringify({ name: `scratch-${name}`, private: true, dependencies: lock.packages[""]!.dependencies }, null, 2));
  await writeFile(path.join(dir, "package-lock.json"), JSON.stringify({ name: `scratch-${name}`, lockfileVersion: 3, requires: true, packages: lock.packages }, null, 2));
  for (const file of files) await copyFile(fileURLToPath(new URL(`./app/${file}`, import.meta.url)), path.join(dir, file));
  await npmRun(["ci", "--offline", "--ignore-scripts"], dir);
  return dir;
}

/** The registry packages a scratch project holds (every node_modules path of its lockfile but the tarballs'). */
function installedPackages(name: keyof typeof PROJECTS): string[] {
  return Object.keys(locks.get(name)!.packages)
    .filter((at) => at !== "")
    .map((at) => at.slice(at.lastIndexOf("node_modules/") + "node_modules/".length));
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), "rules-packages-"));
  const packs = path.join(scratch, "packs");
  await mkdir(packs);
  // --ignore-scripts: the workspace is built already (npm test builds before testing).
  const { stdout } = await npmRun(["pack", "--json", "--ignore-scripts", "--pack-destination", packs, ...PACKAGES.flatMap((p) => ["-w", p])], root);
  for (const entry of JSON.parse(stdout) as Packed[]) packed.set(entry.name, entry);
  app = await scratchProject("app", ["play.mts", "play.cts", "misspelt.mts", "tsconfig.json", "tsconfig.misspelt.json"]);
  tool = await scratchProject("tool", ["compile.mjs"]);
  designer = await scratchProject("designer");
}, 600_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("what the tarballs hold", () => {
  test("each package is packed", () => {
    expect([...packed.keys()].sort()).toEqual(["@rules/cli", "@rules/compiler", "@rules/generated", "@rules/language-server", "@rules/runtime", "@rules/table"]);
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
      const installed = path.join(installedIn(folder), "node_modules/@rules", folder);
      const manifest = JSON.parse(await readFile(path.join(installed, "package.json"), "utf8")) as { license?: unknown };
      expect(manifest.license, `@rules/${folder}`).toBe("MIT");
      expect(await readFile(path.join(installed, "LICENSE"), "utf8"), `@rules/${folder}`).toBe(text);
    }
  });

  test("every package imports only node built-ins, itself and what it declares", async () => {
    const builtins = new Set(builtinModules);
    for (const folder of PACKAGES) {
      const dir = path.join(installedIn(folder), "node_modules/@rules", folder);
      const manifest = JSON.parse(await readFile(path.join(dir, "package.json"), "utf8")) as Record<string, Record<string, string> | undefined>;
      const declared = new Set(["dependencies", "optionalDependencies", "peerDependencies"].flatMap((field) => Object.keys(manifest[field] ?? {})));
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

/** A scratch project that installed this package. */
function installedIn(folder: PackageFolder): string {
  if ((PROJECTS.app as readonly string[]).includes(folder)) return app;
  if ((PROJECTS.tool as readonly string[]).includes(folder)) return tool;
  return designer;
}

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

  test("installs the runtime and the games and nothing else", () => {
    expect(installedPackages("app").sort()).toEqual(["@rules/generated", "@rules/runtime"]);
  });
});

describe("a tool on the compiler library", () => {
  test("installs the compiler without the CLI's simulation, report and editor dependencies", () => {
    const installed = installedPackages("tool");
    for (const heavy of HEAVY) expect(installed, heavy).not.toContain(heavy);
    // esbuild and code-block-writer: how a game loaded to be run is compiled (compiler/src/loading/transpile.ts, emit/plain-source.ts).
    expect(installed).toEqual(expect.arrayContaining(["chevrotain", "ts-morph", "prettier", "typescript", "esbuild", "code-block-writer"]));
  });

  test("checks and compiles a game through the library's entry", async () => {
    const rules = path.join(root, "compiler/src/__fixtures__/last-stone/last-stone.rules");
    const { stdout } = await run(process.execPath, ["compile.mjs", rules], { cwd: tool });
    const outcome = JSON.parse(stdout) as { checkErrors: number; compileErrors: number; files: string[] };
    expect(outcome.checkErrors).toBe(0);
    expect(outcome.compileErrors).toBe(0);
    expect(outcome.files).toEqual(expect.arrayContaining(["index.ts", "moves.ts"]));
  }, SLOW);
});

describe("a designer's machine: the `rules` CLI and the language server", () => {
  test("installs without the optional dependencies (Redis fleets, plots)", () => {
    const installed = installedPackages("designer");
    for (const optional of ["bullmq", "ioredis", "vega", "vega-lite"]) expect(installed, optional).not.toContain(optional);
  });

  test("the packed `rules` bin checks and tests a game", async () => {
    const game = path.join(scratch, "last-stone");
    await cp(path.join(root, "compiler/src/__fixtures__/last-stone"), game, { recursive: true });
    const bin = path.join(designer, "node_modules/.bin/rules");
    const env = { ...process.env, RULES_CACHE_DIR: path.join(scratch, "cache") };
    const checked = await run(bin, ["check", "last-stone.rules"], { cwd: game, env });
    expect(checked.stdout + checked.stderr).not.toMatch(/error/);
    const tested = await run(bin, ["test", "."], { cwd: game, env });
    expect(tested.stdout.trim().split("\n").at(-1)).toMatch(/^\d+ passed, 0 failed$/);
  }, SLOW);

  test("a report without its optional plotting packages says what to install, with no stack trace", async () => {
    const game = path.join(scratch, "last-stone-report");
    await cp(path.join(root, "compiler/src/__fixtures__/last-stone"), game, { recursive: true });
    const bin = path.join(designer, "node_modules/.bin/rules");
    const env = { ...process.env, RULES_CACHE_DIR: path.join(scratch, "cache") };
    const failed = await run(bin, ["report", "last-stone.rules", "--players", "2", "--games", "4", "--workers", "1"], { cwd: game, env }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    const { optionalDependencies } = JSON.parse(readFileSync(path.join(root, "cli/package.json"), "utf8")) as { optionalDependencies: Record<string, string> };
    expect(failed?.stderr).toContain(`run \`npm install vega@${optionalDependencies["vega"]} vega-lite@${optionalDependencies["vega-lite"]}\``);
    expect(failed?.stderr).not.toMatch(/^\s+at /m);
  }, SLOW);

  test.each([
    ["rules-language-server", ["--stdio"]],
    ["rules", ["lsp", "--stdio"]],
  ])("the packed %s answers an editor's initialize", async (command, args) => {
    const server = new LspClient({}, { script: path.join(designer, "node_modules/.bin", command), args, cwd: designer });
    const reply = await server.initialize();
    expect(reply.capabilities).toMatchObject({ hoverProvider: true, definitionProvider: true, documentFormattingProvider: true });
    expect(await server.close()).toBe(0);
  }, SLOW);
});
