// How the kernel writer keeps a split kernel's hot paths short (playout-loops.ts, playout-enum-codes.ts,
// variant flags), on a drill game written as one function per step (it has a function of its own):
// every jump but a loop's way back calls the step it leads to, so `play`'s dispatch runs only to start
// and to end a game; a variant is a flag set once per game; an enum-valued card field compared with a
// member compares integers. And the same games as the state machine, move for move, with the variant
// and without.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { evaluateFiles } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const SPEED = `
game "Speed Drill" {
  players 2..4
  variant fast "Fast: two rounds, and no round tile kept"
}
enum Shape { round, square, star }
card Tile {
  shape: Shape
  points: int
  cards for s in [Shape.round, Shape.square, Shape.star], v in 1..6 { shape: s, points: v }
}
var rounds: int public = 0
per player var bonus: int public = 0
zone deck: Tile stack hidden = all Tile
per player zone hand: Tile pile owner
per player zone kept: Tile pile public

function stars(p: player): int = count(t in kept[p] where t.shape == Shape.star)

setup {
  shuffle deck
  for p in players {
    deal 2 from deck to hand[p]
  }
}

flow {
  while count(deck) >= player_count and not (variant(fast) and rounds >= 2) {
    rounds += 1
    for p in players {
      deal 1 from deck to hand[p]
    }
    for p in players {
      let turn_over = false
      while not turn_over {
        ask p {
          keep(t in hand[p])
            require t.shape != Shape.round or not variant(fast) else "no round tile in the fast game"
          {
            move t to kept[p]
            if Shape.star == t.shape {
              bonus[p] += 2
            }
            ask next(p) {
              allow "let it be" {
                turn_over = true
              }
              object "object" {
                bonus[next(p)] += 1
              }
            }
          }
          pass "pass" {
            turn_over = true
          }
        }
        if stars(p) > 2 {
          turn_over = true
        }
      }
    }
  }
}

score p: bonus[p] + stars(p) + sum(t in kept[p]: t.points)
`;

// A loop around a decision that is never reached: its head counts its turns as the dispatch did.
const ENDLESS = `
game "Endless Drill" {
  players 2..2
}
card Chip {
  points: int
  cards for v in 1..3 { points: v }
}
var rounds: int public = 0
var leader: player public = 0
zone deck: Chip stack hidden = all Chip

function below(n: int): bool = rounds < n

flow {
  while count(deck) > 0 {
    rounds += 1
    if below(0) {
      ask leader {
        pass { }
        wait { }
      }
    }
  }
}

score p: rounds
`;

/** The drill's files: the kernel's dispatch counts its turns in `globalThis.dispatched`. */
async function compiled(): Promise<{ kernelText: string; game: Game }> {
  const result = await compileOnce("speed", [{ path: "speed.rules", text: SPEED }]);
  expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  expect(result.notes).toEqual([]);
  const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
  expect(kernelText.match(/switch \(pc\) \{/g)).toHaveLength(1);
  const counted = result.files.map((f) =>
    f.path === "playout.ts" ? { ...f, text: f.text.replace("switch (pc) {", "(globalThis as { dispatched: number }).dispatched++;\nswitch (pc) {") } : f,
  );
  const game = evaluateFiles(counted, runtime).get("search.ts")!.game as Game;
  return { kernelText, game };
}

describe("the split kernel's hot paths", () => {
  it("plays the state machine's games move for move, with the variant and without, dispatching only to start and end", async () => {
    const { game } = await compiled();
    const counter = globalThis as unknown as { dispatched: number };
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 11,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      variantSets: [[], ["fast"]],
      onMove: (_seat, move) => typesSeen.add(move.type),
      beforeKernel: () => (counter.dispatched = 0),
      // The first step, and the end: every loop turns in its head's function.
      afterGame: (context) => expect(counter.dispatched, context).toBe(2),
    });
    expect([...typesSeen].sort()).toEqual(["allow", "keep", "object", "pass"]);
    expect(played.decisions / played.games).toBeGreaterThan(8);
  });

  it("tests a variant by a flag set when a game starts, and an enum-valued card field by its codes", async () => {
    const { kernelText } = await compiled();
    // One search of the variant list per game; the flow and the requirement read the flag.
    expect(kernelText.match(/\.includes\("fast"\)/g)).toHaveLength(1);
    expect(kernelText.match(/\$variant_fast\b/g)!.length).toBeGreaterThanOrEqual(3);
    // `t.shape == Shape.star`, `Shape.star == t.shape` and `!=`: codes, no names compared.
    expect(kernelText).toContain("Tile_shape$code[");
    expect(kernelText).not.toMatch(/Tile_shape\[[^\]]+\]!? ?[!=]==/);
    expect(kernelText).not.toMatch(/"(round|square|star)" [!=]==/);
  });

  it("stops a loop whose decision is never reached, in the loop's head, with the dispatch's fault", async () => {
    const result = await compileOnce("endless", [{ path: "endless.rules", text: ENDLESS }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
    // The loop turns in a head of its own (a function per step: the game has a function).
    expect(kernelText).toMatch(/\$body\(\)/);
    const game = evaluateFiles(result.files, runtime).get("search.ts")!.game as Game;
    const kernel = game.playout!();
    kernel.policy.set(new runtime.Rng(5).words());
    let fault: unknown = null;
    try {
      kernel.play(2, 7);
    } catch (error) {
      fault = error;
    }
    expect(fault).toBeInstanceOf(runtime.GameFault);
    expect((fault as runtime.GameFault).code).toBe("fault/endless-flow");
  });
});
