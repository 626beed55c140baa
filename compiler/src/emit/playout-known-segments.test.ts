// An option's card parameter drawn from a zone's segment (`c in shelf[p]`) lies there when the option
// takes effect: a write of a per-card variable that running counts key on (`mark[c] = Tone.bright`) is handed
// that segment (`$write_mark$at_shelf(l_c, true, Z_shelf + l_p)`) and does not look for the card, up to
// the first statement that may move it (playout-known-segments.ts). The drill writes marks before any
// move (in the option, through a procedure's parameter, on a card of a zone no count keeps), after a
// move of the card to another seat's shelf (the look must stay: the card is no longer in the listed
// segment) and in a procedure that moves first; its requirements and score read the counts of marked
// cards on each shelf, so a write at the wrong segment would offer other moves and the games part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Known Segments" {
  players 2..4
}
card Chip {
  worth: int
  cards for w in 1..12 { worth: w }
}
enum Tone { plain, bright }
per Chip var mark: Tone public = Tone.plain
per player var gold: int public = 0
zone pile: Chip pile public = all Chip
per player zone hand: Chip pile public
per player zone shelf: Chip pile public

function lit(c: Chip): bool = mark[c] == Tone.bright
function marked(p: player): int = count(c in shelf[p] where lit(c))

// Its p hides the caller's: the segment, written with the caller's, is not known within.
procedure reward(p: player, chip: Chip) {
  mark[chip] = Tone.bright
  gold[p] += chip.worth
}

procedure polish(who: player, chip: Chip) {
  mark[chip] = Tone.bright
  gold[who] += 1
}

procedure hand_over(who: player, chip: Chip) {
  move chip to shelf[who]
  mark[chip] = Tone.plain
}

flow {
  shuffle pile
  let rounds = 0
  while rounds < 12 {
    for p in players {
      ask p {
        draw
          require count(pile) > 0 else "the pile is empty"
        {
          deal 1 from pile to hand[p]
        }
        shelve(c in hand[p]) {
          mark[c] = if marked(p) < 2 then Tone.bright else Tone.plain
          move c to shelf[p]
        }
        mark_one(c in shelf[p] where mark[c] == Tone.plain)
          require marked(p) < 3 else "marked enough"
        {
          gold[p] += 1
          mark[c] = Tone.bright
        }
        shift(c in shelf[p] where mark[c] == Tone.bright, q in players where q != p)
          require marked(q) < 2 else "they have marks enough"
        {
          move c to shelf[q]
          mark[c] = Tone.plain
        }
        cash(c in shelf[p] where not lit(c), q in players where q != p) {
          polish(q, c)
        }
        shine(c in shelf[p] where not lit(c)) {
          reward(p, c)
        }
        gift(c in shelf[p] where not lit(c), q in players where q != p) {
          reward(q, c)
        }
        give(c in shelf[p] where mark[c] == Tone.bright, q in players where q != p) {
          hand_over(q, c)
        }
        wait { }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + marked(p)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("known-segments", DRILL, runtime);

describe("a counted write of a card drawn from a segment", () => {
  it("is handed the segment up to the first move", async () => {
    const { kernelText } = await compiled();
    const flat = kernelText.replace(/\s+/g, " ");
    // Written before any move: in the option, and through a procedure's parameter.
    expect(flat).toContain('$write_mark$at_shelf(l_c, "bright", Z_shelf + l_p);');
    expect(flat).toContain('$write_mark$at_shelf(l_chip, "bright", Z_shelf + l_p);');
    // A procedure's p given the caller's p: the same seat.
    expect(flat).toMatch(/\$write_mark\$at_shelf\(l_chip, "bright", Z_shelf \+ l_p\);[^}]*v_gold\[l_p\] \+= Chip_worth/);
    // A card of a zone no count keeps: no counts to follow.
    expect(flat).toMatch(/function \$write_mark\$at_hand\(card: number, value: string, \$seg0: number\): void \{ (?:const [^;]*= K_[^;]*; )?v_mark\[card\] = [^;]*; \}/);
    expect(flat).toContain("$write_mark$at_hand(l_c, ");
    // After the card moved (shift, hand_over), and where the procedure's p hides the caller's
    // (reward): the look stays.
    expect(flat).toContain('$write_mark(l_c, "plain", ');
    expect(flat).toContain('$write_mark(l_chip, "plain", ');
    expect(flat).toContain('$write_mark(l_chip, "bright", ');
    expect(flat).not.toMatch(/\$write_mark\$at_shelf\([\w$]+, "plain"/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 48, playerCounts: [2, 3, 4], gamesPerCount: 50, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["cash", "draw", "gift", "give", "mark_one", "shelve", "shift", "shine", "wait"]);
    expect(played.decisions / played.games).toBeGreaterThan(20);
  });
});
