// The emitted TypeScript of a game to load, as JavaScript: each `x.ts` becomes `x.js`, its types
// stripped by esbuild (a few milliseconds a file, where loading TypeScript to do it takes most of a
// second), and its imports of the runtime pointed at the runtime this process runs with. Where esbuild
// cannot run (the VS Code extension's bundled server, which has none beside it but carries TypeScript
// inside; an install without esbuild's binary for this platform), TypeScript's transpileModule does it
// instead (transpile-typescript.ts): slower to load, the same game.
import { extname } from "node:path";
import { bundled } from "../bundled.js";
import type { EmittedFile } from "../emit/context.js";
import { escapeRegExp } from "../emit/code.js";

/** How emitted code names the runtime. */
export const RUNTIME = "@rules/runtime/internal";

type Esbuild = typeof import("esbuild");

/** esbuild, started (its service is a process of its own), or null when it cannot run here. */
export async function startEsbuild(load: () => Promise<Esbuild> = () => import("esbuild")): Promise<Esbuild | null> {
  if (bundled) return null;
  try {
    const esbuild = await load();
    await esbuild.transform("", { loader: "ts" });
    return esbuild;
  } catch {
    return null;
  }
}

let started: Promise<Esbuild | null> | undefined;

/** Each emitted `x.ts` as `x.js`, with the runtime's specifier pointing at `runtime`. */
export async function transpile(
  files: readonly EmittedFile[],
  runtime: string,
  /** How esbuild is had (tests pass one that cannot run). */
  esbuildHere: () => Promise<Esbuild | null> = () => (started ??= startEsbuild()),
): Promise<EmittedFile[]> {
  const esbuild = await esbuildHere();
  if (!esbuild) return (await import("./transpile-typescript.js")).transpileWithTypeScript(files, runtime);
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
