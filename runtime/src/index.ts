// @rules/runtime: plays compiled games. Dependency-free; runs in Node and in browsers.
// The public API, typed by the game a match is created with (docs/embedding.md). What compiled
// games call lives in `@rules/runtime/internal`. What a player may be sent: `viewFor`, `logFor` and
// `eventsFor`, each that seat's share; a Match itself (state, log, unfilteredEvents) holds secrets.

export {
  createMatch,
  applyMove,
  readMove,
  legalMoves,
  viewFor,
  whoMayAct,
  isOver,
  resultOf,
  botMove,
  defaultMove,
  type AnyGame,
  type Match,
  type MatchOptions,
  type ValidOptions,
  type MoveOutcome,
  type LoggedMove,
  type MoveOf,
  type ViewOf,
  type StateOf,
  type MoveOptionOf,
} from "./match.js";
export { logFor, type SeatLogEntry, type Masked } from "./seat-log.js";
export { serializeMatch, deserializeMatch, MATCH_FORMAT, MATCH_FORMAT_VERSION, type SaveLimits } from "./saves.js";
export type { ReadMove } from "./read-move.js";
export { MatchError, GameFault, type MatchErrorCode } from "./errors.js";
export type {
  Activity,
  BaseState,
  CardId,
  Game,
  GameResult,
  IllegalMove,
  IllegalMoveCode,
  Move,
  MoveOption,
  MoveSchema,
  ParameterDomain,
  ParameterKind,
  ScorePart,
  Seat,
} from "./contract.js";
export type { SeatConnection, SeatSnapshot, SendOutcome } from "./connection.js";
export { eventsFor, type GameEvent, type MatchEvents, type ZoneRef, type VarRef } from "./events.js";
