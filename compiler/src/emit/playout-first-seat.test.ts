// `top(players)` in a game whose seats leave is the lowest seat still in play: the kernel finds it in
// place (runtime `firstSeatInPlay`) rather than making the list of the seats in play for its first
// (`topCard(seatsInPlay(...))`, an array a read). Keys to Knowledge's auction opens on it. The drill
// opens each round's bidding on the lowest seat in play, and seat 0 may leave early, so the seat
// found is often not 0: a seat taken that has left, or a seat above the lowest, plays other games
// than the state machine.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "First Seat Drill" {
  players 2..5
}
per player var gold: int public = 3
var high: int public = 0
var rounds: int public = 0

flow {
  while rounds < 12 and count(players) > 1 {
    rounds += 1
    let leader = top(players)
    high = 0
    for q in players {
      ask q {
        bid
          require gold[q] > high else "too poor"
        {
          high = gold[q]
          leader = q
        }
        quit
          require count(players) > 2 and gold[q] < 4 else "stay"
        {
          eliminate(q)
        }
        pass { }
      }
    }
    if leader in players {
      gold[leader] -= 1
    }
    for q in players where q != leader {
      gold[q] += 1
    }
  }
}

score p: gold[p]
`;

describe("the playout kernel's top(players) in a game whose seats leave", () => {
  it("finds the lowest seat in play without a list of the seats", async () => {
    const { kernelText } = await loadRulesKernel("first-seat-drill", DRILL, runtime);
    expect(kernelText).toMatch(/l_leader = firstSeatInPlay\(players, v_eliminated\);/);
    expect(kernelText).not.toMatch(/topCard\(seatsInPlay/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("first-seat-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    let leftEarly = 0;
    const played = expectKernelReplays(runtime, game, {
      seed: 51,
      playerCounts: [2, 3, 5],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (seat, move) => {
        typesSeen.add(move.type);
        if (seat === 0 && move.type === "quit") leftEarly++;
      },
    });
    expect([...typesSeen].sort()).toEqual(["bid", "pass", "quit"]);
    // Seat 0 leaves in some games, so the lowest seat in play is not always 0.
    expect(leftEarly).toBeGreaterThan(5);
    expect(played.decisions / played.games).toBeGreaterThan(15);
  });
});
