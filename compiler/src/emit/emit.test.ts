// Emission: output is deterministic (the committed games are checked in programs.test.ts); and
// no text or name from a rules file can break out into code. Emitted files are checked with the
// TypeScript compiler (against the runtime's sources) and evaluated, not just searched.
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game, Move } from "../../../runtime/src/internal.js";
import { compileGame } from "../index.js";
import { typeErrors } from "../verify/typecheck.js";
import { evaluateFiles } from "../testing/load-game.js";
import { compileOnce } from "../testing/compiled-once.js";
import type { EmittedFile } from "./emit.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));

/**
 * The files of a one-file game, compiled strictly once per process for the same text (compileOnce):
 * the race and reveal games below are played by several tests each. Each call gets its own copy.
 */
async function compile(gameId: string, text: string): Promise<EmittedFile[]> {
  const result = await compileOnce(gameId, [{ path: `${gameId}.rules`, text }]);
  expect(result.diagnostics).toEqual([]);
  return result.files;
}

/** Evaluates every emitted file against the runtime's sources and returns their exports. */
const evaluate = (files: readonly EmittedFile[]): Map<string, Record<string, unknown>> => evaluateFiles(files, runtime);

describe("For Sale", () => {
  test("compiling twice gives identical files", async () => {
    const text = readFileSync(path.join(root, "rules/for-sale.rules"), "utf8");
    // Two compiles of their own (compileGame), not one kept (compile).
    const compileFresh = async () => {
      const result = await compileGame("for-sale", [{ path: "for-sale.rules", text }]);
      expect(result.diagnostics).toEqual([]);
      return result.files;
    };
    const first = await compileFresh();
    const second = await compileFresh();
    expect(first.map((f) => f.path)).toEqual(["types.ts", "cards.ts", "flow.ts", "moves.ts", "view.ts", "sample.ts", "index.ts", "playout.ts", "search.ts", "sites.ts"]);
    expect(second).toEqual(first);
  });

  test("the emitted files type-check against the runtime", async () => {
    const text = readFileSync(path.join(root, "rules/for-sale.rules"), "utf8");
    expect(typeErrors(await compile("for-sale", text))).toEqual([]);
  });
});

describe("text from a rules file stays text", () => {
  // Every way out of a string literal, a template literal or a comment, and into an HTML page.
  const hostile = [
    'Sale "); globalThis.injected = 1; ("',
    "back\\slash \\\" and \\n",
    "`; globalThis.injected = 2; `",
    "${(globalThis.injected = 3)}",
    "*/ globalThis.injected = 4; /*",
    "line\nbreak",
    "</script><script>alert(1)</script>",
    "\u2028\u2029",
  ].join(" ");
  /** The text as a rules-language string literal, with the escapes the lexer knows. */
  const literal = (text: string): string => `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/[{}]/g, "\\$&")}"`;
  /** A small game with the hostile text in one place and plain text elsewhere. */
  const rules = (where: "title" | "variant" | "reason"): string => {
    const text = (place: string): string => literal(place === where ? hostile : "plain");
    return `
game ${text("title")} {
  players 2..3
  variant quick ${text("variant")}
}
card Token {
  value: int
  cards for v in 1..4 { value: v }
}
zone deck: Token stack hidden = all Token
per player var points: int public = 0
var first: player public = 0
flow {
  for p in players {
    ask p {
      claim(n in 1..3) require n < 3 else ${text("reason")} { points[p] += n }
      pass { }
    }
  }
  ask first { finish { } wait { } }
}
score p: points[p]
`;
  };

  test.each(["title", "variant", "reason"] as const)("in the %s: the emitted files type-check, and evaluated they give back the exact text", async (where) => {
    const files = await compile("hostile", rules(where));
    expect(typeErrors(files)).toEqual([]);
    // A raw line or paragraph separator would end a line comment early.
    for (const f of files) expect(f.text, f.path).not.toMatch(/[\u2028\u2029]/);
    const globals = globalThis as { injected?: unknown };
    delete globals.injected;
    const game = evaluate(files).get("index.ts")!.game as Game;
    expect(globals.injected).toBeUndefined();
    const expected = (place: string): string => (place === where ? hostile : "plain");
    expect(game.title).toBe(expected("title"));
    expect(game.variants).toEqual([{ name: "quick", description: expected("variant") }]);
    const state = game.setup({ players: 2, seed: 7 });
    game.advance(state);
    expect(game.check(state, 0, { type: "claim", n: 3 })).toEqual({ code: "move/constraint", reason: expected("reason") });
    expect(game.check(state, 0, { type: "claim", n: 2 })).toBeNull();
  });
});

describe("emitted code type-checks whatever the shape of the game", () => {
  const game = (flow: string): string => `
game "Shapes" {
  players 2..3
}
card Token {
  value: int
  cards for v in 1..4 { value: v }
}
enum Colour { red, blue }
zone deck: Token stack hidden = all Token
per player zone hand: Token pile owner
per player var points: int public = 0
var mood: Colour public = Colour.blue
flow {
${flow}
}
score p: points[p]
`;

  test("a game whose only decision has options without parameters", async () => {
    expect(typeErrors(await compile("plain", game("for p in players { ask p { take { points[p] += 1 } pass { } } }")))).toEqual([]);
  });

  test("a game whose only decision has an option with a parameter", async () => {
    expect(typeErrors(await compile("single", game("for p in players { ask p { take(n in 1..2) { points[p] += n } pass { } } }")))).toEqual([]);
  });

  test("a decision with a single option", async () => {
    const flow = "for p in players { ask p { take(n in 1..2) { points[p] += n } pass { } } }\nfor p in players { ask p { done { } } }";
    expect(typeErrors(await compile("one-option", game(flow)))).toEqual([]);
  });

  test("a game with no decision at all", async () => {
    expect(typeErrors(await compile("none", game("for p in players { points[p] += 1 }")))).toEqual([]);
  });

  test("a card picked before a decision and moved by one of its options", async () => {
    const flow = "let c = top(deck)\nfor p in players { ask p { take { move c to hand[p] } pass { } } }";
    expect(typeErrors(await compile("card-let", game(flow)))).toEqual([]);
  });

  test("an enum value kept across a decision", async () => {
    const flow = "let m = Colour.red\nfor p in players { ask p { take { mood = m } pass { } } }";
    expect(typeErrors(await compile("enum-let", game(flow)))).toEqual([]);
  });

  test("a zone named by a let across a decision is refused, or compiles", async () => {
    const flow = "let z = deck\nfor p in players { ask p { take { move top(z) to hand[p] } pass { } } }";
    const result = await compileGame("zone-let", [{ path: "zone-let.rules", text: game(flow) }]);
    if (result.diagnostics.length === 0) expect(typeErrors(result.files)).toEqual([]);
    else expect(result.diagnostics.map((d) => [d.severity, d.line])).toEqual([["error", 15]]);
  });
});

describe("names from a rules file that are special in JavaScript", () => {
  const rules = `
game "Words" {
  players 2..3
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Token stack hidden = all Token
per player zone hand: Token pile owner
per player var points: int public = 0
var first: player public = 0
setup {
  for delete in players {
    move top(deck) to hand[delete]
  }
}
flow {
  let class = 1
  for new in players {
    ask new {
      take(s in 1..3, this in players) {
        points[new] += s + class
        points[this] += 1
      }
      pass { }
    }
  }
  let seat = 2
  for s in players {
    points[s] += seat + sum(delete in hand[s]: delete.value)
  }
  ask first { finish { } wait { } }
}
score this: points[this] + count(hand[this])
`;

  test("reserved words and the generated code's own parameter names as lets, binders and parameters still compile", async () => {
    expect(typeErrors(await compile("words", rules))).toEqual([]);
  });

  test("and the game plays by the rules", async () => {
    const game = evaluate(await compile("words", rules)).get("index.ts")!.game as Game;
    const state = game.setup({ players: 2, seed: 3 });
    // Setup dealt one card to each hand; the flow waits for seat 0 (the first `new`).
    expect(state.zones.hand).toEqual([[expect.any(Number)], [expect.any(Number)]]);
    game.advance(state);
    expect(game.activity(state)).toEqual({ kind: "turn", players: [0] });
    expect(game.check(state, 0, { type: "take", s: 3, this: 1 })).toBeNull();
    game.apply(state, 0, { type: "take", s: 3, this: 1 });
    // points[new] += s + class, with new = 0, s = 3, class = 1; points[this] += 1, with this = 1.
    expect(state.vars.points).toEqual([4, 1]);
    game.apply(state, 1, { type: "pass" });
    // The last loop adds seat (2) and the value of each player's card; then seat `first` (0) finishes.
    const cards = state.zones.hand as number[][];
    const value = (id: number): number => game.meta.cards[id]!.fields.value as number;
    const points = [4 + 2 + value(cards[0]![0]!), 1 + 2 + value(cards[1]![0]!)];
    expect(state.vars.points).toEqual(points);
    expect(game.activity(state)).toEqual({ kind: "turn", players: [0] });
    game.apply(state, 0, { type: "finish" });
    expect(game.activity(state).kind).toBe("over");
    expect(game.scores(state)).toEqual([[points[0]! + 1], [points[1]! + 1]]);
  });

  test("lets named like the runtime's helpers, the card tables or setup's options do not capture them", async () => {
    const files = await compile(
      "captures",
      `
game "Captures" {
  players 2..3
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Token stack hidden = all Token
per player zone hand: Token pile owner
per player var points: int public = 0
var first: player public = 0
setup {
  let seed = 1
  let variants = 2
  for p in players {
    move top(deck) to hand[p]
    points[p] = seed + variants
  }
}
flow {
  let seatList = 3
  let sumOf = 4
  let Token_value = 5
  for p in players {
    points[p] += seatList + sumOf + Token_value + sum(c in hand[p]: c.value)
  }
  ask first { finish { } wait { } }
  ask next(first) { done { } stop { } }
}
score p: points[p]
`,
    );
    expect(typeErrors(files)).toEqual([]);
    const game = evaluate(files).get("index.ts")!.game as Game;
    const state = game.setup({ players: 2, seed: 5 });
    game.advance(state);
    const cards = state.zones.hand as number[][];
    const value = (id: number): number => game.meta.cards[id]!.fields.value as number;
    expect(state.vars.points).toEqual([3 + 12 + value(cards[0]![0]!), 3 + 12 + value(cards[1]![0]!)]);
  });

  test("a variable named __proto__ is refused, or stays an ordinary part of the state", async () => {
    const result = await compileGame("proto", [
      {
        path: "proto.rules",
        text: `
game "Proto" {
  players 2..3
}
card Token {
  value: int
  cards for v in 1..4 { value: v }
}
zone deck: Token stack hidden = all Token
per player var __proto__: int public = 0
var first: player public = 0
flow {
  for p in players { __proto__[p] += 1 }
  ask first { finish { } wait { } }
  ask next(first) { done { } stop { } }
}
score p: __proto__[p]
`,
      },
    ]);
    if (result.diagnostics.length > 0) {
      expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([["check/reserved-name", 10]]);
      return;
    }
    const game = evaluate(result.files).get("index.ts")!.game as Game;
    const state = game.setup({ players: 2, seed: 1 });
    game.advance(state);
    // A state is plain JSON: it must survive a round trip through text.
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
    expect(Object.keys(state.vars)).toContain("__proto__");
    expect(game.scores(state)).toEqual([[1], [1]]);
  });
});

describe("local names that are special to JavaScript objects", () => {
  // Declared names starting with '__' are refused (check/reserved-name); these are the names a
  // flow binds itself. Kept in the state or in a move, '__proto__' must be refused or work.
  const rules = (flow: string): string => `
game "Proto" {
  players 2..3
}
card Token {
  value: int
  cards for v in 1..4 { value: v }
}
zone deck: Token stack hidden = all Token
per player var points: int public = 0
flow {
${flow}
}
score p: points[p]
`;
  // Each flow gives the first player one point for 'take'; the name is bound on line 12.
  test.each([
    ["a let kept across a decision", "let __proto__ = 1\nfor p in players { ask p { take { points[p] += __proto__ } pass { } } }", '{"type":"take"}'],
    ["a loop binder around a decision", "for __proto__ in players { ask __proto__ { take { points[__proto__] += 1 } pass { } } }", '{"type":"take"}'],
    ["a move parameter", "for p in players { ask p { take(__proto__ in 1..1) { points[p] += __proto__ } pass { } } }", '{"type":"take","__proto__":1}'],
  ])("%s named __proto__ is refused, or works", async (_, flow, take) => {
    const result = await compileGame("proto", [{ path: "proto.rules", text: rules(flow) }]);
    if (result.diagnostics.length > 0) {
      expect(result.diagnostics.map((d) => [d.code, d.line])).toEqual([["check/reserved-name", 12]]);
      return;
    }
    const game = evaluate(result.files).get("index.ts")!.game as Game;
    const state = game.setup({ players: 2, seed: 1 });
    game.advance(state);
    expect(game.activity(state)).toEqual({ kind: "turn", players: [0] });
    // JSON.parse makes '__proto__' an ordinary key, as a move sent by an app would have it.
    const move = JSON.parse(take) as Move;
    const options = game.legalMoves(state, 0);
    expect(JSON.stringify(options.map((o) => Object.keys(o.parameters)))).toBe(JSON.stringify([Object.keys(move).slice(1), []]));
    expect(game.check(state, 0, move)).toBeNull();
    // The compiled sampler's first move is that same take.
    expect(JSON.stringify(game.randomMove!(state, 0, () => 0))).toBe(take);
    game.apply(state, 0, move);
    expect(state.vars.points).toEqual([1, 0]);
    expect(game.activity(state)).toEqual({ kind: "turn", players: [1] });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});

describe("races", () => {
  // Two races for the top card of the deck. A claim ends a race at once; when every racer
  // declines, the race lapses. `cash_in` is offered only to a racer who has a point to cash.
  const rules = `
game "Grab" {
  players 2..4
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Token stack hidden = all Token
per player zone hand: Token pile owner
per player var points: int public = 0
var races: int public = 0
flow {
  while races < 2 {
    race q in players {
      grab {
        move top(deck) to hand[q]
        points[q] += 1
      }
      bid(n in 1..3) require n <= points[q] + 1 else "bid at most one more than your points" {
        points[q] += 10 * n
      }
      cash_in require points[q] >= 1 else "nothing to cash in" {
        points[q] -= 1
      }
    }
    races += 1
  }
}
score p: points[p]
`;

  async function grabGame(): Promise<Game> {
    return evaluate(await compile("grab", rules)).get("index.ts")!.game as Game;
  }

  function started(game: Game, players = 3): ReturnType<Game["setup"]> {
    const state = game.setup({ players, seed: 11 });
    game.advance(state);
    return state;
  }

  test("the emitted race game type-checks", async () => {
    expect(typeErrors(await compile("grab", rules))).toEqual([]);
  });

  test("every racer may claim or decline; a situation requirement leaves out an option it refuses", async () => {
    const game = await grabGame();
    const state = started(game);
    expect(game.activity(state)).toEqual({ kind: "race", players: [0, 1, 2] });
    // No one has a point yet, so cash_in is not offered to anyone; bid is, up to points + 1 (its
    // requirement bounds n).
    for (const seat of [0, 1, 2]) {
      expect(game.legalMoves(state, seat)).toEqual([
        { type: "grab", parameters: {} },
        { type: "bid", parameters: { n: { kind: "range", min: 1, max: 1 } } },
        { type: "decline", parameters: {} },
      ]);
    }
    expect(game.check(state, 0, { type: "cash_in" })).toEqual({ code: "move/constraint", reason: "nothing to cash in" });
    expect(game.check(state, 0, { type: "bid", n: 2 })).toEqual({
      code: "move/constraint",
      reason: "bid at most one more than your points",
    });
    expect(game.check(state, 0, { type: "bid", n: 1 })).toBeNull();
  });

  test("the first claim applied wins: the race ends for everyone and the next one starts", async () => {
    const game = await grabGame();
    const state = started(game);
    const top = (state.zones.deck as number[])[0]!;
    expect(game.check(state, 1, { type: "grab" })).toBeNull();
    game.apply(state, 1, { type: "grab" });
    expect(state.zones.hand).toEqual([[], [top], []]);
    expect(state.vars.points).toEqual([0, 1, 0]);
    expect(state.vars.races).toBe(1);
    // The second race: everyone races again, and seat 1 may now cash in its point.
    expect(game.activity(state)).toEqual({ kind: "race", players: [0, 1, 2] });
    expect(game.legalMoves(state, 1).map((o) => o.type)).toEqual(["grab", "bid", "cash_in", "decline"]);
    expect(game.legalMoves(state, 0).map((o) => o.type)).toEqual(["grab", "bid", "decline"]);
    // Seat 1 may bid up to its points + 1 = 2.
    expect(game.legalMoves(state, 1).find((o) => o.type === "bid")?.parameters).toEqual({ n: { kind: "range", min: 1, max: 2 } });
    expect(game.check(state, 1, { type: "bid", n: 2 })).toBeNull();
    game.apply(state, 2, { type: "decline" });
    game.apply(state, 1, { type: "bid", n: 2 });
    expect(state.vars.points).toEqual([0, 21, 0]);
    expect(game.activity(state).kind).toBe("over");
    expect(game.scores(state)).toEqual([[0], [21], [0]]);
  });

  test("a seat that declined cannot act again in that race; when all decline, the race lapses", async () => {
    const game = await grabGame();
    const state = started(game);
    game.apply(state, 0, { type: "decline" });
    expect(game.activity(state)).toEqual({ kind: "race", players: [1, 2] });
    expect(game.legalMoves(state, 0)).toEqual([]);
    expect(game.check(state, 0, { type: "grab" })).toEqual({
      code: "move/already-submitted",
      reason: "you have already declined this race",
    });
    expect(game.check(state, 0, { type: "decline" })?.code).toBe("move/already-submitted");
    game.apply(state, 2, { type: "decline" });
    expect(game.activity(state)).toEqual({ kind: "race", players: [1] });
    expect(state.vars.races).toBe(0);
    game.apply(state, 1, { type: "decline" });
    // The first race lapsed with nothing taken; in the second, all may race again.
    expect(state.vars.races).toBe(1);
    expect(state.vars.points).toEqual([0, 0, 0]);
    expect(state.zones.hand).toEqual([[], [], []]);
    expect(game.activity(state)).toEqual({ kind: "race", players: [0, 1, 2] });
    expect(game.check(state, 0, { type: "grab" })).toBeNull();
  });

  test("random bots play it to the end through the compiled sampler", async () => {
    const game = await grabGame();
    for (const seed of [1, 2, 3, 4, 5]) {
      const { state, decisions } = runtime.playRandomGame(game, { players: 3, seed }, new runtime.Rng(seed));
      expect(state.vars.races).toBe(2);
      // Each race ends with one claim, or with all three declining.
      expect(decisions).toBeGreaterThanOrEqual(2);
      expect(decisions).toBeLessThanOrEqual(6);
      const taken = (state.zones.hand as number[][]).flat().length;
      expect((state.zones.deck as number[]).length + taken).toBe(6);
    }
  });
});

describe("reveal", () => {
  // The first player peeks at one card of the hidden deck; then the top card goes face down to
  // the next player's hand. What was shown is known to the peeker alone, where it lies.
  const rules = `
game "Peek" {
  players 2..3
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Token stack hidden = all Token
per player zone hand: Token pile owner
zone table: Token row public
var first: player public = 0
flow {
  ask first {
    peek(position in 1..3) { reveal nth(deck, position) to first }
    pass { }
  }
  move top(deck) to hand[next(first)]
  ask first { done { } }
}
score p: count(hand[p])
`;

  type ZoneView = { count: number; cards?: number[]; known?: (number | null)[] };
  type PeekView = { zones: { deck: ZoneView; hand: ZoneView[]; table: ZoneView } };

  async function peekGame(): Promise<{ game: Game; files: EmittedFile[] }> {
    const files = await compile("peek", rules);
    return { game: evaluate(files).get("index.ts")!.game as Game, files };
  }

  test("the emitted game type-checks", async () => {
    expect(typeErrors((await peekGame()).files)).toEqual([]);
  });

  test("a card revealed in a hidden zone shows in the viewer's view only, at its position", async () => {
    const { game } = await peekGame();
    const state = game.setup({ players: 3, seed: 4 });
    game.advance(state);
    const deck = [...(state.zones.deck as number[])];
    game.apply(state, 0, { type: "peek", position: 2 });
    // The top card went to seat 1's hand; the peeked card is now the top of the deck.
    const view = (seat: number | null) => game.view(state, seat) as PeekView;
    expect(view(0).zones.deck).toEqual({ count: 5, known: [deck[1]!, null, null, null, null] });
    expect(view(1).zones.deck).toEqual({ count: 5 });
    expect(view(2).zones.deck).toEqual({ count: 5 });
    expect(view(null).zones.deck).toEqual({ count: 5 });
    // Seat 0 does not know the card in seat 1's hand; seat 1 sees its own hand.
    expect(view(0).zones.hand[1]).toEqual({ count: 1 });
    expect(view(1).zones.hand[1]).toEqual({ count: 1, cards: [deck[0]!] });
    for (const seat of [1, 2, null]) expect(JSON.stringify(view(seat))).not.toContain("known");
  });

  test("a known card is no longer known once it moves: where it lands, the peeker has not seen it", async () => {
    const { game } = await peekGame();
    const state = game.setup({ players: 2, seed: 9 });
    game.advance(state);
    const top = (state.zones.deck as number[])[0]!;
    game.apply(state, 0, { type: "peek", position: 1 });
    const view = (seat: number | null) => game.view(state, seat) as PeekView;
    expect(view(0).zones.hand[1]).toEqual({ count: 1 });
    expect(view(0).zones.deck).toEqual({ count: 5 });
    expect(view(1).zones.hand[1]).toEqual({ count: 1, cards: [top] });
    expect(JSON.stringify(view(0))).not.toContain("known");
  });

  test("without a reveal, no view knows anything", async () => {
    const { game } = await peekGame();
    const state = game.setup({ players: 2, seed: 9 });
    game.advance(state);
    game.apply(state, 0, { type: "pass" });
    for (const seat of [0, 1, null]) expect(JSON.stringify(game.view(state, seat))).not.toContain("known");
  });
});
