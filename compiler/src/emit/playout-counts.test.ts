// The playout kernel's running counts of a zone's cards by an enum field printed on them
// (playout-counts.ts): `count`, `any` and `all` by such a field are reads of counts every move keeps,
// and a pass over a zone whose filter first tests such a field (itself or through a rules function
// called on the card) looks at no card where the counts say none has the member. The drill's
// requirements and scores read the counts after each way a card enters or leaves a counted zone (a
// deal, a move from a known zone, a move from wherever the card lies, `move all`, a shuffle), so a
// count wrong by one would offer other moves than the state machine, and the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Count Drill" {
  players 2..4
}
enum Suit { sun, moon, star }
card Token {
  suit: Suit
  value: int
  cards for s in [Suit.sun, Suit.moon, Suit.star], v in 1..6 { suit: s, value: v }
}
per player var gold: int public = 0
zone pool: Token stack hidden = all Token
per player zone hand: Token pile owner
per player zone kept: Token pile public
zone spare: Token pile public

function suns(p: player): int = count(t in kept[p] where t.suit == Suit.sun)
function others(p: player): int = count(t in kept[p] where t.suit != Suit.sun)
function starry(t: Token): bool = t.suit == Suit.star and t.value > 2
function moons_in_hand(p: player): bool = any(t in hand[p]: t.suit == Suit.moon)
function all_moons(p: player): bool = all(t in kept[p]: t.suit == Suit.moon)

// The card comes from wherever it lies (the kernel asks the runtime which zone that was).
procedure stash(p: player, c: Token) {
  move c to spare
  gold[p] += 1
}

setup {
  shuffle pool
  for p in players {
    deal 2 from pool to hand[p]
  }
}

flow {
  while count(pool) > player_count {
    for p in players {
      deal 1 from pool to hand[p]
      ask p {
        keep(t in hand[p])
          require suns(p) < 2 or t.suit != Suit.sun else "two suns are enough"
        {
          move t to kept[p]
        }
        give(t in hand[p] where starry(t)) {
          stash(p, t)
        }
        moon
          require moons_in_hand(p) else "no moon in hand"
        {
          move first(t in hand[p] where t.suit == Suit.moon) to kept[p]
        }
        drop
          require others(p) > 1 and not all_moons(p) else "nothing to drop"
        {
          stash(p, top(kept[p]))
        }
        pass { }
      }
      for t in kept[p] where starry(t) {
        gold[p] += 1
      }
      // A die rolled for every card before the suit is tested: no pass may be skipped here.
      for t in hand[p] where roll(2) == 2 and t.suit == Suit.moon {
        gold[p] += 1
      }
      if others(p) > 3 {
        move all kept[p] to spare
      }
    }
    if count(spare) > 5 {
      move all spare to pool
      shuffle pool
    }
  }
}

score p: gold[p] + 2 * suns(p) + count(t in hand[p] where starry(t)) + count(t in kept[p] where t.suit == Suit.star)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("count-drill", DRILL, runtime);

describe("the playout kernel's running counts", () => {
  it("reads counts by a printed field, and skips the passes whose filter no card can pass", async () => {
    const { kernelText } = await compiled();
    // One count per (zone, field) read: kept and hand by suit.
    expect(kernelText).toMatch(/ \$count_kept_suit = new Int32Array\(/);
    expect(kernelText).toMatch(/ \$count_hand_suit = new Int32Array\(/);
    // `suns`, `others` (`!=`: the zone's size less the count), `moons_in_hand` (any) and `all_moons`
    // (all) are reads: no pass over the zone is left in them.
    const body = (name: string): string => kernelText.slice(kernelText.indexOf(`function fn_${name}(`), kernelText.indexOf("\n  }", kernelText.indexOf(`function fn_${name}(`)));
    for (const name of ["suns", "others", "moons_in_hand", "all_moons"]) {
      expect(body(name)).toContain("$count_");
      expect(body(name)).not.toContain("for (");
    }
    // `starry(t)` tests the suit first: the loop over kept[p], the domain of `give` and the
    // score's count over hand[p] look at no card while the segment holds no star.
    expect(kernelText).toMatch(/= \$count_kept_suit\[[^\]]+\]! > 0 \? N\[/);
    expect(kernelText.match(/= \$count_hand_suit\[[^\]]+\]! > 0 \? N\[/g)?.length).toBeGreaterThanOrEqual(2);
    // The die's loop looks at every card: its count is no guard.
    expect(kernelText).toMatch(/\$roll\(G, 2\)/);
    expect(kernelText).not.toMatch(/\$count_hand_suit\[[^\]]+ \+ 1\]! > 0 \? N\[/);
    // A card moved from wherever it lies: the runtime says where it was.
    expect(kernelText).toContain("const $taken = takeFromZoneOf(");
  });

  it("plays the state machine's games move for move, and scores them alike", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 23, playerCounts: [2, 3, 4], gamesPerCount: 60, onMove: (_seat, move) => typesSeen.add(move.type) });
    // Every way the drill reads or changes the counts happened.
    expect([...typesSeen].sort()).toEqual(["drop", "give", "keep", "moon", "pass"]);
    expect(played.decisions / played.games).toBeGreaterThan(5);
  });
});
