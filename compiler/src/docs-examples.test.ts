// The docs promise that every `rules` block not marked planned or proposal parses with the real
// parser. A block may be a whole file, statements of a flow, the options of an `ask`, or one
// expression, so each is tried in those places; a marked block that parses has a stale mark.
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parseRules } from "./syntax/parser.js";

const docs = new URL("../../docs/", import.meta.url);
const pages = ["language.md", ...readdirSync(new URL("games/", docs)).map((name) => `games/${name}`)];

interface Example {
  page: string;
  line: number;
  text: string;
  marked: boolean;
}

function examplesOf(page: string): Example[] {
  const text = readFileSync(new URL(page, docs), "utf8");
  const examples: Example[] = [];
  for (const match of text.matchAll(/```rules\n([\s\S]*?)```/g)) {
    const block = match[1];
    examples.push({
      page,
      line: text.slice(0, match.index).split("\n").length,
      text: block,
      marked: /\b(planned|proposal)\b/i.test(block),
    });
  }
  return examples;
}

const placings = (block: string) => [
  block,
  `flow {\n${block}\n}`,
  `flow {\nask active {\n${block}\n}\n}`,
  `function example(): int = ${block}`,
];

const parses = (block: string) => placings(block).some((text) => parseRules(text, "example.rules").errors.length === 0);

describe("rules examples in the docs", () => {
  const examples = pages.flatMap(examplesOf);

  test("the docs hold examples to check", () => {
    expect(examples.filter((example) => !example.marked).length).toBeGreaterThan(30);
  });

  test.each(examples.map((example) => [`${example.page}:${example.line}`, example] as const))(
    "%s parses unless marked planned or proposal",
    (_where, example) => {
      // A marked block that parses has a stale mark: the construct landed, so drop the mark.
      expect(parses(example.text), example.text).toBe(!example.marked);
    },
  );
});
