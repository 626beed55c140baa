// Compiling: one phase after another, each stopping the pipeline on errors so that a later phase
// never sees a broken earlier result. Loaded by the package's entry only when something compiles.
import { internalError, type Diagnostic } from "./diagnostics.js";
import { checkGame } from "./check-game.js";
import type { SourceFile } from "./sources.js";
import { lowerFlow } from "./lower/lower.js";
import { emitGame, type EmittedFile } from "./emit/emit.js";

export interface CompileResult {
  readonly diagnostics: Diagnostic[];
  /** Generated files, relative to the game's output folder; empty when there are errors. */
  readonly files: EmittedFile[];
  /** What the compiler tells without failing: a game without a playout kernel, and why. */
  readonly notes?: string[];
}

export interface CompileOptions {
  /**
   * false: the interactive path (a game loaded to be played, simulated or tested, reloaded on save):
   * the emitted code is neither formatted by Prettier nor type-checked by tsc, which together cost
   * about three quarters of a compile. `rules compile` and the tests keep both; a kernel whose code
   * tsc would refuse (a compiler bug) is then kept rather than dropped.
   */
  readonly strict?: boolean;
}

/**
 * Compiles one game from its source files (one, or several that form one game). Never throws: an
 * exception in a phase is the compiler's bug, reported as `compiler/internal`, and nothing is written.
 */
export async function compileGame(gameId: string, sources: readonly SourceFile[], options: CompileOptions = {}): Promise<CompileResult> {
  const strict = options.strict ?? true;
  const checked = checkGame(gameId, sources);
  if (!checked.game) return { diagnostics: checked.diagnostics, files: [] };
  const game = checked.game;
  const file = sources[0]?.path ?? `${gameId}.rules`;
  let phase = "turning the flow into a state machine";
  try {
    const machine = lowerFlow(game);
    phase = "writing the TypeScript";
    const notes: string[] = [];
    let files = await emitGame(game, machine, gameId, sources, notes, true, strict);
    if (!strict) return { diagnostics: checked.diagnostics, files, notes };
    phase = "type-checking the TypeScript it wrote";
    // Loaded here: a game compiled to be run never loads TypeScript.
    const { typeErrors } = await import("./verify/typecheck.js");
    // Emitted code that tsc refuses is the compiler's fault: say so, and write and run nothing.
    let refused = typeErrors(files);
    if (refused.length > 0 && refused.every((e) => e.startsWith("playout.ts"))) {
      // For the kernel writer's developers: RULES_DUMP_KERNEL=path keeps the refused kernel to read.
      if (process.env.RULES_DUMP_KERNEL) (await import("node:fs")).writeFileSync(process.env.RULES_DUMP_KERNEL, files.find((f) => f.path === "playout.ts")!.text + "\n// " + refused.join("\n// "));
      // Only the playout kernel is refused: the game goes without one (it is an optimisation).
      notes.push(`${gameId}: no playout kernel (simulations use the state machine): the kernel writer's code does not type-check (${refused[0]})`);
      files = await emitGame(game, machine, gameId, sources, [], false);
      refused = typeErrors(files);
    }
    if (refused.length > 0) return { diagnostics: [...checked.diagnostics, emittedCodeRefused(file, refused)], files: [] };
    return { diagnostics: checked.diagnostics, files, notes };
  } catch (thrown) {
    return { diagnostics: [...checked.diagnostics, internalError(file, phase, thrown)], files: [] };
  }
}

function emittedCodeRefused(file: string, errors: readonly string[]): Diagnostic {
  const shown = errors.slice(0, 5).join("; ") + (errors.length > 5 ? `; and ${errors.length - 5} more` : "");
  return {
    file,
    line: 1,
    column: 1,
    endLine: 1,
    endColumn: 1,
    severity: "error",
    code: "compiler/invalid-output",
    message: `the compiler wrote TypeScript that does not type-check, a bug in the compiler, not in your rules (please report it): ${shown}`,
  };
}
