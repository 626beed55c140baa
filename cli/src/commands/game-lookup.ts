// The game a command's argument means, loaded through the compiler's game loading, with the CLI's
// words around it: the help text of the argument, and a game not found as a usage error.

import type { Game } from "@rules/runtime/internal";
import type { GameSources } from "@rules/compiler";
import {
  findGameRef as findRef,
  findGameRefs as findRefs,
  GameNotFound,
  loadGame as load,
  readGamesAt as readAt,
  type GameRef,
  type Games,
} from "@rules/compiler/loading";
import { UsageError } from "./args.js";
import type { Io } from "./io.js";

export { CompileFailed, findScenarioGameRef, sourcePaths, type GameRef } from "@rules/compiler/loading";

/** How `play`, `simulate` and `bench` describe their game argument. */
export const GAME_ARGUMENT = "a game's id (e.g. for-sale), a .rules file or a game folder";

/** Their help note on how the argument is read. */
export const GAME_NOTE =
  "A game's id is looked up in the .rules files of the working folder, then in the nearest rules/ folder " +
  "(here or above), and only then among the built games of @rules/generated. An argument ending in .rules, " +
  "holding a slash, or naming a folder here with .rules files is a path: that file or game folder is the game. " +
  "Rules are compiled in memory, never read from a stale build (compiled games are cached in the temporary " +
  "folder, or in $RULES_CACHE_DIR).";

/** A game not found, as a usage error of `command`. A scenario file is refused first: read as rules,
 *  it gave a syntax error at its first `#`. */
async function asUsage<T>(arg: string, find: () => Promise<T>, command: string): Promise<T> {
  if (arg.endsWith(".scenario")) throw new UsageError(`${arg} is a scenario file: \`rules test ${arg}\` runs it; \`rules ${command}\` takes rules`, command);
  try {
    return await find();
  } catch (error) {
    if (error instanceof GameNotFound) throw new UsageError(error.message, command);
    throw error;
  }
}

/** The one game an argument of `command` means; a usage error of that command when there is none. */
export function findGameRef(arg: string, cwd: string, command: string): Promise<GameRef> {
  return asUsage(arg, () => findRef(arg, cwd), command);
}

/** Every game an argument means (each of a folder's, or the one an id names); a usage error when none. */
export function findGameRefs(arg: string, cwd: string, command: string): Promise<GameRef[]> {
  return asUsage(arg, () => findRefs(arg, cwd), command);
}

/** The games a path holds, at least one; a usage error of `command` when it cannot be read or holds none. */
export function readGamesAt(arg: string, cwd: string, command: string): Promise<GameSources> {
  return asUsage(arg, () => readAt(arg, cwd), command);
}

/** Loads a game, its warnings printed on stderr; throws CompileFailed when its rules do not compile. */
export function loadGame(ref: GameRef, io: Io): Promise<Game> {
  return load(ref, (line) => io.warn(line), io.cwd);
}

/** The compiled game with this id, or a usage error that lists the known ones. */
export function findGame(games: Games, id: string, command: string): Game {
  if (Object.hasOwn(games, id)) return games[id]!;
  const known = Object.keys(games).sort();
  throw new UsageError(
    known.length === 0
      ? `unknown game '${id}': no game is compiled yet (run \`rules compile\`)`
      : `unknown game '${id}'; known games: ${known.join(", ")}`,
    command,
  );
}
