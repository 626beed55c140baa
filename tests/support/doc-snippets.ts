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

/**
 * Declaration files parsed once per process, by name and parse mode: every block is checked against
 * the same standard library (lib.dom.d.ts alone is 2.3 MB), the same built packages and their types,
 * which each program parsed again. Parsing is a function of the file's text; each block still gets a
 * program and a checker of its own, so no block's check sees another's.
 */
const parsedDeclarations = new Map<string, ts.SourceFile>();

/** The default compiler host, reading every file outside the block's own folder through the cache above. */
function hostSharingDeclarations(options: ts.CompilerOptions, folder: string): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => {
    if (name.startsWith(folder) || !name.endsWith(".d.ts")) return parse(name, language, ...rest);
    const mode = typeof language === "object" ? `${language.languageVersion}:${language.impliedNodeFormat}` : `${language}`;
    const key = `${mode}\0${name}`;
    let parsed = parsedDeclarations.get(key);
    if (parsed === undefined) {
      parsed = parse(name, language, ...rest);
      if (parsed !== undefined) parsedDeclarations.set(key, parsed);
    }
    return parsed;
  };
  return host;
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
    const program = ts.createProgram([file], options, hostSharingDeclarations(options, folder));
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
