// The playout kernel's plain arrays made PACKED in V8 (playout-arrays.ts): its variables per player
// and per card, and the keys of a `for ... by` loop. `new Array(n).fill(v)` made them HOLEY, and V8
// checks every read of a holey array for a hole. The drill keeps per-player variables of each kind
// (int, bool, an enum's text), per-card ones, and a loop in an order by key; the test asks V8 itself,
// in a process of its own with natives syntax on, whether the kernel's arrays are holey, and replays
// the drill's games against the state machine.
import { execFileSync } from "node:child_process";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Packed Drill" {
  players 2..4
}
enum Mood { calm, keen, cross }
card Tile {
  value: int
  cards for v in 1..30 { value: v }
}
per Tile var marked: bool public = false
per Tile var level: int public = 0
per player var gold: int public = 0
per player var done: bool public = false
per player var mood: Mood public = Mood.calm
zone pool: Tile stack hidden = all Tile
per player zone row: Tile pile public

setup {
  shuffle pool
}

flow {
  while count(pool) > 0 and any(p in players: not done[p]) {
    for p in players where not done[p] {
      if count(pool) > 0 {
        deal 1 from pool to row[p]
      }
      ask p {
        mark(c in row[p] where not marked[c]) {
          marked[c] = true
          level[c] += 1
        }
        cash(c in row[p] where marked[c])
          require mood[p] != Mood.cross else "too cross to cash"
        {
          gold[p] += level[c] + c.value
          marked[c] = false
          mood[p] = Mood.keen
        }
        stop
          require gold[p] > 5 else "too poor to stop"
        {
          done[p] = true
        }
        sulk {
          mood[p] = if mood[p] == Mood.cross then Mood.calm else Mood.cross
        }
      }
    }
    // The richest seat draws first: the order decides who gets which tile.
    for p in players by gold[p] descending {
      if count(pool) > 0 and not done[p] {
        deal 1 from pool to row[p]
      }
    }
  }
}

score p: gold[p] + count(c in row[p] where marked[c])
`;

/** The kernel's declarations of its variables' arrays and sort keys: name and initial expression. */
function arrayDeclarations(kernelText: string): { name: string; init: string }[] {
  return [...kernelText.matchAll(/^\s*(?:var|const) (K_(?:v_\w+|\$keys\d+)) = (.+);$/gm)].map((m) => ({ name: m[1]!, init: m[2]! }));
}

/** Whether V8 holds each expression's array with holes, asked in a node process with natives syntax. */
function holey(inits: readonly string[]): boolean[] {
  const js = inits.map((init) => ts.transpileModule(`(${init})`, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText.replace(/^"use strict";\s*/, "").trim().replace(/;$/, ""));
  const script = `console.log(JSON.stringify([${js.map((e) => `%HasHoleyElements(${e})`).join(", ")}]));`;
  return JSON.parse(execFileSync(process.execPath, ["--allow-natives-syntax", "-e", script], { encoding: "utf8" })) as boolean[];
}

describe("the playout kernel's packed arrays", () => {
  it("makes its variables' arrays and sort keys packed", async () => {
    const { kernelText } = await loadRulesKernel("packed-drill", DRILL, runtime);
    const arrays = arrayDeclarations(kernelText);
    expect(arrays.filter((a) => a.name.startsWith("K_v_")).map((a) => a.name).sort()).toEqual(["K_v_done", "K_v_gold", "K_v_level", "K_v_marked", "K_v_mood"]);
    expect(arrays.some((a) => a.name.startsWith("K_$keys"))).toBe(true);
    expect(kernelText).not.toMatch(/new Array\(/);
    expect(holey(arrays.map((a) => a.init))).toEqual(arrays.map(() => false));
    // The check itself tells a holey array from a packed one.
    expect(holey(["new Array(6).fill(0)", "[0, 0]"])).toEqual([true, false]);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("packed-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 43, playerCounts: [2, 3, 4], gamesPerCount: 40, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["cash", "mark", "stop", "sulk"]);
    expect(played.decisions / played.games).toBeGreaterThan(8);
  });
});
