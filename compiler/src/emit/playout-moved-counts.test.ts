// A card moved between two segments of one counted zone (`move t to hand[q]` from `hand[p]`, or back
// into its own segment) updates each running count once for both segments: its member worked out
// once, the segment left stepped down and the one reached stepped up after the put
// (playout-counts.ts, the "moved" marker). The drill's hands are counted by a printed field (with the
// seats' totals and the masks of the seats holding a suit), by a key that reads a per-card variable
// and by a field paired with a test of that variable; the moves and the score read them all, so a
// count stepped in the wrong segment, or not at all, offers other moves than the state machine.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Passing Hands" {
  players 2..4
}
enum Suit { red, blue, green }
card Tile {
  suit: Suit
  rank: int
  cards for s in [Suit.red, Suit.blue, Suit.green], v in 1..5 { suit: s, rank: v }
}
per Tile var marked: bool public = false
zone bag: Tile stack hidden = all Tile
per player zone hand: Tile pile public

function reds(p: player): int = count(t in hand[p] where t.suit == Suit.red)
function is_marked(t: Tile): bool = marked[t]
function marks(p: player): int = count(t in hand[p] where is_marked(t))
function blues_held(): int = sum(q in players: count(t in hand[q] where t.suit == Suit.blue))
function others_hold(p: player, s: Suit): bool = any(r in players: r != p and any(c in hand[r]: c.suit == s))

flow {
  shuffle bag
  let rounds = 0
  while rounds < 12 and count(bag) > 0 {
    for p in players {
      if p in players and count(bag) > 0 {
        deal 1 from bag to hand[p]
        ask p {
          give(t in hand[p], q in players)
            require q != p else "not to yourself"
            require not any(c in hand[q]: c.suit == t.suit) else "they hold that suit"
          {
            move t to hand[q]
          }
          keep(t in hand[p])
            require not marked[t] and reds(p) < 3 and others_hold(p, t.suit) else "nothing to keep"
          {
            marked[t] = true
            move t to hand[p]
          }
          return_one(t in hand[p])
            require any(c in hand[p] where c.suit == Suit.blue: marked[c]) else "no marked blue"
          {
            move t to bag
            shuffle bag
          }
          leave
            require count(players) > 2 and marks(p) > 1 and blues_held() > 3 else "stay"
          {
            move all hand[p] to bag
            eliminate(p)
          }
          pass { }
        }
      }
    }
    rounds += 1
  }
}

score p: 3 * reds(p) + 2 * marks(p) + blues_held() + (if others_hold(p, Suit.green) then 0 else 4) + (if any(c in hand[p] where c.suit == Suit.green: marked[c]) then 5 else 0)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("moved-counts", DRILL, runtime);

describe("a card moved between two segments of one counted zone", () => {
  it("works out each count's member once and steps both segments after the put", async () => {
    const { kernelText } = await compiled();
    const give = kernelText.slice(kernelText.indexOf("const $wanted = l_t"), kernelText.indexOf("return", kernelText.indexOf("const $wanted = l_t")));
    const flat = give.replace(/\s+/g, " ");
    // The hand's field count: one member, the segment left down and the segment reached up, in one block.
    expect(flat).toMatch(/\{ const \$member = Tile_suit\$index\[\$card\]!; if \(\$member >= 0\) \{ .*\$count_hand_suit\[\(\$seg(\d+) - Z_hand\) \* 3 \+ \$member\]!.*\$count_hand_suit\[\(\$seg(?!\1)\d+ - Z_hand\) \* 3 \+ \$member\]!/);
    // No count is stepped before the card is put: every update follows the put.
    const put = give.search(/C\[\$seg\d+ \* CAP \+ N\[\$seg\d+\]!\] = \$card;/);
    expect(put).toBeGreaterThan(0);
    expect(give.slice(0, put)).not.toMatch(/\$(count|keyed|paired)_hand_\w+\[/);
    // Each count of the hand is worked out once for the move: as many members as counts.
    const counts = new Set(give.match(/\$(count|keyed|paired)_hand_\w+(?=\[)/g) ?? []);
    expect([...counts].sort()).toEqual(["$count_hand_suit", "$keyed_hand_is_marked", "$paired_hand_suit_0"]);
    // The mask of the seats holding a suit follows both segments' counts.
    expect(flat).toMatch(/if \(--\$count_hand_suit\[.*\]! === 0\) \$holding_count_hand_suit\[\$member\]! &= .*if \(\$count_hand_suit\[.*\]!\+\+ === 0\) \$holding_count_hand_suit\[\$member\]! \|=/);
    expect(give.match(/const \$member =/g)).toHaveLength(counts.size);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 51,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["give", "keep", "leave", "pass", "return_one"]);
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });
});
