// The language server indexes whatever the parser recovered of a file being edited: pieces of it may
// be missing (a declaration without its name, an option without its body). One stray token anywhere
// in a small game once left such holes and the index threw, ending the server.
import { describe, expect, test } from "vitest";
import { analyse } from "./analysis.js";
import { completions, definition, documentSymbols, hover, references, rename } from "./features.js";
import { TINY } from "./tiny-rules.js";

const STRAY = ["}", "{", "(", ")", "[", "]", "<", "=", ",", ":", ".", "if", "ask", "card", "var", "not"];

describe("the index of a half-parsed file", () => {
  test("one stray token on any line, at its start or middle: every feature answers", () => {
    const lines = TINY.split("\n");
    let analysed = 0;
    for (let line = 0; line < lines.length; line++) {
      const original = lines[line]!;
      for (const at of [0, Math.floor(original.length / 2)]) {
        for (const token of STRAY) {
          const text = [...lines.slice(0, line), `${original.slice(0, at)} ${token} ${original.slice(at)}`, ...lines.slice(line + 1)].join("\n");
          const analysis = analyse("tiny", "/tmp/tiny.rules", text);
          documentSymbols(analysis);
          for (let probe = 0; probe < lines.length; probe += 4) {
            const position = { line: probe, character: 6 };
            hover(analysis, position);
            definition(analysis, "file:///tmp/tiny.rules", position);
            references(analysis, "file:///tmp/tiny.rules", position, true);
            completions(analysis, analysis, position);
          }
          analysed++;
        }
      }
    }
    expect(analysed).toBe(TINY.split("\n").length * 2 * STRAY.length);
  }, 120_000);
});

describe("a score told in parts", () => {
  test("renaming its sum's binder renames it in the label that shows it too", () => {
    const text = TINY.replace(/^score p: .*$/m, 'score p: sum(c in players: if c == p then 1 else 0) "{c}"');
    const lines = text.split("\n");
    const line = lines.findIndex((l) => l.startsWith("score p: sum(c"));
    expect(line).toBeGreaterThan(0);
    const written = lines[line]!;
    const analysis = analyse("tiny", "/tmp/tiny.rules", text);
    const edits = rename(analysis, "file:///tmp/tiny.rules", { line, character: written.indexOf("c in") }, "seat")!.changes!["file:///tmp/tiny.rules"]!;
    // The binder, its use in the value, and the label's {c}.
    const columns = edits.map((edit) => edit.range.start.character).sort((a, b) => a - b);
    expect(columns).toEqual([written.indexOf("c in"), written.indexOf("c =="), written.indexOf("{c}") + 1]);
  });
});
