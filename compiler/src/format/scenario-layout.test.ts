// The canonical layout of scenario files, rule by rule: each expected text is written out by hand
// from the rules in docs/tooling.md, and each input reads the same as its output (same tokens, line
// breaks and signs: parses to the same scenario).
import { describe, expect, test } from "vitest";
import { parseScenarioFile } from "../scenario/parser.js";
import { FormatError } from "./layout.js";
import { formatScenario } from "./scenario-layout.js";

const f = (lines: string[]) => formatScenario(lines.join("\n"));
const HEAD = ["game g", "players 2", 'scenario "s"'];

describe("formatScenario", () => {
  test("one space between words; none before , : ) ] . .. nor after ( [ . ..", () => {
    expect(f(["play  0 :raise( amount : 3 )", "expect legal 0 : raise(amount: 1 .. 18)", "start  at buying . raise_or_pass"])).toBe(
      "play 0: raise(amount: 3)\nexpect legal 0: raise(amount: 1..18)\nstart at buying.raise_or_pass\n",
    );
    expect(f(["expect view 1 face_down = [ ? , Card  5 ]", "stack deck:Property 3,Property 17", 'expect said"The end"'])).toBe(
      'expect view 1 face_down = [?, Card 5]\nstack deck: Property 3, Property 17\nexpect said "The end"\n',
    );
    expect(f(["expect ranking 2>1 > 0", "set bank = 84-4*18"])).toBe("expect ranking 2 > 1 > 0\nset bank = 84 - 4 * 18\n");
  });

  test("a name and its ( or [ stay glued or apart as written: a move or an index, or a value of its own", () => {
    expect(f(["expect paid (3 - 1) from coins [0] to bank", "play 0: raise (amount: 3)", "expect coins[0] = (1)(2)"])).toBe(
      "expect paid (3 - 1) from coins [0] to bank\nplay 0: raise (amount: 3)\nexpect coins[0] = (1)(2)\n",
    );
    expect(f(["expect scores(1) (2)", "expect hand[0]=[Card 1]"])).toBe("expect scores(1) (2)\nexpect hand[0] = [Card 1]\n");
  });

  test("a minus that subtracts is spaced; a sign stays glued to its number and apart from the value before", () => {
    // `18-2` and `18 - 2` subtract; `18 -2` is two values; `(-3)`, `: -3`, `-3..-1` and `-inf` are signs.
    expect(f(["expect coins = 18-2 18 -2 (-3)", "play 0: raise(amount:-3)", "expect legal 0: raise(amount: -3 ..-1)", "expect keys 0 = -inf  5"])).toBe(
      "expect coins = 18 - 2 18 -2 (-3)\nplay 0: raise(amount: -3)\nexpect legal 0: raise(amount: -3..-1)\nexpect keys 0 = -inf 5\n",
    );
    // A minus apart from its number is no sign, and stays apart (the parser refuses it).
    expect(f(["set x = - 3"])).toBe("set x = - 3\n");
  });

  test("a statement continued on the next line is indented once; a repeat block's steps once per block", () => {
    expect(
      f([...HEAD, "stack deck: Property 1,", "        Property 2,", "Property 3", "expect hand[0] = [", "Card 1]", "repeat 2 {", "play 0: pass", "   repeat 3 {", "play 1: pass", "}", "        }", "repeat 2 { play 0: pass }", "expect turn 0"]),
    ).toBe(
      [...HEAD, "stack deck: Property 1,", "  Property 2,", "  Property 3", "expect hand[0] = [", "  Card 1]", "repeat 2 {", "  play 0: pass", "  repeat 3 {", "    play 1: pass", "  }", "}", "repeat 2 { play 0: pass }", "expect turn 0", ""].join("\n"),
    );
  });

  test("keeps comments where they are: own-line ones indented like the next line, end-of-line ones one space after the code", () => {
    expect(
      f(["   # head  ", "game g", "repeat 2 {", "# inside", "play 0: pass      # end", "  # before the brace", "}", "stack deck: A 1, # one", "   # two", " A 2", "# tail"]),
    ).toBe("# head\ngame g\nrepeat 2 {\n  # inside\n  play 0: pass # end\n  # before the brace\n}\nstack deck: A 1, # one\n  # two\n  A 2\n# tail\n");
  });

  test("at most one blank line, none at the ends of the file or just inside a block; CRLF and CR read, LF written", () => {
    expect(formatScenario("\r\n\r\ngame g\r\n\r\n\r\n\rplayers 2\rrepeat 2 {\n\nplay 0: pass\n\n}\n\n\n")).toBe("game g\n\nplayers 2\nrepeat 2 {\n  play 0: pass\n}\n");
  });

  test("is idempotent and keeps every token on unbalanced input (a file being edited)", () => {
    const once = f(["repeat 2 {", "play 0: take(", "n: 1", "}", "}", "expect x"]);
    expect(once).toBe("repeat 2 {\n  play 0: take(\n    n: 1\n}\n}\nexpect x\n");
    expect(formatScenario(once)).toBe(once);
  });

  test("refuses a file it cannot read, with line and column", () => {
    expect(() => formatScenario('game g\nexpect said "open\n')).toThrow(FormatError);
    expect(() => formatScenario('game g\nexpect said "open\n')).toThrow("2:13: this text has no closing quote on its line");
    expect(() => formatScenario("game g\nset x = 1 ; 2\n")).toThrow(/^2:11: ';' has no meaning/);
  });

  test("a messy file formats to one that parses to the same scenarios", () => {
    const messy = ["game  for-sale", "players 3", "", "", 'scenario   "one"', "stack property_deck :Property 3 ,", "    Property 4", "set coins = (18-2) 16 -2", "set bank = 84-4*18", "play 0:raise(amount:3)", "expect coins = (18 - 3+1) 14 18"].join("\r\n");
    const strip = (value: unknown): unknown =>
      Array.isArray(value) ? value.map(strip) : value && typeof value === "object" ? Object.fromEntries(Object.entries(value).filter(([k]) => k !== "span").map(([k, v]) => [k, strip(v)])) : value;
    const before = parseScenarioFile(messy, "x.scenario");
    const after = parseScenarioFile(formatScenario(messy), "x.scenario");
    expect(before.diagnostics).toEqual([]);
    expect(before.scenarios).toHaveLength(1);
    expect(strip(after.scenarios)).toEqual(strip(before.scenarios));
  });
});
