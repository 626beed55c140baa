// @rules/runtime/search: search bots (information-set MCTS) for any compiled game. A separate entry
// point, so an app that embeds the runtime and one game does not carry it.

export * from "./mcts.js";
export * from "./moves.js";
export * from "./bots.js";
