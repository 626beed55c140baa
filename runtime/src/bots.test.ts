import { describe, expect, it } from "vitest";
import type { MoveOption } from "./contract.js";
import { countMoves, randomMove } from "./bots.js";
import { GameFault } from "./errors.js";
import { Rng } from "./random.js";

const pass: MoveOption = { type: "pass", parameters: {} };
const raise: MoveOption = { type: "raise", parameters: { amount: { kind: "range", min: 3, max: 6 } } };
const give: MoveOption = {
  type: "give",
  parameters: {
    card: { kind: "card", zone: "hand", cards: [10, 11] },
    to: { kind: "player", players: [0, 2] },
  },
};
const call: MoveOption = { type: "call", parameters: { suit: { kind: "choice", values: ["red", "blue", "green"] } } };

describe("countMoves", () => {
  it("counts an option as the product of its parameters' domain sizes", () => {
    expect(countMoves([])).toBe(0);
    expect(countMoves([pass])).toBe(1);
    expect(countMoves([raise])).toBe(4);
    expect(countMoves([give])).toBe(4);
    expect(countMoves([call])).toBe(3);
    expect(countMoves([pass, raise, give, call])).toBe(12);
  });

  it("counts an empty domain as no move at all", () => {
    expect(countMoves([{ type: "raise", parameters: { amount: { kind: "range", min: 5, max: 4 } } }])).toBe(0);
    expect(countMoves([{ type: "sell", parameters: { card: { kind: "card", zone: "hand", cards: [] } } }])).toBe(0);
  });

  it("does not enumerate huge domains", () => {
    const bid: MoveOption = { type: "bid", parameters: { amount: { kind: "range", min: 0, max: 1e12 } } };
    expect(countMoves([bid])).toBe(1e12 + 1);
    const move = randomMove([bid], new Rng(1));
    expect(Number.isInteger(move["amount"]) && (move["amount"] as number) <= 1e12).toBe(true);
  });
});

describe("randomMove", () => {
  it("draws every concrete move about equally often", () => {
    const options = [pass, raise, give];
    // The nine concrete moves, listed by hand.
    const all = [
      { type: "pass" },
      { type: "raise", amount: 3 },
      { type: "raise", amount: 4 },
      { type: "raise", amount: 5 },
      { type: "raise", amount: 6 },
      { type: "give", card: 10, to: 0 },
      { type: "give", card: 10, to: 2 },
      { type: "give", card: 11, to: 0 },
      { type: "give", card: 11, to: 2 },
    ];
    const key = (move: object) => JSON.stringify(Object.entries(move).sort(([a], [b]) => a.localeCompare(b)));
    const counts = new Map(all.map((move) => [key(move), 0]));
    const rng = new Rng(31);
    const strays: string[] = [];
    for (let i = 0; i < 90_000; i++) {
      const k = key(randomMove(options, rng));
      if (counts.has(k)) counts.set(k, counts.get(k)! + 1);
      else strays.push(k);
    }
    expect(strays).toEqual([]);
    // Each of 9 moves is expected 10,000 times; with 8 degrees of freedom a chi-square above
    // 40 has probability about 2e-6 for a uniform draw. A pick by option (1/3 each) would fail.
    const chi = [...counts.values()].reduce((sum, c) => sum + (c - 10_000) ** 2 / 10_000, 0);
    expect(chi).toBeLessThan(40);
  });

  it("skips options with an empty domain", () => {
    const empty: MoveOption = { type: "raise", parameters: { amount: { kind: "range", min: 5, max: 4 } } };
    const rng = new Rng(2);
    for (let i = 0; i < 20; i++) expect(randomMove([empty, call, empty], rng).type).toBe("call");
  });

  it("faults when there is no legal move", () => {
    expect(() => randomMove([], new Rng(1))).toThrow(GameFault);
    const empty: MoveOption = { type: "sell", parameters: { card: { kind: "card", zone: "hand", cards: [] } } };
    expect(() => randomMove([empty], new Rng(1))).toThrow(GameFault);
  });

  it("is repeatable with the same generator seed", () => {
    const a = new Rng(8);
    const b = new Rng(8);
    for (let i = 0; i < 50; i++) {
      expect(randomMove([pass, raise, give, call], a)).toEqual(randomMove([pass, raise, give, call], b));
    }
  });
});
