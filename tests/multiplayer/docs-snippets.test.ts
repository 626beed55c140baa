// docs/multiplayer.md promises that each of its `ts` blocks compiles: each is type-checked here, as a
// module of an app, against the built declarations of @rules/server, @rules/client, the runtime and
// the compiled games.
import { describe, expect, it } from "vitest";
import { snippetsOf, snippetTypeErrors } from "../support/doc-snippets.js";

const blocks = snippetsOf("multiplayer.md");
const typeErrors = (text: string) =>
  snippetTypeErrors(
    text,
    {
      "@rules/runtime": "runtime/dist/index.d.ts",
      "@rules/server": "server/dist/index.d.ts",
      "@rules/client": "client/dist/index.d.ts",
      "@rules/generated/*": "generated/dist/*/index.d.ts",
    },
    ["node"],
  );

describe("docs/multiplayer.md", () => {
  it("has snippets", () => expect(blocks.length).toBeGreaterThanOrEqual(2));
  it.each(blocks)("the block at line $line type-checks", ({ text }) => {
    expect(typeErrors(text)).toEqual([]);
  }, 60_000);
  it("a misspelt move sent by a remote seat would not", () => {
    const join = blocks.find((block) => block.text.includes('mine.send({ type: "pass" })'))!;
    expect(typeErrors(join.text.replace('mine.send({ type: "pass" })', 'mine.send({ type: "rasie", amount: 3 })')).join("\n")).toContain('"rasie"');
  }, 60_000);
});
