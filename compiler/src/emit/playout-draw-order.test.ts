// Dice and random seats wherever an expression may hold them: a move's target seat, an amount, a
// deal's count, a loop's collection and filter, an aggregate's filter and value (a draw per card), a
// conditional's branch, `and`/`or` (which stop early), `players_from`. The kernel must draw the same
// numbers in the same order as the state machine, or it plays other games from there on; and the
// state machine must draw the same whether its moves record events (a match) or not (a simulation).
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Draw Order" {
  players 2..4
}
card Chip {
  value: int
  cards for v in 1..30 { value: v }
}
zone chips: Chip stack hidden = all Chip
per player zone hand: Chip pile public
per player var gold: int public = 0
var pot: int public = 50

flow {
  shuffle chips
  let turn = 0
  while turn < 6 {
    ask top(players) {
      give {
        move top(chips) to hand[random_player()]
        gold[random_player()] += roll(3)
        transfer roll(4) from pot to gold[random_player()]
        deal roll(2) from chips to hand[random_player()]
      }
      odd {
        for c in hand[random_player()] where c.value > roll(20) {
          gold[top(players)] += 1
        }
        let n = count(c in hand[random_player()] where c.value > roll(20))
        gold[top(players)] += n + (if roll(2) == 1 then roll(6) else 0)
        if roll(2) == 1 and roll(6) > 3 or roll(3) == 2 {
          gold[top(players)] += 1
        }
        for q in players_from(random_player()) {
          gold[q] += roll(2)
        }
        let m = sum(c in hand[random_player()]: c.value * roll(2))
        gold[top(players)] += m % 7
        gold[top(players)] += roll(gold[top(players)] % 5 + 1)
      }
    }
    turn += 1
  }
}

score p: gold[p] + sum(c in hand[p]: c.value)
`;

/** A die of no sides, after a die of a count the game works out: a fault (as \`rollOn\` raises it). */
const NO_SIDES = `
game "No Sides" {
  players 2..2
}
per player var gold: int public = 0

flow {
  gold[0] += roll(6)
  ask 0 {
    go "go" {
      gold[1] += roll(gold[0] + 2)
    }
  }
  gold[0] += roll(gold[1] - gold[1])
}

score p: gold[p]
`;

describe("draws in every place an expression holds them", () => {
  it("stop at a die of no sides with the state machine's fault", async () => {
    const { game, kernelText } = await loadRulesKernel("no-sides", NO_SIDES, runtime);
    // The kernel rolls through its own $roll (a count outside 1..2^32 faults, as rollOn does).
    expect(kernelText).toContain("$roll(G, v_gold[1]! - v_gold[1]!)");
    const faultOf = (play: () => unknown): runtime.GameFault => {
      try {
        play();
      } catch (error) {
        if (error instanceof runtime.GameFault) return error;
        throw error;
      }
      throw new Error("no fault");
    };
    const kernel = game.playout!();
    kernel.policy.set(new runtime.Rng(3).words());
    expect(faultOf(() => kernel.play(2, 9)).code).toBe("fault/random-range");
    expect(faultOf(() => runtime.playRandomGame(game as runtime.Game, { players: 2, seed: 9 }, new runtime.Rng(3))).code).toBe("fault/random-range");
  });

  it("are drawn by the kernel as by the state machine: the same games, move for move", async () => {
    const { game } = await loadRulesKernel("draw-order", DRILL, runtime);
    const seen = new Set<string>();
    // The game has a kernel (the writer takes every construct here), and both options were played.
    expect(typeof (game as { playout?: unknown }).playout).toBe("function");
    expectKernelReplays(runtime, game, { seed: 5, playerCounts: [2, 3, 4], gamesPerCount: 40, preferences: [false], onMove: (_s, m) => seen.add(m.type) });
    expect([...seen].sort()).toEqual(["give", "odd"]);
  });

  it("are drawn alike by a match, whose moves record events, and by a simulation, which records none", async () => {
    const { game } = await loadRulesKernel("draw-order", DRILL, runtime);
    for (let seed = 1; seed <= 60; seed++) {
      const players = 2 + (seed % 3);
      const moves: [number, runtime.Move][] = [];
      const simulated = runtime.playRandomGame(game as runtime.Game, { players, seed }, new runtime.Rng(seed * 7), (seat, move) => moves.push([seat, runtime.cloneJson(move)]));
      let match = runtime.createMatch(game as runtime.Game, { players, seed });
      for (const [seat, move] of moves) {
        const outcome = runtime.applyMove(match, seat, move);
        if (!outcome.ok) throw new Error(`seed ${seed}: ${outcome.reason}`);
        match = outcome.match;
      }
      expect(runtime.resultOf(match)?.scores, `seed ${seed}`).toEqual(game.scores(simulated.state as never));
    }
  });
});
