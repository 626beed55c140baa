// The playout kernel keeps the values of the rules' memoized functions from one decision to the
// next (playout-memo.ts), and forgets them where a statement writes what they read
// (playout-memo-reads.ts); its counts of a zone's cards by a printed field follow every move
// (playout-counts.ts). The drill's requirements read functions whose values each kind of write
// changes (a move, a deal, `move all`, a shuffle, a transfer, an assignment to a per-card, a
// per-player and a plain variable, `eliminate`): a value kept past any of them would offer other
// moves than the state machine, and the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import { checkGame } from "../check-game.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";
import { StateReads } from "./playout-memo-reads.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Memo Across Decisions" {
  players 2..4
}
enum Suit { sun, moon }
card Token {
  suit: Suit
  value: int
  cards for v in 1..4 { suit: Suit.sun, value: v }
  cards for v in 1..4 { suit: Suit.moon, value: v }
}
per Token var worn: int public = 0
per player var gold: int public = 4
var tide: int public = 0
var vault: int public = 100
zone pool: Token pile public = all Token
zone spare: Token stack public
per player zone kept: Token pile public

function kept_of(p: player, s: Suit): int = count(t in kept[p] where t.suit == s)
function short_of(p: player, s: Suit): bool = kept_of(p, s) < 2
function wear(p: player): int = sum(t in kept[p]: worn[t])
function richest(p: player): bool = all(q in players: gold[q] <= gold[p])
function tide_low(): bool = count(t in pool where t.value > tide) > 2
function top_sun(): bool = any(t in spare: t.suit == Suit.sun) and top(spare).suit == Suit.sun
// A pass (the value test keeps it from being a running count's read): memoised, forgotten at
// every write of the spare pile.
function spare_of(s: Suit): int = count(t in spare where t.suit == s and t.value > 0)
// Short scans (one seat's zone, or the seats, reading printed fields and sizes): no memo.
function moonlit(p: player): bool = any(t in kept[p]: t.suit == Suit.moon)
function held(): int = sum(q in players: count(kept[q]))

flow {
  let rounds = 0
  while rounds < 12 and count(players) > 1 {
    for p in players {
      if p in players {
        ask p {
          take(t in pool)
            require short_of(p, t.suit) else "enough of that suit"
          {
            move t to kept[p]
          }
          draw
            require count(pool) > 0 and kept_of(p, Suit.sun) + kept_of(p, Suit.moon) < 3 else "hands full"
          {
            deal 1 from pool to kept[p]
          }
          polish(t in kept[p])
            require wear(p) < 3 else "worn out"
          {
            worn[t] += 1
          }
          pay(q in players)
            require q != p and richest(p) else "not the richest"
          {
            transfer 1 from gold[p] to gold[q]
          }
          earn
            require not richest(p) and vault > 0 else "rich enough"
          {
            transfer 2 from vault to gold[p]
          }
          rise
            require tide_low() else "the tide is high"
          {
            tide += 1
          }
          stash(t in kept[p]) {
            move t to spare
          }
          mix
            require top_sun() and spare_of(Suit.moon) > 0 else "nothing to mix"
          {
            shuffle spare
          }
          recall
            require spare_of(Suit.sun) > 1 else "no suns to recall"
          {
            move all spare to pool
          }
          retire
            require count(players) > 2 and not short_of(p, Suit.moon) and not short_of(p, Suit.sun) else "stay"
          {
            move all kept[p] to pool
            eliminate(p)
          }
          wave
            require moonlit(p) and held() > 3 else "calm"
          { }
          pass { }
        }
      }
    }
    rounds += 1
    if rounds == 6 {
      tide = 0
      for p in players {
        gold[p] = 4
      }
    }
  }
}

score p: gold[p] + wear(p)
`;

describe("the playout kernel's memo across decisions", () => {
  it("forgets a function's values where a statement writes what it reads, and plays the state machine's games", async () => {
    const result = await compileOnce("memo-across", [{ path: "memo-across.rules", text: DRILL }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const kernelText = result.files.find((f) => f.path === "playout.ts")!.text;
    for (const name of ["wear", "richest", "tide_low", "spare_of"]) expect(kernelText).toContain(`fn_${name}$memo(`);
    // A short scan costs about what its memo would: the kernel calls it (`short_of` calls
    // `kept_of`, a running count's look-up; `wear` reads a variable; `richest` reads one; `spare_of` is not
    // a seat's zone). So does a function whose aggregates are all running counts' reads (`top_sun`:
    // a count and the top card).
    for (const name of ["kept_of", "moonlit", "held", "top_sun"]) {
      expect(kernelText).toContain(`fn_${name}(`);
      expect(kernelText).not.toContain(`fn_${name}$memo(`);
    }
    // Counts of a zone's cards by a printed enum field are look-ups of counts every move keeps
    // (playout-counts.ts): the drill's moves, deals, `move all` and shuffles keep them right.
    expect(kernelText).toContain("$count_kept_suit[");
    expect(kernelText).toContain("$count_spare_suit[");
    // No memo of a whole decision: each function has a generation of its own.
    expect(kernelText).not.toContain("$epoch");
    const game = await loadRulesGame("memo-across", DRILL, runtime);
    // One kernel plays every game: the values of the game before are forgotten too.
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, { seed: 11, playerCounts: [2, 3, 4], gamesPerCount: 80, onMove: (_seat, move) => typesSeen.add(move.type) });
    // Every write the drill is about happened.
    expect([...typesSeen].sort()).toEqual(["draw", "earn", "mix", "pass", "pay", "polish", "recall", "retire", "rise", "stash", "take", "wave"]);
  });

  it("names what each function reads, through the functions it calls, and what each statement writes", () => {
    const checked = checkGame("memo-across", [{ path: "memo-across.rules", text: DRILL }]);
    const reads = new StateReads(checked.game!);
    // `players` reads who was eliminated.
    expect([...reads.functionReads("short_of")].sort()).toEqual(["var:eliminated", "zone:kept"]);
    expect([...reads.functionReads("wear")].sort()).toEqual(["var:eliminated", "var:worn", "zone:kept"]);
    expect([...reads.functionReads("tide_low")].sort()).toEqual(["var:eliminated", "var:tide", "zone:pool"]);
    // A card moved from wherever it lies: every zone of its card type.
    const flow = checked.game!.flow!;
    const statements: import("../syntax/ast.js").Statement[] = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === "object") {
        const record = node as Record<string, unknown>;
        if (typeof record.kind === "string" && ["move", "transfer", "assign", "shuffle", "move-all", "deal"].includes(record.kind) && "range" in record) statements.push(record as never);
        for (const [key, child] of Object.entries(record)) if (key !== "range") collect(child);
      }
    };
    collect(flow);
    const writes = (kind: string): string[] => statements.filter((s) => s.kind === kind).map((s) => [...reads.statementWrites(s)].sort().join(" "));
    expect(writes("move")).toContain("zone:kept zone:pool zone:spare");
    expect(writes("transfer")).toEqual(expect.arrayContaining(["var:gold", "var:gold var:vault"]));
    expect(writes("shuffle")).toEqual(["zone:spare"]);
    expect(writes("deal")).toEqual(["zone:kept zone:pool"]);
    expect(writes("assign")).toEqual(expect.arrayContaining(["var:worn", "var:tide", "var:gold", "var:eliminated"]));
  });

  it("counts by a printed field in a kernel without functions of the rules' own, as the state machine does", async () => {
    // No functions: the kernel is one `play`, with no closure for running counts; the counts are loops.
    const text = DRILL.replace(/^function .*$/gm, "").replace(/flow \{[\s\S]*\n\}\n\nscore p: .*$/m, `flow {
  let rounds = 0
  while rounds < 6 {
    for p in players {
      ask p {
        take(t in pool)
          require count(t2 in kept[p] where t2.suit == t.suit) < 2 else "enough of that suit"
        {
          move t to kept[p]
        }
        pass { }
      }
    }
    rounds += 1
  }
}

score p: count(t in kept[p] where t.suit == Suit.sun)`);
    expect(text).not.toMatch(/^function /m);
    const result = await compileOnce("tally-inline", [{ path: "tally-inline.rules", text }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    expect(result.files.find((f) => f.path === "playout.ts")!.text).not.toContain("$count_");
    const game = await loadRulesGame("tally-inline", text, runtime);
    expectKernelReplays(runtime, game, { seed: 5, playerCounts: [3], gamesPerCount: 40 });
  });
});
