// A shared listing pass (playout-shared-search.ts) whose requirements read the totals over the seats
// in play (playout-seat-totals.ts: `sum(q in players: count(t in kept[q] where t.suit == s))`) reads
// them plainly, made fresh once before the pass: the pass writes nothing, so nothing in it can make
// them stale. The drill's options `bank` and `trade` search a seat's hand, their requirements read
// the seats' total of the card's suit; the totals go stale when the zones are loaded at setup and
// when a seat leaves the game, and the first pass after either must make them afresh: a pass that
// read them stale would offer other moves than the state machine, and the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Fresh Totals" {
  players 2..4
}
enum Suit { sun, moon, star }
card Token {
  suit: Suit
  value: int
  cards for s in [Suit.sun, Suit.moon, Suit.star], v in 1..5 { suit: s, value: v }
}
per player var gold: int public = 2
zone pool: Token pile public = all Token
zone lost: Token pile public
per player zone hand: Token pile public
per player zone kept: Token pile public

function held(p: player, s: Suit): int = count(t in kept[p] where t.suit == s)
function seated(s: Suit): int = sum(q in players: count(t in kept[q] where t.suit == s))

flow {
  shuffle pool
  for p in players {
    deal 3 from pool to hand[p]
  }
  let rounds = 0
  while rounds < 8 and count(players) > 1 {
    for p in players {
      if p in players {
        ask p {
          draw
            require count(pool) > 0 and count(hand[p]) < 6 else "no draw"
          {
            deal 1 from pool to hand[p]
          }
          bank(c in hand[p])
            require held(p, c.suit) * 2 >= seated(c.suit) else "others hold more of that suit"
          {
            move c to kept[p]
          }
          trade(c in hand[p])
            require seated(c.suit) > held(p, c.suit) + 1 else "nobody else holds that suit"
            require c.value <= gold[p] + 2 else "too dear"
          {
            gold[p] += 1
            move c to lost
          }
          // Out of the game, kept tokens and all: the seats in play no longer count them.
          quit
            require count(players) > 2 and count(kept[p]) > 3 else "stay"
          {
            eliminate(p)
          }
          pass { }
        }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + 2 * count(kept[p])
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("fresh-seat-reads", DRILL, runtime);

describe("a shared listing pass reading the totals over the seats in play", () => {
  it("makes them fresh once before the pass and reads them plainly in it", async () => {
    const { kernelText } = await compiled();
    const flat = kernelText.replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")");
    // One pass over the hand for both options (each keeps its list), the totals made fresh before it.
    const pass = flat.match(/if \(!\$seatTotalsFresh\) \$recountSeats\(\); for \(let (\$i\d+) = 0, (\$n\d+) = N\[[^\]]+\]!; \1 < \2; \1\+\+\) \{(.*?)\$values\d+\$n = /);
    expect(pass).not.toBeNull();
    const body = pass![3]!;
    expect(body.match(/\$test: if \(\$gate\d+\)/g)).toHaveLength(2);
    // In it, the totals read as they are: no test of their freshness, no call.
    expect(body).toContain("$count_kept_suit$seats[Token_suit$index[l_c]!]!");
    expect(body).not.toContain("$seatTotalsFresh");
    expect(body).not.toContain("$seatTotal(");
    // A seat leaving makes them stale.
    expect(kernelText).toContain("$seatTotalsFresh = false;");
  });

  it("plays the state machine's games move for move, seats leaving with their tokens", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 53,
      playerCounts: [2, 3, 4],
      gamesPerCount: 60,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["bank", "draw", "pass", "quit", "trade"]);
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });
});
