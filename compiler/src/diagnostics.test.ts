import { afterEach, describe, expect, test, vi } from "vitest";
import { didYouMean, error, formatDiagnostic, formatDiagnostics, internalError, joinSpans, nearName, quote } from "./diagnostics.js";

const source = ['game "For Sale" {', "\tzone auction: Property row public", "  players 3..6", "}"].join("\r\n");

describe("formatDiagnostic", () => {
  test("prints the position, severity, code and message, then the line with carets under the range", () => {
    const d = error(
      "rules/for-sale.rules",
      { line: 3, column: 3, endLine: 3, endColumn: 10 },
      "check/bad-players",
      "wrong",
    );
    expect(formatDiagnostic(d, source)).toBe(
      ["rules/for-sale.rules:3:3: error check/bad-players: wrong", "3 |   players 3..6", "  |   ^^^^^^^"].join("\n"),
    );
  });

  test("keeps tabs before the range so the carets line up", () => {
    const d = error("f", { line: 2, column: 7, endLine: 2, endColumn: 14 }, "c", "m");
    expect(formatDiagnostic(d, source).split("\n")[2]).toBe("  | \t     ^^^^^^^");
  });

  test("an empty range (the end of a line) still gets one caret", () => {
    const d = error("f", { line: 4, column: 2, endLine: 4, endColumn: 2 }, "c", "m");
    expect(formatDiagnostic(d, source)).toBe(["f:4:2: error c: m", "4 | }", "  |  ^"].join("\n"));
  });

  test("a range over several lines is underlined to the end of its first line", () => {
    const d = {
      ...error("f", { line: 1, column: 6, endLine: 3, endColumn: 2 }, "c", "m"),
      severity: "warning" as const,
    };
    expect(formatDiagnostic(d, source)).toBe(
      ["f:1:6: warning c: m", '1 | game "For Sale" {', "  |      ^^^^^^^^^^^^"].join("\n"),
    );
  });

  test("the gutter widens with the line number", () => {
    const text = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join("\n");
    const d = error("f", { line: 12, column: 6, endLine: 12, endColumn: 8 }, "c", "m");
    expect(formatDiagnostic(d, text)).toBe(["f:12:6: error c: m", "12 | line 12", "   |      ^^"].join("\n"));
  });

  test("a position outside the text prints the header alone", () => {
    const d = error("f", { line: 9, column: 1, endLine: 9, endColumn: 2 }, "c", "m");
    expect(formatDiagnostic(d, source)).toBe("f:9:1: error c: m");
  });

  test("a lone CR (old Mac line endings) ends a line like LF and CRLF", () => {
    const mixed = "one\rtwo\r\nthree\nfour";
    const line = (n: number): string => formatDiagnostic(error("f", { line: n, column: 1, endLine: n, endColumn: 2 }, "c", "m"), mixed).split("\n")[1]!;
    expect([1, 2, 3, 4].map(line)).toEqual(["1 | one", "2 | two", "3 | three", "4 | four"]);
  });

  test("a very long line is cut around the range, the carets still under it", () => {
    const long = `${"a".repeat(300)}BAD${"b".repeat(300)}`;
    const d = error("f", { line: 1, column: 301, endLine: 1, endColumn: 304 }, "c", "m");
    const [, shown, carets] = formatDiagnostic(d, long).split("\n");
    // 40 characters before the range, 160 in all, '…' at each cut end.
    expect(shown).toBe(`1 | …${"a".repeat(40)}BAD${"b".repeat(117)}…`);
    expect(carets).toBe(`  | ${" ".repeat(41)}^^^`);
  });

  test("a long line cut near its end shows its last 160 characters", () => {
    const long = `${"a".repeat(400)}END`;
    const d = error("f", { line: 1, column: 401, endLine: 1, endColumn: 404 }, "c", "m");
    const [, shown, carets] = formatDiagnostic(d, long).split("\n");
    expect(shown).toBe(`1 | …${"a".repeat(157)}END`);
    expect(carets).toBe(`  | ${" ".repeat(158)}^^^`);
  });

  test("several diagnostics are separated by blank lines", () => {
    const a = error("f", { line: 4, column: 1, endLine: 4, endColumn: 2 }, "a", "first");
    const b = error("f", { line: 3, column: 3, endLine: 3, endColumn: 4 }, "b", "second");
    expect(formatDiagnostics([a, b], source)).toBe(
      ["f:4:1: error a: first", "4 | }", "  | ^", "", "f:3:3: error b: second", "3 |   players 3..6", "  |   ^"].join(
        "\n",
      ),
    );
  });
});

describe("helpers", () => {
  test("joinSpans runs from the start of the first to the end of the last", () => {
    expect(
      joinSpans({ line: 1, column: 4, endLine: 1, endColumn: 6 }, { line: 2, column: 1, endLine: 2, endColumn: 9 }),
    ).toEqual({
      line: 1,
      column: 4,
      endLine: 2,
      endColumn: 9,
    });
  });

  test("didYouMean suggests a near name and nothing for a far one", () => {
    expect(didYouMean("propertys", ["properties", "auction"])).toBe(" (did you mean 'properties'?)");
    expect(didYouMean("plya", ["play", "put"])).toBe(" (did you mean 'play'?)");
    expect(didYouMean("xyz", ["properties", "auction"])).toBe("");
    expect(didYouMean("x", [])).toBe("");
  });
});

describe("internalError", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  test("blames the compiler, not the rules, with the first line of what was thrown and no stack", () => {
    vi.stubEnv("RULES_DEBUG", "");
    const thrown = new Error(`Manipulation error: oops\n${"-- a page of code --\n".repeat(500)}`);
    const d = internalError("rules/x.rules", "writing the TypeScript", thrown);
    expect(d).toMatchObject({ file: "rules/x.rules", line: 1, column: 1, severity: "error", code: "compiler/internal" });
    expect(d.message).toBe(
      "the compiler failed while writing the TypeScript, a bug in the compiler, not in your rules (please report it): " +
        "Error: Manipulation error: oops (RULES_DEBUG=1 shows where)",
    );
  });

  test("RULES_DEBUG=1 adds the stack, for developers", () => {
    vi.stubEnv("RULES_DEBUG", "1");
    const thrown = new RangeError("Maximum call stack size exceeded");
    const d = internalError("x.rules", "checking the rules", thrown);
    expect(d.message).toContain("RangeError: Maximum call stack size exceeded\nRangeError: Maximum call stack size exceeded\n    at ");
  });

  test("a thrown value that is no Error is shown as text", () => {
    vi.stubEnv("RULES_DEBUG", "");
    expect(internalError("x.rules", "reading this file", "boom").message).toContain("(please report it): boom (RULES_DEBUG");
  });
});

describe("bounds on what a message holds and what a suggestion costs", () => {
  test("a message past 400 characters is cut, its length said", () => {
    const long = `unknown name '${"q".repeat(1000)}'`;
    const d = error("s.scenario", { line: 1, column: 1, endLine: 1, endColumn: 2 }, "scenario/x", long);
    expect(d.message).toBe(`${long.slice(0, 400)}… (${long.length} characters)`);
    expect(error("s.scenario", { line: 1, column: 1, endLine: 1, endColumn: 2 }, "scenario/x", "short").message).toBe("short");
  });

  test("quote cuts a long input after 40 characters", () => {
    expect(quote("bid")).toBe("'bid'");
    expect(quote("x".repeat(41))).toBe(`'${"x".repeat(40)}…' (41 characters)`);
  });

  test("a suggestion only for a name of plausible length, among names of about its length", () => {
    expect(nearName("bids", ["coins", "bid"])).toBe("bid");
    expect(nearName("q".repeat(65), ["q".repeat(64)])).toBeUndefined();
    expect(didYouMean("q".repeat(200_000), ["q"])).toBe("");
    // 10,000 names of other lengths are skipped without comparing: quick.
    const started = performance.now();
    expect(nearName("n".repeat(64), Array.from({ length: 10_000 }, (_, i) => `m${i}`))).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(500);
  });
});
