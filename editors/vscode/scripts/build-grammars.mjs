#!/usr/bin/env node
// Writes the TextMate grammars of editors/vscode/syntaxes/ from the language itself: the keywords
// come from the rules lexer's token list (compiler/dist/format/tokens.js; `npm run build` first), so
// a keyword added to the lexer is coloured after running this again (the grammar test fails until then).
//   node editors/vscode/scripts/build-grammars.mjs
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { keywords } from "../../../compiler/dist/format/tokens.js";

const here = new URL("../syntaxes/", import.meta.url);
const words = (list) => list.map((w) => w.replace(/[^A-Za-z0-9_]/g, "")).join("|");

const all = keywords();
const hard = all.filter((k) => k.hard && k.word !== "true" && k.word !== "false").map((k) => k.word);
const soft = all.filter((k) => !k.hard).map((k) => k.word);

const rules = {
  $schema: "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
  name: "Rules",
  scopeName: "source.rules",
  fileTypes: ["rules"],
  patterns: [{ include: "#comment" }, { include: "#string" }, { include: "#code" }],
  repository: {
    comment: { name: "comment.line.double-slash.rules", match: "//.*$" },
    string: {
      name: "string.quoted.double.rules",
      begin: '"',
      end: '"|$',
      patterns: [
        { name: "constant.character.escape.rules", match: '\\\\["\\\\n{}]' },
        {
          name: "meta.interpolation.rules",
          begin: "\\{",
          end: "\\}",
          beginCaptures: { 0: { name: "punctuation.section.interpolation.begin.rules" } },
          endCaptures: { 0: { name: "punctuation.section.interpolation.end.rules" } },
          patterns: [{ include: "#code" }],
        },
      ],
    },
    code: {
      patterns: [
        { name: "constant.language.boolean.rules", match: "\\b(true|false)\\b" },
        // Hard keywords: never names.
        { name: "keyword.control.rules", match: `\\b(${words(hard)})\\b` },
        // Soft keywords (declarations) may also be names: coloured unless used as one (`card: T`, `score[p]`, `f(`).
        { name: "storage.type.rules", match: `\\b(${words(soft)})\\b(?!\\s*[\\[(.:]|\\s*->)` },
        { name: "constant.numeric.integer.rules", match: "\\b\\d+\\b" },
        { name: "entity.name.function.rules", match: "\\b[a-z_][A-Za-z0-9_]*(?=\\s*\\()" },
        { name: "entity.name.type.rules", match: "\\b[A-Z][A-Za-z0-9_]*\\b" },
        { name: "variable.other.rules", match: "\\b[a-z_][A-Za-z0-9_]*\\b" },
        { name: "keyword.operator.rules", match: "->|\\.\\.|==|!=|<=|>=|\\+=|-=|[-+*/%<>=]" },
        { name: "punctuation.separator.rules", match: "[,:]" },
      ],
    },
  },
};

// Scenario files (compiler/src/scenario/parser.ts): one statement a line, `#` comments.
const directives = ["scenario", "game", "players", "variant", "seed", "stack", "put", "set", "start", "random", "shuffle", "dice", "play", "expect", "repeat"];
const expectations = [
  "turn", "simultaneous", "race", "over", "illegal", "legal", "options", "count", "scores", "tiebreak", "keys", "not", "seat",
  "moved", "paid", "transferred", "shuffled", "rolled", "said", "changed", "revealed", "began", "ended", "ranking", "winners",
  "score", "top", "bottom", "view", "from", "to", "dice", "shuffle",
];
const scenario = {
  $schema: rules.$schema,
  name: "Rules scenario",
  scopeName: "source.rules-scenario",
  fileTypes: ["scenario"],
  patterns: [
    { name: "comment.line.number-sign.rules-scenario", match: "^\\s*#.*$" },
    { match: `^\\s*(${words(directives)})\\b`, captures: { 1: { name: "keyword.control.rules-scenario" } } },
    { name: "string.quoted.double.rules-scenario", match: '"(?:[^"\\\\]|\\\\.)*"' },
    { name: "keyword.other.rules-scenario", match: `\\b(${words(expectations)})\\b` },
    { name: "entity.name.type.card.rules-scenario", match: "\\b[A-Z][A-Za-z0-9_]*\\s+-?\\d+\\b" },
    { name: "entity.name.function.rules-scenario", match: "\\b[a-z_][A-Za-z0-9_]*(?=\\()" },
    { name: "constant.numeric.rules-scenario", match: "-?\\b\\d+(\\.\\d+)?\\b" },
    { name: "constant.language.boolean.rules-scenario", match: "\\b(true|false)\\b" },
    { name: "variable.other.rules-scenario", match: "\\b[a-z_][A-Za-z0-9_]*\\b" },
    { name: "keyword.operator.rules-scenario", match: "==|=|:|->|-|\\+" },
  ],
};

// The grammar test reads these files while the packaging test runs this script beside it: a file is
// rewritten only when its text changes, and then by renaming a finished copy over it, so a reader
// sees the old grammar or the new one, never a half-written one.
function write(name, grammar) {
  const file = new URL(name, here);
  const text = `${JSON.stringify(grammar, null, 2)}\n`;
  let current = "";
  try {
    current = readFileSync(file, "utf8");
  } catch {
    // No grammar yet: write it.
  }
  if (current === text) return `editors/vscode/syntaxes/${name} (unchanged)`;
  const partial = new URL(`${name}.${process.pid}.tmp`, here);
  writeFileSync(partial, text);
  renameSync(partial, file);
  return `editors/vscode/syntaxes/${name}`;
}
console.log([write("rules.tmLanguage.json", rules), write("scenario.tmLanguage.json", scenario)].join(", "));
