// A sum over the seats in play of a per-player zone's running count by a printed field
// (`sum(q in players: count(t in kept[q] where t.suit == s))`) is a read of totals the kernel keeps
// beside the counts (playout-seat-totals.ts), so a function made of such reads (`all_of`: a seat
// holds every token of a suit still in play) is a few reads, not memoised; and a function that reads
// a count by its enum argument is called, where the argument is a card's field, with that field's
// index (playout-enum-arguments.ts). The drill moves tokens into and out of the seats' zones in every
// way the totals follow (a deal, a move, a move between seats, `move all` out of a seat), and seats
// leave the game holding their tokens, which the sum over the seats in play then leaves out: a total
// wrong by one would offer other moves than the state machine, and the games would part.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { loadRulesKernel } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Seat Totals" {
  players 2..4
}
enum Suit { sun, moon, star }
card Token {
  suit: Suit
  value: int
  cards for s in [Suit.sun, Suit.moon, Suit.star], v in 1..4 { suit: s, value: v }
}
per player var gold: int public = 3
zone pool: Token pile public = all Token
zone lost: Token pile public
per player zone kept: Token pile public

function held(p: player, s: Suit): int = count(t in kept[p] where t.suit == s)
function seated(s: Suit): int = sum(q in players: count(t in kept[q] where t.suit == s))
function in_play(s: Suit): int = count(t in pool where t.suit == s) + seated(s)
function all_of(p: player, s: Suit): bool = held(p, s) == in_play(s)
function most_of(p: player, s: Suit): bool = held(p, s) * 2 > seated(s)

flow {
  shuffle pool
  for p in players {
    deal 2 from pool to kept[p]
  }
  let rounds = 0
  while rounds < 10 and count(players) > 1 {
    for p in players {
      if p in players {
        ask p {
          take(t in pool)
            require not all_of(p, t.suit) else "you hold them all"
          {
            move t to kept[p]
          }
          pass_on(t in kept[p], q in players)
            require q != p and most_of(p, t.suit) else "not the most of that suit"
          {
            move t to kept[q]
          }
          drop(t in kept[p])
            require all_of(p, t.suit) or held(p, t.suit) > 2 else "keep it"
          {
            move t to lost
          }
          give_up
            require gold[p] > 0 and count(kept[p]) > 4 else "keep them"
          {
            move all kept[p] to pool
            gold[p] -= 1
          }
          // Out of the game, tokens and all: the seats in play no longer count them.
          quit
            require count(players) > 2 and most_of(p, Suit.star) else "stay"
          {
            eliminate(p)
          }
          pass { }
        }
      }
    }
    rounds += 1
  }
}

score p: gold[p] + held(p, Suit.sun) + (if all_of(p, Suit.moon) then 5 else 0)
`;

const compiled = (): Promise<{ kernelText: string; game: Game }> => loadRulesKernel("seat-totals", DRILL, runtime);

describe("totals of a seat zone's running counts over the seats in play", () => {
  it("read the sum over the seats as one total, and call the functions with their enum arguments' indexes", async () => {
    // A decision's held locals (playout-decide-locals.ts) read as the flow's own.
    const kernelText = (await compiled()).kernelText.replace(/\$(l_\w+)/g, "$1");
    const body = (name: string): string => kernelText.slice(kernelText.indexOf(`function ${name}(`), kernelText.indexOf("\n  }", kernelText.indexOf(`function ${name}(`)));
    // `seated` is a read of the totals: no pass over the seats.
    expect(kernelText).toContain("$count_kept_suit$seats = new Int32Array(new ArrayBuffer(12))");
    expect(body("fn_seated")).toContain("$seatTotal($count_kept_suit$seats, ");
    expect(body("fn_seated")).not.toContain("for (");
    // So `all_of` and `most_of` are a few reads: no memo of theirs.
    expect(kernelText).not.toMatch(/fn_(all_of|most_of|in_play|seated|held)\$memo/);
    // Called on a token's suit or a named suit, they are given the suit's index, which they pass on
    // and read: in a listing written in place (playout-inline-calls.ts), the counts and the fresh
    // totals read at the index; elsewhere through their variants.
    const flat = kernelText.replace(/\s+/g, " ").replace(/\( /g, "(").replace(/ \)/g, ")");
    expect(flat).toContain("$count_kept_suit[l_p * 3 + Token_suit$index[l_t]!]! * 2 > ($seatTotalsFresh ? $count_kept_suit$seats[Token_suit$index[l_t]!]! : $seatTotal($count_kept_suit$seats, Token_suit$index[l_t]!))");
    expect(flat).toContain("$count_kept_suit[l_p * 3 + 2]! * 2 > ($seatTotalsFresh ? $count_kept_suit$seats[2]! : $seatTotal($count_kept_suit$seats, 2))");
    expect(kernelText).toContain('fn_all_of$at(l_p, "moon", 1)');
    expect(body("fn_seated$at")).toContain("$seatTotal($count_kept_suit$seats, l_s$index)");
    expect(body("fn_all_of$at")).toMatch(/fn_held\$at\(l_p, l_s, l_s\$index\) === fn_in_play\$at\(l_s, l_s\$index\)/);
    expect(body("fn_held$at")).not.toContain("$index_Suit(");
    // A seat leaving the game makes the totals stale; each move into or out of a seat's zone moves
    // them, for a seat in play.
    expect(kernelText).toContain("$seatTotalsFresh = false;");
    expect(kernelText).toMatch(/if \(v_eliminated\[[^\]]+ - Z_kept\] === 0\) \$count_kept_suit\$seats\[\$member\]!\+\+;/);
    expect(kernelText).toMatch(/if \(v_eliminated\[[^\]]+ - Z_kept\] === 0\) \$count_kept_suit\$seats\[\$member\]!--;/);
  });

  it("plays the state machine's games move for move, seats leaving with their tokens", async () => {
    const { game } = await compiled();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 37,
      playerCounts: [2, 3, 4],
      gamesPerCount: 60,
      preferences: [false, true],
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    expect([...typesSeen].sort()).toEqual(["drop", "give_up", "pass", "pass_on", "quit", "take"]);
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });

  it("sums every seat in a game where none leaves, and plays its games move for move", async () => {
    // Without `eliminate`, every seat is in play: the totals follow each seat's count unguarded.
    const text = DRILL.replace(/ {10}\/\/ Out of the game[\s\S]*?eliminate\(p\)\n {10}\}\n/, "");
    expect(text).not.toContain("eliminate");
    const { kernelText, game } = await loadRulesKernel("seat-totals-all", text, runtime);
    expect(kernelText).toMatch(/\$count_kept_suit\[[^\]]+\]!\+\+;\s+\$count_kept_suit\$seats\[\$member\]!\+\+;/);
    expect(kernelText).not.toContain("v_eliminated");
    const typesSeen = new Set<string>();
    expectKernelReplays(runtime, game, { seed: 43, playerCounts: [2, 3, 4], gamesPerCount: 40, onMove: (_seat, move) => typesSeen.add(move.type) });
    expect([...typesSeen].sort()).toEqual(["drop", "give_up", "pass", "pass_on", "take"]);
  });
});
