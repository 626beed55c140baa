// @rules/table: any compiled game on a table in the browser. `mountTable` draws one seat's
// SeatConnection (local or remote); `LocalMatch` plays a match in the page (hot seat, bots, time
// travel, saves, new rules); `mountPlayground` puts both together with a designer's panel.

export { mountTable, type TableHandle, type TableOptions } from "./table.js";
export { LocalMatch, type LocalMatchOptions, type LocalMatchState, type ReplayReport } from "./local-match.js";
export { mountPlayground, type PlaygroundHandle, type PlaygroundOptions } from "./playground.js";
export { installStyles } from "./style.js";
