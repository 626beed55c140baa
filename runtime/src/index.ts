// @rules/runtime: plays compiled games. Dependency-free; runs in Node and in browsers.

export * from "./contract.js";
export * from "./errors.js";
export * from "./random.js";
export * from "./seats.js";
export * from "./result.js";
export * from "./views.js";
export * from "./events.js";
export * from "./bots.js";
export * from "./match.js";
export * from "./compiled.js";
export * from "./best-sets.js";
export * from "./sample.js";
export { cloneJson, freezeDeep, sameJson } from "./json.js";
