// `count(players)` in a game whose seats leave is the number of seats still in play, kept by the
// kernel (playout-seats-in-play.ts): worked out at the first read after `eliminated` was written and
// kept until the next write, forgotten at a game's start. The drill reads it in its flow's loop, in a
// requirement and in an amount, and seats leave it, some in the middle of a round: a number kept past
// an elimination, or from the game before (one kernel plays many games in a row), plays other moves
// than the state machine. (A game with functions of its own: its kernel keeps counts in its closure.)
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Last Seats" {
  players 3..5
}
per player var chips: int public = 3
var rounds: int public = 0

function seated(): int = count(players)

flow {
  while seated() > 1 and rounds < 12 {
    rounds += 1
    for p in players {
      if p in players {
        ask p {
          raid(q in players) "take from {q}"
            require q != p and chips[q] > 0 else "nothing to take"
          {
            chips[q] -= 1
            chips[p] += count(players) - 2
          }
          leave "leave the table"
            require count(players) > 2 and chips[p] < 3 else "stay"
          {
            eliminate(p)
          }
          pass "pass" { }
        }
      }
    }
  }
}

score p: chips[p] * 10 + count(players)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("seats-in-play", DRILL, runtime);

describe("the number of seats in play kept by the kernel", () => {
  it("reads the number kept, and forgets it where eliminated is written and where a game starts", async () => {
    // A decision's held locals (playout-decide-locals.ts) read as the flow's own.
    const kernelText = (await compiled()).kernelText.replace(/\$(l_\w+)/g, "$1");
    const flat = kernelText.replace(/\s+/g, " ");
    // Every count(players) reads the number; no pass over the seats counts them.
    expect(flat).toMatch(/function \$seatsInPlay\(\): number \{ (?:const [^;]*= K_[^;]*; )?if \(\$inPlay < 0\) \{/);
    expect(flat).not.toMatch(/let \$seats\d+ = 0; for \(let \$s = 0; \$s < players; \$s\+\+\)/);
    // (The mask of the seats in play follows the write too, where a parameter's domain reads it.)
    expect(flat).toMatch(/v_eliminated\[l_p\] = players - \$seatsInPlay\(\) \+ 1; (?:\$zero_eliminated = [^;]+; )?\$inPlay = -1;/);
    expect(flat).toContain("v_chips[l_p] += $seatsInPlay() - 2;");
    // Forgotten at a game's start (before and after the variables' first values) and in a resumed state.
    const start = kernelText.slice(kernelText.indexOf("if ($from === null) {"), kernelText.indexOf("let pc = "));
    // The fresh start's two, and one where the copy of the setup's prefix is restored instead
    // (playout-setup-prefix.ts).
    expect(start.match(/\$inPlay = -1;/g)).toHaveLength(3);
    expect(start.slice(start.indexOf("if ($prefixKey === "), start.indexOf("} else {")).match(/\$inPlay = -1;/g)).toHaveLength(1);
    const fresh = start.slice(start.indexOf("} else {"));
    expect(fresh.indexOf("$inPlay = -1;", fresh.indexOf("$inPlay = -1;") + 1)).toBeGreaterThan(fresh.indexOf("v_eliminated[$p] = 0;"));
    expect(kernelText.slice(kernelText.indexOf("if ($from !== null) {"))).toContain("$inPlay = -1;");
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 53,
      playerCounts: [3, 4, 5],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["leave", "pass", "raid"]);
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });
});
