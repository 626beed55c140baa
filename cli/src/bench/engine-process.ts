// The child process of `rules bench`: one engine of one game measured in a process of its own, so no
// engine's JIT state, garbage or inline caches colour another's. It reads one JSON request on stdin
// ({ ref, kind, options, seconds, warmUpSeconds, seed }: the game as the parent found it), loads the game (compiled
// rules come from the compile cache the parent filled), and prints one JSON line: an EngineMeasure,
// or { error } when it could not measure.

import type { MatchOptions } from "@rules/runtime/internal";
import { loadGame, type GameRef } from "@rules/compiler/loading";
import { enginePlayout, measurePlayouts, type EngineKind } from "./playouts.js";

export interface EngineRequest {
  readonly ref: GameRef;
  readonly cwd: string;
  readonly kind: EngineKind;
  readonly options: MatchOptions;
  readonly seconds: number;
  /** CPU seconds played untimed first. */
  readonly warmUpSeconds: number;
  readonly seed: number;
}

async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

try {
  const request = JSON.parse(await readStdin()) as EngineRequest;
  const game = await loadGame(request.ref, () => {}, request.cwd);
  const playout = enginePlayout(game, request.kind, request.options);
  console.log(JSON.stringify(measurePlayouts(playout, request.seconds, request.seed, request.warmUpSeconds)));
} catch (error) {
  console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  process.exitCode = 1;
}
