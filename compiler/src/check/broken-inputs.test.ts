// Broken rules files and the exact diagnostics a designer must see for each. Every fixture in
// __fixtures__/broken is a pair: NN-name.rules and NN-name.expected.txt, the latter written by
// hand from the compiler's messages in the `formatDiagnostic` layout, diagnostics separated by
// blank lines.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { compileGame } from "../index.js";
import { formatDiagnostics } from "../diagnostics.js";

const folder = fileURLToPath(new URL("../__fixtures__/broken/", import.meta.url));
const fixtures = readdirSync(folder)
  .filter((name) => name.endsWith(".rules"))
  .sort()
  .map((name) => name.slice(0, -".rules".length));

describe("broken rules files", () => {
  test("there are at least 25 fixtures, each with its expected diagnostics", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(25);
    const expectations = readdirSync(folder).filter((name) => name.endsWith(".expected.txt"));
    expect(expectations.map((name) => name.slice(0, -".expected.txt".length)).sort()).toEqual(fixtures);
  });

  test.each(fixtures)("%s", async (name) => {
    const text = readFileSync(`${folder}${name}.rules`, "utf8");
    const expected = readFileSync(`${folder}${name}.expected.txt`, "utf8").replace(/\n$/, "");
    const result = await compileGame(name, [{ path: `${name}.rules`, text }]);
    expect(formatDiagnostics(result.diagnostics, text)).toBe(expected);
    // A game with errors is never emitted; one with only warnings is.
    if (result.diagnostics.some((d) => d.severity === "error")) expect(result.files).toEqual([]);
    else expect(result.files.length).toBeGreaterThan(0);
  });
});

describe("the same games without the mistake", () => {
  // Most fixtures break this one game in one place, so each error above comes from that place alone.
  const game = (extra: string, statement: string): string => `
game "Tiny" {
  players 2..4
}

card Token {
  value: int
  cards for v in 1..6 { value: v }
}

zone deck: Token stack hidden = all Token
per player zone hand: Token pile owner
per player var points: int public = 0
${extra}
flow {
  for p in players {
    ${statement}
  }
}

score p: sum(c in hand[p]: c.value) + points[p]
`;

  test.each([
    ["", "points[p] += 1"],
    ["", "ask p { take(n in 1..3) require n < 3 else \"too many\" { points[p] += n } pass { } }"],
    ["", "if top(deck).value == 3 { move top(deck) to hand[p] }"],
    ["var bank: int public = 20\nconserve money: points, bank", "transfer 1 from bank to points[p]"],
    ["table bonus: int -> int { 2: 1, 3: 2, 4: 5 }", "points[p] += bonus[player_count]"],
    // The newer constructs, used rightly, next to their broken fixtures (43 and on).
    ["function twice(n: int): int = n * 2\nfunction quad(n: int): int = twice(twice(n))", "points[p] += quad(1)"],
    ["function run_points(set: Token[]): int = count(set)", "points[p] += best_sets(hand[p], 2, consecutive(value), run_points)"],
    ["", "ask p { sell(chosen in subset(hand[p])) require count(chosen) <= 2 else \"two at most\" { points[p] += count(chosen) } pass { } }"],
    ["", "if count(hand[p]) > 0 { move first(c in hand[p] where c.value > 0) to deck }"],
    ["", "points[p] += longest_run(c in hand[p]: c.value) + count(distinct(c in hand[p]: c.value))"],
    ["", "move top(deck) to bottom of hand[p]"],
    ["", "while true { if points[p] > 2 { end game } points[p] += 1 }"],
    ["", "while true { ask p { stop { end game } wait { } } }"],
    ["zone market: Token row public", "move top(deck) to market"],
    ["var pot: int hidden = 0", "pot += 1"],
    ["", "race q in players { grab { points[q] += 1 } }"],
    ["", "reveal top(deck) to p"],
    ["", "if count(deck) > 1 { move nth(deck, 2) to hand[p] }"],
    ["", "if count(deck) > 0 { move last(deck) to hand[p] }"],
    ["per Token var marks: int public = 0", "if count(deck) > 0 { marks[top(deck)] += 1 move top(deck) to hand[p] }"],
    ["", "for q in players_from(p) { points[q] += 1 }"],
    // One move offered by two decisions, with the same parameters (fixture 92 gives it two).
    ["", "ask p { take(n in 1..2) { points[p] += n } pass { } } ask p { take(n in 1..3) { points[p] += n } pass { } }"],
    // Hidden information (fixture 96): a zone seen by all but its owner, an open per-card value,
    // a die rolled out of sight and kept secret, a die rolled in the open kept public, a pause.
    ["per player zone shown: Token row others", "move top(deck) to shown[p]"],
    ["per Token var told: int open = 0", "told[top(deck)] = 1"],
    ["per player var die: int owner = 0", "let face = secret_roll(6) die[p] = face"],
    ["per player var die: int others = 0", "die[p] = roll(6)"],
    ["", "let face = roll(6) points[p] += face"],
    ["", "pause"],
    ["", "pause for [p] \"I have seen it\""],
    // A pause, then a loop: `for c in` starts the loop, not the seats of the pause.
    ["", "pause for c in hand[p] { points[p] += c.value }"],
  ])("%s %s", async (extra, statement) => {
    const result = await compileGame("tiny", [{ path: "tiny.rules", text: game(extra, statement) }]);
    expect(result.diagnostics).toEqual([]);
    expect(result.files.length).toBeGreaterThan(0);
  });

  test("a table keyed by player takes seat numbers as keys, as a per-player index does", async () => {
    const text = game("table handicap: player -> int { 0: 2, 1: 1, 2: 0, 3: 0 }", "points[p] += handicap[p] + points[0]");
    const result = await compileGame("tiny", [{ path: "tiny.rules", text }]);
    expect(result.diagnostics).toEqual([]);
  });

  test("a variant declared in the header can be tested", async () => {
    const text = game("", "if variant(quick) { points[p] += 1 }").replace("  players 2..4\n", '  players 2..4\n  variant quick "a shorter game"\n');
    const result = await compileGame("tiny", [{ path: "tiny.rules", text }]);
    expect(result.diagnostics).toEqual([]);
  });
});
