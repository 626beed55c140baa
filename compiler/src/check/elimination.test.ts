// Elimination: `eliminate(p)` takes a player out of the game for good. The language keeps who is out
// (`eliminated`, per player: 0 while in, then 1, 2, ... in the order they leave); `players`,
// `players_from` and `next` pass over the seats that are out, so turns, windows, races and choices of
// a player skip them, and the runtime is told (`meta.eliminated`).
import { describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game, Match, Move } from "../../../runtime/src/internal.js";
import { tableOf, tableText } from "../../../runtime/src/present/index.js";
import { compileGame } from "../index.js";
import { loadRulesGame } from "../testing/load-game.js";

const rules = `
game "Last stand" {
  players 3..4
}
per player var cheers: int public = 0
procedure strike(p: player) {
  eliminate(p)
  eliminate(p)
  if count(players) == 1 {
    end game
  }
}
flow {
  let active = top(players)
  while count(players) > 1 {
    ask active {
      hit(target in players where target != active) {
        strike(target)
      }
    }
    window q in players_from(next(active)) where q != active {
      cheer {
        cheers[q] += 1
      }
    }
    active = next(active)
  }
}
score p: if eliminated[p] > 0 then 0 else 1
tiebreak p: eliminated[p]
`;

function play(match: Match, seat: number, move: Move): Match {
  const outcome = runtime.applyMove(match, seat, move);
  if (!outcome.ok) throw new Error(`${outcome.error.code}: ${outcome.error.reason}`);
  return outcome.match;
}

describe("eliminate(p)", () => {
  test("skips the players who are out in turns, windows and choices of a player, and ranks them by when they left", async () => {
    const game: Game = await loadRulesGame("last-stand", rules, runtime);
    expect(game.meta.eliminated).toBe("eliminated");
    let match = runtime.createMatch(game, { players: 4, seed: 1 });
    expect(match.state.vars["eliminated"]).toEqual([0, 0, 0, 0]);
    // Seat 0 strikes seat 1, first out (a second eliminate(p) changes nothing).
    match = play(match, 0, { type: "hit", target: 1 });
    expect(match.state.vars["eliminated"]).toEqual([0, 1, 0, 0]);
    // At the table, seat 1's panel says it is out, in words; the others' say nothing of it.
    const table = tableText(tableOf(game, runtime.viewFor(match, 0), 0)).join("\n");
    expect(table.split(/\n(?=\S)/).filter((area) => /out of the game/i.test(area))).toEqual(["Seat 1:\n  Out of the game\n  Cheers: 0"]);
    // The window from next(0), seat 1 being out: seats 2 and 3 (seat 0, the striker, is left out by `where`).
    expect(runtime.whoMayAct(match).players).toEqual([2]);
    match = play(match, 2, { type: "done" });
    expect(runtime.whoMayAct(match).players).toEqual([3]);
    match = play(match, 3, { type: "done" });
    // next(0) is seat 2; seat 1 is no longer a target.
    expect(runtime.whoMayAct(match).players).toEqual([2]);
    const [hit] = runtime.legalMoves(match, 2);
    expect(hit?.parameters["target"]).toEqual({ kind: "player", players: [0, 3] });
    expect(runtime.applyMove(match, 2, { type: "hit", target: 1 }).ok).toBe(false);
    match = play(match, 2, { type: "hit", target: 3 });
    expect(match.state.vars["eliminated"]).toEqual([0, 1, 0, 2]);
    // The window from next(2) = seat 0: only seat 0.
    expect(runtime.whoMayAct(match).players).toEqual([0]);
    match = play(match, 0, { type: "cheer" });
    match = play(match, 0, { type: "done" });
    // next(2) is seat 0, past seats 3 and 1; it strikes seat 2, the last but one: one is left.
    match = play(match, 0, { type: "hit", target: 2 });
    expect(match.state.vars["eliminated"]).toEqual([0, 1, 3, 2]);
    expect(runtime.whoMayAct(match).kind).toBe("over");
    // The one left first, then the others by when they left, the last to leave second.
    expect(runtime.resultOf(match)?.ranking).toEqual([[0], [2], [3], [1]]);
  });

  const diagnostics = async (text: string) =>
    (await compileGame("last-stand", [{ path: "last-stand.rules", text }])).diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`);

  test("a game that eliminates nobody keeps no record of it", async () => {
    const game: Game = await loadRulesGame("last-stand", rules.replace(/eliminate\(p\)/g, "cheers[p] += 1").replace(/eliminated\[p\] > 0/, "cheers[p] > 0").replace(/tiebreak p: eliminated\[p\]/, ""), runtime);
    expect(game.meta.eliminated).toBeUndefined();
    expect(runtime.createMatch(game, { players: 3, seed: 1 }).state.vars["eliminated"]).toBeUndefined();
  });

  // Lines of \`rules\`: 7 and 8 eliminate(p), 23 cheers[q] += 1; text added after it starts at 32.
  test("refuses misuse with a reason", async () => {
    expect(await diagnostics(rules.replace("  eliminate(p)\n  eliminate(p)", "  eliminate(p, p)"))).toEqual(["7:3 check/wrong-arity"]);
    expect(await diagnostics(`${rules}\nsetup {\n  eliminate(0)\n}\n`)).toEqual(["33:3 check/eliminate-in-setup"]);
    expect(await diagnostics(rules.replace("        cheers[q] += 1", "        eliminated[q] = 0"))).toEqual(["23:9 check/eliminated-is-kept"]);
    expect(await diagnostics(`${rules}\nper player var eliminated: int public = 0\n`)).toEqual(["32:16 check/reserved-name"]);
    expect(await diagnostics(rules.replace("  eliminate(p)\n  eliminate(p)", "  eliminate(true)"))).toEqual(["7:13 check/type-mismatch"]);
  });
});
