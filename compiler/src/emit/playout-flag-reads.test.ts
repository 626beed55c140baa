// A kernel reads every flag as one compare (playout-flags.ts, playout-expressions.ts `flagTest`): a
// `bool` variable, a local the flow keeps across decisions, a card's printed field and a variant
// compared with `true`; a seat's entry of one kept per player, kept as a byte, compared with 1. V8
// knows nothing of what a closure variable or a plain array holds, and a test for truth there is
// JavaScript's whole test (false, 0, "", …); `x === true` is one compare. It is right only while every
// flag holds what its compare expects (`true` or `false`; a seat's 1 or 0): the drill's flags are set
// from a printed field, a per-card flag (kept as a byte), `any`, a function, a comparison, `not`, a
// conditional and a variant, and each is read in a requirement, a `where`, an `if` and the score, so
// a flag holding the other kind of value would be read as false and the kernel's games would leave
// the state machine's. A state resumed mid-game brings its flags from the state's JSON.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";
import { expectKernelResumesMidGame } from "../../../tests/support/kernel-trace.js";

const DRILL = `
game "Flag Reads" {
  players 2..4
  variant bold "Bold: a lucky coin pays double"
}
card Coin {
  value: int
  lucky: bool
  cards for v in 1..8 { value: v, lucky: v % 3 == 0 }
}
per player var gold: int public = 2
per player var bold: bool public = false
per player var rich: bool public = false
per Coin var spent: bool public = false
var open: bool public = true
zone pile: Coin pile public = all Coin
per player zone purse: Coin pile public

function holds_lucky(p: player): bool = any(c in purse[p]: c.lucky)
function worth(c: Coin): int = if c.lucky and variant(bold) then 2 * c.value else c.value

flow {
  shuffle pile
  let turns = 0
  while turns < 10 {
    for p in players {
      let dared = bold[p]
      ask p {
        take prefer 2
          require open else "the pile is closed"
          require count(pile) > 0 else "the pile is empty"
        {
          deal 1 from pile to purse[p]
          bold[p] = top(purse[p]).lucky
        }
        spend(c in purse[p] where not spent[c]) prefer 1
          require rich[p] or c.lucky or dared else "not bold enough"
        {
          spent[c] = true
          gold[p] += worth(c)
          rich[p] = gold[p] > 6
          dared = not dared
        }
        shut
          require open and holds_lucky(p) else "no lucky coin to shut with"
        {
          open = false
          bold[p] = spent[top(purse[p])]
        }
        rest {
          gold[p] += 1
          rich[p] = if variant(bold) then gold[p] > 4 else holds_lucky(p)
        }
      }
      if dared and not open {
        open = true
        gold[p] -= 1
      }
    }
    turns += 1
  }
}

score p: gold[p] + (if bold[p] then 3 else 0) + (if rich[p] then 1 else 0) + count(c in purse[p] where spent[c] and c.lucky)
`;

const compiled = () => loadRulesKernel("flag-reads", DRILL, runtime);

describe("a kernel's flags, each read as one compare", () => {
  it("reads each kind of flag as one compare, never tested for truth", async () => {
    const kernel = (await compiled()).kernelText.replace(/\$(l_\w+)/g, "$1").replace(/\s+/g, " ");
    expect(kernel).toMatch(/v_open === true/);
    expect(kernel).toMatch(/v_open !== true/);
    expect(kernel).toMatch(/K_v_rich = new Uint8Array\(/);
    expect(kernel).toMatch(/K_v_bold = new Uint8Array\(/);
    expect(kernel).toMatch(/v_rich\[l_p\]! === 1/);
    expect(kernel).toMatch(/v_bold\[l_p\]! === 1/);
    expect(kernel).toMatch(/Coin_lucky\[\w+\]! === true/);
    expect(kernel).toMatch(/\$variant_bold === true/);
    expect(kernel).toMatch(/l_dared === true/);
    // No flag of the drill is tested for truth anywhere (`if (v_open)`, `!l_dared`, `v_rich[l_p]! ?`).
    for (const flag of ["v_open", "l_dared", "\\$variant_bold"]) expect(kernel).not.toMatch(new RegExp(`(!|if \\(|&& |\\|\\| )${flag}(?![\\w$]| [!=]== true)`));
    for (const [flag, set] of [["v_bold", "1"], ["v_rich", "1"], ["Coin_lucky", "true"]]) expect(kernel).not.toMatch(new RegExp(`(!|if \\(|&& |\\|\\| )${flag}\\[[^\\]]*\\]!?(?! [!=]== ${set})[ )?]`));
  });

  it("plays the state machine's games move for move, with the variant and without, uniform and by preferences", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 29,
      playerCounts: [2, 3, 4],
      gamesPerCount: 30,
      preferences: [false, true],
      variantSets: [[], ["bold"]],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect(played.games).toBe(360);
    expect([...typesSeen]).toEqual(expect.arrayContaining(["take", "spend", "shut", "rest"]));
  });

  it("resumes a game mid-way, its flags brought from the state", async () => {
    const { game } = await compiled();
    const resumed = expectKernelResumesMidGame(runtime, game, { seed: 29, playerCounts: [2, 3, 4], gamesPerCount: 20, moves: 12 });
    expect(resumed).toBeGreaterThan(30);
  });
});
