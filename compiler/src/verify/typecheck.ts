// The last phase: the emitted TypeScript must type-check under `strict`, against the runtime's own
// declarations, before anything is written or run. A failure here is a compiler bug, never the
// designer's; it is reported loudly instead of leaving a build that tsc refuses.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import * as path from "node:path";
import ts from "typescript";
import { bundled } from "../bundled.js";

export interface EmittedSource {
  readonly path: string;
  readonly text: string;
}

/** The runtime's declaration file, as the compiled games import it (`@rules/runtime/internal`). */
function runtimeDeclarations(): string {
  if (bundled) return bundled.runtimeDeclarations;
  const entry = createRequire(import.meta.url).resolve("@rules/runtime/internal");
  return entry.replace(/\.js$/, ".d.ts");
}

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  lib: ["lib.es2022.d.ts"],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noImplicitOverride: true,
  noFallthroughCasesInSwitch: true,
  skipLibCheck: true,
  types: [],
  noEmit: true,
};

/** The standard library and the runtime are the same for every game: parsed once per process. */
const shared = new Map<string, ts.SourceFile>();

/**
 * The last few verdicts, by a hash of the files and of the runtime's declarations they were checked
 * against (read once per process, like the standard library above). The same files are often checked
 * twice in one process: a strict compile checks what it wrote, then a test checks the files it was
 * given; the second check finds what the first found, so it reads it here instead of checking again.
 * Bounded, as a language server or a watch compiles on every save.
 */
const verdicts = new Map<string, readonly string[]>();
const VERDICTS_KEPT = 32;

function verdictKey(files: readonly EmittedSource[], runtimeTypes: string): string {
  const hash = createHash("sha256").update(runtimeTypes);
  for (const file of files) hash.update(`\0${file.path}\0${file.text}`);
  return hash.digest("hex");
}

/**
 * Type errors of one game's emitted files, each as `file:line: message` (empty when it type-checks).
 * The files are checked as an ES module package in a virtual folder.
 */
export function typeErrors(files: readonly EmittedSource[], runtimeTypes: string = runtimeDeclarations()): string[] {
  const key = verdictKey(files, runtimeTypes);
  const known = verdicts.get(key);
  if (known) return [...known];
  const found = checkTypes(files, runtimeTypes);
  verdicts.set(key, found);
  if (verdicts.size > VERDICTS_KEPT) verdicts.delete(verdicts.keys().next().value!);
  return [...found];
}

function checkTypes(files: readonly EmittedSource[], runtimeTypes: string): string[] {
  const folder = "/virtual/game/";
  const virtual = new Map(files.map((f) => [folder + f.path, f.text]));
  virtual.set("/virtual/package.json", '{ "type": "module" }');
  const options: ts.CompilerOptions = { ...OPTIONS, paths: { "@rules/runtime/internal": [runtimeTypes] } };
  const host = ts.createCompilerHost(options);
  if (bundled) {
    // No TypeScript package on disk: its standard library and the runtime's declarations are in the bundle.
    for (const [name, text] of Object.entries(bundled.files)) virtual.set(name, text);
    host.getDefaultLibLocation = () => bundled!.libFolder;
    host.getDefaultLibFileName = (given) => path.posix.join(bundled!.libFolder, ts.getDefaultLibFileName(given));
  }
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) => {
    const text = virtual.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, language);
    const cached = shared.get(name) ?? readSource(name, language, ...rest);
    if (cached) shared.set(name, cached);
    return cached;
  };
  host.fileExists = (name) => virtual.has(name) || ts.sys.fileExists(name);
  host.readFile = (name) => virtual.get(name) ?? ts.sys.readFile(name);
  host.directoryExists = (name) => name.startsWith("/virtual") || (bundled !== null && name.startsWith("/bundled")) || ts.sys.directoryExists(name);
  const program = ts.createProgram([...virtual.keys()].filter((f) => f.startsWith(folder) && f.endsWith(".ts")), options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined
      ? `${path.posix.relative(folder, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}: `
      : "";
    return where + ts.flattenDiagnosticMessageText(d.messageText, " ");
  });
}
