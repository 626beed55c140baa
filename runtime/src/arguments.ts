// The public API's arguments, checked before use: what an app may get wrong (a null game, a match
// from elsewhere, a random source that is not one) is a MatchError that names it, never a TypeError
// from deep inside. Seats and options are checked in options.ts, moves in read-move.ts.
import type { Game } from "./contract.js";
import { MatchError } from "./errors.js";

const GAME_METHODS = ["setup", "advance", "activity", "legalMoves", "check", "apply", "view", "scores"] as const;

/** A MatchError unless `game` is a compiled game (what `@rules/generated/<game>` exports). */
export function requireGame(game: unknown, where: string): asserts game is Game {
  const candidate = game as Partial<Record<string, unknown>> | null;
  const ok =
    typeof candidate === "object" &&
    candidate !== null &&
    typeof candidate.id === "string" &&
    typeof candidate.meta === "object" &&
    candidate.meta !== null &&
    GAME_METHODS.every((method) => typeof candidate[method] === "function");
  if (!ok) throw new MatchError("match/game", `${where} takes a compiled game (the \`game\` a generated package exports)`);
}

/** A MatchError unless `match` is a match: made by createMatch, applyMove or deserializeMatch. */
export function requireMatch(match: unknown, where: string): void {
  const candidate = match as { game?: unknown; state?: unknown } | null;
  if (typeof candidate !== "object" || candidate === null || typeof candidate.state !== "object" || candidate.state === null) {
    throw new MatchError("match/match", `${where} takes a match (from createMatch, applyMove or deserializeMatch)`);
  }
  requireGame(candidate.game, where);
}

/** A random source as `Math.random` is: a function whose numbers are in [0, 1). */
export function checkedRandom(random: unknown, where: string): () => number {
  if (typeof random !== "function") throw new MatchError("match/argument", `${where}'s random source must be a function like Math.random`);
  return () => {
    const value: unknown = random();
    if (typeof value !== "number" || !(value >= 0 && value < 1)) {
      throw new MatchError("match/argument", `${where}'s random source must give numbers from 0 up to (not including) 1, as Math.random does`);
    }
    return value;
  };
}
