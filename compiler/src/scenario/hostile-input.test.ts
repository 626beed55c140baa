import { describe, expect, test } from "vitest";
import { formatDiagnostics } from "../diagnostics.js";
import { parseScenarioFile } from "./parser.js";

// Scenario files written on other systems or by accident: old Mac line endings, numbers past what
// a double holds exactly, nesting deep enough to exhaust the stack. Each gets a diagnostic at its
// place, never a crash and never a silently different number.

/** The formatted diagnostics of a malformed file, as a designer would read them. */
function problems(text: string): string {
  const { scenarios, diagnostics } = parseScenarioFile(text, "bad.scenario");
  expect(scenarios).toEqual([]);
  return formatDiagnostics(diagnostics, text);
}

const header = ['scenario "s"', "game g", "players 4"];

describe("line endings", () => {
  test.each([
    ["a lone CR", "\r"],
    ["CRLF", "\r\n"],
    ["LF", "\n"],
  ])("%s ends a line and a comment", (_, eol) => {
    const text = [...header, "# a comment ends at the line break", "expect coins[0] = 18 $", "play 0: pass"].join(eol);
    expect(problems(text)).toBe(
      [
        "bad.scenario:5:22: error scenario/unexpected-character: '$' has no meaning in a scenario",
        "5 | expect coins[0] = 18 $",
        "  |                      ^",
      ].join("\n"),
    );
  });

  test("a text stops at a lone CR: the quote left open is reported on its own line, the next line is read", () => {
    const text = [...header, 'expect illegal 0: pass "no', "play 0: pass"].join("\r");
    expect(problems(text)).toBe(
      [
        "bad.scenario:4:24: error scenario/unterminated-text: this text has no closing quote on its line",
        '4 | expect illegal 0: pass "no',
        "  |                        ^^^",
      ].join("\n"),
    );
  });

  test("a file of lone CRs reads like the same file with LFs", () => {
    const lines = [...header, "set coins = 1 2 3 4", "play 0: raise(amount: 3)", "expect coins[0] = -2"];
    const withCr = parseScenarioFile(lines.join("\r"), "s.scenario");
    const withLf = parseScenarioFile(lines.join("\n"), "s.scenario");
    expect(withCr.diagnostics).toEqual([]);
    expect(withCr.scenarios).toEqual(withLf.scenarios);
  });
});

describe("numbers past 2^53 - 1", () => {
  const limits = "numbers go from -9007199254740991 to 9007199254740991";

  test("the largest exact integer is read as written, one more is refused at the number", () => {
    const { diagnostics } = parseScenarioFile([...header, "expect coins[0] = 9007199254740991 -9007199254740991"].join("\n"), "s.scenario");
    expect(diagnostics).toEqual([]);
    expect(problems([...header, "expect coins[0] = 1 9007199254740992"].join("\n"))).toBe(
      [
        `bad.scenario:4:21: error scenario/number-too-large: 9007199254740992 is too large a number: ${limits}`,
        "4 | expect coins[0] = 1 9007199254740992",
        "  |                     ^^^^^^^^^^^^^^^^",
      ].join("\n"),
    );
  });

  test("a sum is refused as soon as a step of it leaves the exact integers, even if the result would not", () => {
    // 9007199254740991 * 2 = 18014398509481982 is past 2^53 - 1, so `- 9007199254740991` cannot save it.
    expect(problems([...header, "expect coins[0] = (9007199254740991 * 2 - 9007199254740991)"].join("\n"))).toBe(
      [
        `bad.scenario:4:20: error scenario/number-too-large: this sum is too large a number: ${limits}`,
        "4 | expect coins[0] = (9007199254740991 * 2 - 9007199254740991)",
        "  |                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
      ].join("\n"),
    );
  });
});

describe("deep nesting", () => {
  test("100 parentheses are read; the 101st is refused at its place, and nothing is parsed inside it", () => {
    const within = parseScenarioFile([...header, `expect coins[0] = ${"(".repeat(100)}18${")".repeat(100)}`].join("\n"), "s.scenario");
    expect(within.diagnostics).toEqual([]);
    const text = [...header, `expect coins[0] = ${"(".repeat(5000)}18${")".repeat(5000)}`].join("\n");
    const { diagnostics } = parseScenarioFile(text, "bad.scenario");
    expect(diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      ["scenario/too-deep", 4, 119, "brackets and repeated blocks are nested more than 100 deep here"],
    ]);
  });

  test("repeated blocks nested thousands deep are refused at the 101st", () => {
    const lines = [...header, ...Array.from({ length: 3000 }, () => "repeat 1 {"), "play 0: pass", ...Array.from({ length: 3000 }, () => "}")];
    const { diagnostics } = parseScenarioFile(lines.join("\n"), "bad.scenario");
    // What the 101st block held is left out, so the 100th is left empty, and says so.
    expect(diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ["scenario/empty-repeat", 103, 1],
      ["scenario/too-deep", 104, 10],
    ]);
  });
});
