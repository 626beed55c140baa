// Options of a decision that search the same domain for a value meeting their requirements share
// one pass over it (playout-shared-search.ts). The drill's options search a seat's hand (one of
// them after a range parameter is bounded, one with a second parameter searched after it, one
// whose requirement counts the hand again, some behind requirements about the situation that may
// close them first) and the seats, with requirements written alike in several options: the games
// must be the state machine's, move for move, with uniform draws and with preferences followed,
// the drawn option's parameter picked from the list the shared pass kept.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Shared Search" {
  players 2..4
}
card Chip {
  value: int
  cards for v in 1..6 { value: v }
  cards for v in 1..6 { value: v }
  cards for v in 1..4 { value: v }
}
per player var gold: int public = 2
per Chip var worn: bool public = false
zone pile: Chip pile public = all Chip
per player zone hand: Chip pile public
per player zone spent: Chip pile public

// A pass over the pile (never true: no chip is worth more than 6) keeps it a call, not a body written in
// place (playout-inline-calls.ts), as a requirement worked out once per card must be.
function dear(c: Chip): bool = c.value > 3 or any(d in pile: d.value > c.value + 5)
function pairs(p: player, c: Chip): int = count(x in hand[p] where x.value == c.value)
function rich(p: player): bool = gold[p] >= 4

flow {
  shuffle pile
  for p in players {
    deal 2 from pile to hand[p]
  }
  let rounds = 0
  while rounds < 10 {
    for p in players {
      window q in players_from(p) where q == p or count(hand[q]) > 4 {
        draw prefer 1
          require count(pile) > 0 else "the pile is empty"
          require count(hand[q]) < 7 else "hand full"
        {
          deal 1 from pile to hand[q]
        }
        spend(c in hand[q]) prefer 2
          require not dear(c) else "too dear"
          require c.value <= gold[q] else "not enough gold"
        {
          gold[q] -= c.value
          move c to spent[q]
        }
        sell(c in hand[q])
          require q == p else "only on your turn"
          require dear(c) else "not dear"
          require not worn[c] else "worn"
        {
          gold[q] += 2
          move c to pile
        }
        wear(d in hand[q])
          require dear(d) else "not dear"
          require not worn[d] else "worn already"
        {
          worn[d] = true
        }
        match(c in hand[q])
          require pairs(q, c) > 1 else "no pair"
          require count(x in hand[q] where x.value == c.value and worn[x]) == 0 else "a pair is worn"
        {
          move c to spent[q]
          gold[q] += 1
        }
        pay(n in 1..3, c in hand[q])
          require n <= gold[q] else "not that much gold"
          require not dear(c) else "too dear"
          require c.value > n else "pay less"
        {
          gold[q] -= n
          move c to pile
        }
        give(c in hand[q], r in players)
          require rich(q) else "not rich"
          require not worn[c] else "worn"
          require r != q and count(hand[r]) < 6 else "they are full"
        {
          move c to hand[r]
        }
        tip(r in players)
          require r != q and gold[q] > 0 and gold[r] < 50 else "nothing to tip" // (gold[r] < 50, like beg's > 1, no mask answers: a search, playout-seat-sets.ts)
        {
          gold[q] -= 1
          gold[r] += 1
        }
        beg(r in players) prefer 3
          require r != q and gold[r] > 1 else "nobody to beg from"
          require not rich(q) else "too rich to beg"
        {
          gold[r] -= 1
          gold[q] += 1
        }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + sum(c in spent[p]: c.value)
`;

describe("options that search the same domain in a kernel", () => {
  it("share one pass over it and offer the moves the state machine offers", async () => {
    const result = await compileOnce("shared-search", [{ path: "shared-search.rules", text: DRILL }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
    // One pass over the hand for its six options, one over the seats for two (`give` searches them
    // second), in the uniform draw and in the preferred draw; `not dear(c)` about `c` is worked out
    // once per card (`spend`, `pay`), `dear(d)` apart.
    const passes = kernelText.match(/if \(\$gate\d+(?: \|\| \$gate\d+)+\) \{/g) ?? [];
    expect(passes.map((p) => (p.match(/\$gate\d+/g) ?? []).length).sort()).toEqual([2, 2, 6, 6]);
    // Each pass keeps every match of each option in the list its draw picks from (emptied right
    // before the pass): the draw does not walk the hand or the seats again to fill it.
    const kept = [...kernelText.matchAll(/((?:\s*\$values\d+\$n = 0;)+)\s*if \(\$gate/g)].flatMap((m) => m[1]!.match(/\$values\d+(?=\$n)/g)!);
    expect(kept.length).toBe(16);
    // Counted in a local through the pass, the list's size set from it once after the pass.
    for (const list of kept) {
      const pushes = [...kernelText.matchAll(new RegExp(`\\${list}\\[(\\$value\\d+\\$kept\\d+)\\+\\+\\] = `, "g"))];
      expect(pushes).toHaveLength(1);
      const count = pushes[0]![1]!.replace(/\$/g, "\\$");
      expect(kernelText).toMatch(new RegExp(`let ${count} = 0;[\\s\\S]*\\${list}\\$n = ${count};`));
      expect(kernelText).not.toContain(`${list}[${list}$n++]`);
    }
    expect(kernelText).toMatch(/\$same\d+ = !fn_dear(\$memo)?\(l_c\) \? 1 : 2;/);
    expect(kernelText).toMatch(/if \(!fn_dear(\$memo)?\(l_d\)\) break found\d+\$test;/);
    const game = await loadRulesGame("shared-search", DRILL, runtime);
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, {
      seed: 31,
      playerCounts: [2, 3, 4],
      gamesPerCount: 30,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(expect.arrayContaining(["beg", "draw", "give", "match", "pay", "sell", "spend", "tip", "wear"]));
    expect([...typesSeen].some((t) => t.endsWith("done"))).toBe(true);
  });
});
