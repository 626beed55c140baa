// A table read keyed by the number of players (`restock[players]`): the same entry for a whole
// game, yet a Map lookup each time it is read (in a loop's condition, on every pass). The kernel
// reads it from an array indexed by the player count instead, filled once when the kernel is made;
// a count the table lacks still faults where the state machine's read would.
import { quote, tableConstant } from "./code.js";

/** The array of a table's entries by player count, and its filling over every count up to `maxSeats`. */
export function tableByPlayers(table: string, maxSeats: number): { name: string; init: string } {
  const constant = tableConstant(table);
  return {
    name: `${constant}$byPlayers`,
    init: `Array.from({ length: ${maxSeats + 1} }, ($_, $n) => cardData.${constant}.get($n))`,
  };
}

/** The read of `table[players]` through its array (`players` is the kernel's count, fixed per game). */
export function tableByPlayersRead(table: string): string {
  return `(${tableConstant(table)}$byPlayers[players] ?? missingTableKey(${quote(table)}, players))`;
}
