// The language server driven over JSON-RPC as an editor drives it (bin/rules-language-server.js
// --stdio, which `rules lsp --stdio` also runs; the built copy: `npm run build` first). The game of tiny-rules.ts is small enough to count by eye:
// each expected line, range and list is read off it (lines and characters are 0-based in LSP).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LspClient } from "./client.js";
import { TINY } from "./tiny-rules.js";

const uri = "file:///tmp/tiny/tiny.rules";
const doc = { textDocument: { uri } };
const at = (line: number, character: number) => ({ ...doc, position: { line, character } });

interface Diagnostics {
  uri: string;
  version?: number;
  diagnostics: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; code: string; message: string }[];
}
type Range = { start: { line: number; character: number }; end: { line: number; character: number } };
const range = (line: number, from: number, to: number): Range => ({ start: { line, character: from }, end: { line, character: to } });

let client: LspClient;
let version = 1;
async function change(text: string): Promise<Diagnostics> {
  version++;
  const published = client.waitFor<Diagnostics>("textDocument/publishDiagnostics", (p) => p.version === version);
  client.notify("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text }] });
  return published;
}

beforeAll(async () => {
  client = new LspClient();
  const { capabilities } = await client.initialize();
  expect(capabilities).toMatchObject({ hoverProvider: true, definitionProvider: true, documentFormattingProvider: true });
  const published = client.waitFor<Diagnostics>("textDocument/publishDiagnostics");
  client.notify("textDocument/didOpen", { textDocument: { uri, languageId: "rules", version, text: TINY } });
  expect((await published).diagnostics).toEqual([]);
});

afterAll(async () => {
  expect(await client.close()).toBe(0);
  expect(client.stderr).toBe("");
});

describe("rules lsp over JSON-RPC", () => {
  test("publishes the checker's diagnostic as the file changes, and clears it when fixed", async () => {
    const broken = await change(TINY.replace("gem.value", "gem.valu"));
    // `        points[turn] += gem.valu` is line 26 (index 25); `valu` starts at character 28.
    expect(broken.diagnostics).toMatchObject([{ code: "check/unknown-field", message: "Gem cards have no field 'valu'", range: range(25, 28, 32) }]);
    expect((await change(TINY)).diagnostics).toEqual([]);
  });

  test("hover shows a declaration as written and its type: a variable, a card type with its fields, a local, an option", async () => {
    const value = async (line: number, character: number) =>
      ((await client.request<{ contents: { value: string } } | null>("textDocument/hover", at(line, character)))?.contents.value ?? "");
    // `points` in `require points[turn] < 10` (line 22).
    const points = await value(21, 17);
    expect(points).toContain("(variable) `points`");
    expect(points).toContain("per player var points: int public = 0");
    expect(points).toContain("Type: a per-player int");
    // `Gem` in `zone bag: Gem ...`.
    const gem = await value(12, 11);
    expect(gem).toContain("card Gem {");
    expect(gem).toContain("Fields: `value`: int, `colour`: Colour");
    // `gem` in `gem.value`: the local of `let gem = top(bag)`.
    const local = await value(25, 25);
    expect(local).toContain("```rules\nlet gem = top(bag)\n```");
    expect(local).toContain("Type: a Gem card");
    expect(local).toContain("Gem fields: `value`: int, `colour`: Colour");
    // The option `draw` with its requirement.
    const option = await value(20, 7);
    expect(option).toContain('draw\n  require points[turn] < 10 else "you have enough"');
    expect(await client.request("textDocument/hover", at(3, 0))).toBeNull();
  });

  test("hover on a decision's keyword shows its label, as written, and its options", async () => {
    const decision = (await client.request<{ contents: { value: string }; range: Range }>("textDocument/hover", at(19, 5)))!;
    // `    ask turn {` (line 20): the keyword at characters 4..7; no phase, so the label is the option's name.
    expect(decision.range).toEqual(range(19, 4, 7));
    expect(decision.contents.value).toContain("(decision) `draw`");
    expect(decision.contents.value).toContain("```rules\nask turn {\n```");
    expect(decision.contents.value).toContain("Options: `draw`");
  });

  test("go to definition: a local to its let, a field to its declaration, an enum member to the enum", async () => {
    // `gem` (line 26) → `let gem` on line 24, name at character 12.
    expect(await client.request("textDocument/definition", at(25, 25))).toEqual({ uri, range: range(23, 12, 15) });
    // `value` of `gem.value` → `value: int` on line 8.
    expect(await client.request("textDocument/definition", at(25, 30))).toEqual({ uri, range: range(7, 2, 7) });
    // `red` of `Colour.red` (line 10) → `enum Colour { red, blue }`, line 5.
    expect(await client.request("textDocument/definition", at(9, 50))).toEqual({ uri, range: range(4, 14, 17) });
  });

  test("find references: every use of a variable and of a card field, declaration included", async () => {
    const lines = async (line: number, character: number) =>
      (await client.request<{ range: Range }[]>("textDocument/references", { ...at(line, character), context: { includeDeclaration: true } }))
        .map((l) => l.range.start.line + 1)
        .sort((a, b) => a - b);
    // points: declared on 15, read on 22, 26 and 33.
    expect(await lines(14, 16)).toEqual([15, 22, 26, 33]);
    // value: declared on 8, set by the manifest on 10, read on 26.
    expect(await lines(7, 3)).toEqual([8, 10, 26]);
  });

  test("rename edits every occurrence of a local and refuses a keyword", async () => {
    const edit = await client.request<{ changes: Record<string, { range: Range; newText: string }[]> }>("textDocument/rename", { ...at(17, 7), newName: "seat" });
    // turn: let on 18, ask on 20, 22, 25, 26, and twice on 29.
    const edits = edit.changes[uri]!;
    expect(edits.map((e) => e.range.start.line + 1).sort((a, b) => a - b)).toEqual([18, 20, 22, 25, 26, 29, 29]);
    expect(edits.every((e) => e.newText === "seat")).toBe(true);
    await expect(client.request("textDocument/rename", { ...at(17, 7), newName: "while" })).rejects.toThrow("cannot be a name");
  });

  test("completion: fields after a card's dot (while the line does not parse), members after an enum's, else names and keywords", async () => {
    await change(TINY.replace("gem.value", "gem."));
    const labels = async (line: number, character: number) =>
      (await client.request<{ label: string }[]>("textDocument/completion", at(line, character))).map((i) => i.label);
    expect(await labels(25, 28)).toEqual(["value", "colour"]);
    await change(TINY.replace("colour: Colour.red }", "colour: Colour. }"));
    expect(await labels(9, 49)).toEqual(["red", "blue"]);
    await change(TINY);
    const all = await labels(28, 4);
    for (const expected of ["points", "bag", "hand", "Gem", "Colour", "turn", "gem", "players", "while", "move", "window"]) expect(all).toContain(expected);
    expect(all).not.toContain("value");
  });

  test("completion after a table's [ gives its keys in the order written, each with its value", async () => {
    // Line 33 is the score; cut after `bonus[` (27 characters).
    await change(TINY.replace("bonus[count(hand[p])]", "bonus["));
    const items = await client.request<{ label: string; detail: string }[]>("textDocument/completion", at(32, 27));
    expect(items.map((i) => i.label)).toEqual(["0", "1", "2", "3"]);
    expect(items[2]!.detail).toBe("bonus[2] = 5");
    await change(TINY);
  });

  test("document symbols: declarations in order with fields and members, and the flow's options", async () => {
    const symbols = await client.request<{ name: string; children: { name: string }[] }[]>("textDocument/documentSymbol", doc);
    expect(symbols.map((s) => s.name)).toEqual(["Colour", "Gem", "bag", "hand", "points", "draw", "bonus"]);
    expect(symbols[0]!.children.map((c) => c.name)).toEqual(["red", "blue"]);
    expect(symbols[1]!.children.map((c) => c.name)).toEqual(["value", "colour"]);
  });

  test("formatting returns the file in the canonical layout as one edit, and nothing for a formatted file", async () => {
    expect(await client.request("textDocument/formatting", { ...doc, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
    await change(TINY.replace("  let turn = random_player()", "let turn=random_player( )"));
    const edits = await client.request<{ newText: string }[]>("textDocument/formatting", { ...doc, options: { tabSize: 2, insertSpaces: true } });
    expect(edits).toHaveLength(1);
    expect(edits[0]!.newText).toBe(TINY);
    await change(TINY);
  });
});
