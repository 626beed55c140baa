// A seat parameter whose seats are a mask is drawn from the mask (playout-lazy-seats.ts
// `seatMaskParameter`): `q in players` in a game whose seats leave is the mask of the seats in play,
// kept at every write of `eliminated`; a `where` read as a set of seats (`q != p`, `not marked[q]`)
// narrows it; the parameter's own requirements read so (`cash[q] > 0`) narrow it further, and any other
// is tested seat by seat over the mask. Keys to Knowledge's buyer (`buyer in players where buyer != q`,
// `require cash[buyer] > 0`) was three walks over every seat a decision. The drill's seats leave in
// the middle of rounds, so a mask that kept a seat out of play, or one not made afresh at a game's
// start or a resumed state, would let a draw fall on another seat than the state machine's.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { expectKernelResumesMidGame } from "../../../tests/support/kernel-trace.js";

const DRILL = `
game "Masked Seats" {
  players 2..5
}
per player var cash: int public = 3
per player var marked: bool public = false
var rounds: int public = 0

function seated(): int = count(players)

flow {
  while seated() > 1 and rounds < 15 {
    rounds += 1
    for p in players {
      if p in players {
        ask p {
          rob(q in players where q != p) "rob {q}"
            require cash[q] > 0 else "{q} has nothing"
          {
            cash[q] -= 1
            cash[p] += 1
          }
          gift(q in players) "give {q} two"
            require cash[p] > 0 else "nothing to give"
          {
            cash[p] -= 1
            cash[q] += 2
          }
          mark(q in players where not marked[q]) "mark {q}" prefer 2
            require cash[q] < cash[p] else "{q} is not poorer"
          {
            marked[q] = true
            cash[q] -= 2
          }
          pass "pass" { }
        }
        window w in players_from(p) where w != p {
          tax(q in players where q != w and marked[q]) "tax {q}" prefer 1
            require cash[q] > 0 else "{q} has nothing"
          {
            cash[q] -= 1
            cash[w] += 1
            marked[q] = false
          }
        }
      }
      for s in players where cash[s] < 0 {
        if seated() > 1 {
          eliminate(s)
        }
      }
    }
  }
}

score p: cash[p] * 10 + count(players)
`;

const compiled = () => loadRulesKernel("masked-seats", DRILL, runtime);

describe("a seat parameter drawn from a mask of seats", () => {
  it("is the mask of the seats in play, narrowed by its where and its own requirements", async () => {
    // A decision's held locals (playout-decide-locals.ts) read as the flow's own.
    const kernel = (await compiled()).kernelText.replace(/\$(l_\w+)/g, "$1").replace(/\s+/g, " ");
    // rob: the seats in play but p's, then those with cash.
    const rob = /const (\$seats\d+) = \$zero_eliminated & ~\(1 << l_p\);/.exec(kernel);
    expect(rob).not.toBeNull();
    expect(kernel).toContain(`= ${rob![1]} & $above_cash;`);
    // gift: every seat in play; mark: those not marked, searched seat by seat for one poorer.
    expect(kernel).toMatch(/const \$seats\d+ = \$zero_eliminated;/);
    const mark = /const (\$seats\d+) = \$zero_eliminated & ~\$mask_marked;/.exec(kernel);
    expect(mark).not.toBeNull();
    expect(kernel).toContain(`for (let l_q$left = ${mark![1]}; l_q$left !== 0; l_q$left &= l_q$left - 1) { const l_q = 31 - Math.clz32(l_q$left & -l_q$left); if (!(v_cash[l_q]! < v_cash[l_p]!)) continue;`);
    // tax, in the window: the marked seats in play but w's, then those with cash.
    const tax = /const (\$seats\d+) = \$zero_eliminated & \(~\(1 << l_w\) & \$mask_marked\);/.exec(kernel);
    expect(tax).not.toBeNull();
    expect(kernel).toContain(`= ${tax![1]} & $above_cash;`);
    // No seat is listed by a pass over every seat for these parameters, and the mask of the seats in
    // play follows each elimination.
    expect(kernel).not.toMatch(/for \(let l_q = 0; l_q < players; l_q\+\+\)/);
    expect(kernel).toMatch(/\$zero_eliminated = v_eliminated\[l_s\]! === 0 \? \$zero_eliminated \| \(1 << l_s\) : \$zero_eliminated & ~\(1 << l_s\);/);
  });

  it("plays the state machine's games move for move, seats leaving mid-round", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 71,
      playerCounts: [2, 3, 4, 5],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect(played.games).toBe(320);
    expect([...typesSeen]).toEqual(expect.arrayContaining(["rob", "gift", "mark", "pass", "tax"]));
    // Seats leave in most of the drill's games, so draws after an elimination are checked too.
    const rng = new runtime.Rng(71);
    let leftEarly = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const { state } = runtime.playRandomGame(game, { players: 2 + (seed % 4), seed }, rng);
      if ((state.vars as { eliminated: number[] }).eliminated.some((e) => e > 0)) leftEarly++;
    }
    expect(leftEarly).toBeGreaterThan(50);
  });

  it("resumes a game mid-way as the state machine plays it on, the masks made afresh", async () => {
    const { game } = await compiled();
    const resumed = expectKernelResumesMidGame(runtime, game, { seed: 71, playerCounts: [2, 3, 4, 5], gamesPerCount: 20, moves: 25 });
    expect(resumed).toBeGreaterThan(40);
  });
});
