// What `npm publish` would send, for every package of the workspace that is not private: npm's own
// dry run (no login, nothing sent) must accept it, and what it would publish must hold the files its
// manifest promises: each export's module and declarations, the bin, the licence.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../", import.meta.url));
const npm = process.env["npm_execpath"]?.endsWith("npm-cli.js") ? process.env["npm_execpath"] : null;

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  engines?: { node?: string };
  publishConfig?: { access?: string };
  bin?: Record<string, string>;
  exports?: Record<string, unknown>;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const manifestOf = (folder: string): Manifest => JSON.parse(readFileSync(path.join(root, folder, "package.json"), "utf8")) as Manifest;
const workspaces = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { workspaces: string[] }).workspaces;
const published = workspaces.filter((folder) => !manifestOf(folder).private);
const versions = new Map(published.map((folder) => [manifestOf(folder).name, manifestOf(folder).version]));

test("the published packages are the runtime, the games, the compiler, the language server and the CLI, at least", () => {
  expect([...versions.keys()]).toEqual(expect.arrayContaining(["@rules/runtime", "@rules/generated", "@rules/compiler", "@rules/language-server", "@rules/cli"]));
});

describe.each(published)("%s", (folder) => {
  const manifest = manifestOf(folder);

  test("npm's publish dry run accepts it and would send its exports, declarations, bin and licence", async () => {
    const [command, prefix] = npm ? [process.execPath, [npm]] : ["npm", []];
    const { stdout } = await run(command, [...prefix, "publish", "--dry-run", "--ignore-scripts", "--json", "-w", folder], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, npm_config_update_notifier: "false" },
    });
    const report = (JSON.parse(stdout) as Record<string, { id: string; files: { path: string }[] }>)[manifest.name]!;
    expect(report.id).toBe(`${manifest.name}@${manifest.version}`);
    const files = new Set(report.files.map((f) => f.path));
    expect(files).toContain("LICENSE");
    expect(files).toContain("package.json");
    for (const target of Object.values(manifest.bin ?? {})) expect(files, target).toContain(target.replace(/^\.\//, ""));
    for (const [entry, value] of Object.entries(manifest.exports ?? {})) {
      if (entry === "./package.json") continue;
      const { types, default: module } = value as { types?: string; default?: string };
      expect(types, `${entry} has declarations`).toBeDefined();
      expect(files, `${entry}: ${types}`).toContain(types!.replace(/^\.\//, ""));
      expect(files, `${entry}: ${module}`).toContain(module!.replace(/^\.\//, ""));
    }
  }, 120_000);

  test("MIT, public, for Node 20.19+, and its own packages at their exact versions", () => {
    expect(manifest.license).toBe("MIT");
    expect(manifest.publishConfig?.access).toBe("public");
    expect(manifest.engines?.node).toBe(">=20.19");
    for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.optionalDependencies })) {
      expect(range, name).toMatch(/^\d+\.\d+\.\d+$/);
      if (versions.has(name)) expect(range, name).toBe(versions.get(name));
    }
  });
});
