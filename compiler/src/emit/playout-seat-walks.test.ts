// A pass over `players_from(s)` whose filter reads as a set of seats (playout-call-skips.ts,
// playout-seat-sets.ts) walks only the seats that can pass, in turn order from s: the seats from s
// up, then those below it (playout-seat-masks.ts `seatsOutsideFrom`), as `players` passes already
// did lowest first. Keys to Knowledge's window before a roll, `window q in players_from(roller)
// where q == roller or (claim_open and claim_owner == q)`, so lists its one or two seats from the
// mask `(1 << roller) | (claim_open ? 1 << claim_owner : 0)` without testing every seat. The drill
// asks, from a seat going round the table, that seat and the holder of an open claim, who may sit
// below or above it; seats leave the game (one listed may quit before its turn): a walk in the wrong order, a seat left out or a seat out
// of the game asked would play other games than the state machine.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Seat Walk Drill" {
  players 2..5
}
per player var gold: int public = 3
var open: bool public = false
var holder: player public = 0
var rounds: int public = 0

flow {
  let s = first(q in players)
  while rounds < 14 and count(players) > 1 {
    rounds += 1
    for q in players_from(s) where q == s or (open and holder == q) {
      ask q {
        claim
          require open and holder == q else "nothing to claim"
        {
          open = false
          gold[q] += 2
        }
        spend
          require gold[q] > 0 else "no gold"
        {
          gold[q] -= 1
          open = true
          holder = q
        }
        give(r in players)
          require r != q else "not yourself"
        {
          gold[r] += 1
          holder = r
          open = true
        }
        quit
          require count(players) > 2 and gold[q] < 3 else "stay"
        {
          eliminate(q)
        }
        pass { }
      }
    }
    if s in players {
      s = next(s)
    } else {
      s = first(q in players)
    }
  }
}

score p: gold[p] * 10 + (if open and holder == p then 1 else 0)
`;

describe("the playout kernel's passes over players_from walking a seat mask", () => {
  it("lists the seats passing the filter from its mask, in turn order from the first", async () => {
    const { kernelText } = await loadRulesKernel("seat-walk-drill", DRILL, runtime);
    const kernel = kernelText.replace(/\s+/g, "");
    // The mask of q == s or (open and holder == q), then the seats from s up and those below it.
    expect(kernel).toMatch(/constl_q\$all=\(\(1<<players\)-1\)&\(\(1<<l_s\)\|\(\(v_open===true\?-1:0\)&\(1<<v_holder\)\)\);/);
    expect(kernel).toMatch(/for\(letl_q\$left=l_q\$all&\(-1<<(\$start\d+)\),l_q\$low=l_q\$all&~\(-1<<\1\);;\)\{if\(l_q\$left===0\)\{if\(l_q\$low===0\)break;l_q\$left=l_q\$low;l_q\$low=0;\}constl_q=31-Math\.clz32\(l_q\$left&-l_q\$left\);l_q\$left&=l_q\$left-1;if\(v_eliminated\[l_q\]!==0\)continue;/);
    // No pass over every seat from s is left for this loop.
    expect(kernel).not.toMatch(/constl_q=\$start\d+\+\$k\d+<players/);
  });

  it("plays the state machine's games move for move", async () => {
    const { game } = await loadRulesKernel("seat-walk-drill", DRILL, runtime);
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, { seed: 48, playerCounts: [2, 3, 5], gamesPerCount: 40, preferences: [false, true], onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["claim", "give", "pass", "quit", "spend"]);
    expect(played.decisions / played.games).toBeGreaterThan(15);
  });
});
