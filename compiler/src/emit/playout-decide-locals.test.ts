// A flow local a decision function reads and never writes (playout-decide-locals.ts): held in a const
// at the function's top, its reads take the const. The turn's `limit` and seat `p` are read by the
// options' lists, tests and effects; `streak` is written by two options (and read after), so it is
// read from the closure; `sell`'s card `c` is the option's own. The games must be the state machine's.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { expectKernelResumesMidGame } from "../../../tests/support/kernel-trace.js";

const DRILL = `
game "Decide Local Drill" {
  players 2..4
}
card Tile {
  value: int
  cards for v in 1..30 { value: v }
}
per player var gold: int public = 0
zone pool: Tile stack hidden = all Tile
per player zone tray: Tile pile public
zone spare: Tile pile public

// (A function makes the kernel split: one function per step and per decision.)
function worth(p: player): int = sum(c in tray[p]: c.value)

flow {
  let streak = 0
  while count(pool) > 4 {
    for p in players {
      deal 1 from pool to tray[p]
      let limit = count(tray[p]) + 2
      ask p {
        sell(c in tray[p] where c.value > limit)
          require gold[p] < limit * 10 else "rich enough"
        {
          move c to spare
          gold[p] += c.value - limit
          streak += 1
          gold[p] += streak
        }
        save
          require gold[p] > limit else "too poor"
        {
          gold[p] -= limit
          streak = 0
        }
        rest {
          gold[p] += 1 + streak
        }
      }
    }
  }
}

score p: gold[p] + worth(p)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("decide-locals", DRILL, runtime);

describe("a flow local a decision reads and never writes", () => {
  it("is read from a const at the decision function's top", async () => {
    const { kernelText } = await compiled();
    const flat = kernelText.replace(/\s+/g, " ");
    const decide = /function decide\d+\(\$seat\d+: number\): number \{ (?:const [^;]*= K_[^;]*; )?(const \$l_\w+ = l_\w+; )+/.exec(flat);
    expect(decide).not.toBeNull();
    const held = [...decide![0].matchAll(/const \$(l_\w+) = \1;/g)].map((m) => m[1]!.replace(/_\d+$/, ""));
    expect(held.sort()).toEqual(["l_limit", "l_p"]);
    expect(flat).toMatch(/v_gold\[\$l_p\w*\]! < \$l_limit\w* \* 10/);
    // streak is written by the options: read from the closure.
    expect(flat).not.toMatch(/\$l_streak/);
    expect(flat).toMatch(/l_streak\w* \+= 1;/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 57,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["rest", "save", "sell"]);
    expect(played.decisions / played.games).toBeGreaterThan(5);
  });

  it("resumes a game in the middle as the state machine plays it on", async () => {
    const { game } = await compiled();
    const resumed = expectKernelResumesMidGame(runtime, game, { seed: 57, playerCounts: [3, 4], gamesPerCount: 20, moves: 6 });
    expect(resumed).toBeGreaterThan(30);
  });
});
