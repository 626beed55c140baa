// A match's options, checked against its game. Options may come from a save a client sent, so the
// messages name what was wrong without quoting the value.
import type { Game, Seat } from "./contract.js";
import { MatchError } from "./errors.js";

export interface MatchOptions {
  /** The people playing: the human seats. A game's `bot` lines may add seats the rules play
   *  (`seatPlan(game.meta, players)`); the state's `players` counts those too. */
  readonly players: number;
  /** Variant names; none for the base game. */
  readonly variants?: readonly string[];
  /** Any safe integer; the same seed and moves give the same match on every machine. */
  readonly seed: number;
}

/** Options as a match holds them: validated, `variants` always present. */
export interface ValidOptions extends MatchOptions {
  readonly variants: readonly string[];
}

/** A value in a message: a number or boolean as it is (bounded), anything else as a word, so a
 *  string or object that came from a client is never echoed. */
export function shown(value: unknown): string {
  if ((typeof value === "number" && String(value).length <= 24) || typeof value === "boolean" || value === null) return String(value);
  return typeof value === "string" ? "that name" : "that value";
}

/** Checks the options against the game and returns a fresh copy with `variants` filled in. */
export function validateOptions(game: Game, options: MatchOptions): ValidOptions {
  if (typeof options !== "object" || options === null) throw new MatchError("match/players", "options must be { players, seed, variants? }");
  const { players, seed } = options;
  if (typeof players !== "number" || !Number.isInteger(players) || players < game.minPlayers || players > game.maxPlayers) {
    const span =
      game.minPlayers === game.maxPlayers ? `${game.minPlayers}` : `${game.minPlayers} to ${game.maxPlayers}`;
    throw new MatchError("match/players", `${game.title} is for ${span} players, not ${shown(players)}`);
  }
  const given = options.variants ?? [];
  if (!Array.isArray(given) || given.length > game.variants.length) {
    throw new MatchError("match/variant", `variants must be a list of ${game.title}'s variant names, each once`);
  }
  const variants: string[] = [...given];
  const known = game.variants.map((variant) => variant.name);
  for (const [i, name] of variants.entries()) {
    if (typeof name !== "string" || !known.includes(name)) {
      const list = known.length === 0 ? "it has none" : `its variants are ${known.map((v) => `"${v}"`).join(", ")}`;
      throw new MatchError("match/variant", `${game.title} has no such variant; ${list}`);
    }
    if (variants.indexOf(name) !== i) throw new MatchError("match/variant", `variant "${name}" is given twice`); // a known name: safe to show
  }
  if (typeof seed !== "number" || !Number.isSafeInteger(seed)) {
    throw new MatchError("match/seed", `a seed must be a whole number (at most 2^53 in size), not ${shown(seed)}`);
  }
  return { players, variants, seed };
}

/** A MatchError unless `seat` is one of the match's seats. */
export function requireSeat(players: number, seat: Seat): void {
  if (typeof seat !== "number" || !Number.isInteger(seat) || seat < 0 || seat >= players) {
    throw new MatchError(
      "match/seat",
      `there is no seat ${shown(seat)} in a ${players}-player match (seats are 0 to ${players - 1})`,
    );
  }
}
