// A loop of the rules that only tells (`for q in players where q != p { say "…" to q }`: words for
// every seat but one) changes nothing a playout keeps, so the kernel writes no loop for it, nor a
// test whose branches only tell; a loop that tells and writes is kept whole, and so is a test or a
// loop that draws (a die in its test or filter), whose numbers the state machine draws as well. The
// kernel must still play the state machine's games.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Told Only" {
  players 2..4
}
per player var gold: int public = 2
per player var heard: int public = 0
card Chip {
  value: int
  cards for v in 1..4 { value: v }
}
zone chips: Chip stack hidden = all Chip

flow {
  let turn = 0
  let active = top(players)
  while turn < 12 {
    ask active {
      boast {
        for listener in players where listener != active {
          say "{active} boasts" to listener
        }
        gold[active] += 1
      }
      share {
        for listener in players where listener != active {
          say "{active} shares" to listener
          heard[listener] += 1
        }
      }
      brag {
        if gold[active] > 3 {
          say "{active} is rich"
        } else {
          say "{active} brags anyway"
        }
        gold[active] += 1
      }
      gamble {
        // Tells only, but the test and the filter draw: the kernel must draw them as well, or the
        // die that pays would show another number.
        if roll(6) == 6 {
          say "{active} rolls a six"
        }
        for listener in players where roll(2) == 1 {
          say "{active} gambles" to listener
        }
        gold[active] += roll(3)
      }
      peek {
        // A card shown to a seat drawn at random: the kernel keeps no knowledge, but draws the seat.
        reveal top(chips) to random_player()
        gold[active] += roll(3)
      }
    }
    turn += 1
    active = next(active)
  }
}

score p: gold[p] + heard[p]
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("told-only", DRILL, runtime);

describe("a loop that only tells", () => {
  it("is no loop in the kernel; a loop that also writes is kept", async () => {
    const { kernelText } = await compiled();
    const loops = kernelText.match(/for \(let l_listener = 0;/g) ?? [];
    // Two loops over the listeners: share's, which adds to heard, and gamble's, whose filter rolls;
    // boast's tells only.
    expect(loops).toHaveLength(2);
    expect(kernelText).toMatch(/v_heard\[l_listener\]/);
  });

  it("is no test in the kernel either, unless the test draws", async () => {
    const { kernelText } = await compiled();
    // brag's test only chooses what to say; gamble's rolls the die that the state machine rolls.
    expect(kernelText).not.toMatch(/v_gold\[l_active\]!? > 3/);
    expect(kernelText).toMatch(/if \(\$roll\(G, 6\) === 6\)/);
    // peek's reveal is no knowledge in the kernel, only its draw of a seat.
    expect(kernelText).toMatch(/^\s*drawInt\(G, players\);$/m);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, {
      seed: 17,
      playerCounts: [2, 3, 4],
      gamesPerCount: 30,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["boast", "brag", "gamble", "peek", "share"]);
  });
});
