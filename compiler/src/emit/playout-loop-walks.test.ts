// A loop around decisions over every seat in turn order (`for p in players_from(s)` or `for q in
// players`, no `where`, no order) walks the seats from its first one by its place: the kernel keeps the
// first seat, not a list filled when the loop starts (playout-loop-walks.ts). Foreclosed!'s turn loop
// and collect loop, `for active in players_from(chairman)` and `for p in players_from(chairman)`, so
// go round the table. The drill's lead moves while the loop from it runs (the first seat must be the
// one the loop started from), a filtered loop keeps its list, and mid-loop states are resumed (the
// first seat is read back from the state machine's list).
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { expectKernelResumesMidGame } from "../../../tests/support/kernel-trace.js";

const DRILL = `
game "Round Table Drill" {
  players 2..5
}
per player var gold: int public = 2
var lead: player public = 0
var rounds: int public = 0

function rich(p: player): bool = gold[p] >= 4

flow {
  while rounds < 6 {
    rounds += 1
    for p in players_from(lead) {
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
        pass "pass" { }
      }
    }
    for q in players {
      ask q {
        give(r in players) "give 1 to {r}"
          require r != q and gold[q] > 0 else "nothing to give"
        {
          gold[q] -= 1
          gold[r] += 1
        }
        keep "keep" { }
      }
    }
    for p in players_from(lead) where rich(p) {
      ask p {
        spend "spend 2" {
          gold[p] -= 2
          lead = p
        }
        save "save" { }
      }
    }
    lead = next(lead)
  }
}

score p: gold[p] * 10 + (if lead == p then 1 else 0)
`;

describe("the playout kernel's loops around decisions over every seat in turn order", () => {
  it("walks the seats from the loop's first seat, and lists the values of a filtered loop", async () => {
    const { kernelText } = await loadRulesKernel("round-table-drill", DRILL, runtime);
    const kernel = kernelText.replace(/\s+/g, "");
    // players_from(lead): the first seat kept when the loop starts, each seat worked out from it.
    expect(kernel).toContain("l_p$start=v_lead;l_p$count=players;");
    expect(kernel).toContain("l_p=l_p$start+l_p$index<players?l_p$start+l_p$index:l_p$start+l_p$index-players;");
    // players: the seat is the place.
    expect(kernel).toContain("l_q$count=players;");
    expect(kernel).toContain("l_q=l_q$index;");
    // A resumed game reads the first seat back from the state machine's list.
    expect(kernel).toMatch(/l_p\$start=\$values\.length>0\?\$values\[0\]!:0;/);
    // The filtered loop keeps its list; the two walks have none.
    expect(kernel).toMatch(/l_p_2=\$(values|list)\d+\[l_p_2\$index\]!;/);
    expect(kernel).not.toMatch(/l_(p|q)=\$(values|list)\d+\[l_(p|q)\$index\]!;/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("round-table-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 51, playerCounts: [2, 3, 5], gamesPerCount: 40, preferences: [false, true], onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["give", "keep", "lead_now", "pass", "save", "spend", "take"]);
    expect(played.decisions / played.games).toBeGreaterThan(20);
  });

  it("resumes a game in the middle of a walk as the state machine plays it on", async () => {
    const { game } = await loadRulesKernel("round-table-drill", DRILL, runtime);
    // States after up to 40 moves of the state machine: inside one of the loops.
    const resumed = expectKernelResumesMidGame(runtime, game, { seed: 51, playerCounts: [3, 5], gamesPerCount: 20, moves: 40 });
    expect(resumed).toBeGreaterThan(30);
  });
});
