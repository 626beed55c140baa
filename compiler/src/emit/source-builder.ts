// What the emitter builds a file from: imports, functions, variables, types and plain statements,
// added in order. Two builders write the same text: ts-morph's (morph-source.ts, for `rules compile`,
// whose code Prettier then lays out and tsc checks) and a plain one on ts-morph's own code writer
// (plain-source.ts, for a game loaded to be run: it needs neither ts-morph nor TypeScript loaded,
// which is most of a fresh process's first compile). plain-source.test.ts holds them to the same bytes.

export interface NamedImport {
  readonly name: string;
  readonly alias?: string;
}

export interface ImportStructure {
  readonly moduleSpecifier: string;
  readonly namedImports: readonly (string | NamedImport)[];
  /** `import * as name`: the module's exports as one object (with no named imports beside it). */
  readonly namespaceImport?: string;
  readonly isTypeOnly?: boolean;
}

export interface ExportStructure {
  readonly moduleSpecifier: string;
  readonly namedExports: readonly string[];
  readonly isTypeOnly?: boolean;
}

export interface ParameterStructure {
  readonly name: string;
  readonly type?: string;
}

export interface FunctionStructure {
  readonly name: string;
  readonly isExported?: boolean;
  readonly docs?: readonly string[];
  readonly parameters?: readonly ParameterStructure[];
  readonly returnType?: string;
  readonly statements?: string | readonly string[];
}

export interface VariableStructure {
  readonly isExported?: boolean;
  /** `const` (the emitter writes no other kind). */
  readonly declarationKind?: "const";
  readonly docs?: readonly string[];
  readonly declarations: readonly { readonly name: string; readonly type?: string; readonly initializer?: string }[];
}

export interface TypeAliasStructure {
  readonly name: string;
  readonly type: string;
  readonly isExported?: boolean;
  readonly docs?: readonly string[];
}

export interface PropertyStructure {
  readonly name: string;
  readonly type: string;
  readonly docs?: readonly string[];
  readonly hasQuestionToken?: boolean;
}

export interface InterfaceStructure {
  readonly name: string;
  readonly isExported?: boolean;
  readonly docs?: readonly string[];
  readonly extends?: readonly string[];
  readonly properties: readonly PropertyStructure[];
}

/** One emitted file being built. Everything is added after what is there, except imports, which go after the last import. */
export interface SourceBuilder {
  addImportDeclaration(structure: ImportStructure): void;
  addExportDeclaration(structure: ExportStructure): void;
  addVariableStatement(structure: VariableStructure): void;
  addTypeAlias(structure: TypeAliasStructure): void;
  addInterface(structure: InterfaceStructure): void;
  addFunction(structure: FunctionStructure): void;
  addFunctions(structures: readonly FunctionStructure[]): void;
  addStatements(statements: string | readonly string[]): void;
  /** The text of every statement but the imports, each without the comments before it. */
  codeBesideImports(): string;
  /** Adds names to the file's type-only import from `module` (a new import when there is none). */
  addTypeImports(module: string, names: readonly string[]): void;
  getFullText(): string;
}

/** Makes the builder of one file. */
export type SourceBuilders = (path: string) => SourceBuilder;
