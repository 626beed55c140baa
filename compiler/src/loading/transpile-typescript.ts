// transpile.ts for the VS Code extension's bundled server: TypeScript's transpileModule (the
// TypeScript ts-morph carries, in the bundle already), with the runtime's specifier rewritten on the
// syntax tree.
import { ts } from "ts-morph";
import type { EmittedFile } from "../emit/context.js";
import { RUNTIME, javaScriptPath } from "./transpile.js";

export function transpileWithTypeScript(files: readonly EmittedFile[], runtime: string): EmittedFile[] {
  const toRuntime: ts.TransformerFactory<ts.SourceFile> = (context) => {
    const { factory } = context;
    const visit = (node: ts.Node): ts.Node => {
      if (ts.isImportDeclaration(node) && isRuntime(node.moduleSpecifier)) {
        return factory.updateImportDeclaration(node, node.modifiers, node.importClause, factory.createStringLiteral(runtime), node.attributes);
      }
      if (ts.isExportDeclaration(node) && node.moduleSpecifier && isRuntime(node.moduleSpecifier)) {
        return factory.updateExportDeclaration(node, node.modifiers, node.isTypeOnly, node.exportClause, factory.createStringLiteral(runtime), node.attributes);
      }
      return node;
    };
    return (file) => ts.visitEachChild(file, visit, context);
  };
  const isRuntime = (specifier: ts.Expression): boolean => ts.isStringLiteral(specifier) && specifier.text === RUNTIME;
  return files.map((file) => {
    const output = ts.transpileModule(file.text, {
      fileName: file.path,
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false },
      transformers: { after: [toRuntime] },
    });
    return { path: javaScriptPath(file.path), text: output.outputText };
  });
}
