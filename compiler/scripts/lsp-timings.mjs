#!/usr/bin/env node
// The language server's response times, measured as an editor sees them: starts `rules lsp --stdio`
// (built copy: `npm run build` first), opens each game of rules/, and for each prints the time to its
// first diagnostics, from a change to the new diagnostics, and of hover, definition, references,
// completion, document symbols and formatting (median and worst of N runs, milliseconds).
//   node compiler/scripts/lsp-timings.mjs [runs]
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { LspClient } from "../dist/lsp/client.js";

const runs = Number(process.argv[2] ?? 20);
const rulesDir = fileURLToPath(new URL("../../rules/", import.meta.url));
const games = readdirSync(rulesDir).filter((f) => f.endsWith(".rules"));

const client = new LspClient();
let t = performance.now();
await client.initialize();
console.log(`server start to initialized: ${(performance.now() - t).toFixed(0)} ms`);

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${sorted[Math.floor(sorted.length / 2)].toFixed(1).padStart(7)} ${sorted.at(-1).toFixed(1).padStart(7)}`;
};
const timed = async (work) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

console.log(`\n${"game".padEnd(20)} ${"request".padEnd(22)}  median   worst  (ms, ${runs} runs)`);
for (const file of games) {
  const uri = pathToFileURL(rulesDir + file).href;
  const text = readFileSync(rulesDir + file, "utf8");
  const lines = text.split("\n");
  // A name to ask about: the first variable or zone declared, at its first use on a later line.
  const [declaration, declared] = /^(?:per player )?(?:var|zone) (\w+)/m.exec(text);
  const declaredLine = lines.findIndex((l) => l.startsWith(declaration));
  const use = new RegExp(`\\b${declared}\\b`);
  const useLine = lines.findIndex((l, i) => i > declaredLine && !l.trim().startsWith("//") && use.test(l));
  const position = { line: useLine, character: lines[useLine].search(use) + 1 };
  let version = 1;
  const opened = client.waitFor("textDocument/publishDiagnostics", (p) => p.uri === uri);
  const first = await timed(async () => {
    client.notify("textDocument/didOpen", { textDocument: { uri, languageId: "rules", version, text } });
    await opened;
  });
  const rows = { "open → diagnostics": [first], "change → diagnostics": [], hover: [], definition: [], references: [], completion: [], "document symbols": [], formatting: [] };
  const doc = { textDocument: { uri } };
  for (let i = 0; i < runs; i++) {
    version++;
    // An edit that keeps the file valid: a comment line at the end, growing.
    const changed = `${text}// edit ${i}\n`;
    const published = client.waitFor("textDocument/publishDiagnostics", (p) => p.uri === uri && p.version === version);
    rows["change → diagnostics"].push(
      await timed(async () => {
        client.notify("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text: changed }] });
        await published;
      }),
    );
    rows.hover.push(await timed(() => client.request("textDocument/hover", { ...doc, position })));
    rows.definition.push(await timed(() => client.request("textDocument/definition", { ...doc, position })));
    rows.references.push(await timed(() => client.request("textDocument/references", { ...doc, position, context: { includeDeclaration: true } })));
    rows.completion.push(await timed(() => client.request("textDocument/completion", { ...doc, position })));
    rows["document symbols"].push(await timed(() => client.request("textDocument/documentSymbol", doc)));
    rows.formatting.push(await timed(() => client.request("textDocument/formatting", { ...doc, options: { tabSize: 2, insertSpaces: true } })));
  }
  for (const [name, times] of Object.entries(rows)) console.log(`${file.padEnd(20)} ${name.padEnd(22)} ${stats(times)}`);
  client.notify("textDocument/didClose", doc);
}
console.log("\n(change → diagnostics includes the server's 50 ms pause for more typing)");
await client.close();
