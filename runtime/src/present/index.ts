// @rules/runtime/present: a game for people, for any compiled game. Seats named relative to the reader,
// cards, zones, variables and enum members by the rules' names and labels; what moves did, as a story;
// moves on a menu and in a log; the table as a typed model (`tableOf`) and as text (`tableText`).
// A separate entry point, so an app that does not tell its games in words does not carry it.

export * from "./words.js";
export * from "./naming.js";
export * from "./story.js";
export * from "./moves.js";
export * from "./table.js";
export * from "./table-text.js";
