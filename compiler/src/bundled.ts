// The compiler run from a bundle (the VS Code extension's language server, one file with no
// node_modules beside it): the files it otherwise reads from installed packages (TypeScript's
// standard library, the runtime's declarations) are inside the bundle, and the runtime a loaded game
// imports is a file beside it. The bundler defines RULES_BUNDLE (editors/vscode/scripts/bundle.mjs);
// everywhere else it is undefined, and the compiler reads its packages as usual.

declare const RULES_BUNDLE: BundledFiles | undefined;

export interface BundledFiles {
  /** The runtime module loaded games import, relative to the bundle (`./runtime/internal.js`). */
  readonly runtimeModule: string;
  /** Where the standard library's `lib.*.d.ts` are, among `files`. */
  readonly libFolder: string;
  /** The runtime's entry declarations (`internal.d.ts`), among `files`. */
  readonly runtimeDeclarations: string;
  /** Declaration files by absolute virtual path. */
  readonly files: Readonly<Record<string, string>>;
}

export const bundled: BundledFiles | null = typeof RULES_BUNDLE === "object" ? RULES_BUNDLE : null;
