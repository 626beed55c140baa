// @rules/server: hosts any compiled game for remote players on Colyseus (docs/multiplayer.md).

export { createHost, type Host, type HostOptions, type CreatedMatch } from "./host.js";
export { GameRoom } from "./room.js";
export { DEFAULT_SETTINGS, type RoomSettings, type SettingsOverride, type EmptySeatPolicy } from "./settings.js";
export { RedisMatchStore, type MatchStore, type StoredMatch, type StoredMove } from "./store.js";
export * from "@rules/runtime/protocol";
