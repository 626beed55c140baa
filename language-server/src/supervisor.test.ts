// The supervisor of `rules lsp --stdio` keeps the editor's server whatever its worker does: a worker
// that hangs, dies or runs out of memory is replaced, the document it was analysing gets one
// diagnostic at 1:1, every request is answered, and an edit stops an analysis that is already stale.
// The worker here is the real server with faults injected on purpose (__fixtures__/faulty-worker.mjs).
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LspClient } from "./client.js";
import { TINY } from "./tiny-rules.js";

interface Diagnostics {
  uri: string;
  version?: number;
  diagnostics: { range: { start: { line: number; character: number } }; code: string; message: string }[];
}

const FAULTY = fileURLToPath(new URL("./__fixtures__/faulty-worker.mjs", import.meta.url));
let client: LspClient;
let versions = 0;

beforeAll(async () => {
  client = new LspClient({ RULES_LSP_WORKER: FAULTY, RULES_LSP_ANALYSIS_MS: "1500", RULES_LSP_HEAP_MB: "64" });
  await client.initialize();
});

afterAll(async () => {
  expect(await client.close()).toBe(0);
  expect(client.stderr).toBe("");
});

/** Opens a document and resolves with the first diagnostics published for it. */
function open(name: string, text: string): { uri: string; published: Promise<Diagnostics> } {
  const uri = `file:///tmp/supervised/${name}.rules`;
  const published = client.waitFor<Diagnostics>("textDocument/publishDiagnostics", (p) => p.uri === uri);
  client.notify("textDocument/didOpen", { textDocument: { uri, languageId: "rules", version: ++versions, text } });
  return { uri, published };
}

function change(uri: string, text: string): Promise<Diagnostics> {
  const version = ++versions;
  const published = client.waitFor<Diagnostics>("textDocument/publishDiagnostics", (p) => p.uri === uri && p.version === version);
  client.notify("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text }] });
  return published;
}

const symbols = (uri: string) => client.request<{ name: string }[] | null>("textDocument/documentSymbol", { textDocument: { uri } });

describe("a worker that fails is replaced, and the editor keeps its server", () => {
  test.each([
    ["hangs", "hang", /could not analyse this file \(it took longer than 1\.5 s\)/],
    ["throws outside any handler", "throw", /could not analyse this file \(Error: injected failure\)/],
    ["runs out of memory", "oom", /could not analyse this file \(it ran out of memory\)/],
  ])("when it %s: a diagnostic at 1:1, null for the document, the other documents answered, the next edit analysed", async (_, fault, message) => {
    const healthy = open(`healthy-${fault}`, TINY);
    expect((await healthy.published).diagnostics).toEqual([]);
    const faulty = open(`faulty-${fault}`, `${TINY}// FAULT:${fault}\n`);
    // Asked while the worker is failing: answered (with nothing) all the same.
    const asked = symbols(faulty.uri);
    const failed = await faulty.published;
    expect(failed.diagnostics).toMatchObject([{ code: "lsp/analysis-failed", range: { start: { line: 0, character: 0 } } }]);
    expect(failed.diagnostics[0]!.message).toMatch(message);
    await expect(asked).resolves.toBeDefined();
    expect(await symbols(faulty.uri)).toBeNull();
    expect((await symbols(healthy.uri))!.map((s) => s.name)).toContain("Gem");
    expect((await change(faulty.uri, TINY)).diagnostics).toEqual([]);
    expect((await symbols(faulty.uri))!.map((s) => s.name)).toContain("Gem");
    expect(client.running).toBe(true);
  }, 30_000);

  test("an edit stops an analysis of the same document that is already under way", async () => {
    const slow = open("slow", `${TINY}// FAULT:slow\n`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = Date.now();
    const fixed = await change(slow.uri, TINY.replace("gem.value", "gem.valu"));
    // The slow analysis would have held the worker for 5 s more.
    expect(Date.now() - started).toBeLessThan(4000);
    expect(fixed.diagnostics.map((d) => d.code)).toEqual(["check/unknown-field"]);
    void slow.published;
  }, 30_000);
});
