// The playout kernel (compiler/src/emit/playout-*.ts) against the state machine on a drill game that
// uses what For Sale does not: a `for` loop around a decision (kept by `where`, ordered by `by`), an
// option offered by a `require`, an `ask each` kept by `where` with two options and a range, stacks
// dealt to their bottom and taken from their top, `move all` onto a stack, `any`/`all`/`sum`/`count`
// over zones and players, `if`/`else`, `end game`, `up to` transfers, a slot. The same games move for
// move from the same seeds; and a construct the kernel writer lacks means no kernel, said in one line.
import { describe, expect, it } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "../../../runtime/src/internal.js";
import { compileOnce } from "../testing/compiled-once.js";
import { loadRulesGame } from "../testing/load-game.js";
import { expectKernelReplays } from "../../../tests/support/kernel-replay.js";

const DRILL = `
game "Kernel Drill" {
  players 2..4
}
card Chip {
  points: int
  cards for v in 1..9, copy in 1..2 { points: v }
}
var pot: int public = 0
var rounds: int public = 0
per player var purse: int public = 6
per player var resting: bool public = false
zone deck: Chip stack hidden = all Chip
zone pool: Chip row public
zone discard: Chip stack public
per player zone hand: Chip pile owner
per player zone shown: Chip slot public

setup {
  shuffle deck
  deal 2 from deck to bottom of discard
  for p in players {
    deal 2 from deck to hand[p]
  }
}

flow {
  let first = random_player()
  while count(deck) >= player_count {
    rounds += 1
    deal player_count from deck to pool
    for p in players where purse[p] > 0 by sum(c in hand[p]: c.points) descending {
      ask p {
        take(card in pool) {
          move card to hand[p]
          transfer up to 2 from purse[p] to pot
        }
        wait
          require count(pool) > 1 else "take the last chip"
        {
          purse[p] += 1
        }
      }
    }
    move all pool to discard
    ask each p in players where count(hand[p]) > 0 {
      show(card in hand[p]) {
        move card to shown[p]
      }
      rest(amount in 0 .. purse[p]) {
        resting[p] = amount > 0
        purse[p] -= amount
        pot += amount
      }
    }
    for p in players {
      if count(shown[p]) > 0 {
        if top(shown[p]).points > 6 or resting[p] {
          move top(shown[p]) to bottom of discard
        } else {
          move top(shown[p]) to hand[p]
        }
      }
    }
    if all(p in players: purse[p] == 0) or rounds > 8 {
      end game
    }
    if any(c in discard: c.points == 9) and count(discard) > 6 {
      move top(discard) to hand[first]
      first = next(first)
    }
  }
}

score p: sum(c in hand[p]: c.points) + purse[p]
tiebreak p: count(hand[p])
`;

/** Procedures called with arguments that name locals of the same names as their parameters, one of
 *  them a `for … where` loop: the kernel binds each parameter from its argument read before. */
const PROCEDURES = `
game "Procedures" {
  players 2..3
}
card Chip {
  value: int
  cards for v in 1..9 { value: v }
}
zone pool: Chip row public = all Chip
per player zone stash: Chip pile public
per player var points: int public = 0

procedure award(p: player, at_least: int) {
  for c in stash[p] where c.value >= at_least {
    points[p] += 1
  }
}

procedure swap_points(a: player, b: player) {
  let kept = points[a]
  points[a] = points[b]
  points[b] = kept
}

flow {
  let rounds = 0
  while rounds < 4 and count(pool) > 0 {
    for p in players where count(pool) > 0 {
      ask p {
        take(c in pool) {
          move c to stash[p]
          award(p, c.value)
        }
        pass { }
      }
    }
    for a in players where points[a] > 2 {
      for b in players where b != a and points[b] < points[a] {
        swap_points(b, a)
      }
    }
    rounds += 1
  }
}

score p: points[p]
`;

/** Functions of seats, enum members and cards read by requirements over and over (the kernel's
 *  memo, playout-memo.ts), whose values each move changes: a memo value kept past a move would
 *  offer other moves than the state machine. */
const MEMO = `
game "Memo Drill" {
  players 2..4
}
enum Colour { red, blue, green }
card Gem {
  colour: Colour
  value: int
  cards for v in 1..5 { colour: Colour.red, value: v }
  cards for v in 1..5 { colour: Colour.blue, value: v }
  cards for v in 1..5 { colour: Colour.green, value: v }
}
per Gem var polished: int public = 0
per player var coins: int public = 3
zone mine: Gem pile public = all Gem
per player zone bag: Gem pile public

function held(p: player, c: Colour): int = count(g in bag[p] where g.colour == c)
function total(c: Colour): int = count(g in mine where g.colour == c) + sum(q in players: held(q, c))
function worth(p: player): int = sum(g in bag[p]: g.value + polished[g])
function leads(p: player, c: Colour): bool = all(q in players: q == p or held(q, c) < held(p, c))
function shine(g: Gem): int = polished[g] + count(h in mine where h.colour == g.colour)
function lowest_red(): int = first(h in mine where h.colour == Colour.red).value

flow {
  let rounds = 0
  while rounds < 10 and count(mine) > 0 {
    for p in players {
      ask p {
        dig(g in mine)
          require held(p, g.colour) * 2 < total(g.colour) else "no"
        {
          move g to bag[p]
        }
        polish(g in bag[p])
          require worth(p) < 14 else "no"
          require not leads(p, g.colour) or coins[p] > 1 else "no"
          require shine(g) < 4 and (not any(h in mine: h.colour == Colour.red) or lowest_red() != g.value) else "no"
        {
          polished[g] += 1
          coins[p] -= 1
        }
        give(g in bag[p], q in players)
          require q != p and q in players and count(players) > 1 else "no"
          require leads(p, g.colour) else "no"
          require held(q, g.colour) < 2 else "no"
        {
          move g to bag[q]
          coins[p] += 1
        }
        pass { }
      }
    }
    rounds += 1
  }
}

score p: worth(p) + coins[p]
`;

/** Counts compared with whole numbers, on either side and by every comparison, often past the number:
 *  the kernel stops counting one past it (cappedCount), which must decide every test as the state
 *  machine's full count does. */
const COUNTS = `
game "Counts Drill" {
  players 2..4
}
card Chip {
  value: int
  cards for v in 1..6, copy in 1..3 { value: v }
}
zone pool: Chip row public = all Chip
per player zone bag: Chip pile public
per player var points: int public = 0

flow {
  let rounds = 0
  while rounds < 12 and count(pool) > 0 {
    for p in players {
      ask p {
        take(c in pool)
          require count(d in bag[p] where d.value == c.value) < 2 else "no"
        {
          move c to bag[p]
        }
        cash
          require 1 < count(d in bag[p] where d.value > 3) else "no"
          require count(q in players where count(bag[q]) >= 3) != 1 else "no"
        {
          points[p] += count(d in bag[p] where d.value > 3)
        }
        stay
          require count(d in bag[p] where d.value <= 3) >= 2 or count(d in pool where d.value == 6) == 3 else "no"
          require 4 >= count(d in bag[p] where d.value != 1) else "no"
        {
          points[p] += 1
        }
        pass { }
      }
    }
    rounds += 1
  }
}

score p: points[p]
`;

/** Plays random games on the state machine and on the kernel, expects the same games, and gives the
 *  move types played, sorted. */
function typesPlayed(game: Game, playerCounts: readonly number[], gamesPerCount: number): string[] {
  const types = new Set<string>();
  expectKernelReplays(runtime, game, { seed: 3, playerCounts, gamesPerCount, onMove: (_seat, move) => types.add(move.type) });
  return [...types].sort();
}

describe("the playout kernel", () => {
  it("plays the drill game's state-machine games move for move", async () => {
    const game = await loadRulesGame("drill", DRILL, runtime);
    expect(game.playout).toBeDefined();
    const typesSeen = new Set<string>();
    const played = expectKernelReplays(runtime, game, {
      seed: 3,
      playerCounts: [2, 3, 4],
      gamesPerCount: 150,
      onMove: (_seat, move) => typesSeen.add(move.type),
    });
    // The kernel names the `end game` that ended the game, as the state machine does.
    expect(played.endedByStatement).toBeGreaterThan(0);
    // The games exercise every option, at length.
    expect([...typesSeen].sort()).toEqual(["rest", "show", "take", "wait"]);
    expect(played.decisions / played.games).toBeGreaterThan(10);
  });

  it("is written, and type-checks, for procedures with a `for … where` called with locals named as their parameters", async () => {
    const result = await compileOnce("procedures", [{ path: "procedures.rules", text: PROCEDURES }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    expect(result.files.map((f) => f.path)).toContain("playout.ts");
    const game = await loadRulesGame("procedures", PROCEDURES, runtime);
    expect(typesPlayed(game, [2, 3], 60)).toEqual(["pass", "take"]);
  });

  it("reads the rules' functions through a memo while listing moves, and plays the state machine's games", async () => {
    const result = await compileOnce("memo", [{ path: "memo.rules", text: MEMO }]);
    const kernel = result.files.find((f) => f.path === "playout.ts")!.text;
    // Every function that loops is memoized where requirements read it; the moves' effects call them directly.
    for (const name of ["total", "worth", "leads", "lowest_red"]) expect(kernel).toContain(`fn_${name}$memo(`);
    // But `held`, one pass over a seat's zone by a printed field, costs about what its memo would;
    // and `shine`, whose count is a running count's read, is a few reads (playout-seat-totals.ts).
    expect(kernel).not.toContain("fn_held$memo(");
    expect(kernel).not.toContain("fn_shine$memo(");
    // A seat among the players, their count and `first` are tests and loops, no list made.
    expect(kernel).not.toMatch(/seatList|firstOf/);
    const game = await loadRulesGame("memo", MEMO, runtime);
    expect(typesPlayed(game, [2, 3, 4], 60)).toEqual(["dig", "give", "pass", "polish"]);
  });

  it("stops a count compared with a number one past that number, and plays the state machine's games", async () => {
    const result = await compileOnce("counts", [{ path: "counts.rules", text: COUNTS }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const kernel = result.files.find((f) => f.path === "playout.ts")!.text;
    for (const limit of [1, 2, 3, 4]) expect(kernel).toMatch(new RegExp(`if \\(\\+\\+\\$count\\d+ > ${limit}\\) break;`));
    const game = await loadRulesGame("counts", COUNTS, runtime);
    expect(typesPlayed(game, [2, 3, 4], 80)).toEqual(["cash", "pass", "stay", "take"]);
  });

  it("is written for a kernel of one function per step whose decision has a lone option without parameters", async () => {
    const LONE = `
game "Lone Option" {
  players 2..3
}
per player var points: int public = 0
function ahead(p: player): bool = all(q in players: points[q] <= points[p])

flow {
  let rounds = 0
  while rounds < 5 {
    for p in players {
      ask p {
        score { points[p] += if ahead(p) then 1 else 2 }
      }
    }
    rounds += 1
  }
}

score p: points[p]
`;
    const result = await compileOnce("lone", [{ path: "lone.rules", text: LONE }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.notes).toEqual([]);
    expect(result.files.find((f) => f.path === "playout.ts")!.text).toMatch(/function step\d+\(\)/);
    const game = await loadRulesGame("lone", LONE, runtime);
    expect(typesPlayed(game, [2, 3], 10)).toEqual(["score"]);
  });

  it("is not emitted for a game using what the kernel writer lacks, and compiling says why in one line", async () => {
    const text = DRILL.replace("deal 2 from deck to bottom of discard", "deal 2 from deck to bottom of discard\n  deal 1 from deck to deck");
    expect(text).not.toEqual(DRILL);
    const result = await compileOnce("drill", [{ path: "drill.rules", text }]);
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.files.map((f) => f.path)).not.toContain("playout.ts");
    expect(result.files.find((f) => f.path === "index.ts")!.text).not.toMatch(/playout/);
    expect(result.notes).toEqual([
      "drill: no playout kernel (simulations use the state machine): a deal from a zone into the same zone is not supported by the kernel writer yet",
    ]);
  });
});
