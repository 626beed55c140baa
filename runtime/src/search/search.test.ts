import { describe, expect, it } from "vitest";
import type { BaseState, Game, Move, MoveOption } from "../contract.js";
import { MatchError } from "../errors.js";
import { Rng, seedRandom } from "../random.js";
import { redealUnknown, spreadAmount } from "../sample.js";
import { botName, parseBotSpec } from "./bots.js";
import { searchMove } from "./mcts.js";
import { listMoves, moveKey } from "./moves.js";

// Take-away: a heap of stones, each turn take 1 or 2, whoever takes the last stone wins. A heap that
// is a multiple of 3 loses for the player to move, so from 4 the only winning move takes 1; from 5, 2.
interface Heap extends BaseState {
  vars: { heap: number; turn: number; winner: number };
}

const takeAway: Game<Heap> = {
  id: "take-away",
  title: "Take-away",
  minPlayers: 2,
  maxPlayers: 2,
  variants: [],
  meta: { cardTypes: [], cards: [], zones: [], vars: [], conserved: [] },
  setup: ({ players, seed }) => ({ players, variants: [], pc: "take", random: seedRandom(seed), zones: {}, vars: { heap: 4, turn: 0, winner: -1 }, locals: {}, pending: null }),
  advance: () => undefined,
  activity: (s) => (s.pc === "end" ? { kind: "over", players: [] } : { kind: "turn", players: [s.vars.turn] }),
  legalMoves: (s): MoveOption[] => [{ type: "take", parameters: { n: { kind: "range", min: 1, max: Math.min(2, s.vars.heap) } } }],
  check: (s, seat, move) => (seat === s.vars.turn && move.type === "take" && (move["n"] === 1 || (move["n"] === 2 && s.vars.heap >= 2)) ? null : { code: "move/constraint", reason: "no" }),
  apply: (s, seat, move) => {
    s.vars.heap -= move["n"] as number;
    if (s.vars.heap === 0) [s.vars.winner, s.pc] = [seat, "end"];
    else s.vars.turn = 1 - seat;
  },
  view: (s) => s.vars,
  scores: (s) => [0, 1].map((seat) => [seat === s.vars.winner ? 1 : 0]),
};

describe("searchMove", () => {
  it("finds the only winning move of a small game", () => {
    const four = takeAway.setup({ players: 2, seed: 1 });
    expect(searchMove(takeAway, four, 0, new Rng(1), { iterations: 400 }).move).toEqual({ type: "take", n: 1 });
    const five = { ...four, vars: { ...four.vars, heap: 5 } };
    expect(searchMove(takeAway, five, 0, new Rng(2), { iterations: 400 }).move).toEqual({ type: "take", n: 2 });
  });

  it("does not search a decision with one move, and leaves the state as it was", () => {
    const one = takeAway.setup({ players: 2, seed: 1 });
    one.vars.heap = 1;
    const before = JSON.stringify(one);
    const result = searchMove(takeAway, one, 0, new Rng(1), { iterations: 50 });
    expect(result).toMatchObject({ move: { type: "take", n: 1 }, iterations: 0 });
    expect(JSON.stringify(one)).toBe(before);
  });
});

describe("a game with secrets and no sample", () => {
  it("is refused: the search would see everything", () => {
    const secretive: Game<Heap> = { ...takeAway, meta: { ...takeAway.meta, vars: [{ name: "heap", label: "heap", perPlayer: false, type: "int", visibility: "hidden" }] } };
    expect(() => searchMove(secretive, secretive.setup({ players: 2, seed: 1 }), 0, new Rng(1))).toThrow(/hidden information but no `sample`/);
  });
});

describe("listMoves", () => {
  it("lists every concrete move of small domains and gives up on wide ones and on card sets", () => {
    const options: MoveOption[] = [
      { type: "bid", parameters: { amount: { kind: "range", min: 2, max: 4 } } },
      { type: "give", parameters: { to: { kind: "player", players: [1, 2] }, card: { kind: "card", zone: "hand", cards: [7] } } },
      { type: "pass", parameters: {} },
    ];
    expect(listMoves(options)).toEqual([
      { type: "bid", amount: 2 },
      { type: "bid", amount: 3 },
      { type: "bid", amount: 4 },
      { type: "give", to: 1, card: 7 },
      { type: "give", to: 2, card: 7 },
      { type: "pass" },
    ] as Move[]);
    expect(listMoves([{ type: "bid", parameters: { amount: { kind: "range", min: 0, max: 100 } } }])).toBeNull();
    expect(listMoves([{ type: "trade", parameters: { cards: { kind: "cards", zone: "hand", cards: [1, 2] } } }])).toBeNull();
  });
});

describe("listMoves and moveKey", () => {
  it("lists a product of domains with the first parameter outermost, and stops at the limit", () => {
    const options: MoveOption[] = [{ type: "swap", parameters: { a: { kind: "choice", values: ["x", "y"] }, b: { kind: "range", min: 1, max: 3 } } }];
    expect(listMoves(options)).toEqual([
      { type: "swap", a: "x", b: 1 },
      { type: "swap", a: "x", b: 2 },
      { type: "swap", a: "x", b: 3 },
      { type: "swap", a: "y", b: 1 },
      { type: "swap", a: "y", b: 2 },
      { type: "swap", a: "y", b: 3 },
    ] as Move[]);
    expect(listMoves(options, 5)).toBeNull();
    // An empty domain after a wide one: refused as soon as the wide one passes the limit.
    expect(listMoves([{ type: "t", parameters: { c: { kind: "card", zone: "z", cards: [1, 2, 3] }, p: { kind: "player", players: [] } } }], 2)).toBeNull();
    expect(listMoves([{ type: "t", parameters: { p: { kind: "player", players: [] } } }, { type: "u", parameters: {} }])).toEqual([{ type: "u" }]);
  });

  it("keys a move as its JSON with the fields sorted, whatever order they were written in", () => {
    const moves = [{ type: "give", to: 2, card: 7 }, { card: 7, type: "give", to: 2 }, { type: "trade", cards: [3, 1], note: 'a "b"', ok: true, n: -0 }] as unknown as Move[];
    for (const move of moves) expect(moveKey(move)).toBe(JSON.stringify(move, Object.keys(move).sort()));
    expect(moveKey(moves[0]!)).toBe(moveKey(moves[1]!));
  });

  it("gives, with the moves it lists, each one's moveKey (written as the move is built)", () => {
    const options: MoveOption[] = [
      { type: "give", parameters: { to: { kind: "player", players: [1, 2] }, card: { kind: "card", zone: "hand", cards: [7, 12] } } },
      { type: "name", parameters: { colour: { kind: "choice", values: ['re"d', "blue"] }, amount: { kind: "range", min: -1, max: 0 } } },
      { type: "pass", parameters: {} },
    ];
    const keys: string[] = [];
    const moves = listMoves(options, undefined, keys)!;
    expect(moves).toHaveLength(9);
    expect(keys).toEqual(moves.map(moveKey));
    expect(keys[0]).toBe('{"card":7,"to":1,"type":"give"}');
  });
});

describe("parseBotSpec", () => {
  it("reads iterations, time budgets and random, and names them back", () => {
    expect(parseBotSpec("mcts:1000")).toEqual({ kind: "mcts", iterations: 1000 });
    expect(parseBotSpec("mcts:200ms")).toEqual({ kind: "mcts", timeMs: 200 });
    expect(parseBotSpec("mcts:2s")).toEqual({ kind: "mcts", timeMs: 2000 });
    expect(parseBotSpec("random")).toEqual({ kind: "random" });
    expect(botName(parseBotSpec("mcts"))).toBe("mcts:1000");
    expect(botName(parseBotSpec("ismcts:300ms"))).toBe("mcts:300ms");
    expect(() => parseBotSpec("alphazero")).toThrow(MatchError);
    expect(() => parseBotSpec("mcts:0")).toThrow(/at least 1/);
  });
});

describe("sampling helpers", () => {
  it("redeals the unknown cards among the unknown places, whatever order they lay in, and leaves known ones", () => {
    const draws = (): ((n: number) => number) => {
      const rng = new Rng(9);
      return (n) => rng.int(n);
    };
    const a = [[5, 1, 9], [3, 7]];
    const b = [[9, 5, 1], [7, 3]]; // the same cards, laid otherwise
    redealUnknown(draws(), [7], a);
    redealUnknown(draws(), [7], [b[0]!, [3, 7]]);
    expect(a[1]![1]).toBe(7); // shown to the seat: stays
    expect(a.flat().sort()).toEqual([1, 3, 5, 7, 9]);
    expect(a[0]).toEqual(b[0]);
  });

  it("pools the cards in id order whatever their ids: a compiled game's, large ones, a hand-written game's fractions", () => {
    for (const ids of [[4, 0, 2, 1, 3], [300, 7, 1000, 299], [2.5, -1, 0.5]]) {
      const pool = redealUnknown(() => 0, [], [ids.slice(0, 2), ids.slice(2)]);
      // Drawing 0 each time, the pool in id order is shuffled the same way whatever the ids.
      const order = [...ids].sort((x, y) => x - y);
      const expected = order.slice();
      for (let i = expected.length - 1; i > 0; i--) [expected[i], expected[0]] = [expected[0]!, expected[i]!];
      expect(pool).toEqual(expected);
    }
  });

  it("spreads an unseen amount: guessed slots first, the rest evenly", () => {
    // 25 unseen: the box is guessed at its 20, two purses share 5: 2 each and 1 more to one of them.
    const shares = spreadAmount(() => 0, 25, [null, null, 20]);
    expect(shares).toEqual([3, 2, 20]);
    // Less than the guess: the box takes what there is, the purses nothing.
    expect(spreadAmount(() => 0, 12, [null, null, 20])).toEqual([0, 0, 12]);
    // No guesses: an even split.
    expect(spreadAmount(() => 0, 9, [null, null, null])).toEqual([3, 3, 3]);
  });
});
