// `count(players)` in a game whose seats leave it is the number of seats still in play. Counted seat by
// seat at each read, it costs a pass over the table wherever a flow loop asks it every turn (Keys to
// Knowledge's `while players_left() > 1`); the reference engines keep the number. The kernel keeps it
// too, worked out at the first read after `eliminated` was written and kept until the next write:
// every write of `eliminated` by the rules leaves the counts' seats marker, a game's start its fresh
// markers (before and after the variables' first values) and a resumed state its recount marker,
// and each of them forgets the number (playout-counts.ts).
import { ELIMINATED } from "../check/elimination.js";
import { varName } from "./playout-zones.js";

/** The number of seats in play, or -1 when it is to be worked out again. */
export const SEATS_IN_PLAY_KEPT = "$inPlay";
const KEPT = SEATS_IN_PLAY_KEPT;

/** The read of the number of seats in play. */
export const SEATS_IN_PLAY_READ = "$seatsInPlay()";

/** The line that forgets the number: `eliminated` was written. */
export const SEATS_IN_PLAY_STALE = `${KEPT} = -1;`;

/** The number's declaration and its read, for the kernel's closure. */
export function seatsInPlayCode(): string[] {
  return [
    `let ${KEPT} = -1;`,
    "/** The seats still in play, counted at the first read after `eliminated` was written. */",
    "function $seatsInPlay(): number {",
    `if (${KEPT} < 0) {`,
    "let $n = 0;",
    `for (let $s = 0; $s < players; $s++) if (${varName(ELIMINATED)}[$s] === 0) $n++;`,
    `${KEPT} = $n;`,
    "}",
    `return ${KEPT};`,
    "}",
  ];
}
