// For the docs' promise that each `ts` block of a page compiles: the blocks of a page, and the type
// errors of one block written as a module of an app that imports the packages by their public names
// (mapped to the workspace's built declarations).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const root = fileURLToPath(new URL("../../", import.meta.url));

/** The `ts` blocks of a page of docs/, with the line each starts at. */
export function snippetsOf(page: string): { line: number; text: string }[] {
  const text = readFileSync(join(root, "docs", page), "utf8");
  return [...text.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => ({ line: text.slice(0, match.index).split("\n").length, text: match[1]! }));
}

/** Type errors of `text` as an app module; `packages` maps specifiers to declaration files under the root. */
export function snippetTypeErrors(text: string, packages: Record<string, string>, types: string[] = []): string[] {
  const folder = mkdtempSync(join(tmpdir(), "doc-snippet-"));
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
      types,
      typeRoots: [join(root, "node_modules/@types")],
      paths: Object.fromEntries(Object.entries(packages).map(([specifier, path]) => [specifier, [join(root, path)]])),
    };
    const program = ts.createProgram([file], options);
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
