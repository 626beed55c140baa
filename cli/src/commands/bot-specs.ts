// `--bots mcts:1000,random,…` for the commands that seat bots: one spec per player, checked
// against the game's player count, with usage errors (not stack traces) for bad ones.

import { MatchError, type Game } from "@rules/runtime/internal";
import { parseBotSpec, type BotSpec } from "@rules/runtime/search";
import { UsageError } from "./args.js";

/** The `--bots` option of every command that plays runs between bots (simulate, report). */
export const BOTS_OPTION = {
  name: "bots",
  kind: "string",
  placeholder: "B,B,…",
  description: "one bot per player, comma-separated: random, mcts:<iterations> or mcts:<ms>ms (default: all random)",
} as const;

/** The specs of a `--bots` list, one per player; `random` fills nothing in: the count must match. */
export function parseBotList(text: string, game: Game, players: number, command = "simulate"): BotSpec[] {
  const parts = text.split(",").map((part) => part.trim()).filter((part) => part !== "");
  let specs: BotSpec[];
  try {
    specs = parts.map(parseBotSpec);
  } catch (error) {
    if (error instanceof MatchError) throw new UsageError(`--bots: ${error.message}`, command);
    throw error;
  }
  if (specs.length !== players) {
    throw new UsageError(
      `--bots lists ${specs.length} bot${specs.length === 1 ? "" : "s"} for ${players} players of ${game.title}: give one per player (e.g. ${["mcts:1000", ...new Array(Math.max(0, players - 1)).fill("random")].join(",")})`,
      command,
    );
  }
  return specs;
}
