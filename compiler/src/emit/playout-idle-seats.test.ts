// A window's seat offered nothing but `done` is passed by where its part of the window opens, before
// the loop's head and the decision's function, where each other option has a cheap test that proves
// it is not on offer (playout-idle-seats.ts): a card parameter's zone empty, or its running counts
// saying no card passes the `where`, or a requirement that reads no parameter false. The drill's
// first window has all three (`cash`: a `where` on a counted field, its requirement reading the card;
// `bank`: a whole zone; `borrow`: a plain requirement); its second is not passed by early (`gift`
// draws a seat, and its requirement reads it). The games must be the state machine's, move for move,
// with uniform draws and with the preferences followed: a test that passed by a seat with a move on
// offer would skip that seat's decision.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { allIdle } from "./playout-idle-seats.js";

const DRILL = `
game "Idle Seats" {
  players 2..4
}
enum Kind { plain, bonus, junk }
card Chip {
  kind: Kind
  value: int
  cards for v in 1..4 { kind: Kind.plain, value: v }
  cards for v in 1..3 { kind: Kind.bonus, value: v }
  cards for v in 1..4 { kind: Kind.junk, value: v }
}
per player var gold: int public = 0
zone pile: Chip pile public = all Chip
zone used: Chip pile public
per player zone hand: Chip pile public
per player zone stash: Chip pile public

function worth(p: player): int = sum(c in hand[p]: c.value)

flow {
  shuffle pile
  let rounds = 0
  while rounds < 8 {
    for p in players {
      if count(pile) > 0 {
        deal 1 from pile to hand[p]
      }
    }
    window q in players {
      cash(c in hand[q] where c.kind == Kind.bonus) prefer 2
        require c.value <= gold[q] + 1 else "too dear"
      {
        gold[q] += c.value
        move c to used
      }
      bank(c in stash[q]) prefer 1 {
        move c to used
        gold[q] += 1
      }
      borrow
        require gold[q] < 1 else "not broke"
      {
        gold[q] += 2
      }
    }
    window q in players where worth(q) > 3 {
      stow(c in hand[q] where c.kind == Kind.junk) {
        move c to stash[q]
      }
      gift(r in players)
        require r != q and gold[q] > 2 else "too poor to give"
      {
        gold[q] -= 1
        gold[r] += 1
      }
    }
    rounds += 1
  }
}

score p: gold[p] + count(stash[p])
`;

describe("a window's idle seats in the playout kernel", () => {
  it("passes an idle seat by where its part opens, when every option has a cheap test", async () => {
    const { kernelText } = await loadRulesKernel("idle-seats", DRILL, runtime);
    // The first window only: its flag set, then the tests of its three options, then `done` and on (here
    // straight back to the loop's head: its way back no longer steps the place, playout-fresh-loops.ts).
    expect(kernelText.match(/l___window_\w+ = true;\s*\{/g)).toHaveLength(1);
    expect(kernelText).toMatch(
      /l___window_\w+ = true;\s*\{\s*const (\$seg\d+) = Z_hand \+ l_q;\s*const (\$seg\d+) = Z_stash \+ l_q;\s*if \(\s*!\(\$count_hand_kind\[\(\1 - Z_hand\) \* 3 \+ 1\]! > 0\) &&\s*!\(N\[\2\]! > 0\) &&\s*!\(v_gold\[l_q\]! < 1\)\s*\) \{\s*l___window_\w+ = false;\s*return (step\d+\(\)|\d+);\s*\}\s*\}/,
    );
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("idle-seats", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 45, playerCounts: [2, 3, 4], gamesPerCount: 40, preferences: [false, true], onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(expect.arrayContaining(["bank", "borrow", "cash", "gift", "stow"]));
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });
});

describe("the test that no option of a window is on offer", () => {
  it("makes a test several options make once, the most shared first", () => {
    // Keys to Knowledge's window: one option tested alone, six by the seat's deeds and its turn, some
    // by more; (a || b || x) && (a || b) is a || b.
    expect(allIdle([["r"], ["a", "b", "x"], ["a", "b", "y"], ["a", "b"], ["a", "b", "z"]])).toBe("r && (a || (b))");
    expect(allIdle([["a", "x"], ["a", "y"]])).toBe("(a || (x && y))");
    expect(allIdle([["p"], ["q", "s"]])).toBe("p && (q || s)");
  });

  it("is true exactly where every option has a test true, whatever the tests' values", () => {
    // Random lists of tests over five names, each expression evaluated at all 32 assignments against
    // the plain conjunction of each option's disjunction.
    const names = ["a", "b", "c", "d", "e"];
    let seed = 12345;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const options = Array.from({ length: 1 + next(5) }, () => [...new Set(Array.from({ length: 1 + next(3) }, () => names[next(5)]!))]);
      const written = new Function(...names, `return ${allIdle(options)};`) as (...values: boolean[]) => boolean;
      for (let bits = 0; bits < 32; bits++) {
        const values = names.map((_, i) => (bits & (1 << i)) !== 0);
        const at = new Map(names.map((n, i) => [n, values[i]!]));
        const expected = options.every((tests) => tests.some((t) => at.get(t)));
        expect(written(...values), `${JSON.stringify(options)} at ${bits}`).toBe(expected);
      }
    }
  });
});

