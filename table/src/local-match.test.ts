// The local match as a table uses it, in Node (no page): seats' connections, bots at full speed,
// stepping back and branching, saves, and new rules with the moves replayed.
import { describe, expect, test } from "vitest";
import { deserializeMatch, legalMoves, resultOf, whoMayAct, type SeatSnapshot } from "@rules/runtime";
import { game as forSale } from "@rules/generated/for-sale";
import { game as freakShop } from "@rules/generated/freak-shop";
import { LocalMatch } from "./local-match.js";

/** Waits until `done` holds, the bots playing on their timers meanwhile. */
async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error("gave up waiting");
    await new Promise((r) => setTimeout(r, 1));
  }
}

const passOrSell = (snapshot: SeatSnapshot) => {
  const pass = snapshot.options.find((o) => o.type === "pass");
  if (pass) return { type: "pass" } as const;
  const sell = snapshot.options.find((o) => o.type === "sell")!;
  const domain = sell.parameters["card"]!;
  return { type: "sell", card: domain.kind === "card" ? domain.cards[0]! : -1 } as const;
};

describe("LocalMatch", () => {
  test("plays a whole game: seat 0 through its connection, the bots on their own, to the runtime's result", async () => {
    const local = new LocalMatch(forSale, { players: 3, seed: 8, botDelayMs: 0 });
    const you = local.connect(0);
    const seen: number[] = [];
    you.subscribe((s) => seen.push(s.moveCount));
    for (let turns = 0; turns < 200; turns++) {
      await until(() => you.current().result !== null || you.current().options.length > 0);
      if (you.current().result) break;
      expect((await you.send(passOrSell(you.current()))).ok).toBe(true);
    }
    const result = you.current().result;
    expect(result).not.toBeNull();
    // The snapshots came one per move, in order, and the save replays to the same result.
    expect(seen).toEqual(Array.from({ length: seen.length }, (_, i) => i + 1));
    expect(resultOf(deserializeMatch(forSale, local.save()))).toEqual(result);
    local.close();
  });

  test("a refused move leaves the match as it was, with the runtime's reason", async () => {
    const local = new LocalMatch(forSale, { players: 3, seed: 2, bots: [], botDelayMs: 0 });
    const seat = whoMayAct(local.match).players[0]!;
    const other = local.connect((seat + 1) % 3);
    const outcome = await other.send({ type: "pass" });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.reason.length).toBeGreaterThan(0);
    expect(local.state.length).toBe(0);
    local.close();
  });

  test("stepping back shows the past without bots moving; a move there branches and drops the rest", async () => {
    const local = new LocalMatch(forSale, { players: 3, seed: 5, bots: [], botDelayMs: 0 });
    for (let i = 0; i < 6; i++) {
      const seat = whoMayAct(local.match).players[0]!;
      expect(local.play(seat, { type: "pass" }).ok || local.play(seat, { type: "raise", amount: 20 }).ok).toBe(true);
    }
    const length = local.state.length;
    expect(length).toBe(6);
    const watcher = local.connect(null);
    local.goTo(2);
    expect(local.state).toMatchObject({ at: 2, length: 6, paused: true });
    expect(watcher.current().moveCount).toBe(2);
    // The moves after are still there to step forward to.
    local.goTo(4);
    expect(local.match.moveCount).toBe(4);
    // A move at move 2 starts a new branch: the history is then 3 moves long.
    local.goTo(2);
    const seat = whoMayAct(local.match).players[0]!;
    const move = legalMoves(local.match, seat).some((o) => o.type === "pass") ? { type: "pass" as const } : { type: "raise" as const, amount: 20 };
    expect(local.play(seat, move).ok).toBe(true);
    expect(local.state).toMatchObject({ at: 3, length: 3, paused: false });
    // The spectator's snapshot after the step back told no moves; after the branch, the one new move.
    expect(watcher.current().moves).toHaveLength(1);
    local.close();
  });

  test("bots wait while the past is shown and play on from there when resumed", async () => {
    const local = new LocalMatch(forSale, { players: 3, seed: 6, bots: [0, 1, 2], botDelayMs: 0 });
    await until(() => local.state.length >= 10);
    local.goTo(3);
    const frozen = local.state.length;
    await new Promise((r) => setTimeout(r, 30));
    expect(local.state.length).toBe(frozen);
    local.resume();
    await until(() => local.state.over);
    expect(local.state.at).toBe(local.state.length);
    local.close();
  });

  test("a save loads with its whole history, to step back through; a broken save is refused and changes nothing", () => {
    const played = new LocalMatch(forSale, { players: 3, seed: 4, bots: [], botDelayMs: 0 });
    for (let i = 0; i < 5; i++) played.play(whoMayAct(played.match).players[0]!, { type: "raise", amount: 3 + i });
    const local = new LocalMatch(freakShop as never, { players: 3, seed: 9, bots: [], botDelayMs: 0 }) as unknown as LocalMatch<typeof forSale>;
    // A save of another game is refused: the match stays as it was.
    expect(() => local.load(played.save())).toThrow();
    expect(local.match.options.seed).toBe(9);
    const same = new LocalMatch(forSale, { players: 3, seed: 1, bots: [], botDelayMs: 0 });
    same.load(played.save());
    expect(same.state).toMatchObject({ length: 5, at: 5 });
    expect(same.match.state).toEqual(played.match.state);
    same.goTo(2);
    expect(same.match.log.map((entry) => entry.move)).toEqual(played.match.log.slice(0, 2).map((entry) => entry.move));
    expect(() => same.load("{ not a save")).toThrow();
    expect(same.state).toMatchObject({ length: 5, at: 2 });
    for (const m of [played, local, same]) m.close();
  });

  test("new rules replay the moves so far; moves the new rules refuse are dropped with the reason", () => {
    const local = new LocalMatch(forSale, { players: 3, seed: 5, bots: [], botDelayMs: 0 });
    for (let i = 0; i < 4; i++) local.play(whoMayAct(local.match).players[0]!, { type: "raise", amount: 4 + i });
    expect(local.state.length).toBe(4);
    // The same rules: every move replayed.
    expect(local.reload(forSale)).toEqual({ replayed: 4, dropped: 0, reason: null });
    // Rules where raising is gone: the first raise is refused, and every move after it dropped.
    const noRaise = { ...forSale, check: (state: never, seat: number, move: { type: string }) => (move.type === "raise" ? { code: "move/illegal", reason: "no raising in these rules" } : forSale.check(state, seat, move as never)) };
    const report = local.reload(noRaise as typeof forSale);
    expect(report).toEqual({ replayed: 0, dropped: 4, reason: "no raising in these rules" });
    expect(local.game).toBe(noRaise);
    expect(local.state.length).toBe(0);
    local.close();
  });
});
