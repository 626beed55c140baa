// The limits of docs/language.md ("Limits"), each met by the input that once crashed the compiler
// or ran it out of time or memory: every one is a located diagnostic with its own code, quickly.
import { describe, expect, test } from "vitest";
import { checkGame } from "../index.js";

const game = (statement: string, cards = "1..6"): string =>
  [
    'game "Tiny" {', "  players 2..4", "}", "card Token {", "  value: int", `  cards for v in ${cards} { value: v }`, "}",
    "zone deck: Token stack hidden = all Token", "per player zone hand: Token pile owner",
    "per player var points: int public = 0", "flow {", "  for p in players {", `    ${statement}`, "  }", "}",
    "score p: points[p]", "",
  ].join("\n");

/** `code line:column (message length)` of each diagnostic, and how long checking took. */
function check(text: string): { found: string[]; messages: string[]; ms: number } {
  const started = performance.now();
  const { diagnostics } = checkGame("tiny", [{ path: "tiny.rules", text }]);
  const ms = performance.now() - started;
  return { found: diagnostics.map((d) => `${d.code} ${d.line}:${d.column}`), messages: diagnostics.map((d) => d.message), ms };
}

const reason = (inside: string): string => `ask p { take require true else "you have {${inside}}" { } }`;

describe("a reason's {…} parts have the file's depth guards", () => {
  test("200 parentheses", () => {
    expect(check(game(reason(`${"(".repeat(200)}1${")".repeat(200)}`))).found).toEqual(["syntax/too-deep 13:79"]); // the 33rd '('
  });

  test("5,000 'not'", () => {
    const { found } = check(game(reason(`${"not ".repeat(5000)}true`)));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^syntax\/too-deep 13:\d+$/);
  });

  test("a long name or a large number inside {…} is refused there, as in the file", () => {
    const { found, messages } = check(game(reason("q".repeat(50_000))));
    expect(found).toEqual(["syntax/name-too-long 13:47"]);
    expect(messages[0]).toBe("this name has 50000 characters; names have at most 64");
    expect(check(game(reason("9".repeat(5000)))).found).toEqual(["syntax/number-too-large 13:47"]);
  });

  test("within the limits, a reason's value is checked as before", () => {
    expect(check(game(reason("((points[p]))"))).found).toEqual([]);
  });
});

describe("error recovery", () => {
  test.each([
    ["an assignment", `points[p] += ${Array<string>(3001).fill("1").join(" < ")}`],
    ["a condition", `if ${Array<string>(3001).fill("1").join(" < ")} { }`],
    ["a let", `let x = ${"< 1 ".repeat(3000)}`],
  ])("3,000 chained '<' in %s: at most 100 syntax errors, the last saying how many more", (_, statement) => {
    const { found, messages } = check(game(statement));
    expect(found.length).toBeLessThanOrEqual(100);
    expect(found.every((f) => f.startsWith("syntax/"))).toBe(true);
    expect(found.at(-1)).toMatch(/^syntax\/too-many-errors 13:/);
    expect(messages.at(-1)).toMatch(/^\d+ more syntax errors after this place are not shown/);
  });
});

describe("card manifests", () => {
  test("a range of 10^8 values is refused at the range, at once", () => {
    const { found, messages, ms } = check(game("", "1..100000000"));
    expect(found).toEqual(["check/too-many-cards 6:18"]);
    expect(messages[0]).toBe("cards are drawn from at most 10000 values, and this holds more");
    expect(ms).toBeLessThan(2000);
  });

  test("10,000 values are allowed, 10,001 are not", () => {
    expect(check(game("", "1..10000")).found).toEqual([]);
    expect(check(game("", "1..10001")).found).toEqual(["check/too-many-cards 6:18"]);
    expect(check(game("", "[1..5000, 1..5001]")).found).toEqual(["check/too-many-cards 6:18"]);
  });

  test("two ranges whose product passes 10,000 cards", () => {
    const text = game("").replace("cards for v in 1..6 { value: v }", "cards for v in 1..200, w in 1..200 { value: v + w }");
    expect(check(text).found).toEqual(["check/too-many-cards 6:3"]);
  });

  test("a condition keeping few cards from 10^8 combinations stops at 100,000", () => {
    const text = game("").replace("cards for v in 1..6 { value: v }", "cards for v in 1..10000, w in 1..10000 where v == w { value: v }");
    const { found, messages, ms } = check(text);
    expect(found).toEqual(["check/too-many-cards 6:3"]);
    expect(messages[0]).toMatch(/more than 100000 combinations/);
    expect(ms).toBeLessThan(5000);
  });
});

describe("names and what messages quote", () => {
  test("a 200,000-character name is refused at once, and the message does not quote it", () => {
    const { found, messages, ms } = check(game(`points[p] += ${"q".repeat(200_000)}`));
    expect(found).toEqual(["syntax/name-too-long 13:18"]);
    expect(messages[0]).toBe("this name has 200000 characters; names have at most 64");
    expect(ms).toBeLessThan(2000);
  });

  test("an unknown name of 64 characters among many declared names is checked quickly", () => {
    const many = Array.from({ length: 3000 }, (_, i) => `var n${"x".repeat(50)}${i}: int public = 0`).join("\n");
    const { found, ms } = check(`${game(`points[p] += ${"n".repeat(64)}`)}${many}\n`);
    expect(found).toEqual(["check/unknown-name 13:18"]);
    expect(ms).toBeLessThan(5000);
  });

  test("a run of unknown characters is quoted by its first 40", () => {
    const { found, messages } = check(game(`points[p] += 1 ${"é".repeat(5000)}`));
    expect(found[0]).toBe("syntax/unknown-character 13:20");
    expect(messages[0]).toBe(`unexpected character '${"é".repeat(40)}…' (5000 characters)`);
  });

  test("an unexpected long string is quoted by its start", () => {
    const { messages } = check(game(`let "${"s".repeat(3000)}" = 1`));
    expect(messages[0]).toBe(`expected a name but found '"${"s".repeat(39)}…' (3002 characters)`);
  });

  test("a file past 1,000,000 characters is refused at 1:1", () => {
    expect(check(game(`// ${"x".repeat(1_000_000)}`)).found).toEqual(["syntax/file-too-large 1:1"]);
  });

  test("a number of 100,000 digits is refused quickly", () => {
    const { found, ms } = check(game(`points[p] += ${"9".repeat(100_000)}`));
    expect(found).toEqual(["syntax/number-too-large 13:18"]);
    expect(ms).toBeLessThan(2000);
  });
});

describe("what recovery leaves out of a half-parsed file", () => {
  test("a table key type of nested parentheses (found by the 100,000-file run: the parser threw)", () => {
    const text = game("").replace("per player var points", "table bonus: int -> ((((1)))) int { 0: 1 }\nper player var points");
    const { found } = check(text);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((f) => f.startsWith("syntax/"))).toBe(true);
  });
});
