// The running counts at a fresh start (playout-fresh-counts.ts): the zones that start empty have
// their counts zeroed, not passed over; the one that starts with every card (`bag`) is counted card
// by card; the counts by a key that reads a per-card variable (`shown`) are made once, after the
// variable's first value. One kernel plays many games in a row, so a count left from the game before,
// or a full zone taken as empty, would offer other moves than the state machine: `toss` reads the
// bag's counts, `trade` the rack's and `lay` the board's by their key.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Fresh Racks" {
  players 2..4
}
enum Suit { none, red, blue, green }
card Tile {
  suit: Suit
  wild: bool
  cards for s in [Suit.red, Suit.blue, Suit.green], v in 1..6 { suit: s, wild: v > 4 }
}
per Tile var mark: Suit public = Suit.none
zone bag: Tile stack hidden = all Tile
per player zone rack: Tile pile owner
per player zone board: Tile pile public

// A wild tile shows its mark; an unmarked wild one shows none.
function shown(t: Tile): Suit = if t.wild then mark[t] else t.suit
function showing(p: player, s: Suit): int = count(t in board[p] where shown(t) == s)

setup {
  shuffle bag
  for p in players {
    deal 2 from bag to rack[p]
  }
}

flow {
  while count(bag) > player_count {
    for p in players {
      deal 1 from bag to rack[p]
      ask p {
        lay(t in rack[p])
          require showing(p, t.suit) < 2 else "two of that suit are showing"
        {
          move t to board[p]
        }
        mark_blue(t in board[p] where t.wild and mark[t] == Suit.none) {
          mark[t] = Suit.blue
        }
        toss(t in rack[p])
          require count(c in bag where c.suit == Suit.red) > 2 else "too few reds left"
        {
          move t to bag
          shuffle bag
        }
        trade
          require any(t in rack[p]: t.suit == Suit.green) else "no green tile"
        {
          move top(rack[p]) to bag
          deal 1 from bag to rack[p]
        }
        pass { }
      }
    }
  }
}

score p: 2 * showing(p, Suit.blue) + count(board[p]) + count(t in rack[p] where t.suit == Suit.green)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("fresh-counts", DRILL, runtime);

describe("the running counts at a fresh start", () => {
  it("zeroes the counts of the zones that start empty and makes the keyed counts once", async () => {
    const { kernelText } = await compiled();
    const setup = kernelText.slice(kernelText.indexOf("if ($from === null) {"), kernelText.indexOf("let pc = "));
    const body = (name: string): string => {
      const at = kernelText.indexOf(`function ${name}(): void {`);
      return kernelText.slice(at, kernelText.indexOf("\n  }\n", at)).replace(/\s+/g, " ");
    };
    // No pass over the zones at a fresh start (a resumed state's zones are counted as loaded).
    expect(setup).not.toContain("$recountAll();");
    expect(setup).not.toContain("$recountKeyed();");
    expect(kernelText.slice(kernelText.indexOf("if ($from !== null) {"))).toContain("$recountAll();");
    // The rack's counts zeroed, the bag's counted card by card; the board's keyed counts zeroed.
    expect(body("$freshCounts")).toMatch(/\$count_bag_suit\.fill\(0\); for \(let \$s = 0; \$s < 1; \$s\+\+\) \{ const \$seg = Z_bag \+ \$s;/);
    expect(body("$freshCounts")).toMatch(/for \(let \$i = 0; \$i < 16; \$i\+\+\) \$count_rack_suit\[\$i\] = 0;/);
    expect(body("$freshCounts")).not.toContain("board");
    expect(body("$freshKeyed")).toBe("function $freshKeyed(): void { for (let $i = 0; $i < 16; $i++) $keyed_board_shown[$i] = 0;");
    // Each made once, the keyed counts after the variable's first value.
    expect(setup.match(/\$freshCounts\(\);/g)).toHaveLength(1);
    expect(setup.match(/\$freshKeyed\(\);/g)).toHaveLength(1);
    expect(setup.indexOf("$freshKeyed();")).toBeGreaterThan(setup.indexOf("v_mark[$c] = 0;"));
    expect(setup.indexOf("$freshCounts();")).toBeLessThan(setup.indexOf("v_mark[$c] = 0;"));
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 50,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["lay", "mark_blue", "pass", "toss", "trade"]);
    expect(played.decisions / played.games).toBeGreaterThan(5);
  });
});
