// A seat parameter kept by a plain `where` and narrowed by its own requirements is walked, not listed
// (playout-lazy-seats.ts): the option is offered while some seat passes both, and the list is made
// once the option is drawn. The drill gives a chip to another seat still in play with little gold
// (`friend in players where friend != p and gold[friend] < 6`) that must hold a chip (`require count(hand[friend]) >
// 0`), in a turn's decision and in a window, with preferences, while seats go broke and leave: a
// list made in another order, or with a seat the `where` or the requirement leaves out, would draw
// another seat than the state machine, and the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Walked Seats" {
  players 2..4
}
card Chip {
  value: int
  cards for v in 1..8 { value: v }
  cards for v in 1..8 { value: v }
}
per player var gold: int public = 4
zone pile: Chip pile public = all Chip
per player zone hand: Chip pile public

function left(): int = count(players)

flow {
  shuffle pile
  for p in players {
    deal 2 from pile to hand[p]
  }
  let rounds = 0
  while rounds < 10 {
    for p in players {
      ask p {
        draw
          require count(pile) > 0 else "the pile is empty"
        {
          deal 1 from pile to hand[p]
        }
        give(c in hand[p], friend in players where friend != p and gold[friend] < 6) prefer 2
          require count(hand[friend]) > 0 else "they hold no chip"
          require c.value <= gold[p] + 2 else "too dear to give"
        {
          move c to hand[friend]
          gold[p] -= 1
          gold[friend] += 1
        }
        rest prefer 1 {
          gold[p] -= 2
        }
      }
      window q in players_from(p) where gold[q] > 2 {
        tip(friend in players where friend != q and gold[friend] < 9) prefer 1
          require gold[friend] < gold[q] else "richer than you"
        {
          gold[q] -= 1
          gold[friend] += 1
        }
      }
      for s in players where gold[s] < 0 {
        if left() > 1 {
          eliminate(s)
        }
      }
      if left() == 1 {
        end game
      }
    }
    rounds += 1
  }
}

score p: gold[p] + count(hand[p])
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("walked-seats", DRILL, runtime);

describe("a seat parameter narrowed by its own requirements", () => {
  it("is searched among the seats and listed only once its option is drawn", async () => {
    // A decision's held locals (playout-decide-locals.ts) read as the flow's own.
    const kernelText = (await compiled()).kernelText.replace(/\$(l_\w+)/g, "$1");
    // The seats that pass the `where` alone are never listed: each list of seats is filled with those
    // that pass the parameter's own requirement too, and the option is offered while a search finds one.
    const lines = kernelText.split("\n").map((line) => line.trim());
    const pushed = lines.flatMap((line, i) => (/^\$values\d+\[\$values\d+\$n\+\+\] = l_friend;$/.test(line) ? [lines[i - 1]!] : []));
    expect(pushed.length).toBeGreaterThanOrEqual(4);
    for (const test of pushed) expect(["if (!(N[Z_hand + l_friend]! > 0)) continue;", "if (!(v_gold[l_friend]! < v_gold[l_q]!)) continue;"]).toContain(test);
    expect(kernelText.match(/let \$some\d+ = false;/g)?.length ?? 0).toBeGreaterThanOrEqual(4);
  });

  it("plays the state machine's games move for move, with uniform draws and with the preferences", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 37,
      playerCounts: [2, 3, 4],
      gamesPerCount: 40,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen]).toEqual(expect.arrayContaining(["draw", "give", "rest", "tip"]));
    expect(played.decisions / played.games).toBeGreaterThan(20);
  });
});
