// A game with bots (`bot … for N` in its header) seats them after the people; how many seats a match
// has follows from the number of people alone. The runtime's `seatCount` works it out by building the
// match's seat plan (a list of objects, made anew at every call: a kernel playing thousands of games
// a second then spends about 2% of its time on them and their collection). The kernel writer knows
// the bots and the player counts they join, so the kernel reads the number from the people's count
// directly: the checker's bot models, one count per number of people.
import type { CheckedGame } from "../check/checker.js";
import { botsFor } from "../check/bots.js";

/** The code of the number of seats of a match of `humans` people (a name read once per game):
 *  `humans` plus the bots that join that many, as a choice over the counts that get any. */
export function seatCountCode(game: CheckedGame, humans: string): string {
  const joined: string[] = [];
  for (let n = game.minPlayers; n <= game.maxPlayers; n++) {
    const bots = botsFor(game.bots, n);
    if (bots > 0) joined.push(`${humans} === ${n} ? ${bots} : `);
  }
  return joined.length === 0 ? humans : `${humans} + (${joined.join("")}0)`;
}
