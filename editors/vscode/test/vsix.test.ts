// The extension as a user installs it: the .vsix that scripts/package.mjs makes, unpacked into a folder
// with nothing around it (no node_modules, no checkout, no `rules` on the PATH), and its own bundled
// language server started from those files and spoken to over LSP, on the Last Stone example: a
// mistake in the rules is diagnosed, and a scenario beside the rules is run against the game that
// the bundled compiler compiled (a wrong expectation is reported where it is written).
import { execFile } from "node:child_process";
import { createWriteStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import yauzl from "yauzl";
import { LspClient } from "../../../language-server/src/client.js";

const run = promisify(execFile);
const here = fileURLToPath(new URL("..", import.meta.url));
const lastStone = fileURLToPath(new URL("../../../compiler/src/__fixtures__/last-stone/", import.meta.url));

let scratch = "";
let unpacked = "";
let entries: string[] = [];

/** Every file of a zip (a .vsix is one) written under `to`; gives their names. */
async function unzip(file: string, to: string): Promise<string[]> {
  const zip = await promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open)(file, { lazyEntries: true });
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", resolve);
    zip.on("entry", (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith("/")) return zip.readEntry();
      names.push(entry.fileName);
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const target = join(to, entry.fileName);
        await mkdir(dirname(target), { recursive: true });
        await pipeline(stream, createWriteStream(target)).catch(reject);
        zip.readEntry();
      });
    });
    zip.readEntry();
  });
  return names;
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "rules-vsix-"));
  const vsix = join(scratch, "rules-language.vsix");
  await run(process.execPath, [join(here, "scripts/package.mjs"), vsix], { cwd: here, maxBuffer: 16 * 1024 * 1024 });
  unpacked = join(scratch, "installed");
  entries = await unzip(vsix, unpacked);
}, 300_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("the packaged extension", () => {
  test("is a handful of files: the client, the server, the runtime beside it, grammars and configurations", () => {
    expect(entries.length).toBeLessThanOrEqual(20);
    expect(entries).toEqual(
      expect.arrayContaining([
        "extension/package.json",
        "extension/LICENSE.txt",
        "extension/out/extension.js",
        "extension/out/server/stdio.js",
        "extension/out/server/worker.js",
        "extension/out/server/runtime/internal.js",
        "extension/syntaxes/rules.tmLanguage.json",
        "extension/syntaxes/scenario.tmLanguage.json",
      ]),
    );
    expect(entries.some((name) => name.includes("node_modules"))).toBe(false);
  });

  test("its client loads nothing but VS Code and Node's own modules", async () => {
    const client = await readFile(join(unpacked, "extension/out/extension.js"), "utf8");
    const required = new Set([...client.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!.replace(/^node:/, "")));
    const builtins = new Set((await import("node:module")).builtinModules);
    for (const name of required) expect(name === "vscode" || builtins.has(name), name).toBe(true);
  });

  test("its own language server, started from the unpacked files, diagnoses rules and runs scenarios", async () => {
    const game = join(scratch, "last-stone");
    await mkdir(game);
    for (const file of ["last-stone.rules", "last-stone.scenario"]) await copyFile(join(lastStone, file), join(game, file));
    const server = new LspClient(
      { RULES_CACHE_DIR: join(scratch, "cache") },
      { script: join(unpacked, "extension/out/server/stdio.js"), args: ["--stdio"], cwd: scratch },
    );
    expect((await server.initialize()).capabilities).toMatchObject({ hoverProvider: true, documentFormattingProvider: true });

    type Published = { uri: string; diagnostics: { code: string; message: string; range: { start: { line: number } } }[] };
    const rules = await readFile(join(game, "last-stone.rules"), "utf8");
    const rulesUri = pathToFileURL(join(game, "last-stone.rules")).href;
    const diagnosed = server.waitFor<Published>("textDocument/publishDiagnostics", (p) => p.uri === rulesUri);
    server.notify("textDocument/didOpen", {
      textDocument: { uri: rulesUri, languageId: "rules", version: 1, text: rules.replace("transfer amount from heap", "transfer amount from heaps") },
    });
    // The same mistake `rules check` reports: line 18 (0-based 17), an unknown name with a suggestion.
    expect((await diagnosed).diagnostics).toMatchObject([{ code: "check/unknown-name", message: "unknown name 'heaps'; did you mean 'heap'?", range: { start: { line: 17 } } }]);

    const scenario = await readFile(join(game, "last-stone.scenario"), "utf8");
    const scenarioUri = pathToFileURL(join(game, "last-stone.scenario")).href;
    const ran = server.waitFor<Published>("textDocument/publishDiagnostics", (p) => p.uri === scenarioUri);
    // 3 + 3 + 3 taken from 10 leave 1, not 2: the expectation on line 9 (0-based 8) fails.
    server.notify("textDocument/didOpen", {
      textDocument: { uri: scenarioUri, languageId: "rules-scenario", version: 1, text: scenario.replace("expect heap = 1", "expect heap = 2") },
    });
    expect((await ran).diagnostics).toMatchObject([{ code: "scenario/expectation-failed", range: { start: { line: 8 } } }]);
    expect(await server.close()).toBe(0);
    expect(server.stderr).toBe("");
  }, 180_000);
});
