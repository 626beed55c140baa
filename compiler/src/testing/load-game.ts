// For tests: compile a rules text and load the emitted game in this process, against the runtime
// module the test passes in (its sources under Vitest), without writing anything to disk.
import { transformSync } from "esbuild";
import type { Game } from "@rules/runtime/internal";
import { formatDiagnostic } from "../index.js";
import { compileOnce } from "./compiled-once.js";
import type { EmittedFile } from "../emit/emit.js";

/**
 * Evaluates every emitted file (transpiled one by one, as a build tool would: esbuild, which also
 * strips the types of a game `rules` loads, see loading/transpile.ts) and returns their exports.
 * TypeScript's transpileModule did it before, at more than ten times esbuild's CPU (1.6-2.8 s against
 * about 0.1 s, its service process included, for the 32 files of three of the repo's games); the
 * compiler's tests, on one worker, took about 140 s of CPU with esbuild where they took 175-200 s.
 */
export function evaluateFiles(files: readonly EmittedFile[], runtime: object): Map<string, Record<string, unknown>> {
  const sources = new Map(files.map((f) => [f.path, f.text]));
  const modules = new Map<string, { exports: Record<string, unknown> }>();
  const load = (specifier: string): Record<string, unknown> => {
    if (specifier === "@rules/runtime/internal") return runtime as Record<string, unknown>;
    const file = specifier.replace(/^\.\//, "").replace(/\.js$/, ".ts");
    const loaded = modules.get(file);
    if (loaded) return loaded.exports;
    const text = sources.get(file);
    if (text === undefined) throw new Error(`no emitted file ${file}`);
    let code: string;
    try {
      ({ code } = transformSync(text, { loader: "ts", format: "cjs", target: "es2022", sourcefile: file, logLevel: "silent" }));
    } catch (error) {
      const errors = (error as { errors?: { text: string }[] }).errors;
      if (!errors) throw error;
      throw new Error(`syntax errors in ${file}: ${errors.map((e) => e.text).join("; ")}`);
    }
    const module = { exports: {} as Record<string, unknown> };
    modules.set(file, module);
    new Function("exports", "require", "module", code)(module.exports, load, module);
    return module.exports;
  };
  for (const f of files) load(f.path);
  return new Map([...modules].map(([file, module]) => [file, module.exports]));
}

/** Advice about play rather than the rules: a test's small game often offers one option over a zone it
 *  knows holds cards, which the checker cannot see (a game that did fault would fail its test). */
const ADVICE = ["check/may-have-no-move"];

/** Compiles a one-file game and loads it; any diagnostic (errors, and warnings other than the codes
 *  a test expects and advice) fails with its text. */
export async function loadRulesGame(gameId: string, text: string, runtime: object, expectedWarnings: readonly string[] = []): Promise<Game> {
  const result = await compileOnce(gameId, [{ path: `${gameId}.rules`, text }]);
  const unexpected = result.diagnostics.filter((d) => d.severity === "error" || !(expectedWarnings.includes(d.code) || ADVICE.includes(d.code)));
  if (unexpected.length > 0) {
    throw new Error(unexpected.map((d) => formatDiagnostic(d, text)).join("\n"));
  }
  // search.ts: the whole game, `sample`, `enter` and `nextActor` included.
  return evaluateFiles(result.files, runtime).get("search.ts")!.game as Game;
}

/** For a test of the playout kernel: compiles a one-file game, loads it, and gives its kernel's text
 *  too; a compile error, or a note that the game got no kernel, fails with its text. */
export async function loadRulesKernel(gameId: string, text: string, runtime: object): Promise<{ kernelText: string; game: Game }> {
  const result = await compileOnce(gameId, [{ path: `${gameId}.rules`, text }]);
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((d) => formatDiagnostic(d, text)).join("\n"));
  if (result.notes?.length) throw new Error(result.notes.join("\n"));
  const kernel = result.files.find((f) => f.path === "playout.ts");
  if (!kernel) throw new Error(`${gameId}: no playout.ts emitted`);
  return { kernelText: kernel.text, game: evaluateFiles(result.files, runtime).get("search.ts")!.game as Game };
}
