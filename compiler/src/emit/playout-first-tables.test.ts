// `first(s in Z where s.F == v)`, F a whole number printed on the cards, over a zone only the setup
// writes, is a table look-up in the kernel (playout-first-tables.ts). The drill lays out a board in
// its setup (half the spaces back in the box, the rest shuffled, so the table must be made from the
// zone as the setup left it, in its order: two spaces share each number, the first found wins, and
// the first 0 goes back in the box after a look-up) and
// looks spaces up by number at every step; a pile that the flow writes is looked up the same way
// and keeps its pass. A table made too early or in the wrong order would move the tokens elsewhere
// than the state machine, and the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "First Tables" {
  players 2..4
}
card Space {
  number: int
  bonus: int
  cards for n in 0..11 { number: n, bonus: n % 3 }
  cards for n in 0..11 { number: n, bonus: 2 - n % 3 }
  cards for n in 0..5 { number: n + 20, bonus: 1 }
}
card Chip {
  worth: int
  cards for w in 1..6 { worth: w }
}
per player var at: int public = 0
per player var gold: int public = 0
zone board: Space pile public = all Space
zone box: Space pile hidden
zone chips: Chip pile public = all Chip
zone spent: Chip pile public

function bonus_at(i: int): int = first(s in board where s.number == i).bonus
function chip_worth(w: int): int = first(c in chips where c.worth == w).worth

setup {
  for s in board where s.number >= 20 {
    move s to box
  }
  shuffle board
  move first(s in board where s.number == 0) to box
}

flow {
  let rounds = 0
  while rounds < 8 {
    for p in players {
      ask p {
        walk(n in 1..3) {
          at[p] = (at[p] + n) % 12
          gold[p] += bonus_at(at[p])
        }
        spend(c in chips)
          require gold[p] >= chip_worth(c.worth) else "not enough gold"
        {
          gold[p] -= c.worth
          move c to spent
        }
        pass { }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + count(c in spent)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("first-tables", DRILL, runtime);

describe("tables for `first` by a printed number over a zone only the setup writes", () => {
  it("look the board up by number, and leave the zone the flow writes to its pass", async () => {
    const { kernelText } = await compiled();
    const body = (name: string): string => kernelText.slice(kernelText.indexOf(`function ${name}(`), kernelText.indexOf("\n  }", kernelText.indexOf(`function ${name}(`)));
    expect(body("fn_bonus_at")).toContain("Space_bonus[$firstBy_board_number$of(l_i)]!");
    expect(body("fn_bonus_at")).not.toContain("for (");
    // The table is made afresh after the setup's moves and shuffle of the board, and at each start.
    expect(kernelText.split("$firstBy_board_number$fresh = false;").length - 1).toBeGreaterThanOrEqual(4);
    // `chips` is written by the flow (a chip spent): its look-up is a pass.
    expect(kernelText).not.toContain("$firstBy_chips");
    expect(body("fn_chip_worth")).toContain("for (");
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 41, playerCounts: [2, 3, 4], gamesPerCount: 40, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["pass", "spend", "walk"]);
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });
});
