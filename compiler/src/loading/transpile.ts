// The emitted TypeScript of a game to load, as JavaScript: each `x.ts` becomes `x.js`, its types
// stripped by esbuild (a few milliseconds a file, where loading TypeScript to do it takes most of a
// second), and its imports of the runtime pointed at the runtime this process runs with. The VS Code
// extension's bundled server, which has no esbuild beside it but carries TypeScript inside, uses
// TypeScript's transpileModule instead (transpile-typescript.ts).
import { extname } from "node:path";
import { bundled } from "../bundled.js";
import type { EmittedFile } from "../emit/context.js";

/** How emitted code names the runtime. */
export const RUNTIME = "@rules/runtime/internal";

/** Each emitted `x.ts` as `x.js`, with the runtime's specifier pointing at `runtime`. */
export async function transpile(files: readonly EmittedFile[], runtime: string): Promise<EmittedFile[]> {
  if (bundled) return (await import("./transpile-typescript.js")).transpileWithTypeScript(files, runtime);
  const esbuild = await import("esbuild");
  return Promise.all(
    files.map(async (file) => {
      const { code } = await esbuild.transform(file.text, { loader: "ts", format: "esm", target: "es2022", sourcefile: file.path });
      return { path: javaScriptPath(file.path), text: pointAtRuntime(code, runtime) };
    }),
  );
}

export function javaScriptPath(path: string): string {
  return path.slice(0, -extname(path).length) + ".js";
}

/**
 * The runtime's specifier in the import and export declarations of esbuild's output. esbuild writes
 * each from the left margin, its list of names on one line or, as the source had it, on several; a
 * list of names holds no `;`, so a declaration is `import`/`export`, anything but `;`, then
 * `from "@rules/runtime/internal";`. No other code of the emitted files begins a line with `import`
 * or `export … from`.
 */
export function pointAtRuntime(code: string, runtime: string): string {
  const specifier = JSON.stringify(RUNTIME);
  return code.replace(
    new RegExp(`^((?:import|export)\\b[^;]*?\\bfrom )${escapeRegExp(specifier)};`, "gm"),
    (_, declaration: string) => `${declaration}${JSON.stringify(runtime)};`,
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
