// @rules/client: play a game hosted by @rules/server from a browser or Node (docs/multiplayer.md).

export { createMatch, joinMatch, joinAnyMatch, watchLobby, type RemoteSeat, type ConnectOptions, type ListedMatch } from "./connection.js";
export { playAsBot, randomMoveFrom, type BotRun } from "./bot.js";
export * from "@rules/runtime/protocol";
