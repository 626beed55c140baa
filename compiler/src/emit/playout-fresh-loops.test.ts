// A loop of the flow around decisions (a `for` whose body asks someone) runs, in a fresh game of a
// split kernel, as a native loop in the step that starts it, with its place and count in that
// function's locals; its head step, which binds and steps the place, is left for a game resumed inside
// the loop (playout-fresh-loops.ts). The drill nests them as Foreclosed!'s round does: a walk of the
// seats around a turn loop (`while not done`), then a loop over the seats around a filtered loop over
// the seats, inside the round's `while`; mid-loop states are resumed.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { expectKernelResumesMidGame } from "../../../tests/support/kernel-trace.js";

const DRILL = `
game "Native Loop Drill" {
  players 2..5
}
per player var gold: int public = 2
var lead: player public = 0
var rounds: int public = 0

function rich(p: player): bool = gold[p] >= 4

flow {
  while rounds < 5 {
    rounds += 1
    for p in players_from(lead) {
      let done = false
      while not done {
        ask p {
          take "take 1"
            require gold[p] < 7 else "full"
          {
            gold[p] += 1
          }
          lead_now "lead"
            require gold[p] > 0 else "no gold"
          {
            gold[p] -= 1
            lead = p
          }
          stop "stop" {
            done = true
          }
        }
      }
    }
    for q in players {
      for r in players where r != q and rich(r) {
        ask q {
          tax "tax {r}" {
            gold[r] -= 1
            gold[q] += 1
          }
          leave "leave" { }
        }
      }
    }
    lead = next(lead)
  }
}

score p: gold[p] * 10 + (if lead == p then 1 else 0)
`;

/** A round that never asks anyone: its loop around a decision runs natively, turn after turn. */
const ENDLESS = `
game "Endless Rounds Drill" {
  players 2..3
}
per player var gold: int public = 0
var rounds: int public = 0

function broke(p: player): bool = gold[p] < 0

flow {
  while rounds >= 0 {
    rounds += 1
    for p in players {
      if broke(p) {
        ask p {
          beg "beg" { gold[p] += 1 }
        }
      }
    }
  }
}

score p: gold[p]
`;

describe("the playout kernel's loops around decisions in a fresh game", () => {
  it("runs each loop in the step that starts it, its place and count in that step's locals", async () => {
    const { kernelText } = await loadRulesKernel("native-loop-drill", DRILL, runtime);
    const kernel = kernelText.replace(/\s+/g, "");
    // The walk from the lead, the loop over the seats and the filtered loop inside it: each native.
    for (const binder of ["l_p", "l_q", "l_r"]) {
      expect(kernel).toContain(`{let${binder}$index=0;let${binder}$count=0;`);
      expect(kernel).toContain(`for(;${binder}$index<${binder}$count;${binder}$index++){`);
    }
    // The walk binds from its first seat, a local too, in the loop that starts it; its turns are
    // counted as steps at once, before it, not at each turn.
    expect(kernel).toContain(
      'l_p$start=v_lead;l_p$count=players;}if((steps+=l_p$count)>10_000_000)thrownewGameFault("fault/endless-flow","theflowran10,000,000stepswithoutreachingadecision",);for(;l_p$index<l_p$count;l_p$index++){l_p=l_p$start+l_p$index<players?l_p$start+l_p$index:l_p$start+l_p$index-players;const$pc=step',
    );
    expect(kernel).not.toMatch(/const\$pc=step\d+\(\);if\(\$pc!==\d+\)return\$pc;if\(\+\+steps/);
    // The head step (a resumed game) steps the place and binds; the body's steps do neither.
    expect(kernel).toMatch(/l_q\$index\+=1;if\(l_q\$index<l_q\$count\)\{l_q=l_q\$index;returnstep\d+\(\);\}/);
    expect(kernel.match(/l_q\$index\+=1;/g)).toHaveLength(1);
    expect(kernel.match(/l_r\$index\+=1;/g)).toHaveLength(1);
  });

  it("stops a flow that never asks anyone, whose turns counted at once go through a native loop, with the state machine's fault", async () => {
    const { kernelText, game } = await loadRulesKernel("endless-rounds-drill", ENDLESS, runtime);
    expect(kernelText.replace(/\s+/g, "")).toContain("if((steps+=l_p$count)>10_000_000)");
    const faultOf = (play: () => unknown): unknown => {
      try {
        play();
      } catch (error) {
        return error;
      }
      return null;
    };
    const kernel = game.playout!();
    kernel.policy.set(new runtime.Rng(5).words());
    const inKernel = faultOf(() => kernel.play(3, 7));
    const inStateMachine = faultOf(() => runtime.playRandomGame(game, { players: 3, seed: 7 }, new runtime.Rng(5)));
    for (const fault of [inKernel, inStateMachine]) {
      expect(fault).toBeInstanceOf(runtime.GameFault);
      expect((fault as runtime.GameFault).code).toBe("fault/endless-flow");
    }
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("native-loop-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 52, playerCounts: [2, 3, 5], gamesPerCount: 40, preferences: [false, true], onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["lead_now", "leave", "stop", "take", "tax"]);
    expect(played.decisions / played.games).toBeGreaterThan(20);
  });

  it("resumes a game in the middle of a loop as the state machine plays it on", async () => {
    const { game } = await loadRulesKernel("native-loop-drill", DRILL, runtime);
    // States after up to 40 moves of the state machine: inside one of the loops.
    const resumed = expectKernelResumesMidGame(runtime, game, { seed: 52, playerCounts: [3, 5], gamesPerCount: 20, moves: 40 });
    expect(resumed).toBeGreaterThan(30);
  });
});
