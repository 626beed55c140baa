// A flow local a step writes at its top level and reads again (playout-step-locals.ts): the reads that
// follow take a const of the step, the closure's local still written for the steps after. `reward`'s
// parameters and `card` are bound in the step that asks and read there; `total` is written twice in
// that step (`total -= 10`), so it is read from the closure as before; `bonus` is read again after the
// ask, in a step of its own, from the closure. The games must be the state machine's.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { expectKernelResumesMidGame } from "../../../tests/support/kernel-trace.js";

const DRILL = `
game "Step Local Drill" {
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

function worth(p: player): int = sum(c in tray[p]: c.value)

procedure reward(p: player, bonus: int) {
  let total = worth(p) + bonus
  if total > 30 {
    total -= 10
  }
  gold[p] += total
  let card = first(c in tray[p] where c.value > bonus)
  ask p {
    take "take {card}" {
      move card to spare
      gold[p] += 1
    }
    pass_up "leave it" {
      gold[p] -= 1
    }
  }
  gold[p] += bonus
}

setup {
  shuffle pool
}

flow {
  while count(pool) > 4 {
    for p in players {
      deal 1 from pool to tray[p]
      reward(p, count(tray[p]) - 1)
    }
  }
}

score p: gold[p] + worth(p)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("step-locals", DRILL, runtime);

describe("a flow local a step writes and reads again", () => {
  it("is read from a const of the step after it is written", async () => {
    const { kernelText } = await compiled();
    const flat = kernelText.replace(/\s+/g, " ");
    // reward's seat: held in a const, the closure's local written from it, the reads after from it.
    const seat = /const \$(l_p_\d+) = l_p(_\d+)?; \1 = \$\1;/.exec(flat);
    expect(seat).not.toBeNull();
    expect(flat).toContain(`v_gold[$${seat![1]}] +=`);
    expect(flat).toMatch(/const \$l_bonus\w* = [^;]+; l_bonus\w* = \$l_bonus\w*;/);
    // total is written twice in its step: read from the closure.
    expect(flat).not.toMatch(/\$l_total/);
    expect(flat).toMatch(/l_total\w* -= 10;/);
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
    expect([...typesSeen].sort()).toEqual(["pass_up", "take"]);
    expect(played.decisions / played.games).toBeGreaterThan(5);
  });

  it("resumes a game in the middle as the state machine plays it on", async () => {
    const { game } = await compiled();
    const resumed = expectKernelResumesMidGame(runtime, game, { seed: 56, playerCounts: [3, 4], gamesPerCount: 20, moves: 6 });
    expect(resumed).toBeGreaterThan(30);
  });
});
