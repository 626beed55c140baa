// `rules play --web`: the command's options read for the web table (the serving is play-web.ts).

import { commaList, UsageError } from "./args.js";
import type { Io } from "./io.js";
import { playOnTheWeb } from "./play-web.js";

interface WebArgs {
  readonly positionals: readonly string[];
  readonly options: {
    readonly players?: number;
    readonly seed?: number;
    readonly variant?: string;
    readonly bots?: string;
    readonly port?: number;
    readonly "bot-delay"?: number;
  };
}

/** The port `rules play --web` serves on when none is given. */
export const DEFAULT_WEB_PORT = 8123;

export function playWeb(args: WebArgs, io: Io): Promise<number> {
  if (args.options.bots !== undefined) {
    throw new UsageError("--bots is for the terminal; on the web table the page's random bots play the seats you leave to them", "play");
  }
  return playOnTheWeb(args.positionals[0]!, io, {
    port: args.options.port ?? DEFAULT_WEB_PORT,
    ...(args.options.players !== undefined ? { players: args.options.players } : {}),
    seed: args.options.seed ?? Date.now() % 1_000_000,
    variants: commaList(args.options.variant),
    botDelayMs: args.options["bot-delay"] ?? 600,
  });
}

/** `--port` and `--bot-delay` mean something only on the web table: given without `--web`, a usage error. */
export function refuseWebOptions(options: WebArgs["options"]): void {
  for (const name of ["port", "bot-delay"] as const) {
    if (options[name] !== undefined) throw new UsageError(`--${name} is for the web table: add --web`, "play");
  }
}
