// A loop around decisions over every seat in turn order whose `where` reads nothing a game changes but
// its seat (`for p in players_from(lead) where not bot(p)`, Foreclosed!'s window at the start of a
// round) is walked by a fresh game's native loop, each seat tested as the walk comes to it, with no
// list filled first; a game resumed inside it goes on from the state machine's list
// (playout-loop-walks.ts). The drill's bot joins two and three people and sits after them, so the
// walk from the lead passes it by, and the lead moves round the table onto it too.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { expectKernelResumesMidGame } from "../../../tests/support/kernel-trace.js";

const DRILL = `
game "Fixed Filter Drill" {
  players 2..4
  bot dealer "the Dealer" for 2, 3
}
per player var gold: int public = 2
var lead: player public = 0
var rounds: int public = 0

// A function of the rules: the kernel is written as one function per step, where loops run natively.
function worth(p: player): int = gold[p] * 10 + (if lead == p then 1 else 0)

flow {
  while rounds < 6 {
    rounds += 1
    for p in players_from(lead) where not bot(p) {
      ask p {
        take "take 1" {
          gold[p] += 1
        }
        lead_now "lead"
          require gold[p] > 0 else "no gold"
        {
          gold[p] -= 1
          lead = p
        }
      }
    }
    for q in players where true and not bot(q) {
      ask q {
        give "give 1"
          require gold[q] > 0 else "no gold"
        {
          gold[q] -= 1
        }
        keep "keep" { }
      }
    }
    lead = next(lead)
  }
}

score p: worth(p)
`;

describe("the playout kernel's walks of the seats past a `where` fixed for the game", () => {
  it("tests each seat as the fresh game's loop comes to it, with no list filled first", async () => {
    const { kernelText } = await loadRulesKernel("fixed-filter-drill", DRILL, runtime);
    const kernel = kernelText.replace(/\s+/g, " ");
    expect(kernel).toMatch(/let l_p\$start = 0; \{ l_p\$start = v_lead; l_p\$count = players; \} if \(\(steps \+= l_p\$count\)/);
    expect(kernel).toMatch(
      /for \(; l_p\$index < l_p\$count; l_p\$index\+\+\) \{ l_p = l_p\$start \+ l_p\$index < players \? l_p\$start \+ l_p\$index : l_p\$start \+ l_p\$index - players; if \(!!\(l_p >= humans\)\) continue; const \$pc = step\d+\(\);/,
    );
    expect(kernel).toMatch(/for \(; l_q\$index < l_q\$count; l_q\$index\+\+\) \{ l_q = l_q\$index; if \(!\(true && !\(l_q >= humans\)\)\) continue; const \$pc = step\d+\(\);/);
    // The lists stay, for a game resumed inside a loop: its head step binds from them.
    expect(kernel).toMatch(/l_p\$index \+= 1; if \(l_p\$index < l_p\$count\) \{ l_p = \$values\d+\[l_p\$index\]!;/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("fixed-filter-drill", DRILL, runtime);
    let leads = 0;
    const played = expectKernelReplays(runtime, game, {
      seed: 61,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (seat, move, people) => {
        // Only people are asked: the bot's seat, after theirs, is passed by (the lead reaches it by
        // the third round at the latest, so some walks start there).
        expect(seat).toBeLessThan(people);
        if (move.type === "lead_now") leads++;
      },
    });
    expect(played.games).toBe(240);
    expect(leads).toBeGreaterThan(100);
  });

  it("resumes a game in the middle of either loop as the state machine plays it on", async () => {
    const { game } = await loadRulesKernel("fixed-filter-drill", DRILL, runtime);
    const resumed = expectKernelResumesMidGame(runtime, game, { seed: 61, playerCounts: [2, 3, 4], gamesPerCount: 20, moves: 30 });
    expect(resumed).toBeGreaterThan(40);
  });
});
