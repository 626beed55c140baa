// A split kernel's steps that only jump on (`return step47();`, a loop's way back `return 5;`) are
// jumped through (playout-jump-threads.ts): a call of one is written as where its jumps lead. The
// drill's turn loop has branches that join (an `if` without `else`, a card drawn or not) and a
// decision whose options each end by going back to the loop's head, as a game's turn and its window
// do (a function of its own makes the kernel one of functions per step); the kernel must still play
// the state machine's games move for move.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Jump Threads" {
  players 2..4
}
card Chip {
  value: int
  cards for v in 1..9 { value: v }
}
per player var gold: int public = 3
per player var laps: int public = 0
zone pool: Chip pile public = all Chip
per player zone stash: Chip pile public

// A function of the rules: its kernel is split into a function per step.
function rich(p: player): bool = gold[p] > 6

flow {
  shuffle pool
  let turn = 0
  let active = top(players)
  while turn < 24 {
    let again = true
    while again {
      again = false
      if rich(active) {
        laps[active] += 1
      }
      ask active {
        take
          require count(pool) > 0 else "the pool is empty"
        {
          move top(pool) to stash[active]
          gold[active] += 1
        }
        spend
          require gold[active] > 1 else "no gold"
        {
          gold[active] -= 2
          again = laps[active] < 3
        }
        rest { }
      }
    }
    if count(stash[active]) > 2 {
      move top(stash[active]) to pool
    }
    turn += 1
    active = next(active)
  }
}

score p: gold[p] + count(stash[p]) + laps[p]
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("jump-threads", DRILL, runtime);

describe("steps that only jump on", () => {
  it("are jumped through: no call of one is left", async () => {
    const { kernelText } = await compiled();
    const flat = kernelText.replace(/\s+/g, " ");
    const forwarders = [...flat.matchAll(/function step(\d+)\(\): number \{ return ([^;{}]+); \}/g)];
    // The drill has such steps (a branch joining, an option's end going back to its loop)...
    expect(forwarders.length).toBeGreaterThan(1);
    expect(forwarders.some(([, , target]) => /^\d+$/.test(target!))).toBe(true);
    // ...and nothing calls them: each call is written as the jump it would make.
    for (const [, pc] of forwarders) expect(flat).not.toContain(`return step${pc}();`);
    // An option's end goes straight back to its loop: a decision returns a loop head's pc.
    expect(flat).toMatch(/function decide\d+\([^)]*\): number \{.*?return \d+;/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 61,
      playerCounts: [2, 3, 4],
      gamesPerCount: 60,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["rest", "spend", "take"]);
    expect(played.decisions / played.games).toBeGreaterThan(20);
  });
});
