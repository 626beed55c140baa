// The builder of `rules compile`: ts-morph's source files (see source-builder.ts). Loaded only when
// code is compiled to be written, since loading ts-morph loads TypeScript.
import { Project, type SourceFile } from "ts-morph";
import type { SourceBuilder, SourceBuilders } from "./source-builder.js";

/** One in-memory ts-morph project per emitted game, a source file per emitted file. */
export function morphSources(): SourceBuilders {
  const project = new Project({ useInMemoryFileSystem: true });
  return (path) => new MorphSource(project.createSourceFile(path, "", { overwrite: true }));
}

class MorphSource implements SourceBuilder {
  constructor(private readonly file: SourceFile) {}

  addImportDeclaration: SourceBuilder["addImportDeclaration"] = (s) => void this.file.addImportDeclaration({ ...s, namedImports: [...s.namedImports] });
  addExportDeclaration: SourceBuilder["addExportDeclaration"] = (s) => void this.file.addExportDeclaration({ ...s, namedExports: [...s.namedExports] });
  addVariableStatement: SourceBuilder["addVariableStatement"] = (s) =>
    void this.file.addVariableStatement({ ...s, declarationKind: s.declarationKind as never, docs: s.docs && [...s.docs], declarations: [...s.declarations] });
  addTypeAlias: SourceBuilder["addTypeAlias"] = (s) => void this.file.addTypeAlias({ ...s, docs: s.docs && [...s.docs] });
  addInterface: SourceBuilder["addInterface"] = (s) =>
    void this.file.addInterface({
      ...s,
      docs: s.docs && [...s.docs],
      extends: s.extends && [...s.extends],
      properties: s.properties.map((p) => ({ ...p, docs: p.docs && [...p.docs] })),
    });
  addFunction: SourceBuilder["addFunction"] = (s) => this.addFunctions([s]);
  addFunctions: SourceBuilder["addFunctions"] = (structures) =>
    void this.file.addFunctions(
      structures.map((s) => ({
        ...s,
        docs: s.docs && [...s.docs],
        parameters: s.parameters && [...s.parameters],
        statements: typeof s.statements === "string" || s.statements === undefined ? s.statements : [...s.statements],
      })),
    );
  addStatements: SourceBuilder["addStatements"] = (statements) => void this.file.addStatements(typeof statements === "string" ? statements : [...statements]);

  codeBesideImports(): string {
    return this.file.getStatements().filter((s) => !s.getText().startsWith("import ")).map((s) => s.getText()).join("\n");
  }

  addTypeImports(module: string, names: readonly string[]): void {
    const existing = this.file.getImportDeclarations().find((d) => d.getModuleSpecifierValue() === module && d.isTypeOnly());
    if (existing) existing.addNamedImports([...names]);
    else this.file.addImportDeclaration({ isTypeOnly: true, moduleSpecifier: module, namedImports: [...names] });
  }

  getFullText(): string {
    return this.file.getFullText();
  }
}
