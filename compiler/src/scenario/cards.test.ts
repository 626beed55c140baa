import type { CardInfo, Game } from "@rules/runtime/internal";
import { describe, expect, test } from "vitest";
import type { CardPattern, Literal } from "./ast.js";
import { cardsMatching, describeMeaning, isProblem, readPattern } from "./cards.js";

// Only the meta matters to card patterns. Goods come in copies told apart by the `cheap` flag; the
// one `rotten` card is the only good of value 0, so `rotten` follows from the value. Each tile has
// its own theme, so its `bonus` flag follows from the theme.
const cards: CardInfo[] = [
  { id: 0, type: "Good", fields: { value: 1, cheap: false, kind: "fruit", rotten: false } },
  { id: 1, type: "Good", fields: { value: 1, cheap: false, kind: "fish", rotten: false } },
  { id: 2, type: "Good", fields: { value: 1, cheap: true, kind: "fruit", rotten: false } },
  { id: 3, type: "Good", fields: { value: 2, cheap: false, kind: "fruit", rotten: false } },
  { id: 4, type: "Good", fields: { value: 2, cheap: true, kind: "fish", rotten: false } },
  { id: 5, type: "Good", fields: { value: 0, cheap: false, kind: "fruit", rotten: true } },
  { id: 6, type: "Tile", fields: { theme: "sea", bonus: true } },
  { id: 7, type: "Tile", fields: { theme: "farm", bonus: false } },
];
const game = {
  id: "market",
  meta: {
    cardTypes: [
      {
        name: "Good",
        fields: [
          { name: "value", type: "int" },
          { name: "cheap", type: "bool" },
          { name: "kind", type: "Kind" },
          { name: "rotten", type: "bool" },
        ],
      },
      {
        name: "Tile",
        fields: [
          { name: "theme", type: "Theme" },
          { name: "bonus", type: "bool" },
        ],
      },
    ],
    cards,
    zones: [],
    vars: [],
    conserved: [],
  },
} as unknown as Game;

const at = { line: 1, column: 1, endLine: 1, endColumn: 2 };

/** `Good 1 cheap fruit` as the parser would give it. */
function pattern(text: string): CardPattern {
  const [type, ...values] = text.split(" ");
  const fields: Literal[] = values.map((v) =>
    /^-?\d+$/.test(v) ? { kind: "number", value: Number(v), span: at } : { kind: "word", value: v, span: at },
  );
  return { type: { text: type!, span: at }, fields, span: at };
}

const ids = (text: string) => cardsMatching(game, pattern(text));

describe("card patterns", () => {
  test("a flag that tells copies apart is false unless named", () => {
    expect(ids("Good 1")).toEqual([0, 1]);
    expect(ids("Good 1 cheap")).toEqual([2]);
    expect(ids("Good 2")).toEqual([3]);
    expect(ids("Good")).toEqual([0, 1, 3, 5]);
    expect(ids("Good cheap")).toEqual([2, 4]);
  });

  test("an enum value names its field, in any order after the type", () => {
    expect(ids("Good 1 fish")).toEqual([1]);
    expect(ids("Good fruit 1 cheap")).toEqual([2]);
    expect(ids("Good cheap fish 2")).toEqual([4]);
    expect(ids("Good fish")).toEqual([1]);
  });

  test("a flag that follows from the other values may be left out", () => {
    // Only one good has value 0, and it is rotten: `rotten` never tells two copies apart.
    expect(ids("Good 0")).toEqual([5]);
    expect(ids("Good 0 rotten")).toEqual([5]);
    expect(ids("Good rotten")).toEqual([5]);
    expect(ids("Tile sea")).toEqual([6]);
    expect(ids("Tile bonus")).toEqual([6]);
    expect(ids("Tile")).toEqual([6, 7]);
  });

  test("values written in declaration order still work, true and false included", () => {
    expect(ids("Good 1 true")).toEqual([2]);
    expect(ids("Good 1 false fish")).toEqual([1]);
    expect(ids("Good 2 true fish false")).toEqual([4]);
  });

  test("what a pattern asks, in words", () => {
    const meaning = readPattern(game, pattern("Good 2 fish"));
    if (!meaning || isProblem(meaning)) throw new Error("expected a meaning");
    expect(describeMeaning(meaning)).toBe("value 2, cheap false and kind fish");
    expect(ids("Good 2 fish")).toEqual([]);
  });

  test("mistakes: a field twice, a value no field has, too many values, an unknown type", () => {
    expect(readPattern(game, pattern("Good 1 fish fruit"))).toMatchObject({
      code: "scenario/field-given-twice",
      message: "'fruit' gives this Good card a second kind, after 'fish'",
    });
    expect(readPattern(game, pattern("Good 1 cheap cheap"))).toMatchObject({
      code: "scenario/field-given-twice",
      message: "the flag 'cheap' is named twice",
    });
    expect(readPattern(game, pattern("Good 1 fsh"))).toMatchObject({
      code: "scenario/unknown-card-value",
      message:
        "'fsh' is neither a flag nor a value of a Good card; its flags are cheap, rotten; its kind is one of fruit, fish (did you mean 'fish'?)",
    });
    expect(readPattern(game, pattern("Good 1 true fish false 4"))).toMatchObject({
      code: "scenario/too-many-values",
      message: "a Good card has 4 fields (value, cheap, kind, rotten), but 5 values are given",
    });
    expect(readPattern(game, pattern("Goods 1"))).toBeUndefined();
    expect(ids("Good 1 fish fruit")).toEqual([]);
  });
});
