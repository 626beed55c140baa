// Emission: a checked game and its flow machine become TypeScript files, built from structures
// (source-builder.ts) by ts-morph and formatted by Prettier, so `--check` compares final bytes; or,
// for a game compiled to be run, by the plain builder, which writes the same text without loading
// ts-morph and TypeScript. One module per emitted file; context.ts holds what they share.
import type { CheckedGame } from "../check/checker.js";
import type { FlowMachine } from "../lower/ir.js";
import { CardsFile } from "./cards-file.js";
import { EmitContext, type EmittedFile } from "./context.js";
import { FlowFile } from "./flow-file.js";
import { IndexFile, searchFile } from "./index-file.js";
import { LAYOUT } from "./layout.js";
import { MovesFile } from "./moves-file.js";
import { plainSources } from "./plain-source.js";
import { PlayoutFile } from "./playout-file.js";
import { SampleFile } from "./sample-file.js";
import { TypesFile } from "./types-file.js";
import { ViewFile } from "./view-file.js";

export type { EmittedFile } from "./context.js";

export async function emitGame(
  game: CheckedGame,
  machine: FlowMachine,
  gameId: string,
  sources: readonly { readonly path: string; readonly text: string }[],
  /** Receives what the compiler tells about the game without failing (why it has no playout kernel). */
  notes: string[] = [],
  /** false: emit no playout kernel (compileGame's retry when the kernel's code does not type-check). */
  withKernel = true,
  /** false: the code as built, without Prettier's layout (for code that is run, never read or compared). */
  formatted = true,
  /** Who builds the files: ts-morph (default when formatted), or the plain builder, which writes the same text. */
  builder: "ts-morph" | "plain" = formatted ? "ts-morph" : "plain",
): Promise<EmittedFile[]> {
  // ts-morph (and with it TypeScript) is loaded only to build code that is written.
  const builders = builder === "ts-morph" ? (await import("./morph-source.js")).morphSources() : plainSources();
  const ctx = new EmitContext(game, machine, gameId, sources, builders);
  // The playout kernel, when the kernel writer handles every construct of the game; index.ts names it.
  const kernel = withKernel ? new PlayoutFile(ctx).kernelFile() : { unsupported: "" };
  if ("unsupported" in kernel && withKernel) notes.push(`${gameId}: no playout kernel (simulations use the state machine): ${kernel.unsupported} is not supported by the kernel writer yet`);
  ctx.hasKernel = "file" in kernel;
  const cards = new CardsFile(ctx);
  const functions = ctx.functionNames().length > 0 ? [cards.functionsFile()] : [];
  const files = [
    new TypesFile(ctx).typesFile(),
    cards.cardsFile(),
    ...functions,
    new FlowFile(ctx).flowFile(),
    new MovesFile(ctx).movesFile(),
    new ViewFile(ctx).viewFile(),
    new SampleFile(ctx).sampleFile(),
    new IndexFile(ctx).indexFile(),
    ...("file" in kernel ? [kernel.file] : []),
    searchFile(ctx),
  ];
  // Last: the other files have now named every rule that can fail.
  files.push({ path: "sites.ts", text: ctx.header() + ctx.sites.fileText() });
  if (!formatted) return files;
  // Loaded only to lay code out: a game compiled to be run never loads Prettier.
  const prettier = await import("prettier");
  return Promise.all(
    files.map(async (f) => ({ path: f.path, text: await prettier.format(f.text, LAYOUT) })),
  );
}
