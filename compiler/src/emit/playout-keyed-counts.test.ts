// The playout kernel's running counts by a key the rules work out from a card and its own variables
// (playout-keyed-counts.ts, kept by playout-counts.ts): `count(c in Z where shade_of(c) == k)` and
// `any(c in Z: unpainted(c))` are reads of counts that every move in and out of the zone keeps and that
// follow every write of the per-card variable the keys read (`paint`), and a pass whose filter first
// tests such a key looks at no card while the count says none passes. The drill paints cards on the
// shelf (the key changes while the card lies in the counted zone), in the hand (outside it), repaints
// them, and moves painted cards out, back to the pool and in again; its requirements and score read
// the counts after each, so a count wrong by one would offer other moves than the state machine.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Key Drill" {
  players 2..4
}
enum Shade { none, red, blue, green }
card Chip {
  colour: Shade
  value: int
  wild: bool
  cards for c in [Shade.red, Shade.blue, Shade.green], v in 1..5 { colour: c, value: v, wild: v >= 4 }
}
per Chip var paint: Shade public = Shade.none
per player var gold: int public = 0
zone pool: Chip stack hidden = all Chip
per player zone hand: Chip pile owner
per player zone shelf: Chip pile public
zone spare: Chip pile public

// A wild chip counts as its paint; an unpainted wild one as none.
function shade_of(c: Chip): Shade = if c.wild then paint[c] else c.colour
function unpainted(c: Chip): bool = c.wild and paint[c] == Shade.none
function shade_count(p: player, k: Shade): int = count(c in shelf[p] where shade_of(c) == k)
function blank_on_shelf(p: player): bool = any(c in shelf[p]: unpainted(c))
function painted(p: player): int = count(c in shelf[p] where not unpainted(c))

// The card comes from wherever it lies.
procedure stash(p: player, c: Chip) {
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
        place(c in hand[p])
          require shade_count(p, c.colour) < 3 or c.wild else "three of that shade are enough"
        {
          move c to shelf[p]
        }
        paint_red(c in shelf[p] where unpainted(c)) {
          paint[c] = Shade.red
        }
        repaint(c in shelf[p] where c.wild and not unpainted(c))
          require shade_count(p, Shade.blue) < 2 else "blue enough"
        {
          paint[c] = if paint[c] == Shade.red then Shade.blue else Shade.red
        }
        tint(c in hand[p] where c.wild) {
          paint[c] = Shade.green
        }
        drop
          require painted(p) > 1 and not blank_on_shelf(p) else "nothing to drop"
        {
          stash(p, top(shelf[p]))
        }
        pass { }
      }
      for c in shelf[p] where unpainted(c) and c.value > 4 {
        gold[p] += 1
      }
      if shade_count(p, Shade.green) > 1 {
        move all shelf[p] to spare
      }
    }
    if count(spare) > 4 {
      move all spare to pool
      shuffle pool
    }
  }
}

score p: gold[p] + 2 * shade_count(p, Shade.red) + shade_count(p, Shade.none) + count(c in shelf[p] where shade_of(c) != Shade.blue)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("key-drill", DRILL, runtime);

// A key reading a per-card variable that a transfer writes (the counts follow assignments only).
const TRANSFER_DRILL = `
game "Key Transfer Drill" {
  players 2..3
}
card Chip {
  value: int
  cards for v in 1..12 { value: v }
}
per Chip var stock: int public = 0
var bank: int hidden = 100 "the bank"
per player var gold: int public = 0
zone pool: Chip stack hidden = all Chip
per player zone shelf: Chip pile public

function stocked(c: Chip): bool = stock[c] > 0
function stocked_count(p: player): int = count(c in shelf[p] where stocked(c))

setup {
  shuffle pool
}

flow {
  while count(pool) > 0 {
    for p in players {
      if count(pool) > 0 {
        deal 1 from pool to shelf[p]
      }
      ask p {
        fill(c in shelf[p] where not stocked(c)) {
          transfer 1 from bank to stock[c]
        }
        take(c in shelf[p] where stocked(c))
          require stocked_count(p) > 1 else "keep one"
        {
          transfer stock[c] from stock[c] to gold[p]
        }
        pass { }
      }
    }
  }
}

score p: gold[p] + stocked_count(p)
`;


describe("the playout kernel's running counts by a key of the card", () => {
  it("reads counts by a key that reads per-card variables, and writes those variables through the counts", async () => {
    const { kernelText } = await compiled();
    // One count per (zone, key function) read: the shelf by shade_of and by unpainted.
    expect(kernelText).toMatch(/ \$keyed_shelf_shade_of = new Int32Array\(/);
    expect(kernelText).toMatch(/ \$keyed_shelf_unpainted = new Int32Array\(/);
    // The aggregates by a key are reads: no pass over the shelf is left in them.
    const body = (name: string): string => kernelText.slice(kernelText.indexOf(`function fn_${name}(`), kernelText.indexOf("\n  }", kernelText.indexOf(`function fn_${name}(`)));
    for (const name of ["shade_count", "blank_on_shelf", "painted"]) {
      expect(body(name)).toContain("$keyed_shelf_");
      expect(body(name)).not.toContain("for (");
    }
    // A pass whose filter tests `unpainted(c)` first looks at no card while no shelf card is unpainted.
    expect(kernelText).toMatch(/= \$keyed_shelf_unpainted\[[^\]]+ \+ 1\]! > 0 \? N\[/);
    // The enum key's member index is worked out by a function of its own, from the indexes of the
    // printed shade and the paint compared by name: no value of the key is looked up by its text.
    expect(kernelText).toContain("function fn_shade_of$member(");
    expect(kernelText).toMatch(/const \$member = fn_shade_of\$member\(\$card\);/);
    expect(kernelText).not.toMatch(/\$index_Shade\(fn_shade_of\(/);
    // Every write of `paint` goes through the counts; the only others are its first value and a
    // resumed state's load, each followed by the counts made afresh.
    expect(kernelText).toContain("function $write_paint(card: number, value: string, hint: number): void {");
    expect(kernelText.match(/\$write_paint(\$at_\w+)?\(/g)!.length).toBeGreaterThanOrEqual(4);
    // Its write function, and one more for each zone an option draws the card from (given the segment).
    expect(kernelText.match(/v_paint\[[^\]]+\] = /g)).toEqual(["v_paint[card] = ", "v_paint[card] = ", "v_paint[card] = ", "v_paint[$c] = ", "v_paint[$k] = "]);
    expect(kernelText).toContain("function $write_paint$at_shelf(card: number, value: string, $seg0: number): void {");
    // Made afresh: for a resumed state in $recountAll, at a fresh start once (playout-fresh-counts.ts).
    expect(kernelText.match(/\$recountKeyed\(\);/g)!.length).toBe(1);
    expect(kernelText.match(/\$freshKeyed\(\);/g)!.length).toBe(1);
  });

  it("plays the state machine's games move for move, and scores them alike", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 31, playerCounts: [2, 3, 4], gamesPerCount: 60, onMove: (_seat, move) => typesSeen.add(move.type) });
    // Every way the drill reads or changes the counts happened.
    expect([...typesSeen].sort()).toEqual(["drop", "paint_red", "pass", "place", "repaint", "tint"]);
    expect(played.decisions / played.games).toBeGreaterThan(5);
  });

  it("keeps no count by a key whose variable a transfer writes, and plays those games alike", async () => {
    const { kernelText, game } = await loadRulesKernel("key-transfer-drill", TRANSFER_DRILL, runtime);
    expect(kernelText).not.toContain("$keyed_");
    expect(kernelText).toMatch(/function fn_stocked_count\([^)]*\): number \{\n\s*(?:const [^;]*= K_[^;]*;\n\s*)?let /);
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, { seed: 37, playerCounts: [2, 3], gamesPerCount: 40, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["fill", "pass", "take"]);
  });

  it("finds the card a write concerns without hints where the kernel keeps none", async () => {
    // Without the move from wherever the card lies, the kernel keeps no note of where cards were put.
    const drop = DRILL.slice(DRILL.indexOf("        drop\n"), DRILL.indexOf("        pass { }"));
    // A card a loop finds (no option drew it from a segment: playout-known-segments.ts) is looked for.
    const found = DRILL.replace(drop, "").replace("c.value > 4 {\n        gold[p] += 1", "c.value > 4 {\n        paint[c] = Shade.blue");
    const { kernelText, game } = await loadRulesKernel("key-drill-no-hints", found, runtime);
    expect(kernelText).not.toContain("takeFromZoneOf(");
    expect(kernelText).not.toContain("$where");
    expect(kernelText).toMatch(/\$write_paint\([^;]+, -1\);/);
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, { seed: 41, playerCounts: [2, 4], gamesPerCount: 40, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["paint_red", "pass", "place", "repaint", "tint"]);
  });
});
