// A function of the rules that no code of the kernel calls is not written into the kernel, nor one
// called only by such a function; one the kernel calls stays, with what it calls. The state machine
// keeps them all (a scenario may read any). The kernel must still play the state machine's games.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { compileGame } from "../index.js";

const DRILL = `
game "Idle Sums" {
  players 2..4
}
per player var gold: int public = 1

function doubled(n: int): int = n * 2
function worth(p: player): int = doubled(gold[p]) + 1
function bonus(p: player): int = worth(p) + gold[p]
function ranked(p: player): int = bonus(p) * 10

flow {
  let turn = 0
  let active = top(players)
  while turn < 10 {
    ask active {
      save { gold[active] += 1 }
      spend
        require gold[active] > 0 else "nothing to spend"
      {
        gold[active] -= 1
      }
    }
    turn += 1
    active = next(active)
  }
}

score p: worth(p)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("idle-sums", DRILL, runtime);

describe("functions the kernel never calls", () => {
  it("are not written, nor what only they call; the called ones stay with what they call", async () => {
    const { kernelText } = await compiled();
    // score calls worth, worth calls doubled; ranked is called by nothing, bonus only by ranked.
    expect(kernelText).toMatch(/function fn_worth\(/);
    expect(kernelText).toMatch(/function fn_doubled\(/);
    expect(kernelText).not.toMatch(/fn_ranked/);
    expect(kernelText).not.toMatch(/fn_bonus/);
    expect(kernelText).not.toMatch(/\/\*\$function/);
    // The state machine keeps every function.
    const result = await compileGame("idle-sums", [{ path: "idle-sums.rules", text: DRILL }]);
    const functions = result.files.find((f) => f.path.endsWith("functions.ts"))?.text ?? "";
    for (const name of ["doubled", "worth", "bonus", "ranked"]) expect(functions).toContain(`export function fn_${name}(`);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, {
      seed: 23,
      playerCounts: [2, 3, 4],
      gamesPerCount: 30,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["save", "spend"]);
  });
});
