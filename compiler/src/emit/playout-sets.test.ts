// The playout kernel's sets of cards (`give in subset(zone)`): drawn from the zone's segment into a
// scratch list of the kernel's (runtime drawSubsetInto), the requirements and the move reading that
// list in place (count, top, distinct, any, a loop, a move's `for`), an array made only where the
// set goes to a runtime helper (longest_run) or waits in an `ask each` for the other seats' choices.
// The same games as the state machine, move for move, from a stack (stored top-last) and a row,
// uniformly and by the rules' preferences.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const SETS = `
game "Set Drill" {
  players 2..4
}
enum Colour { red, blue }
card Token {
  value: int
  colour: Colour
  cards for v in 1..6, copy in 1..4 { value: v, colour: if copy == 1 then Colour.red else Colour.blue }
}
zone supply: Token stack hidden = all Token
zone pile: Token stack public
zone market: Token row public
per player zone hand: Token pile public
per player var points: int public = 0

setup {
  shuffle supply
  deal 4 from supply to market
  deal 5 from supply to pile
  for p in players {
    deal 3 from supply to hand[p]
  }
}

flow {
  let rounds = 0
  while rounds < 5 and count(supply) > 1 {
    for p in players {
      ask p {
        swap(give in subset(hand[p]), take in subset(market))
          require count(give) > 0 else "give a token"
          require count(take) == count(give) else "take as many as you give"
          require count(distinct(c in give: c.colour)) == 1 else "give one colour"
          require top(give).value != top(take).value else "take another value"
        {
          for c in give {
            move c to market
          }
          for c in take {
            move c to hand[p]
          }
        }
        dig(found in subset(pile)) prefer 3
          require count(found) > 0 and count(found) <= 2 else "one or two tokens"
          require longest_run(c in found: c.value) == count(found) or any(c in found: c.colour == Colour.red) else "not worth it"
        {
          for c in found {
            move c to hand[p]
            points[p] += c.value
          }
        }
        pass { }
      }
    }
    ask each p in players {
      drop(gone in subset(hand[p]))
        require count(gone) <= 1 else "drop one token at most"
      {
        for c in gone {
          move c to bottom of pile
          points[p] += 1
        }
      }
    }
    deal 1 from supply to market
    deal 1 from supply to pile
    rounds += 1
  }
}

score p: points[p] + count(hand[p])
`;

/** The text of each uniform draw of a decision, until it has drawn 10,000 times (the draws by
 *  preferences, which copy a set's zone once per decision, left out). */
function uniformDraws(kernel: string): string[] {
  let text = kernel;
  for (let at = text.search(/preferred\d+: if \(\$preferred\) \{/); at >= 0; at = text.search(/preferred\d+: if \(\$preferred\) \{/)) {
    let depth = 0;
    let end = text.indexOf("{", at);
    do {
      if (text[end] === "{") depth++;
      else if (text[end] === "}") depth--;
      end++;
    } while (depth > 0);
    text = text.slice(0, at) + text.slice(end);
  }
  return text
    .split("no legal move in 10,000 random draws")
    .slice(0, -1)
    .map((before) => before.slice(before.lastIndexOf("for (let $attempt = 0; $attempt < 10_000")));
}

describe("the playout kernel's sets of cards", () => {
  it("are drawn into scratch lists and read there, and the kernel plays the state machine's games", async () => {
    const result = await compileOnce("sets", [{ path: "sets.rules", text: SETS }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    const kernel = result.files.find((f) => f.path === "playout.ts")!.text;
    // Every set is drawn in place (no array per draw), and the draws read no copy of a zone.
    expect(kernel.match(/drawSubsetInto\(P, /g)).toHaveLength(4);
    expect(kernel).not.toMatch(/randomSubsetOn/);
    const uniform = uniformDraws(kernel);
    expect(uniform).toHaveLength(2);
    for (const draws of uniform) expect(draws).not.toMatch(/zoneCards\(/);
    // A move walks its drawn sets' lists as they are: no copy of a set before `for c in give`.
    for (const draws of uniform) expect(draws).not.toMatch(/\$values\d+\[\$n\d+\+\+\] = l_/);
    // A set read by a runtime helper is an array made for the call.
    expect(kernel).toMatch(/longestRun\(Array\.from\(\$list\d+\.subarray\(0, \$size\d+\)\)/);

    const game = await loadRulesGame("sets", SETS, runtime);
    const typesSeen = new Set<string>();
    const sizesSeen = new Set<number>();
    // Uniform draws, then the rules' preferences followed (a set drawn by its index among 2^n).
    expectKernelReplays(runtime, game, {
      seed: 5,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (_seat, move) => {
        typesSeen.add(move.type);
        for (const value of Object.values(move)) if (Array.isArray(value)) sizesSeen.add(value.length);
      },
    });
    // Every option is played, with sets of several sizes (the empty one too).
    expect([...typesSeen].sort()).toEqual(["dig", "drop", "pass", "swap"]);
    expect([...sizesSeen]).toEqual(expect.arrayContaining([0, 1, 2, 3]));
  });
});
