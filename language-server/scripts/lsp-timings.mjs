#!/usr/bin/env node
// The language server's response times, measured as an editor sees them: starts the language server on stdio
// (built copy: `npm run build` first), opens each game of rules/, and for each prints the time to its
// first diagnostics, from a change to the new diagnostics, and of hover, definition, references,
// completion, document symbols and formatting (median and worst of N runs, milliseconds); then the
// same for the first scenario file of each game's tests/ folder.
//   node language-server/scripts/lsp-timings.mjs [runs]
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { LspClient } from "../dist/client.js";

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

// Scenario files: the first of each game's folder under tests/. Opening one compiles its game (or
// finds it in the cache of compiled games) and runs its scenarios; each change runs them again.
const testsDir = fileURLToPath(new URL("../../tests/", import.meta.url));
console.log(`\n${"scenario file".padEnd(36)} ${"request".padEnd(22)}  median   worst  (ms, ${runs} runs)`);
for (const file of games) {
  const id = file.replace(/\.rules$/, "");
  let scenarios;
  try {
    scenarios = readdirSync(testsDir + id).filter((f) => f.endsWith(".scenario")).sort();
  } catch {
    continue;
  }
  if (scenarios.length === 0) continue;
  const path = `${testsDir}${id}/${scenarios[0]}`;
  const uri = pathToFileURL(path).href;
  const text = readFileSync(path, "utf8");
  const lines = text.split("\n");
  // A zone or variable to ask about: the first `stack NAME:` or `set NAME` line.
  const line = lines.findIndex((l) => /^(stack|set) [a-z_]+/.test(l));
  const position = { line: Math.max(0, line), character: lines[Math.max(0, line)].indexOf(" ") + 2 };
  let version = 1;
  const opened = client.waitFor("textDocument/publishDiagnostics", (p) => p.uri === uri);
  const first = await timed(async () => {
    client.notify("textDocument/didOpen", { textDocument: { uri, languageId: "rules-scenario", version, text } });
    await opened;
  });
  const rows = { "open → diagnostics": [first], "change → diagnostics": [], hover: [], definition: [], completion: [], formatting: [] };
  const doc = { textDocument: { uri } };
  for (let i = 0; i < runs; i++) {
    version++;
    const published = client.waitFor("textDocument/publishDiagnostics", (p) => p.uri === uri && p.version === version);
    rows["change → diagnostics"].push(
      await timed(async () => {
        client.notify("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text: `${text}# edit ${i}\n` }] });
        await published;
      }),
    );
    rows.hover.push(await timed(() => client.request("textDocument/hover", { ...doc, position })));
    rows.definition.push(await timed(() => client.request("textDocument/definition", { ...doc, position })));
    rows.completion.push(await timed(() => client.request("textDocument/completion", { ...doc, position: { line: position.line, character: 0 } })));
    rows.formatting.push(await timed(() => client.request("textDocument/formatting", { ...doc, options: { tabSize: 2, insertSpaces: true } })));
  }
  const shown = `${id}/${scenarios[0]}`;
  for (const [name, times] of Object.entries(rows)) console.log(`${shown.padEnd(36)} ${name.padEnd(22)} ${stats(times)}`);
  client.notify("textDocument/didClose", doc);
}
console.log("\n(change → diagnostics includes the server's 50 ms pause for more typing; for a scenario file, running its scenarios;");
console.log(" a scenario file's open → diagnostics includes compiling its game when the cache of compiled games does not have it)");
await client.close();
