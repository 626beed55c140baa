// A memoized function whose zone reads are all counts of the cards whose colour is its argument
// keeps its values for the other colours when one card moves (playout-member-memo.ts): a move
// bumps the generation of the moved card's colour only, a deal, `move all` or an elimination the
// whole memo. The drill's requirements read such a function, and one that reads the same zones
// otherwise (forgotten at every move): a value kept past a write that changes it would offer other
// moves than the state machine, and the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Member Memo" {
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
per Gem var worn: bool public = false
zone pool: Gem pile public = all Gem
per player zone hand: Gem pile public

function held(p: player, c: Colour): int = count(g in hand[p] where g.colour == c)
function total(c: Colour): int = count(g in pool where g.colour == c) + sum(q in players: held(q, c))
function complete(p: player, c: Colour): bool = held(p, c) == total(c)
// Reads the hands otherwise: not keyed by the colour.
function sparkly(p: player, c: Colour): bool = any(g in hand[p]: g.colour == c and not worn[g])

flow {
  shuffle pool
  let rounds = 0
  while rounds < 14 and count(players) > 1 {
    for p in players {
      if p in players {
        ask p {
          take(g in pool)
            require not complete(p, g.colour) else "you hold them all"
          {
            move g to hand[p]
          }
          give(g in hand[p], q in players)
            require complete(p, g.colour) or sparkly(p, g.colour) else "keep it"
            require q != p else "not to yourself"
          {
            move g to hand[q]
          }
          wear(g in hand[p])
            require sparkly(p, g.colour) and not complete(p, g.colour) else "nothing to wear"
          {
            worn[g] = true
          }
          deal_one
            require count(pool) > 0 else "the pool is empty"
          {
            deal 1 from pool to hand[p]
          }
          drop
            require count(hand[p]) > 3 else "too few"
          {
            move all hand[p] to pool
          }
          retire
            require count(players) > 2 and count(hand[p]) > 4 else "stay"
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

score p: sum(g in hand[p]: g.value) + (if complete(p, Colour.red) then 5 else 0)
`;

describe("a memo keyed by the member its zone counts are of", () => {
  it("forgets only the moved card's member at a move, everything at other writes, and plays the state machine's games", async () => {
    const result = await compileOnce("member-memo", [{ path: "member-memo.rules", text: DRILL }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
    expect(kernelText).toContain("fn_complete$memoAt(");
    expect(kernelText).toContain("fn_sparkly$memoAt(");
    // A move forgets the moved gem's colour in `complete`, everything in `sparkly`.
    expect(kernelText).toMatch(/\$members_complete\[Gem_colour\$index\[\$card\]!\]!\+\+;\s+\$generation_sparkly\+\+;/);
    expect(kernelText).not.toContain("$members_sparkly");
    // A deal, `move all`, an elimination and a new game forget every colour.
    expect(kernelText.match(/\$generation_complete\+\+/g)!.length).toBeGreaterThanOrEqual(4);
    const game = await loadRulesGame("member-memo", DRILL, runtime);
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, { seed: 47, playerCounts: [2, 3, 4], gamesPerCount: 60, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["deal_one", "drop", "give", "pass", "retire", "take", "wear"]);
  });
});
