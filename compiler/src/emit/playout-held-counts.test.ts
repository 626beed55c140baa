// The playout kernel's running counts of seats by a per-player test (playout-held-counts.ts):
// `count(p in players where not out[p])`, `count(p in players where out[p])`, and for an int,
// `any(q in players: q != p and guard[q] > 0)` and `count(q in players where guard[q] > 0)`, are reads
// of a count that every write keeps (set true, set false, a loop resetting every seat, a value computed
// by the rules, a transfer's two ends, the setup's writes), so a count wrong by one would end a round or
// offer a move at another time than the state machine, and the games would part. A kernel written as
// one `play` keeps the counts as its locals; a kernel split into functions (a game with functions of its
// own) in its closure.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Flag Drill" {
  players 2..5
}
per player var gold: int public = 0
per player var out: bool public = false
var rounds: int public = 0

setup {
  for p in players {
    gold[p] = roll(4)
    out[p] = gold[p] > 3
  }
}

flow {
  while rounds < 6 {
    rounds += 1
    for p in players {
      out[p] = false
    }
    let seat: player = 0
    while count(p in players where not out[p]) > 1 {
      if not out[seat] {
        ask seat {
          stay
            require count(p in players where out[p]) < 3 else "three seats are out: stay no more"
          {
            gold[seat] += 1
          }
          leave {
            out[seat] = true
          }
          gamble {
            out[seat] = roll(3) == 3
            gold[seat] += 2
          }
        }
      }
      seat = next(seat)
    }
  }
}

score p: gold[p]
`;

const compiled = (rules: string): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("flag-drill", rules, runtime);

describe("the playout kernel's counts of seats by a per-player flag", () => {
  it("reads the counts, and keeps them at every write of the flag", async () => {
    const { kernelText } = await compiled(DRILL);
    // A local of `play`, made afresh once the variables have their first values (before the setup's
    // writes, which keep it) and after a resumed state's load.
    expect(kernelText).toMatch(/let \$held_out = 0;/);
    const recount = /\$held_out = 0;\s*for \(let \$p = 0; \$p < players; \$p\+\+\) if \(v_out\[\$p\]! === 1\) \$held_out\+\+;/g;
    expect(kernelText.match(recount)).toHaveLength(2);
    expect(kernelText).toMatch(/v_out\[\$p\] = 0;\s*v_rounds = 0;\s*\$held_out = 0;/);
    // Both counts are reads: no pass over the seats tests the flag.
    expect(kernelText).toContain("players - $held_out > 1");
    expect(kernelText).toMatch(/\$held_out < 3/);
    expect(kernelText).not.toMatch(/if \(v_out\[l_p\]!? [!=]== 1\) \{\s*(if \(\+\+|\$count)/);
    // Set true, set false and set to a computed value: each keeps the count.
    expect(kernelText).toMatch(/v_out\[l_seat\] = 1;\s*\$held_out\+\+;/);
    expect(kernelText).toMatch(/v_out\[l_p\] = 0;\s*\$held_out--;/);
    expect(kernelText).toMatch(/\$held_out -= v_out\[l_seat\]! === 1 \? 1 : 0;\s*v_out\[l_seat\] = \$roll\(G, 3\) === 3 \? 1 : 0;\s*\$held_out \+= v_out\[l_seat\]! === 1 \? 1 : 0;/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled(DRILL);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 31, playerCounts: [2, 3, 5], gamesPerCount: 60, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["gamble", "leave", "stay"]);
    expect(played.decisions / played.games).toBeGreaterThan(6);
  });

  it("counts by a pass in the score of a kernel written as one `play` (its counts are play's), and still replays", async () => {
    const rules = DRILL.replace("score p: gold[p]", "score p: gold[p] + count(q in players where out[q])");
    const { kernelText, game } = await compiled(rules);
    const scores = kernelText.slice(kernelText.indexOf("function scores("), kernelText.indexOf("return {"));
    expect(scores).not.toContain("$held_out");
    expect(scores).toMatch(/if \(v_out\[l_q\]! === 1\)/);
    expect(kernelText).toContain("players - $held_out > 1");
    expectKernelReplays(runtime, game, { seed: 37, playerCounts: [3, 4], gamesPerCount: 30 });
  });
});

// A kernel split into functions (the rules have a function), an `int` counted above 0 that also goes
// below it, written by assignments and by both ends of transfers.
const GUARD_DRILL = `
game "Guard Drill" {
  players 2..5
}
per player var coins: int public = 0
per player var guard: int public = 0
var rounds: int public = 0
var leader: player public = 0

function rich(p: player): bool = coins[p] > 2

setup {
  for p in players {
    coins[p] = roll(3)
    guard[p] = roll(3) - 2
  }
}

flow {
  while rounds < 8 {
    rounds += 1
    for p in players {
      ask p {
        protect
          require coins[p] >= 1 else "no coins to guard with"
        {
          transfer 1 from coins[p] to guard[p]
        }
        raid(target in players) "raid {target}"
          require any(q in players: q != p and guard[q] > 0) else "nobody else is guarded"
          require target != p else "raid another seat"
          require guard[target] > 0 else "{target} is not guarded"
        {
          transfer guard[target] from guard[target] to coins[p]
        }
        sink
          require rich(p) or guard[p] > -2 else "too deep"
        {
          guard[p] -= 1
          coins[p] += 1
        }
        wait
          require count(q in players where guard[q] > 0) < 3 else "three seats are guarded: wait no more"
        {
          coins[p] += 1
        }
        cash
          require count(q in players where guard[q] > 0 and coins[q] > 1) >= 1 else "no guarded seat has coins"
        {
          coins[p] += 2
        }
      }
    }
    for q in players_from(leader) where guard[q] > 0 and coins[q] > 3 {
      transfer 1 from guard[q] to coins[q]
    }
    leader = next(leader)
  }
}

score p: coins[p] + guard[p]
`;

describe("the playout kernel's counts of seats with an int above 0, in a split kernel", () => {
  it("reads the counts, kept in the closure at every write", async () => {
    // A decision's held locals (playout-decide-locals.ts) read as the flow's own.
    const kernelText = (await loadRulesKernel("guard-drill", GUARD_DRILL, runtime)).kernelText.replace(/\$(l_\w+)/g, "$1");
    expect(kernelText).toMatch(/function step\d+\(/);
    expect(kernelText).toMatch(/^\s*(let|var) \$positive_guard = 0;/m);
    // Every seat but p's, and a count: reads, no pass over the seats tests guard.
    expect(kernelText).toContain("$positive_guard - (v_guard[l_p]! > 0 ? 1 : 0) > 0");
    expect(kernelText).toContain("$positive_guard < 3");
    // A pass over the seats whose filter tests guard first: none where no seat is guarded (a
    // pass over the seats, and over them in turn from one).
    // (The pass over the seats walks only those above 0, by their mask: playout-seat-sets.ts.)
    expect(kernelText).toMatch(/if \(\$positive_guard > 0\) \{\s*for \(let l_q\$left = \(\(1 << players\) - 1\) & \$above_guard;/);
    expect(kernelText).toMatch(/if \(\$positive_guard > 0\) \{\s*\{\s*const \$start\d+ = /);
    expect(kernelText.match(/for \(let l_q = 0; l_q < players; l_q\+\+\)/g)).toBeNull();
    // A transfer's two ends and an assignment keep the count.
    // (raid's transfer takes the whole guard: its source is written as 0, playout-whole-transfers.ts.)
    expect(kernelText).toMatch(/\$positive_guard -= v_guard\[l_target\]! > 0 \? 1 : 0;\s*v_guard\[l_target\] = 0;/);
    expect(kernelText).toMatch(/\$positive_guard -= v_guard\[l_q\]! > 0 \? 1 : 0;\s*v_guard\[l_q\] -= \$amount;/);
    expect(kernelText).toMatch(/\$positive_guard -= v_guard\[l_p\]! > 0 \? 1 : 0;\s*v_guard\[l_p\] -= 1;\s*\$positive_guard \+= v_guard\[l_p\]! > 0 \? 1 : 0;/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("guard-drill", GUARD_DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 41, playerCounts: [2, 3, 5], gamesPerCount: 60, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["cash", "protect", "raid", "sink", "wait"]);
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });
});
