// Running counts by a whole-number field printed on the cards (playout-int-field-counts.ts): where the
// field's values lie in a short run, `any`, `count` and `all` of a zone's cards by the field against a
// value are reads of a count every move keeps, the value's index its distance from the run's start
// (a value outside the run: no card). The drill's requirements and score read the counts after each
// way a card enters or leaves a counted zone (a deal, a move from a known zone, a move from wherever
// the card lies, `move all`, a shuffle), with values inside and outside the run (a die of 9 against
// pips 2..7), so a count wrong by one, or read at the wrong member, would offer other moves than
// the state machine, and the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Pip Drill" {
  players 2..4
}
card Tile {
  pips: int
  serial: int
  cards for v in 2..7, k in 1..3 { pips: v, serial: 100 * v + k }
}
per player var gold: int public = 0
per player var wanted: int public = 0
zone pool: Tile stack hidden = all Tile
per player zone hand: Tile pile owner
per player zone kept: Tile pile public
zone spare: Tile pile public

function has_pips(p: player, n: int): bool = any(t in kept[p]: t.pips == n)
function unlike(p: player, n: int): int = count(t in kept[p] where t.pips != n)
function all_of(p: player, n: int): bool = all(t in hand[p]: t.pips == n)
// The serials span more than the counts keep: a pass stays.
function serial_in(p: player, s: int): bool = any(t in kept[p]: t.serial == s)

// The card comes from wherever it lies (the kernel asks the runtime which zone that was).
procedure stash(p: player, c: Tile) {
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
      wanted[p] = roll(9)
      ask p {
        keep(t in hand[p])
          require not has_pips(p, t.pips) or unlike(p, t.pips) > 1 else "a tile of those pips is kept"
        {
          move t to kept[p]
        }
        match
          require has_pips(p, wanted[p]) else "no kept tile shows the wanted pips"
        {
          stash(p, first(t in kept[p] where t.pips == wanted[p]))
        }
        twin
          require serial_in(p, 100 * wanted[p] + 1) else "no first tile of the wanted pips"
        {
          gold[p] += 2
          stash(p, top(kept[p]))
        }
        same
          require count(hand[p]) > 1 and all_of(p, top(hand[p]).pips) else "the hand's tiles differ"
        {
          move all hand[p] to spare
        }
        pass { }
      }
      if unlike(p, wanted[p]) > 3 {
        move all kept[p] to spare
      }
    }
    if count(spare) > 5 {
      move all spare to pool
      shuffle pool
    }
  }
}

score p: gold[p] + (if has_pips(p, 7) then 3 else 0) + unlike(p, 4)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("pip-drill", DRILL, runtime);

describe("the playout kernel's counts by a whole-number field", () => {
  it("reads counts by a printed number whose values lie in a short run", async () => {
    const { kernelText } = await compiled();
    // kept and hand counted by pips: 4 seats of 6 members each, the run 2..7.
    expect(kernelText).toMatch(/ \$count_kept_pips = new Int32Array\((new ArrayBuffer\(96\)|\$stateBuffer, \d+, 24)\);/);
    expect(kernelText).toMatch(/ \$count_hand_pips = new Int32Array\((new ArrayBuffer\(96\)|\$stateBuffer, \d+, 24)\);/);
    const body = (name: string): string => kernelText.slice(kernelText.indexOf(`function fn_${name}(`), kernelText.indexOf("\n  }", kernelText.indexOf(`function fn_${name}(`)));
    for (const name of ["has_pips", "unlike", "all_of"]) {
      expect(body(name)).toContain("$intMember(l_n, 2, 6)");
      expect(body(name)).not.toContain("for (");
    }
    // A card is counted at its pips less the run's start.
    expect(kernelText).toContain("const $member = Tile_pips[C[$seg * CAP + $i]!]! - 2;");
    // The serials' run (201..703) is too long to count: `serial_in` passes over the cards.
    expect(body("serial_in")).toContain("for (");
    expect(kernelText).not.toContain("$count_kept_serial");
  });

  it("plays the state machine's games move for move, and scores them alike", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 29, playerCounts: [2, 3, 4], gamesPerCount: 60, onMove: (_seat, move) => typesSeen.add(move.type) });
    // Every way the drill reads or changes the counts happened.
    expect([...typesSeen].sort()).toEqual(["keep", "match", "pass", "same", "twin"]);
    expect(played.decisions / played.games).toBeGreaterThan(5);
  });
});
