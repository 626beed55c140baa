// `any(c in Z where c.F == v: T)` and `all(...)`, F an enum field printed on the cards and T a test of
// the card's own variables (through a function of the card that returns a number, too), are reads of
// running counts in the kernel (playout-paired-counts.ts). The drill's chips have a colour, a grade
// (a per-card number raised, reset, and read through `rank(c)`) and a flag; the seats raise, flag,
// clear a hand and pass chips round, and what they may do depends on `calm` (all chips of a colour
// ungraded), `marked` (some chip of a colour flagged) and `hot` (some red chip above grade 1): a count
// left stale by a write, a move or a reset would offer another move than the state machine, and the
// games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Paired Counts" {
  players 2..4
}
enum Colour { red, green, blue }
card Chip {
  colour: Colour
  worth: int
  cards for w in 1..5 { colour: Colour.red, worth: w }
  cards for w in 1..5 { colour: Colour.green, worth: w }
  cards for w in 1..5 { colour: Colour.blue, worth: w }
}
per Chip var grade: int public = 0
per Chip var flagged: bool public = false
per player var gold: int public = 0
zone pile: Chip pile public = all Chip
per player zone hand: Chip pile public

function rank(c: Chip): int = if flagged[c] then 4 else grade[c]
function calm(p: player, k: Colour): bool = all(c in hand[p] where c.colour == k: rank(c) == 0)
function marked(p: player, k: Colour): bool = any(c in hand[p] where c.colour == k: flagged[c])
function hot(p: player): bool = any(c in hand[p] where c.colour == Colour.red: grade[c] > 1)

flow {
  shuffle pile
  for p in players {
    deal 3 from pile to hand[p]
  }
  let rounds = 0
  while rounds < 12 {
    for p in players {
      ask p {
        take
          require count(pile) > 0 else "the pile is empty"
        {
          deal 1 from pile to hand[p]
        }
        raise(c in hand[p])
          require not marked(p, c.colour) else "a flagged chip holds the colour back"
        {
          grade[c] += 1
        }
        flag(c in hand[p])
          require calm(p, c.colour) else "the colour is graded"
        {
          flagged[c] = true
        }
        cash(c in hand[p])
          require hot(p) or flagged[c] else "nothing to cash"
        {
          gold[p] += c.worth
          grade[c] = 0
          flagged[c] = false
          move c to pile
        }
        pass_on(c in hand[p], q in players where q != p)
          require calm(q, c.colour) else "their colour is graded"
        {
          move c to hand[q]
        }
        reset
          require hot(p) else "no hot chip"
        {
          for c in hand[p] {
            grade[c] = 0
          }
        }
        wait { }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + count(hand[p])
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("paired-counts", DRILL, runtime);

describe("counts by a printed field paired with a test of the card's variables", () => {
  it("read calm, marked and hot from running counts, not by a pass over the hand", async () => {
    const { kernelText } = await compiled();
    const body = (name: string): string => kernelText.slice(kernelText.indexOf(`function ${name}(`), kernelText.indexOf("\n  }", kernelText.indexOf(`function ${name}(`)));
    for (const name of ["fn_calm", "fn_marked", "fn_hot"]) {
      expect(body(name)).toContain("$paired_hand_colour_");
      expect(body(name)).not.toContain("for (");
    }
    // A named member is read in place: red's count of chips that pass is at 0 * 2 + 1.
    expect(body("fn_hot")).toMatch(/\$paired_hand_colour_\d+\[l_p \* 6 \+ 1\]!/);
    // Writes of the variables the tests read keep the counts.
    expect(kernelText).toContain("function $write_grade(");
    expect(kernelText).toContain("function $write_flagged(");
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 53, playerCounts: [2, 3, 4], gamesPerCount: 40, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["cash", "flag", "pass_on", "raise", "reset", "take", "wait"]);
    expect(played.decisions / played.games).toBeGreaterThan(20);
  });
});
