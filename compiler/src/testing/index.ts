// @rules/compiler/testing: for tests of tools built on the compiler: a game compiled from rules text
// (once per process for the same text) and loaded in one call, and hostile rules files (mutants of
// real games, token soup) to fuzz with.

export * from "./load-game.js";
export * from "./compiled-once.js";
export * from "./hostile-rules.js";
