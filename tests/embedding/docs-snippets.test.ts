// docs/embedding.md promises that each of its `ts` blocks compiles: each is type-checked here, as a
// module of an app, against the built declarations of @rules/runtime and the compiled games.
import { describe, expect, it } from "vitest";
import { snippetsOf, snippetTypeErrors } from "../support/doc-snippets.js";

const blocks = snippetsOf("embedding.md");
const typeErrors = (text: string) =>
  snippetTypeErrors(text, {
    "@rules/runtime": "runtime/dist/index.d.ts",
    "@rules/runtime/internal": "runtime/dist/internal.d.ts",
    "@rules/runtime/present": "runtime/dist/present/index.d.ts",
    "@rules/generated/*": "generated/dist/*/index.d.ts",
  });

describe("docs/embedding.md", () => {
  it("has snippets", () => expect(blocks.length).toBeGreaterThanOrEqual(3));
  it.each(blocks)("the block at line $line type-checks", ({ text }) => {
    expect(typeErrors(text)).toEqual([]);
  }, 60_000);
  it("a misspelt move in a snippet would not", () => {
    const first = blocks[0]!.text.replace('{ type: "pass" }', '{ type: "pas" }');
    expect(typeErrors(first).join("\n")).toContain('"pas"');
  }, 60_000);
});
