// An enum variable per card is kept as its member's code in an Int8Array (playout-card-vars.ts).
// The drill's `tint` is compared with members either way round (`==`, `!=`), with another card's
// tint, with a printed field and with a per-player enum; it is written from a member, a printed
// field, another card's tint and a per-player enum, handed out as a value (stored per player,
// returned by a function whose value a count by a key compares: its writes then keep the counts) and
// read in the score; `mark`, which no count reads, is written in place from a member (its code) and
// from a per-player enum (looked up), and read in a requirement: the games must be the state
// machine's, move for move, with uniform draws and with preferences followed.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Card Tints" {
  players 2..4
}
enum Hue { none, red, green, blue }
card Chip {
  colour: Hue
  value: int
  cards for h in [Hue.red, Hue.green, Hue.blue], v in 1..4 { colour: h, value: v }
}
per player var gold: int public = 3
per player var favourite: Hue public = Hue.green
per Chip var tint: Hue public = Hue.none
per Chip var mark: Hue public = Hue.blue
zone pile: Chip pile public = all Chip
per player zone hand: Chip pile public

function shade(c: Chip): Hue = if tint[c] == Hue.none then c.colour else tint[c]
function shaded(p: player, h: Hue): int = count(c in hand[p] where shade(c) == h)

flow {
  shuffle pile
  for p in players {
    deal 3 from pile to hand[p]
  }
  let rounds = 0
  while rounds < 12 {
    for p in players {
      ask p {
        draw prefer 1
          require count(pile) > 0 else "the pile is empty"
        {
          deal 1 from pile to hand[p]
        }
        paint(c in hand[p]) prefer 2
          require tint[c] == Hue.none else "painted already"
        {
          if c.value == 4 {
            tint[c] = Hue.blue
          } else {
            tint[c] = if c.value > 2 then Hue.red else c.colour
          }
          mark[c] = favourite[p]
        }
        copy(a in hand[p], b in hand[p])
          require a != b else "the same card"
          require Hue.none != tint[b] else "nothing to copy"
          require tint[a] != tint[b] else "the same already"
        {
          tint[a] = tint[b]
          favourite[p] = shade(a)
        }
        wash(c in hand[p] where tint[c] == c.colour or tint[c] == favourite[p]) {
          tint[c] = Hue.none
          mark[c] = Hue.green
          gold[p] += 1
        }
        sell(c in hand[p] where tint[c] != Hue.none)
          require shaded(p, Hue.red) > 1 else "keep a red"
          require mark[c] != Hue.blue or c.value > 2 else "marked blue"
        {
          gold[p] += c.value
          tint[c] = favourite[p]
          move c to pile
        }
        rest {
          gold[p] += 1
        }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + 3 * shaded(p, Hue.red) + 2 * shaded(p, favourite[p]) + count(c in hand[p] where tint[c] == Hue.blue)
`;

describe("an enum variable per card in a kernel", () => {
  it("is kept as its members' codes, compared as codes and handed out as names, and replays the state machine's games", async () => {
    const result = await compileOnce("card-tints", [{ path: "card-tints.rules", text: DRILL }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
    expect(kernelText).toMatch(/K_v_tint = new Int8Array\((new ArrayBuffer\(\d+\)|\$stateBuffer, \d+, \d+)\);/);
    // The blank and a member written are codes; a member compared is a code, either way round.
    expect(kernelText).toMatch(/v_tint\[\$c\] = 0;/);
    expect(kernelText).toMatch(/v_mark\[\$c\] = 3;/);
    expect(kernelText).toMatch(/v_mark\[[^\]]+\] = 2;/);
    expect(kernelText).toMatch(/v_tint\[[^\]]+\]! === 0\b/);
    expect(kernelText).toMatch(/v_tint\[[^\]]+\]! !== 0\b/);
    expect(kernelText).not.toMatch(/v_(tint|mark)\[[^\]]+\]! (===|!==) "/);
    // Two tints compared are two codes compared.
    expect(kernelText).toMatch(/v_tint\[l_a\]! !== v_tint\[l_b\]!/);
    // A value handed out is the member's name; a value written is its code.
    expect(kernelText).toMatch(/ALL_Hue\[v_tint\[[^\]]+\]!\]!/);
    expect(kernelText).toMatch(/\(ALL_Hue as readonly string\[\]\)\.indexOf\(/);
    const game = await loadRulesGame("card-tints", DRILL, runtime);
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, {
      seed: 17,
      playerCounts: [2, 3, 4],
      gamesPerCount: 30,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(expect.arrayContaining(["copy", "draw", "paint", "sell", "wash"]));
  });
});
