#!/usr/bin/env node
// Bundles the extension with esbuild into a handful of files that need nothing installed beside them:
//   out/extension.js       the VS Code client (CommonJS; `vscode` is the editor's own)
//   out/server/stdio.js    the language server's supervisor, which VS Code starts
//   out/server/worker.js   the server proper, with the compiler (Chevrotain, ts-morph, TypeScript, Prettier)
//   out/server/runtime/    the runtime (its main and internal entries), one copy for the server and for the games it loads
// TypeScript's standard library and the runtime's declarations, which the compiler's last phase reads
// from installed packages, are put inside the worker (compiler/src/bundled.ts).
//   node editors/vscode/scripts/bundle.mjs [outDir]   (after `npm run build`: the runtime's declarations)
import { readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = fileURLToPath(new URL("..", import.meta.url));
const root = fileURLToPath(new URL("../../..", import.meta.url));
const out = process.argv[2] ?? join(here, "out");
const require = createRequire(import.meta.url);

/** The runtime's entries, as `@rules/runtime…` specifiers name them. */
const RUNTIME_ENTRIES = { index: "index", internal: "internal" };
const runtimeFile = (specifier) => {
  const entry = specifier === "@rules/runtime" ? "index" : specifier.slice("@rules/runtime/".length);
  if (!Object.hasOwn(RUNTIME_ENTRIES, entry)) throw new Error(`no bundled runtime entry for ${specifier}`);
  return `./runtime/${entry}.js`;
};

/** Every `lib.*.d.ts` of TypeScript and every declaration file of the runtime, by virtual path. */
function bundledFiles() {
  const files = {};
  const lib = dirname(require.resolve("typescript/lib/lib.d.ts"));
  for (const name of readdirSync(lib).filter((n) => /^lib\..*\.d\.ts$/.test(n))) files[`/bundled/typescript/${name}`] = readFileSync(join(lib, name), "utf8");
  const runtime = join(root, "runtime/dist");
  for (const entry of readdirSync(runtime, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".d.ts")) continue;
    const full = join(entry.parentPath, entry.name);
    files[`/bundled/runtime/${relative(runtime, full).split("\\").join("/")}`] = readFileSync(full, "utf8");
  }
  return {
    runtimeModule: "./runtime/internal.js",
    libFolder: "/bundled/typescript",
    runtimeDeclarations: "/bundled/runtime/internal.d.ts",
    files,
  };
}

/** `@rules/runtime…` stays outside the server bundle, as the bundled runtime beside it. */
const runtimeBeside = {
  name: "runtime-beside",
  setup(build) {
    build.onResolve({ filter: /^@rules\/runtime(\/.*)?$/ }, (args) => ({ path: runtimeFile(args.path), external: true }));
  },
};

/**
 * The compiler loads Chevrotain's one-file build by a computed path; the bundle takes that file
 * directly, with the names the compiler's chevrotain.ts takes from it (read from that file, so that a
 * name added there is never missing here).
 */
const chevrotainBundle = {
  name: "chevrotain-bundle",
  setup(build) {
    const single = join(dirname(require.resolve("chevrotain")), "..", "chevrotain.mjs");
    const taken = /export const \{([^}]+)\} = bundle;/.exec(readFileSync(join(root, "compiler/src/syntax/chevrotain.ts"), "utf8"));
    if (!taken) throw new Error("compiler/src/syntax/chevrotain.ts no longer says `export const { … } = bundle;`: update the bundle's plugin");
    build.onLoad({ filter: /compiler[\\/](src|dist)[\\/]syntax[\\/]chevrotain\.(ts|js)$/ }, () => ({
      contents: `export { ${taken[1].trim()} } from ${JSON.stringify(single)};`,
      loader: "ts",
    }));
  },
};

rmSync(out, { recursive: true, force: true });
// Minified: the server is 25 MB as written, a third of that minified (the .vsix compresses it again).
const node = { bundle: true, platform: "node", target: "node20", legalComments: "none", logLevel: "warning", minify: true };
// ES modules that bundle CommonJS packages (ts-morph, TypeScript) need the `require`, `__filename` and
// `__dirname` that CommonJS modules have.
const commonJsGlobals = [
  'import { createRequire as __rulesRequire } from "node:module";',
  'import { fileURLToPath as __rulesPath } from "node:url";',
  'import { dirname as __rulesDirname } from "node:path";',
  "const require = __rulesRequire(import.meta.url);",
  "const __filename = __rulesPath(import.meta.url);",
  "const __dirname = __rulesDirname(__filename);",
].join(" ");
const esm = { ...node, format: "esm", banner: { js: commonJsGlobals } };

await esbuild.build({ ...node, format: "cjs", entryPoints: [join(here, "src/extension.ts")], outfile: join(out, "extension.js"), external: ["vscode"] });
await esbuild.build({
  ...esm,
  entryPoints: Object.fromEntries(Object.entries(RUNTIME_ENTRIES).map(([name, path]) => [name, join(root, `runtime/src/${path}.ts`)])),
  outdir: join(out, "server/runtime"),
  splitting: true,
  chunkNames: "shared-[hash]",
});
await esbuild.build({
  ...esm,
  entryPoints: { stdio: join(root, "language-server/src/stdio.ts"), worker: join(root, "language-server/src/worker.ts") },
  outdir: join(out, "server"),
  plugins: [runtimeBeside, chevrotainBundle],
  // The compiler transpiles with esbuild where it is installed; the bundle has none beside it and uses
  // the TypeScript it carries instead (compiler/src/loading/transpile.ts).
  external: ["esbuild"],
  // verify/typecheck.ts takes TypeScript's default export; ts-morph brings the same compiler.
  alias: { typescript: join(here, "scripts/typescript-from-ts-morph.mjs") },
  define: { RULES_BUNDLE: JSON.stringify(bundledFiles()) },
});
mkdirSync(join(out, "server"), { recursive: true });
writeFileSync(join(out, "server/package.json"), '{ "type": "module" }\n');
