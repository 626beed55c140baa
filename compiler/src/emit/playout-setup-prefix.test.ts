// The setup's draw-free prefix, done once per (players, variants) and copied at later starts
// (playout-setup-prefix.ts, playout-kernel-state.ts). The drill's setup, before its shuffle, puts the
// variant's high tiles aside, wears the blue ones (a per-card variable its keyed count reads), sets a
// stock from a count and gives each seat coins by the player count; its flow reads every piece of
// that state (the zones' counts, a `first` table of the chips, the worn count, the coins, the stock)
// and memos. `pledged` reads a zone only the setup writes, after its shuffle: its memo's generation
// is the same at every game's first decision, so a generation restored with the copy would let the
// game before's value match. One kernel plays
// games of 2, 3 and 4 players with and without the variant one after another, and resumes mid-game
// states between them: a piece of state the copy missed, or a cache left fresh across games, would
// offer other moves than the state machine.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { BaseState, Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { KernelState } from "./playout-kernel-state.js";
import { PREFIX_CLOSE, PREFIX_OPEN, prefixCode } from "./playout-setup-prefix.js";

const DRILL = `
game "Copied Setup" {
  players 2..4
  variant short "Tiles of rank 4 and 5 stay aside"
}
enum Suit { red, blue, green }
card Tile {
  suit: Suit
  rank: int
  cards for s in [Suit.red, Suit.blue, Suit.green], v in 1..5 { suit: s, rank: v }
}
card Chip {
  value: int
  cards for w in 1..5 { value: w }
  cards for w in 1..5 { value: 6 - w }
}
per Tile var worn: bool public = false
per player var coins: int public = 2
per player var out: bool public = false
var stock: int public = 0
zone bag: Tile stack hidden = all Tile
zone spare: Tile pile public
per player zone hand: Tile pile owner
per player zone pledge: Tile pile public
zone table: Tile pile public
zone chips: Chip pile public = all Chip
zone spent: Chip pile public

function top_rank(): int = if variant(short) then 3 else 4
function reds(): int = count(t in bag where t.suit == Suit.red)
function shine(t: Tile): int = if worn[t] then 2 else 1
function worth(p: player): int = sum(t in hand[p]: t.rank * shine(t))
function left_in_play(): int = count(q in players where not out[q])
function tint(t: Tile): int = if t.suit == Suit.red then 2 else 1
function pledged(p: player): int = sum(t in pledge[p]: t.rank * tint(t))
function chip_at(v: int): int = first(c in chips where c.value == v).value

setup {
  for t in bag where t.rank > top_rank() {
    move t to spare
  }
  for c in chips where c.value > top_rank() {
    move c to spent
  }
  for t in bag where t.suit == Suit.blue {
    worn[t] = true
  }
  stock = reds() + player_count
  for p in players {
    coins[p] += player_count
  }
  shuffle bag
  for p in players {
    deal 1 from bag to hand[p]
    deal 1 from bag to pledge[p]
  }
}

flow {
  let rounds = 0
  while rounds < 5 and left_in_play() > 1 {
    rounds += 1
    for p in players {
      if not out[p] {
        ask p {
          lay(t in hand[p])
            require worth(p) < 12 + stock else "rich enough"
          {
            move t to table
            if worn[t] {
              coins[p] += 1
            }
          }
          draw
            require count(bag) > 0 else "the bag is empty"
          {
            deal 1 from bag to hand[p]
            stock -= 1
          }
          wear(t in hand[p] where not worn[t])
            require coins[p] > 0 else "no coins"
          {
            worn[t] = true
            coins[p] -= 1
          }
          fetch
            require count(t in spare where t.suit == Suit.red) > 1 and coins[p] > 1 else "nothing to fetch"
          {
            coins[p] -= 2
            stock += chip_at(1 + rounds % top_rank()) % 2
          }
          fold
            require left_in_play() > 2 else "too few left"
          {
            out[p] = true
          }
          boast
            require pledged(p) > 5 else "a small pledge"
          {
            coins[p] += 1
          }
          rest { }
        }
      }
    }
  }
}

score p: coins[p] + worth(p) + count(t in table where worn[t]) + stock
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("copied-setup", DRILL, runtime);

describe("the setup's draw-free prefix, copied", () => {
  it("runs the fresh start and the prefix once per (players, variants), and copies the state back", async () => {
    const { kernelText } = await compiled();
    const setup = kernelText.slice(kernelText.indexOf("if ($from === null) {"), kernelText.indexOf("let pc = "));
    const restore = setup.slice(setup.indexOf("if ($prefixKey === "), setup.indexOf("} else {"));
    const run = setup.slice(setup.indexOf("} else {"), setup.indexOf("$prefixKey = "));
    // The key: the players and the variant.
    expect(setup).toContain("if ($prefixKey === players * 2 + ($variant_short ? 1 : 0)) {");
    // Every piece of the game's state copied back: the zones, the per-card and per-player variables,
    // the scalar, the running counts; the memo's generation bumped and the `first` table stale.
    // The typed arrays lie on one buffer (playout-state-buffer.ts), copied back by one `set`.
    expect(restore).toContain("$stateBytes.set($prefix$$stateBytes);");
    for (const copied of ["K_N", "K_v_worn", "$count_bag_suit"]) {
      expect(kernelText).toMatch(new RegExp(`${copied.replace(/\$/g, "\\$")} = new \\w+Array\\(\\$stateBuffer, \\d+, \\d+\\);`));
      expect(kernelText).not.toContain(`$prefix$${copied}`);
    }
    // The zones' cards, each zone that holds some a slice set back in place; loops copy through locals.
    expect(restore.replace(/\s+/g, " ")).toContain(
      "const $parts = $prefix$K_C$parts, $at = $prefix$K_C$at; for (let $j = 0; $j < $parts.length; $j++) K_C.set($parts[$j]!, $at[$j]!);",
    );
    expect(restore.replace(/\s+/g, " ")).toContain("const $to = K_v_coins, $from = $prefix$K_v_coins; for (let $i = 0; $i < $to.length; $i++) $to[$i] = $from[$i]!;");
    expect(restore).toMatch(/v_stock = \$prefix\$v_stock;/);
    expect(restore).toMatch(/\$generation_worth\+\+;/);
    expect(restore).toMatch(/\$firstBy_chips_value\$fresh = false;/);
    // Not the generators, the policy, the players or the flow's locals.
    expect(restore).not.toMatch(/\b(G|P|players|l_rounds) =/);
    expect(kernelText).not.toMatch(/\$prefix\$(K_G|K_P|players|l_rounds|\$generation)/);
    // The fresh start and the prefix run in the other branch, then are kept; the shuffle after.
    expect(run).toContain("N.fill(0);");
    expect(run).toMatch(/\$list\d+\[\$n\d+\+\+\] = l_t;/);
    expect(run).toContain("v_stock = ");
    expect(setup.slice(setup.indexOf("$prefixKey = "))).toMatch(/^\$prefixKey = players \* 2 \+ \(\$variant_short \? 1 : 0\);\s*\}\s*\{\s*const \$i\d+\$first = Z_bag \* CAP \+ N\[Z_bag\]! - 1;\s*for \(let \$i\d+ = N\[Z_bag\]/);
    expect(setup.replace(/\s+/g, " ")).toContain(
      "$prefix$K_C$parts = []; $prefix$K_C$at = []; for (let $s = 0; $s < SEGMENTS; $s++) if (K_N[$s]! > 0) { $prefix$K_C$parts.push(K_C.slice($s * CAP, $s * CAP + K_N[$s]!)); $prefix$K_C$at.push($s * CAP); }",
    );
  });

  it("plays the state machine's games move for move, players and variants switching, a resumed game between", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const resumer = new runtime.Rng(77);
    let resumed = 0;
    const played = expectKernelReplays(runtime, game, {
      seed: 54,
      playerCounts: [2, 4, 3, 2],
      gamesPerCount: 12,
      variantSets: [[], ["short"], []],
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
      // Between games, the kernel resumes a mid-game state of another player count: its state is
      // loaded over the copy's, and the next game is copied back from the copy.
      afterGame: (_context, kernel) => {
        const players = 2 + resumer.int(3);
        let moves = 1 + resumer.int(6);
        let state: unknown = null;
        const variants = resumer.int(2) ? ["short"] : [];
        runtime.playRandomGame(game, { players, seed: resumer.int(2 ** 31), variants }, new runtime.Rng(resumer.int(2 ** 31)), (_seat, _move, s) => {
          if (--moves === 0) state = JSON.parse(JSON.stringify(s));
        }, undefined, runtime.chooseRandomMove);
        if (state !== null && kernel.resume!(state as BaseState) >= 0) resumed++;
      },
    });
    expect([...typesSeen].sort()).toEqual(["boast", "draw", "fetch", "fold", "lay", "rest", "wear"]);
    expect(played.decisions / played.games).toBeGreaterThan(5);
    expect(resumed).toBeGreaterThan(played.games / 2);
  });

  it("ends the prefix at the first statement that draws", async () => {
    const rolled = DRILL.replace("stock = reds() + player_count", "stock = reds() + roll(3)");
    const { kernelText } = await loadRulesKernel("copied-setup-rolled", rolled, runtime);
    const setup = kernelText.slice(kernelText.indexOf("if ($from === null) {"), kernelText.indexOf("let pc = "));
    // The tiles put aside and the blue ones worn are copied; the stock and the coins are set at every game.
    const kept = setup.indexOf("$prefixKey = players * 2");
    expect(kept).toBeGreaterThan(setup.indexOf("v_worn[l_t] = 1;"));
    expect(kept).toBeLessThan(setup.indexOf("$roll(G"));
    expect(setup.slice(setup.indexOf("if ($prefixKey === "), kept)).not.toContain("$roll(G");
  });

  it("leaves the setup as written where the closure holds a variable without a role", () => {
    const kernel = (extra: string): string[] => [
      "export function playout(): PlayoutKernel {",
      "const K_C = new Int32Array(4);",
      "const C = K_C;",
      "let v_stock = 0;",
      extra,
      "function play(): number {",
      "if ($from === null) {",
      PREFIX_OPEN,
      "C[0] = 1;",
      "v_stock = 2;",
      PREFIX_CLOSE,
      "}",
      "return 0;",
      "}",
      "}",
    ];
    const state = new KernelState();
    state.add("game", ["C", "v_stock"]);
    const listed = prefixCode(kernel(""), state, [], false);
    expect(listed.copied).toBe(true);
    expect(listed.lines).toContain("K_C.set($prefix$K_C);");
    expect(listed.lines).toContain("v_stock = $prefix$v_stock;");
    const unlisted = prefixCode(kernel("let $kept = 0;"), state, [], false);
    expect(unlisted.copied).toBe(false);
    expect(unlisted.lines).toEqual(kernel("let $kept = 0;").filter((l) => l !== PREFIX_OPEN && l !== PREFIX_CLOSE));
  });
});
