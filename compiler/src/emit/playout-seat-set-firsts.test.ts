// `any(q in players: T)` and `first(q in players where T)` with T `any(d in Z[q]: d.F == v)`, v a
// value worked out when read (a whole-number field's value, an enum member held in a variable), also
// through the rules' functions (`owned(s)`, `owner_of(s)` through `owns(q, s)`), read the masks of
// the seats holding each member (playout-counts.ts `seatsHolding`), walked lowest first skipping
// the seats out of the game (playout-seat-set-firsts.ts). The drill's plots share their spots and
// colours, so several seats may hold one and the first in seat order is the answer; some spots
// asked for are printed on no plot; plots move in and out of the seats one by one, between seats
// and all at once, and seats leave the game holding theirs: a mask wrong by a bit, or a seat out of
// the game not skipped, would pay or offer other seats than the state machine.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Seat Holding Drill" {
  players 2..5
}
enum Color { red, green, blue }
card Plot {
  spot: int
  color: Color
  cards for i in 1..18 { spot: i % 6 + 1, color: if i <= 5 then Color.red else if i <= 11 then Color.green else Color.blue }
}
per player var gold: int public = 4
per player var favorite: Color public = Color.red
var wanted: int public = 1
zone market: Plot pile public = all Plot
zone discard: Plot pile public
per player zone plots: Plot pile public

function owns(p: player, s: int): bool = any(d in plots[p]: d.spot == s)
function owned(s: int): bool = any(q in players: owns(q, s))
function owner_of(s: int): player = first(q in players where owns(q, s))
function first_in(c: Color): player = first(q in players where any(d in plots[q]: d.color == c))

flow {
  shuffle market
  let rounds = 0
  while rounds < 9 and count(players) > 1 {
    rounds += 1
    wanted = rounds % 8 + 1
    for p in players {
      if p in players {
        ask p {
          buy(d in market)
            require gold[p] > 0 else "no gold"
          {
            gold[p] -= 1
            // Rent to the first seat already holding that spot, if it is another.
            if owned(d.spot) and gold[p] > 0 {
              let o = owner_of(d.spot)
              transfer 1 from gold[p] to gold[o]
            }
            move d to plots[p]
          }
          steal(q in players)
            require q != p else "not yourself"
            require owned(wanted) and owner_of(wanted) == q else "not the owner"
          {
            move first(d in plots[q] where d.spot == wanted) to plots[p]
          }
          favor(c in [Color.red, Color.green, Color.blue])
            require favorite[p] != c else "already"
          {
            favorite[p] = c
          }
          tithe
            require any(q in players: any(d in plots[q]: d.color == favorite[p])) else "nobody holds it"
          {
            gold[first_in(favorite[p])] += 1
          }
          sell
            require count(plots[p]) > 2 else "keep them"
          {
            move all plots[p] to discard
            gold[p] += 3
          }
          // Out of the game, plots and all: the seats in play no longer hold them.
          quit
            require count(players) > 2 and gold[p] == 0 else "stay"
          {
            eliminate(p)
          }
          pass { }
        }
      }
    }
  }
}

score p: gold[p] + count(plots[p])
`;

describe("the playout kernel's seat sets walked for the first seat", () => {
  it("reads any and first over the seats holding a card of a value worked out as the holding masks", async () => {
    // A decision's held locals (playout-decide-locals.ts) read as the flow's own.
    const kernelText = (await loadRulesKernel("seat-holding-drill", DRILL, runtime)).kernelText.replace(/\$(l_\w+)/g, "$1");
    const kernel = kernelText.replace(/\s+/g, "");
    // owned and owner_of: the seats holding the spot, in play, lowest first; no pass calling owns.
    const walk = /let(\$left\d+)=\(\(1<<players\)-1\)&\$countOf\(\$holding_count_plots_spot,0,\$intMember\(l_s,1,6\)\);\1!==0;\1&=\1-1\)\{const(\$q\d+)=31-Math\.clz32\(\1&-\1\);if\(v_eliminated\[\2\]===0\)/g;
    expect(kernel.match(walk)?.length).toBe(2);
    expect(kernel).not.toMatch(/fn_owns\(l_q/);
    // A colour held in a variable: its member found when read.
    expect(kernel).toMatch(/\(\(1<<players\)-1\)&\$countOf\(\$holding_count_plots_color,0,[^;]*v_favorite\[l_p\]/);
    // The masks follow the counts.
    expect(kernel).toMatch(/if\(\$count_plots_spot\[[^\]]*\]!\+\+===0\)\$holding_count_plots_spot\[\$member\]!\|=/);
    expect(kernel).toMatch(/if\(--\$count_plots_spot\[[^\]]*\]!===0\)\$holding_count_plots_spot\[\$member\]!&=~/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("seat-holding-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 48, playerCounts: [2, 3, 5], gamesPerCount: 40, preferences: [false, true], onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["buy", "favor", "pass", "quit", "sell", "steal", "tithe"]);
    expect(played.decisions / played.games).toBeGreaterThan(20);
  });
});
