// docs/multiplayer.md promises that each of its `ts` blocks compiles: each is type-checked here, as a
// module of an app, against the built declarations of @rules/server, @rules/client, the runtime and
// the compiled games.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const page = readFileSync(join(root, "docs/multiplayer.md"), "utf8");
const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => ({
  line: page.slice(0, match.index).split("\n").length,
  text: match[1]!,
}));

function typeErrors(text: string): string[] {
  const folder = mkdtempSync(join(tmpdir(), "multiplayer-doc-"));
  try {
    writeFileSync(join(folder, "package.json"), '{ "type": "module" }');
    const file = join(folder, "app.ts");
    writeFileSync(file, text);
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: ["node"],
      typeRoots: [join(root, "node_modules/@types")],
      paths: {
        "@rules/runtime": [join(root, "runtime/dist/index.d.ts")],
        "@rules/server": [join(root, "server/dist/index.d.ts")],
        "@rules/client": [join(root, "client/dist/index.d.ts")],
        "@rules/generated/*": [join(root, "generated/dist/*/index.d.ts")],
      },
    };
    const program = ts.createProgram([file], options);
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

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
