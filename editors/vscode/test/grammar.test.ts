// The extension's TextMate grammars, run by vscode-textmate (the library VS Code colours with) on the
// repo's own files: each expected scope is read off the line by hand. Every keyword of the rules lexer
// must be coloured as one, so a keyword added to the language fails here until the grammar is rebuilt
// (node editors/vscode/scripts/build-grammars.mjs).
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, test } from "vitest";
import * as oniguruma from "vscode-oniguruma";
import { INITIAL, Registry, type IGrammar } from "vscode-textmate";
import { keywords } from "../../../compiler/src/format/tokens.js";

const here = new URL("../", import.meta.url);
const root = new URL("../../", here);
const read = (url: URL) => readFileSync(url, "utf8");

let rules: IGrammar;
let scenario: IGrammar;

beforeAll(async () => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve("vscode-oniguruma/release/onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer);
  const registry = new Registry({
    onigLib: Promise.resolve({ createOnigScanner: (p) => new oniguruma.OnigScanner(p), createOnigString: (s) => new oniguruma.OnigString(s) }),
    loadGrammar: async (scope) => {
      const file = scope === "source.rules" ? "rules.tmLanguage.json" : "scenario.tmLanguage.json";
      return JSON.parse(read(new URL(`syntaxes/${file}`, here)));
    },
  });
  rules = (await registry.loadGrammar("source.rules"))!;
  scenario = (await registry.loadGrammar("source.rules-scenario"))!;
});

/** The innermost scope of each token of a line, as [text, scope] pairs (whitespace left out). */
function tokens(grammar: IGrammar, line: string): [string, string][] {
  return grammar
    .tokenizeLine(line, INITIAL)
    .tokens.map((t): [string, string] => [line.slice(t.startIndex, t.endIndex).trim(), t.scopes.at(-1)!])
    .filter(([text]) => text !== "");
}
const scopeOf = (grammar: IGrammar, line: string, text: string) => tokens(grammar, line).find(([t]) => t === text)?.[1];

describe("the rules grammar on rules/for-sale.rules", () => {
  const lines = read(new URL("rules/for-sale.rules", root)).split("\n");
  const line = (start: string) => lines.find((l) => l.trimStart().startsWith(start))!;

  test("comments, the title string, soft keywords of declarations, numbers and ranges", () => {
    expect(tokens(rules, lines[0]!)).toEqual([[lines[0]!, "comment.line.double-slash.rules"]]);
    expect(tokens(rules, line("game"))).toEqual([
      ["game", "storage.type.rules"],
      ['"', "string.quoted.double.rules"],
      ["For Sale", "string.quoted.double.rules"],
      ['"', "string.quoted.double.rules"],
      ["{", "source.rules"],
    ]);
    expect(tokens(rules, line("players 3..6"))).toEqual([
      ["players", "storage.type.rules"],
      ["3", "constant.numeric.integer.rules"],
      ["..", "keyword.operator.rules"],
      ["6", "constant.numeric.integer.rules"],
    ]);
    const coins = line("per player var coins");
    expect(["per", "player", "var", "owner"].map((w) => scopeOf(rules, coins, w))).toEqual(Array(4).fill("storage.type.rules"));
    expect(scopeOf(rules, coins, "coins")).toBe("variable.other.rules");
    expect(scopeOf(rules, coins, "int")).toBe("variable.other.rules");
  });

  test("hard keywords, calls, card types, names, and a soft keyword used as a name", () => {
    const auction = line("while count(property_deck) > 0");
    expect(scopeOf(rules, auction, "while")).toBe("keyword.control.rules");
    expect(scopeOf(rules, auction, "count")).toBe("entity.name.function.rules");
    expect(scopeOf(rules, auction, "property_deck")).toBe("variable.other.rules");
    expect(scopeOf(rules, line("card Property {"), "Property")).toBe("entity.name.type.rules");
    // `score p: ...` declares; `score[p]` or `card: T` would use the word as a name.
    expect(scopeOf(rules, "score p: coins[p]", "score")).toBe("storage.type.rules");
    expect(scopeOf(rules, "let x = score[p]", "score")).toBe("variable.other.rules");
    expect(scopeOf(rules, "function f(card: Property): int = 1", "card")).toBe("variable.other.rules");
  });

  test("a string's {expressions} are code inside the string, escapes are escapes", () => {
    const say = line('say "The auction goes to {bidder}');
    const inside = rules.tokenizeLine(say, INITIAL).tokens.find((t) => say.slice(t.startIndex, t.endIndex) === "bidder")!;
    expect(inside.scopes).toEqual(["source.rules", "string.quoted.double.rules", "meta.interpolation.rules", "variable.other.rules"]);
    expect(scopeOf(rules, 'say "a \\"b\\""', '\\"')).toBe("constant.character.escape.rules");
  });

  test("every keyword of the lexer is coloured as a keyword", () => {
    for (const { word, hard } of keywords()) {
      const expected = word === "true" || word === "false" ? "constant.language.boolean.rules" : hard ? "keyword.control.rules" : "storage.type.rules";
      expect([word, scopeOf(rules, `x ${word} y`, word)]).toEqual([word, expected]);
    }
  });
});

describe("the scenario grammar on tests/for-sale/bidding.scenario", () => {
  const lines = read(new URL("tests/for-sale/bidding.scenario", root)).split("\n");
  const line = (start: string) => lines.find((l) => l.startsWith(start))!;

  test("comments, directives, expectation words, moves, card names and strings", () => {
    expect(tokens(scenario, lines[0]!)).toEqual([[lines[0]!, "comment.line.number-sign.rules-scenario"]]);
    expect(tokens(scenario, "game for-sale")[0]).toEqual(["game", "keyword.control.rules-scenario"]);
    const illegal = line("expect illegal 0: raise(amount: 2.5)");
    expect(scopeOf(scenario, illegal, "expect")).toBe("keyword.control.rules-scenario");
    expect(scopeOf(scenario, illegal, "illegal")).toBe("keyword.other.rules-scenario");
    expect(scopeOf(scenario, illegal, "raise")).toBe("entity.name.function.rules-scenario");
    expect(scopeOf(scenario, illegal, "2.5")).toBe("constant.numeric.rules-scenario");
    expect(scopeOf(scenario, illegal, '"whole number"')).toBe("string.quoted.double.rules-scenario");
    expect(scopeOf(scenario, illegal, "amount")).toBe("variable.other.rules-scenario");
    expect(scopeOf(scenario, line("stack property_deck:"), "Property 3")).toBe("entity.name.type.card.rules-scenario");
  });
});

describe("the extension's manifest", () => {
  const manifest = JSON.parse(read(new URL("package.json", here)));

  test("declares both languages with their grammars and configurations, which exist and parse", () => {
    expect(manifest.contributes.languages.map((l: { id: string; extensions: string[] }) => [l.id, l.extensions])).toEqual([
      ["rules", [".rules"]],
      ["rules-scenario", [".scenario"]],
    ]);
    for (const { configuration } of manifest.contributes.languages) expect(JSON.parse(read(new URL(configuration, here)))).toHaveProperty("comments");
    for (const { path } of manifest.contributes.grammars) expect(JSON.parse(read(new URL(path, here)))).toHaveProperty("scopeName");
    expect(JSON.parse(read(new URL("language-configuration.json", here))).comments).toEqual({ lineComment: "//" });
  });
});

describe("scripts/build-grammars.mjs, which packaging runs while this file reads the grammars", () => {
  test("leaves grammars that are up to date untouched: same file, same time, same text", () => {
    const files = ["rules.tmLanguage.json", "scenario.tmLanguage.json"].map((name) => new URL(`syntaxes/${name}`, here));
    const before = files.map((file) => ({ ...statSync(file, { bigint: true }), text: read(file) }));
    const said = execFileSync(process.execPath, [fileURLToPath(new URL("scripts/build-grammars.mjs", here))], { encoding: "utf8" });
    expect(said).toContain("rules.tmLanguage.json (unchanged)");
    files.forEach((file, i) => {
      const after = statSync(file, { bigint: true });
      expect([after.ino, after.mtimeNs, read(file)]).toEqual([before[i]!.ino, before[i]!.mtimeNs, before[i]!.text]);
    });
  });
});
