// For tests that need a game compiled, not tests of compiling: one compile per process for each
// game's exact sources. Many test files compile the same game from the same text (the repo's five
// games above all: the committed-output check, the formatter's round trip, the soundness corpus), and
// Vitest runs a worker's files one after another in one process (isolate: false). A compile is a
// function of its sources and options alone, so the second asks get the first's result. Tests of
// compiling itself (twice gives the same files, modes, records, faults) call `compileGame`.
import { compileGame, type CompileOptions, type CompileResult, type SourceFile } from "../index.js";
import { sourcesHash } from "../sources.js";

/** Results kept, oldest dropped first: a strict compile of the largest game is about 1 MB of text. */
const KEPT = 32;
const compiled = new Map<string, Promise<CompileResult>>();

/** `compileGame`, compiled once per process for the same game, sources and options. Each caller
 *  gets its own copy, so that one test changing what it was given cannot reach another. */
export async function compileOnce(gameId: string, sources: readonly SourceFile[], options: CompileOptions = {}): Promise<CompileResult> {
  const key = sourcesHash({ gameId, strict: options.strict ?? true }, sources);
  let result = compiled.get(key);
  if (result === undefined) {
    result = compileGame(gameId, sources, options);
    compiled.set(key, result);
    if (compiled.size > KEPT) compiled.delete(compiled.keys().next().value!);
  }
  return structuredClone(await result);
}
