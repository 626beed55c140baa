// What language.md says about the games in its own words, checked against the games themselves, so
// that a game added or a construct grown makes the test fail rather than the page go stale.
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { checkGame } from "./check-game.js";
import { findGames, gamePlace } from "./sources.js";
import { bracketDepthError, nestingErrorIn } from "./syntax/depth.js";
import { rulesLexer } from "./syntax/lexer.js";
import { parseRules } from "./syntax/parser.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const page = readFileSync(new URL("docs/language.md", `file://${root}`), "utf8").replace(/\s+/g, " ");
const NUMBERS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

const games = [...(await findGames(`${root}rules`))];

/** The smallest limit under which `tooDeep(limit)` finds nothing: how deep the text goes. */
function deepest(tooDeep: (limit: number) => unknown): number {
  let limit = 0;
  while (tooDeep(limit)) limit++;
  return limit;
}

describe("language.md's claims about the games", () => {
  test("names every compiled game of rules/, and counts them right", () => {
    const claim = /The (\w+) compiled games are ((?:`[^`]+`(?:,| and|, and)? ?)+)/.exec(page);
    expect(claim, "the sentence that lists the compiled games").not.toBeNull();
    expect(claim![1]!.toLowerCase()).toBe(NUMBERS[games.length]);
    const listed = [...claim![2]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\/$/, "")).sort();
    const places = games.map(([, sources]) => relative(root, resolve(root, gamePlace(sources)))).sort();
    expect(listed).toEqual(places);
  });

  test("gives the games' real nesting, brackets and chains beside the limits", () => {
    const claim = /the (\w+) games nest (\d+) deep, open (\d+) brackets and chain (\d+) operators/.exec(page);
    expect(claim, "the sentence on how deep the games nest").not.toBeNull();
    let nesting = 0;
    let brackets = 0;
    let operators = 0;
    for (const [, sources] of games) {
      for (const source of sources) {
        const { program } = parseRules(source.text, source.path);
        const roots = [program!.game, ...program!.declarations];
        nesting = Math.max(nesting, deepest((n) => nestingErrorIn(roots, { nesting: n, operators: Infinity })));
        operators = Math.max(operators, deepest((n) => nestingErrorIn(roots, { nesting: Infinity, operators: n })));
        brackets = Math.max(brackets, deepest((n) => bracketDepthError(rulesLexer.tokenize(source.text).tokens, n)));
      }
    }
    expect(claim!.slice(1).map((n) => (/^\d+$/.test(n!) ? Number(n) : n!.toLowerCase()))).toEqual([NUMBERS[games.length], nesting, brackets, operators]);
    // The limits table of 2.8 gives the same figures: brackets, nesting, operators.
    const table = /500 operators in a chain \(\[2\.1\]\(#21-lexical-structure\)\) \| (\d+), (\d+), (\d+) \|/.exec(page);
    expect(table?.slice(1).map(Number)).toEqual([brackets, nesting, operators]);
  });

  test("an enum is a list everywhere the page says it is, a card manifest included", () => {
    // Each place the page names, in one small game: all of it must check, and the manifest deal its cards.
    const text = [
      'game "Enums" {',
      "  players 2..2",
      "}",
      "enum Colour { red, blue }",
      "card Chip {",
      "  colour: Colour",
      "  value: int",
      "  cards for c in Colour, n in 1..2 { colour: c, value: n }",
      "}",
      "zone pile: Chip stack hidden = all Chip",
      "score p: 0",
      "flow {",
      "  for colour in Colour {",
      '    say "{colour}"',
      "  }",
      "  let n = sum(k in Colour: 1)",
      "  let m = count(Colour)",
      "  let here = Colour.red in Colour",
      "}",
    ].join("\n");
    const checked = checkGame("enums", [{ path: "enums.rules", text }]);
    expect(checked.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const chips = checked.game!.cardTypes.get("Chip")!.cards.map((card) => `${String(card["colour"])} ${String(card["value"])}`);
    expect(chips).toEqual(["red 1", "red 2", "blue 1", "blue 2"]);
    expect(page).toContain("`for colour in Colour { ... }`, `sum(k in Category: ...)`, `count(Colour)`");
    expect(page).toContain("a card manifest's binder, `cards for c in Colour, n in 1..9 { ... }`");
  });

});
