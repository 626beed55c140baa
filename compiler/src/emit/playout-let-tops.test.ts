// A zone's top card named by a `let` (`let card = top(tray[p])`) and moved when only `let`s, `say`s and
// transfers came between is taken from the zone's top, with no search and none of the other zones'
// running counts (playout-let-tops.ts); a slot's (`hold`) is emptied. The drill counts the trays' red
// cards (`trade` reads them), so a count left behind by the move would offer other moves than the state
// machine. Where a move or a `move all` comes between (`swap`, `clear`), the card may lie elsewhere: it
// is looked for wherever it lies, as before.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { expectKernelResumesMidGame } from "../../../tests/support/kernel-trace.js";

const DRILL = `
game "Let Top Drill" {
  players 2..4
}
enum Hue { red, blue }
card Tile {
  value: int
  hue: Hue
  cards for v in 1..20, h in 1..2 { value: v, hue: if h == 1 then Hue.red else Hue.blue }
}
per player var gold: int public = 3
var bank: int public = 20
zone pool: Tile stack hidden = all Tile
per player zone tray: Tile pile public
per player zone hold: Tile slot public
per player zone kept: Tile pile public
zone spare: Tile pile public

function kept_value(p: player): int = sum(c in kept[p]: c.value)
function reds(p: player): int = count(c in tray[p] where c.hue == Hue.red)

setup {
  shuffle pool
}

flow {
  while count(pool) > 10 {
    for p in players {
      deal 1 from pool to tray[p]
      if count(hold[p]) == 0 {
        deal 1 from pool to hold[p]
      }
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
        cash "cash the held card"
          require count(hold[p]) > 0 else "nothing held"
        {
          let card = top(hold[p])
          transfer up to 2 from bank to gold[p]
          move card to spare
        }
        trade "trade a red card"
          require reds(p) > 0 else "no red card"
        {
          let card = first(c in tray[p] where c.hue == Hue.red)
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

score p: kept_value(p) + gold[p] * 5 + reds(p)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("let-tops", DRILL, runtime);

describe("a zone's top card a let names, moved before anything else moves", () => {
  it("is taken from the zone's top with no search; a slot is emptied", async () => {
    // A decision's held locals (playout-decide-locals.ts) read as the flow's own.
    const kernelText = (await compiled()).kernelText.replace(/\$(l_\w+)/g, "$1");
    const flat = kernelText.replace(/\s+/g, " ");
    // keep: the tray's first place taken, the others shifted up.
    expect(flat).toMatch(/const (\$seg\d+) = Z_tray \+ l_p; const (\$at\d+) = \1 \* CAP; const \$card = C\[\2\]!;/);
    // cash: the held card's slot emptied.
    expect(flat).toMatch(/const (\$seg\d+) = Z_hold \+ l_p; const \$card = l_card(_\d+)?; N\[\1\] = 0;/);
    // swap and clear: wherever it lies (another move, or the card's own, came first); trade's card is
    // no zone's top.
    expect(kernelText.match(/takeFromZoneOf\(/g)).toHaveLength(3);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 56,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["cash", "clear", "keep", "swap", "trade"]);
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });

  it("resumes a game in the middle as the state machine plays it on", async () => {
    const { game } = await compiled();
    const resumed = expectKernelResumesMidGame(runtime, game, { seed: 56, playerCounts: [3, 4], gamesPerCount: 20, moves: 12 });
    expect(resumed).toBeGreaterThan(30);
  });
});
