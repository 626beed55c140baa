// The hostile rules files of the compiler's property tests (testing/hostile-rules.ts), typed into
// one real `rules lsp --stdio` process as an editor would send them: after each edit the server
// publishes diagnostics for that version and answers every request, and it is still running at the
// end. Seeds as in check/hostile-mutants.test.ts: two fixed, one drawn per run (FUZZ_SEED sets it).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LspClient } from "./client.js";
import { deepShape, gameTexts, hostileRules, tokenSoup } from "../testing/hostile-rules.js";

const RANDOM_SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const games = gameTexts();
const uri = "file:///tmp/hostile/hostile.rules";
/** Longest wait for one answer: above the supervisor's 10 s limit on an analysis, which answers all the same. */
const ANSWER_MS = 15_000;

let client: LspClient;
let version = 1;

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer to ${what} in ${ANSWER_MS / 1000} s`)), ANSWER_MS).unref()),
  ]);
}

/** Sends the text as the document's next version; resolves once its diagnostics and five answers are in. */
async function typeIn(text: string): Promise<void> {
  const v = ++version;
  const published = client.waitFor<{ version?: number }>("textDocument/publishDiagnostics", (p) => p.version === v);
  client.notify("textDocument/didChange", { textDocument: { uri, version: v }, contentChanges: [{ text }] });
  await within(published, `the diagnostics of version ${v}`);
  const lines = text.split("\n").length;
  const position = { line: Math.floor(lines / 2), character: 4 };
  const document = { textDocument: { uri } };
  await within(
    Promise.all([
      client.request("textDocument/documentSymbol", document),
      client.request("textDocument/hover", { ...document, position }),
      client.request("textDocument/completion", { ...document, position }),
      client.request("textDocument/definition", { ...document, position }),
      client.request("textDocument/formatting", { ...document, options: { tabSize: 2, insertSpaces: true } }).catch((e: Error) => e),
    ]),
    `the requests on version ${v}`,
  );
  expect(client.running).toBe(true);
}

beforeAll(async () => {
  client = new LspClient();
  await client.initialize();
  const published = client.waitFor("textDocument/publishDiagnostics");
  client.notify("textDocument/didOpen", { textDocument: { uri, languageId: "rules", version, text: games[0]!.text } });
  await published;
});

afterAll(async () => {
  expect(client.running).toBe(true);
  expect(await client.close()).toBe(0);
  expect(client.stderr).toBe("");
});

describe.each([20, 2026, RANDOM_SEED])("rules lsp fed hostile documents, seed %i", (seed) => {
  test("mutants of the five games, token soups and deep shapes: every edit diagnosed, every request answered", async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 10_000 }), fc.nat(), fc.integer({ min: 0, max: 9 }), async (index, own, kind) => {
        const text = kind === 0 ? tokenSoup(own, 300) : kind === 1 ? deepShape(own) : hostileRules(games, seed, index);
        await typeIn(text);
      }),
      { seed, numRuns: 15 },
    );
  }, 120_000);
});
