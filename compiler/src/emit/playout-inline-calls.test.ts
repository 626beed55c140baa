// A small rules function called in a decision's listing is written in place of its call
// (playout-inline-calls.ts): `afford(p, t)` (two parameters, calling `cool(t)` and the card-tabled
// `cost(t)`), `rich_in(p, t.suit)` and `scarce(t.suit)` (a running count, and the seats' total of it,
// read at the tile's suit index) are written out where the listing tests them; `hottest(p)`, a pass
// over the rack, stays a (memoised) call. The drill's seats buy tiles they can afford, heat and cool
// them, and sell them to each other: a parameter read as the wrong argument, or a count read at the
// wrong index (`warm(p, u)` calls `rich_in(p, t.suit)` on the card the caller passes), would offer other
// moves than the state machine, and the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Inline Calls" {
  players 2..4
}
enum Suit { sun, moon }
card Tile {
  suit: Suit
  worth: int
  cards for w in 1..6 { suit: Suit.sun, worth: w }
  cards for w in 1..6 { suit: Suit.moon, worth: w }
}
per Tile var heat: int public = 0
per player var gold: int public = 6
zone bag: Tile pile public = all Tile
per player zone rack: Tile pile public

function cost(t: Tile): int = t.worth * 2 + 1
function cool(t: Tile): bool = heat[t] == 0
function afford(p: player, t: Tile): bool = gold[p] >= cost(t) and cool(t)
function held(p: player, s: Suit): int = count(t in rack[p] where t.suit == s)
function rich_in(p: player, s: Suit): bool = held(p, s) >= 2
function hottest(p: player): int = max(t in rack[p]: heat[t])
function racked(s: Suit): int = sum(q in players: count(t in rack[q] where t.suit == s))
function scarce(s: Suit): bool = racked(s) >= 4
function warm(p: player, t: Tile): bool = not cool(t) and rich_in(p, t.suit)

flow {
  shuffle bag
  let rounds = 0
  while rounds < 10 {
    for p in players {
      ask p {
        buy(t in bag)
          require afford(p, t) else "too dear"
        {
          gold[p] -= cost(t)
          move t to rack[p]
        }
        heat_up(t in rack[p])
          require rich_in(p, t.suit) or hottest(p) < 2 or scarce(t.suit) else "too hot"
        {
          heat[t] += 1
        }
        cool_down(t in rack[p])
          require not cool(t) else "already cool"
        {
          heat[t] -= 1
          gold[p] += 1
        }
        sell(t in rack[p], q in players where q != p)
          require gold[q] >= t.worth else "they cannot pay"
        {
          gold[q] -= t.worth
          gold[p] += t.worth
          move t to rack[q]
        }
        rest {
          gold[p] += 2
        }
        quench(t in rack[p])
          require any(u in rack[p]: warm(p, u)) else "nothing warm"
          require heat[t] > 1 else "not hot enough"
        {
          heat[t] = 0
        }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + count(rack[p])
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("inline-calls", DRILL, runtime);

describe("small functions written in place of their calls in a listing", () => {
  it("writes afford, cool and rich_in out where the listing tests them, and leaves hottest a call", async () => {
    // A decision's held locals (playout-decide-locals.ts) read as the flow's own.
    const kernelText = (await compiled()).kernelText.replace(/\$(l_\w+)/g, "$1");
    // The code on one line, as written before it was laid out.
    const flat = kernelText.replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")");
    // The kernel's functions that call `name` (a rules function's own body may call it).
    const callers = (name: string): string[] => {
      const found = new Set<string>();
      let inside = "";
      for (const line of kernelText.split("\n")) {
        const opened = /^\s*function ([\w$]+)\(/.exec(line);
        if (opened) inside = opened[1]!;
        else if (line.includes(`${name}(`)) found.add(inside);
      }
      return [...found].sort();
    };
    expect(callers("fn_afford")).toEqual([]);
    expect(callers("fn_rich_in")).toEqual([]);
    expect(callers("fn_cool")).toEqual(["fn_afford", "fn_warm"]);
    expect(kernelText).toMatch(/v_gold\[l_p\]! >= \$table_cost\[l_t\]! && v_heat\[l_t\]! === 0/);
    // The count by suit read at the tile's suit index, no look-up and no call.
    expect(kernelText).toMatch(/\$count_rack_suit\[l_p \* 2 \+ Tile_suit\$index\[l_t\]!\]! >= 2/);
    // The seats' total by suit too (playout-seat-totals.ts), read plainly in the listing pass the
    // options over the rack share, which makes the totals fresh before it.
    expect(callers("fn_scarce")).toEqual([]);
    expect(flat).toContain("if (!$seatTotalsFresh) $recountSeats();");
    expect(flat).toMatch(/[^?] \$count_rack_suit\$seats\[Tile_suit\$index\[l_t\]!\]! >= 4/);
    // A call in a body written in place reads its card argument as the caller's card (u, not t).
    expect(callers("fn_warm")).toEqual([]);
    expect(flat).toContain("!(v_heat[l_u]! === 0) && $count_rack_suit[l_p * 2 + Tile_suit$index[l_u]!]! >= 2");
    expect(callers("fn_hottest$memo").some((f) => f.startsWith("decide"))).toBe(true);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 61, playerCounts: [2, 3, 4], gamesPerCount: 40, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["buy", "cool_down", "heat_up", "quench", "rest", "sell"]);
    expect(played.decisions / played.games).toBeGreaterThan(20);
  });
});
