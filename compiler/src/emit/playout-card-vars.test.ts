// A `bool` variable per card is kept a byte a card, an `int` one in a Float64Array
// (playout-card-vars.ts). The drill's flag is
// read in requirements, in a count by a key (its writes then keep the counts), compared with a
// boolean worked out otherwise (a byte read as it is, 1, would never equal `true`), negated into
// itself, stored in a per-player boolean and returned by a function; its number grows past 2^31
// (an Int32Array would wrap it) and is read in a requirement and the score: the games must be the state
// machine's, move for move, with uniform draws and with preferences followed.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Card Flags" {
  players 2..4
}
card Chip {
  value: int
  cards for v in 1..6 { value: v }
  cards for v in 1..6 { value: v }
}
per player var gold: int public = 3
per player var last_worn: bool public = false
per Chip var worn: bool public = false
per Chip var lucky: bool public = true
per Chip var polish: int public = 0
zone pile: Chip pile public = all Chip
per player zone hand: Chip pile public

function shiny(c: Chip): bool = worn[c] and c.value > 2
function worn_count(p: player): int = count(c in hand[p] where worn[c])

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
        wear(c in hand[p]) prefer 2
          require not worn[c] else "worn already"
        {
          worn[c] = true
          last_worn[p] = worn[c]
          polish[c] += c.value * 700000000
        }
        flip(c in hand[p])
          require worn[c] != (gold[p] > 4) else "not now"
        {
          worn[c] = not worn[c]
          lucky[c] = worn[c] == lucky[c]
          last_worn[p] = shiny(c)
        }
        sell(c in hand[p] where shiny(c))
          require worn_count(p) > 1 else "keep one worn"
          require polish[c] > 2000000000 or c.value > 3 else "not polished enough"
        {
          gold[p] += c.value
          worn[c] = false
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

score p: gold[p] + sum(c in hand[p]: polish[c] / 100000000) + 2 * worn_count(p) + count(c in hand[p] where lucky[c]) + (if last_worn[p] then 1 else 0)
`;

describe("a bool or int variable per card in a kernel", () => {
  it("is a byte a card or a Float64Array, flags read as booleans and written as 1 or 0, and replays the state machine's games", async () => {
    const result = await compileOnce("card-flags", [{ path: "card-flags.rules", text: DRILL }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
    expect(kernelText).toMatch(/K_v_worn = new Uint8Array\((new ArrayBuffer\(\d+\)|\$stateBuffer, \d+, \d+)\);/);
    expect(kernelText).toMatch(/K_v_lucky = new Uint8Array\((new ArrayBuffer\(\d+\)|\$stateBuffer, \d+, \d+)\);/);
    expect(kernelText).toMatch(/K_v_polish = new Float64Array\((new ArrayBuffer\(\d+\)|\$stateBuffer, \d+, \d+)\);/);
    // Every read compares the byte with 1; every write stores 1 or 0.
    expect(kernelText).not.toMatch(/v_(worn|lucky)\[[^\]]+\]!(?! === 1)/);
    expect(kernelText).toMatch(/v_worn\[[^\]]+\] = \(?!?\(?v_worn\[[^\]]+\]! === 1\)? \? 1 : 0\)?;|\$write_worn(\$at_\w+)?\([^,]+, !\(v_worn\[[^\]]+\]! === 1\)/);
    expect(kernelText).toMatch(/v_lucky\[\$c\] = 1;/);
    // A per-player boolean is a byte a seat too (playout-flags.ts), set from a card's flag and from a
    // function's value as 1 or 0.
    expect(kernelText).toMatch(/K_v_last_worn = new Uint8Array\((new ArrayBuffer\(4\)|\$stateBuffer, \d+, 4)\);/);
    expect(kernelText).toMatch(/v_last_worn\[[\w$]+\] = v_worn\[[\w$]+\]! === 1 \? 1 : 0;/);
    expect(kernelText).toMatch(/v_last_worn\[[\w$]+\] = fn_shiny\([\w$]+\) \? 1 : 0;/);
    const game = await loadRulesGame("card-flags", DRILL, runtime);
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, {
      seed: 11,
      playerCounts: [2, 3, 4],
      gamesPerCount: 30,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(expect.arrayContaining(["draw", "flip", "sell", "wear"]));
  });
});
