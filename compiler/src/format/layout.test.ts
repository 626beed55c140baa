// The canonical layout, rule by rule: each expected text is written out by hand from docs/tooling.md.
import { describe, expect, test } from "vitest";
import { FormatError, formatRules } from "./layout.js";

const f = (lines: string[]) => formatRules(lines.join("\n"));

describe("formatRules", () => {
  test("indents two spaces per open brace and puts a closing brace where its line opened", () => {
    expect(f(["flow {", "while true {", "        x = 1", "}", "     }"])).toBe("flow {\n  while true {\n    x = 1\n  }\n}\n");
  });

  test("spaces tokens by one table: calls, indexes, members, commas, colons, signs, operators, braces", () => {
    expect(f(["score p :sum( c in proceeds [ p ] :c . value)+coins[p]"])).toBe("score p: sum(c in proceeds[p]: c.value) + coins[p]\n");
    expect(f(["var x: int public =  - 2", "table t: int->int {3:18,4 : 18}"])).toBe("var x: int public = -2\ntable t: int -> int { 3: 18, 4: 18 }\n");
    expect(f(["flow { ask p { pass {} } }"])).toBe("flow { ask p { pass { } } }\n");
    expect(f(["let a = [ -2, -3 ]", "let b = x - -1", "let c = all(q in players: passed [q])", "if (a) and not(b) { }"])).toBe(
      "let a = [-2, -3]\nlet b = x - -1\nlet c = all(q in players: passed[q])\nif (a) and not (b) { }\n",
    );
  });

  test("writes a range tight between simple ends and spaced when an end holds arithmetic", () => {
    expect(f(["x in 1 .. 30", "y in [0, 2 ..15]", "z in 1..count(d)", "w in high+1..coins[b]", "v in 1..12-v", "u in -3..-1"])).toBe(
      "x in 1..30\ny in [0, 2..15]\nz in 1..count(d)\nw in high + 1 .. coins[b]\nv in 1 .. 12 - v\nu in -3..-1\n",
    );
  });

  test("indents a line that continues a statement by one more level, and a chain of hanging lines further", () => {
    expect(
      f([
        "flow {",
        "ask p {",
        "raise(a in 1..3)",
        "otherwise \"not now\"",
        "require a > 0 else \"no\"",
        "{",
        "x = a",
        "}",
        "}",
        "}",
        "function g(o: int): int =",
        "if o == 1 then 2",
        "else if o == 2 then",
        "3",
        "else 4",
      ]),
    ).toBe(
      [
        "flow {",
        "  ask p {",
        "    raise(a in 1..3)",
        '      otherwise "not now"',
        '      require a > 0 else "no"',
        "    {",
        "      x = a",
        "    }",
        "  }",
        "}",
        "function g(o: int): int =",
        "  if o == 1 then 2",
        "  else if o == 2 then",
        "    3",
        "  else 4",
        "",
      ].join("\n"),
    );
  });

  test("a requirement's reason on the next line goes one further; a block opened on a continuation line goes by the statement", () => {
    expect(
      f([
        "ask p {",
        "play(c in hand[p])",
        'require c.value > 0 or c.free',
        'else "not this one"',
        'require ok else "no"',
        "{",
        "x = c",
        "}",
        "claim(c in hand[p])",
        'require c.ok else "no" {',
        "y = c",
        "}",
        "}",
      ]),
    ).toBe(
      [
        "ask p {",
        "  play(c in hand[p])",
        "    require c.value > 0 or c.free",
        '      else "not this one"',
        '    require ok else "no"',
        "  {",
        "    x = c",
        "  }",
        "  claim(c in hand[p])",
        '    require c.ok else "no" {',
        "    y = c",
        "  }",
        "}",
        "",
      ].join("\n"),
    );
  });

  test("a bracket left open at the end of a line indents what follows once, however many opened there", () => {
    expect(f(["bid(a in 1 .. c[b] + s[b]", "else \"short\") {", "x = 1", "}", "let l = f([", "1,", "2])"])).toBe(
      'bid(a in 1 .. c[b] + s[b]\n    else "short") {\n  x = 1\n}\nlet l = f([\n  1,\n  2])\n',
    );
  });

  test("keeps comments and line breaks; at most one blank line, none at the ends or just inside braces", () => {
    expect(
      f(["", "// head   ", "flow {", "", "   // inside", "x = 1    // after", "", "", "", "y = 2", "  // before the brace", "", "}", "", "", "// tail", ""]),
    ).toBe("// head\nflow {\n  // inside\n  x = 1 // after\n\n  y = 2\n  // before the brace\n}\n\n// tail\n");
  });

  test("reads CRLF and lone CR line ends, writes LF", () => {
    expect(formatRules("flow {\r\nx = 1\ry = 2\r\n}\r\n")).toBe("flow {\n  x = 1\n  y = 2\n}\n");
  });

  test("is idempotent and keeps every token on unbalanced input (a file being edited)", () => {
    const once = f(["flow {", "ask p {", "x = (1 +", "2"]);
    expect(once).toBe("flow {\n  ask p {\n    x = (1 +\n        2\n");
    expect(formatRules(once)).toBe(once);
    expect(f(["}", "}", "x = 1"])).toBe("}\n}\nx = 1\n");
  });

  test("refuses a file it cannot read, with line and column, and writes nothing of it", () => {
    expect(() => formatRules('flow {\n  say "open\n}\n')).toThrow(FormatError);
    expect(() => formatRules('flow {\n  say "open\n}\n')).toThrow("2:7: unterminated string");
    expect(() => formatRules("x = 1 # 2\n")).toThrow(/^1:7: /);
  });
});
