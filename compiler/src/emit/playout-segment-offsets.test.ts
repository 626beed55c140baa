// A running count's row is indexed by the segment's place among its zone's segments; where the
// segment is written as the zone plus a seat (`hand[p]`: `(Z_hand + l_p)`) or is the zone itself
// (`pile`), the place is written as the seat or left out (playout-segment-offsets.ts), not as
// `(Z_hand + l_p - Z_hand)`. The drill's seats draw chips, pass them on and give them back, and what
// they may do reads the counts of their hand by colour (a named colour, a colour chosen as an
// option's parameter, through a function of the seat) and of the shared pile: a count read or kept
// at the wrong row would offer another move than the state machine, and the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { segmentOffset, segmentRow } from "./playout-segment-offsets.js";

const DRILL = `
game "Segment Rows" {
  players 2..4
}
enum Colour { red, green, blue }
card Chip {
  colour: Colour
  worth: int
  cards for w in 1..4 { colour: Colour.red, worth: w }
  cards for w in 1..4 { colour: Colour.green, worth: w }
  cards for w in 1..4 { colour: Colour.blue, worth: w }
}
per player var gold: int public = 0
zone pile: Chip pile public = all Chip
per player zone hand: Chip pile public

function reds(p: player): int = count(c in hand[p] where c.colour == Colour.red)
function holds(p: player, k: Colour): bool = any(c in hand[p]: c.colour == k)

flow {
  shuffle pile
  let rounds = 0
  while rounds < 10 {
    for p in players {
      ask p {
        draw
          require count(pile) > 0 else "the pile is empty"
        {
          deal 1 from pile to hand[p]
        }
        pass_on(c in hand[p], q in players where q != p)
          require reds(q) < 2 else "they have reds enough"
        {
          move c to hand[q]
        }
        cash(c in hand[p])
          require holds(p, c.colour) and reds(p) >= 2 else "no pair of reds"
        {
          gold[p] += c.worth
          move c to pile
        }
        fetch
          require any(c in pile: c.colour == Colour.blue) else "no blue in the pile"
        {
          gold[p] += 1
        }
        wait { }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + reds(p)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("segment-rows", DRILL, runtime);

describe("a running count's row, where the segment is a seat's or the zone's own", () => {
  it("is the seat, or left out, in the kernel", async () => {
    const { kernelText } = await compiled();
    const flat = kernelText.replace(/\s+/g, " ");
    // A named colour of a seat's hand: the seat's row plus the member.
    expect(flat).toMatch(/\$count_hand_colour\[l_p \* 3 \+ 0\]!/);
    // A colour not known when written: the row handed to the reader.
    expect(flat).toMatch(/\$countOf\(\$count_hand_colour, l_p \* 3, /);
    // The shared pile is its zone's only segment: its row is 0, left out.
    expect(flat).toContain("$count_pile_colour[2]! > 0");
    // Nothing adds the zone's first segment and takes it away again.
    expect(flat).not.toMatch(/\(Z_(hand|pile) \+ [\w$]+ - Z_\1\)|\(Z_(hand|pile) - Z_\2\)/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 47, playerCounts: [2, 3, 4], gamesPerCount: 50, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["cash", "draw", "fetch", "pass_on", "wait"]);
    expect(played.decisions / played.games).toBeGreaterThan(20);
  });

  it("keeps the subtraction for a segment it cannot read", () => {
    expect(segmentOffset("(Z_hand + l_p)", "Z_hand")).toBe("(l_p)");
    expect(segmentOffset("Z_hand", "Z_hand")).toBe("0");
    expect(segmentOffset("$seg0", "Z_hand")).toBe("($seg0 - Z_hand)");
    // `(Z_hand + a) + (b)` is not the zone plus one seat.
    expect(segmentOffset("(Z_hand + a) + (b)", "Z_hand")).toBe("((Z_hand + a) + (b) - Z_hand)");
    expect(segmentRow("Z_pile", "Z_pile", 3)).toBe("0");
    expect(segmentRow("(Z_hand + l_q)", "Z_hand", 3)).toBe("(l_q) * 3");
  });
});
