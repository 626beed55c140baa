// A memoized function that reads per-card variables only of the cards its aggregates keep by an
// enum argument (`lustre(p, c)`: the polish of the gems of colour c a seat holds) keeps its values
// for the other colours when one gem's variable is written (playout-member-memo.ts): `polish[g] += 1`
// bumps the generation of g's colour only, as a move does. (`dull(p, c)`, whether no gem of colour c
// is polished, is a read of running counts: playout-paired-counts.ts; the counts follow the write.) A variable the function reads otherwise
// (`worn`, in a condition that is no `g.colour == c`) still forgets every value. The drill's
// requirements read such functions before and after each write: a value kept past a write that
// changes it would offer other moves than the state machine, and the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Member Vars" {
  players 2..4
}
enum Colour { red, blue, green }
card Gem {
  colour: Colour
  value: int
  cards for v in 1..4 { colour: Colour.red, value: v }
  cards for v in 1..3 { colour: Colour.blue, value: v }
  cards for v in 1..3 { colour: Colour.green, value: v }
}
per Gem var polish: int public = 0
per Gem var worn: bool public = false
zone pool: Gem pile public = all Gem
per player zone hand: Gem pile public

function shine(g: Gem): int = polish[g]
// Read by colour: through a function of the kept gem, and directly.
function dull(p: player, c: Colour): bool = all(g in hand[p] where g.colour == c: shine(g) == 0)
function lustre(p: player, c: Colour): int = sum(g in hand[p] where g.colour == c: polish[g])
// Reads the hands and \`worn\` otherwise: not keyed by the colour.
function sparkly(p: player, c: Colour): bool = any(g in hand[p]: g.colour == c and not worn[g])

flow {
  shuffle pool
  let rounds = 0
  while rounds < 14 and count(players) > 1 {
    for p in players {
      if p in players {
        ask p {
          take(g in pool)
            require lustre(p, g.colour) < 3 else "you shine enough in that colour"
          {
            move g to hand[p]
          }
          polish(g in hand[p])
            require dull(p, g.colour) or lustre(p, g.colour) < 2 else "polished enough"
          {
            polish[g] += 1
          }
          scrub(g in hand[p])
            require not dull(p, g.colour) and polish[g] > 0 else "nothing to scrub"
          {
            polish[g] = 0
          }
          give(g in hand[p], q in players)
            require not dull(p, g.colour) or sparkly(p, g.colour) else "keep it"
            require q != p else "not to yourself"
          {
            move g to hand[q]
          }
          wear(g in hand[p])
            require sparkly(p, g.colour) and dull(p, g.colour) else "nothing to wear"
          {
            worn[g] = true
          }
          drop
            require count(hand[p]) > 4 else "too few"
          {
            move all hand[p] to pool
          }
          retire
            require count(players) > 2 and count(hand[p]) > 5 else "stay"
          {
            move all hand[p] to pool
            eliminate(p)
          }
          pass { }
        }
      }
    }
    rounds += 1
  }
}

score p: sum(g in hand[p]: g.value + polish[g]) + (if dull(p, Colour.red) then 0 else 3)
`;

describe("a memo keyed by the member whose cards' variables it reads", () => {
  it("forgets only the written card's member at a write of its variable, and plays the state machine's games", async () => {
    const { kernelText, game } = await loadRulesKernel("member-vars", DRILL, runtime);
    expect(kernelText).toContain("fn_lustre$memoAt(");
    expect(kernelText).not.toContain("fn_dull$memo");
    // A polish written forgets the gem's colour in `lustre` (and moves `dull`'s counts), nothing of `sparkly`.
    expect(kernelText).toMatch(/\$write_polish(?:\$at_\w+)?\((l_\w+), v_polish\[\1\]!? \+ 1, [^;]+\);\s+\$members_lustre\[Gem_colour\$index\[\1\]!\]!\+\+;\n/);
    expect(kernelText).toMatch(/\$write_polish(?:\$at_\w+)?\((l_\w+), 0, [^;]+\);\s+\$members_lustre\[Gem_colour\$index\[\1\]!\]!\+\+;\n/);
    // \`worn\` is read otherwise: its write forgets every value of \`sparkly\`.
    expect(kernelText).toMatch(/v_worn\[l_\w+\] = 1;\s+\$generation_sparkly\+\+;\n/);
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, { seed: 53, playerCounts: [2, 3, 4], gamesPerCount: 60, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["drop", "give", "pass", "polish", "retire", "scrub", "take", "wear"]);
  });
});
