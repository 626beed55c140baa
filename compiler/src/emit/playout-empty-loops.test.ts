// A loop around decisions over a zone's cards `where` a counted test (`for c in tray[p] where c.hue ==
// Hue.red`), started in a step of its own (the `if`'s branch): the flow going into that step tests the
// running count first and, where no card can pass, goes straight on to what follows the loop
// (playout-file.ts `emptyLoopSkip`). The drill's trays often hold no red card and sometimes some; what
// follows the loop reads the count (`gold[p] += reds(p)`) and the next seat's turn, so a skip taken
// where a red card lies, or a loop entered where none does, would play other games than the state
// machine. The blue loop's test is on an int field, which no count guards: it is entered as before.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { expectKernelResumesMidGame } from "../../../tests/support/kernel-trace.js";

const DRILL = `
game "Empty Loop Drill" {
  players 2..4
}
enum Hue { red, blue }
card Tile {
  value: int
  hue: Hue
  cards for v in 1..12, h in 1..3 { value: v, hue: if h == 1 then Hue.red else Hue.blue }
}
per player var gold: int public = 0
zone pool: Tile stack hidden = all Tile
per player zone tray: Tile pile public
per player zone kept: Tile pile public
zone spare: Tile pile public

function reds(p: player): int = count(c in tray[p] where c.hue == Hue.red)

setup {
  shuffle pool
}

flow {
  while count(pool) > 3 {
    for p in players {
      deal 1 from pool to tray[p]
      if gold[p] < 12 {
        for c in tray[p] where c.hue == Hue.red {
          ask p {
            keep_it "keep {c}" {
              move c to kept[p]
            }
            drop_it "drop {c}" {
              move c to spare
            }
            leave_it "leave {c}" {
              gold[p] += 1
            }
          }
        }
        gold[p] += reds(p)
      } else {
        for c in tray[p] where c.value > 8 {
          ask p {
            bank_it "bank {c}" {
              move c to kept[p]
            }
            pass_it "pass {c}" {
              gold[p] -= 1
            }
          }
        }
      }
    }
  }
}

score p: gold[p] + sum(c in kept[p]: c.value)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("empty-loops", DRILL, runtime);

describe("a jump into a loop whose listing a running count guards", () => {
  it("tests the count first and, at 0, goes straight on past the loop", async () => {
    const { kernelText } = await compiled();
    const flat = kernelText.replace(/\s+/g, " ");
    // The red loop: its count tested at the jump into its step; the step still lists under it.
    const skips = flat.match(/if \(!\(\$count_tray_hue\[l_p\w* \* 2 \+ 0\]! > 0\)\) \{ [^}]*\} return step\d+\(\);/g) ?? [];
    expect(skips).toHaveLength(1);
    expect(flat).toMatch(/\$count_tray_hue\[\(\$seg\d+ - Z_tray\) \* 2 \+ 0\]! > 0 \? N\[\$seg\d+\]! : 0;/);
    // The blue loop (an int field's test) has no count to test.
    expect(flat.match(/if \(!\(\$count_/g)).toHaveLength(1);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 56,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["bank_it", "drop_it", "keep_it", "leave_it", "pass_it"]);
    expect(played.decisions / played.games).toBeGreaterThan(5);
  });

  it("resumes a game in the middle as the state machine plays it on", async () => {
    const { game } = await compiled();
    const resumed = expectKernelResumesMidGame(runtime, game, { seed: 56, playerCounts: [3, 4], gamesPerCount: 20, moves: 6 });
    expect(resumed).toBeGreaterThan(30);
  });
});
