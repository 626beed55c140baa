// @rules/runtime/internal: everything compiled games call and the repo's tools use, plus the public
// API. Not for apps: nothing here but the public part (index.ts) is kept stable.

export * from "./contract.js";
export * from "./errors.js";
export * from "./random.js";
export * from "./seats.js";
export * from "./result.js";
export * from "./views.js";
export * from "./events.js";
export * from "./bots.js";
export * from "./options.js";
export * from "./match.js";
export * from "./read-move.js";
export * from "./saves.js";
export * from "./seat-log.js";
export * from "./random-play.js";
export * from "./preferences.js";
export * from "./play-on.js";
export * from "./playout.js";
export * from "./playout-sets.js";
export * from "./compiled.js";
export * from "./best-sets.js";
export * from "./sample.js";
export { cloneJson, freezeDeep, sameJson } from "./json.js";
export * from "./set-choices.js";
