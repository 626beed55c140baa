// @rules/compiler/loading: a game found by its id or path, compiled in memory (cached by content) and
// imported, ready to play. The CLI, simulations and the language server all load games here.

export {
  CompileFailed,
  findGameRef,
  findGameRefs,
  findScenarioGameRef,
  GameNotFound,
  isPathArgument,
  loadGame,
  readGamesAt,
  sourcePaths,
  type GameRef,
} from "./find-game.js";
export { loadGames, type Games } from "./compiled-games.js";
export {
  compilerFingerprint,
  defaultCacheDir,
  loadGameFromSources,
  primeCompilerFingerprint,
  runtimeUrl,
  transpile,
  type LoadOptions,
  type LoadOutcome,
} from "./load-game.js";
