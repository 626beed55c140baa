// The hostile rules files of the compiler's property tests (testing/hostile-rules.ts), typed into
// one real `rules lsp --stdio` process as an editor would send them: after each edit the server
// publishes diagnostics for that version and answers every request, and it is still running at the
// end. Seeds as in check/hostile-mutants.test.ts: two fixed, one drawn per run (FUZZ_SEED sets it).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LspClient } from "./client.js";
import { TINY } from "./tiny-rules.js";
import { gameTexts, hostileRules, plantedShape, tokenSoup, withStrayToken } from "@rules/compiler/testing";

const RANDOM_SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const games = gameTexts();
const uri = "file:///tmp/hostile/hostile.rules";
/** Longest wait for one answer: above the supervisor's 10 s limit on an analysis, which answers all the same. */
const ANSWER_MS = 15_000;

/** One stray token in a game: what a designer types most, and what once made the index throw. */
const strayToken = (own: number): string => withStrayToken(games[own % games.length]!.text, own);

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

/** TINY with `text` put at the start of its line `line` (0-based). */
const atLine = (line: number, text: string): string =>
  TINY.split("\n").map((l, i) => (i === line ? `${text} ${l}` : l)).join("\n");

describe("the documents that ended the server before", () => {
  test.each([
    ["a stray ')' before an option's requirement", atLine(21, ")")],
    ["a stray 'if' before a statement", atLine(22, "if")],
    ["3,000 chained '<' in a statement", atLine(25, `points[turn] += ${Array<string>(3001).fill("1").join(" < ")}`)],
    ["200 parentheses in a reason's {…}", TINY.replace('"you have enough"', `"you have {${"(".repeat(200)}1${")".repeat(200)}}"`)],
    ["5,000 'not' in a reason's {…}", TINY.replace('"you have enough"', `"you have {${"not ".repeat(5000)}true}"`)],
    ["cards drawn from 10^8 values", TINY.replace(/cards for (\w+) in [^{]*\{/, "cards for $1 in 1..100000000 {")],
    ["an unknown name of 200,000 characters", atLine(25, `points[turn] += ${"q".repeat(200_000)}`)],
  ])("%s", async (_, text) => {
    await typeIn(text);
  }, 30_000);
});

describe.each([20, 2026, RANDOM_SEED])("rules lsp fed hostile documents, seed %i", (seed) => {
  test("mutants of the five games, token soups and deep shapes: every edit diagnosed, every request answered", async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 10_000 }), fc.nat(), fc.integer({ min: 0, max: 9 }), async (index, own, kind) => {
        const text =
          kind === 0 ? tokenSoup(own, 300) : kind < 4 ? plantedShape(own) : kind < 6 ? strayToken(own) : hostileRules(games, seed, index);
        await typeIn(text);
      }),
      { seed, numRuns: 12 },
    );
  }, 120_000);
});
