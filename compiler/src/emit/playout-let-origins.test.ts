// A card a `let` takes from a zone (`let card = top(tray[p])`), moved when only `let`s, `say`s and
// transfers came between, is taken from that zone as a move from a plain zone is (playout-let-origins.ts),
// with that zone's running counts (the drill counts the trays' high cards: `trade` reads them). Where a
// move, a `move all` or an `if` comes between, the card may lie elsewhere: it is looked for wherever
// it lies, as before (`swap` moves another card first; `clear` moves the card itself away first).
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { expectKernelResumesMidGame } from "../../../tests/support/kernel-trace.js";

const DRILL = `
game "Let Origin Drill" {
  players 2..4
}
card Tile {
  value: int
  cards for v in 1..40 { value: v }
}
per player var gold: int public = 3
var bank: int public = 20
zone pool: Tile stack hidden = all Tile
per player zone tray: Tile pile public
per player zone kept: Tile pile public
zone spare: Tile pile public

function kept_value(p: player): int = sum(c in kept[p]: c.value)
function high(p: player): int = count(c in tray[p] where c.value > 20)

setup {
  shuffle pool
}

flow {
  while count(pool) > 8 {
    for p in players {
      deal 1 from pool to tray[p]
      ask p {
        keep "keep the tray's top card" {
          let card = top(tray[p])
          let before = kept_value(p)
          say "{p} keeps {card}"
          transfer up to 1 from gold[p] to bank
          move card to kept[p]
          if before > 40 {
            gold[p] += 1
          }
        }
        trade "trade a high card"
          require high(p) > 0 else "no high card"
        {
          let card = first(c in tray[p] where c.value > 20)
          transfer up to 2 from bank to gold[p]
          move card to spare
        }
        swap "swap the tray's top card for the pool's" {
          let card = top(tray[p])
          move top(pool) to tray[p]
          move card to spare
        }
        clear "clear the tray" {
          let card = top(tray[p])
          move all tray[p] to spare
          move card to kept[p]
        }
      }
    }
  }
}

score p: kept_value(p) + gold[p] * 5 + high(p)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("let-origins", DRILL, runtime);

describe("a card a let takes from a zone, moved before anything else moves", () => {
  it("is taken from that zone, where nothing else may have moved it", async () => {
    const { kernelText } = await compiled();
    const flat = kernelText.replace(/\s+/g, " ");
    // keep and trade: looked for in the tray, then taken from it, its high cards counted down.
    expect(flat.match(/const \$seg\d+ = Z_tray \+ l_p; const \$wanted = l_card(_\d+)?; let \$at = -1;/g)).toHaveLength(2);
    expect(flat).toMatch(/return new GameFault\("fault\/card-not-in-zone", "the card is not in tray\[p\]"\)/);
    // swap and clear: wherever it lies (another move, or the card's own, came first).
    expect(kernelText.match(/takeFromZoneOf\(/g)).toHaveLength(2);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 54,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["clear", "keep", "swap", "trade"]);
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });

  it("resumes a game in the middle as the state machine plays it on", async () => {
    const { game } = await compiled();
    const resumed = expectKernelResumesMidGame(runtime, game, { seed: 54, playerCounts: [3, 4], gamesPerCount: 20, moves: 12 });
    expect(resumed).toBeGreaterThan(30);
  });
});
