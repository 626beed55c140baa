import { describe, expect, it } from "vitest";
import type { BaseState, Game, IllegalMove, Move, MoveOption, Seat } from "./contract.js";
import { GameFault, MatchError, illegal } from "./errors.js";
import {
  DECISION_CAP,
  type Match,
  applyMove,
  chooseRandomMove,
  createMatch,
  startMatch,
  deserializeMatch,
  isOver,
  legalMoves,
  playRandomGame,
  replay,
  resultOf,
  serializeMatch,
  viewFor,
  whoMayAct,
} from "./internal.js";
import { randomMove } from "./bots.js";
import { Rng, randomInt, seedRandom, shuffle } from "./random.js";
import { nextSeat } from "./seats.js";
import { zoneView } from "./views.js";

// "Last Stone", a tiny two-player game written by hand the way the compiler writes games.
// Both players first guess the winner secretly (simultaneous); then, from a random start
// player, each in turn takes 1 or 2 stones from a pile of 7 (10 in the "long" variant).
// Whoever takes the last stone scores 10; a right guess scores 1; stones taken break ties.
// The bag of five tokens is shuffled at setup and never seen: it exists to be hidden.
interface StoneState extends BaseState {
  zones: { bag: number[] };
  vars: { pile: number; turn: number; taken: number[]; guess: (number | null)[]; winner: number | null };
}

function wants(state: StoneState): number {
  return Math.min(2, state.vars.pile);
}

const lastStone: Game<StoneState> = {
  id: "last-stone",
  title: "Last Stone",
  minPlayers: 2,
  maxPlayers: 2,
  variants: [{ name: "long", description: "a pile of 10" }],
  meta: { cardTypes: [], cards: [], zones: [], vars: [], conserved: [] },
  setup({ players, variants = [], seed }) {
    const random = seedRandom(seed);
    const bag = [0, 1, 2, 3, 4];
    shuffle(random, bag);
    return {
      players,
      variants: [...variants],
      pc: "setup",
      random,
      zones: { bag },
      vars: { pile: variants.includes("long") ? 10 : 7, turn: 0, taken: [0, 0], guess: [null, null], winner: null },
      locals: {},
      pending: null,
    };
  },
  advance(state) {
    for (;;) {
      if (state.pc === "setup") {
        state.vars.turn = randomInt(state.random, state.players);
        state.pc = "guess";
        state.pending = [null, null];
        return;
      }
      if (state.pc === "guess") {
        if (state.pending!.some((move) => move === null)) return;
        state.vars.guess = state.pending!.map((move) => move!["winner"] as number);
        state.pending = null;
        state.pc = "take";
        continue;
      }
      if (state.pc === "take" && state.vars.pile === 0) state.pc = "end";
      return;
    }
  },
  activity(state) {
    if (state.pc === "guess") {
      return { kind: "simultaneous", players: [0, 1].filter((seat) => state.pending![seat] === null) };
    }
    if (state.pc === "take") return { kind: "turn", players: [state.vars.turn] };
    return { kind: "over", players: [] };
  },
  legalMoves(state, seat) {
    if (state.pc === "guess" && state.pending![seat] === null) {
      return [{ type: "guess", parameters: { winner: { kind: "player", players: [0, 1] } } }];
    }
    if (state.pc === "take" && seat === state.vars.turn) {
      return [{ type: "take", parameters: { amount: { kind: "range", min: 1, max: wants(state) } } }];
    }
    return [];
  },
  check(state, seat, move): IllegalMove | null {
    if (state.pc === "end") return illegal("move/game-over", "the pile is empty");
    if (state.pc === "guess") {
      if (state.pending![seat] !== null) return illegal("move/already-submitted", `seat ${seat} has already guessed`);
      if (move.type !== "guess") return illegal("move/unknown-type", `everyone must guess first, not "${move.type}"`);
      const winner = move["winner"];
      if (winner !== 0 && winner !== 1) return illegal("move/out-of-domain", "the winner guessed must be seat 0 or 1");
      return null;
    }
    if (seat !== state.vars.turn) return illegal("move/not-your-turn", `seat ${state.vars.turn} takes now`);
    if (move.type !== "take") return illegal("move/unknown-type", `only "take" is possible now, not "${move.type}"`);
    const amount = move["amount"];
    if (typeof amount !== "number" || !Number.isInteger(amount)) {
      return illegal("move/bad-parameter", "amount must be a whole number");
    }
    if (amount < 1 || amount > wants(state))
      return illegal("move/out-of-domain", `amount must be 1 to ${wants(state)}`);
    return null;
  },
  apply(state, seat, move) {
    if (state.pc === "guess") {
      state.pending![seat] = move;
    } else {
      const amount = move["amount"] as number;
      if (amount > state.vars.pile) throw new GameFault("fault/negative-resource", "the pile would go negative");
      state.vars.pile -= amount;
      state.vars.taken[seat]! += amount;
      if (state.vars.pile === 0) state.vars.winner = seat;
      state.vars.turn = nextSeat(seat, state.players);
    }
    this.advance(state);
  },
  view(state, seat) {
    return {
      pile: state.vars.pile,
      turn: state.vars.turn,
      taken: [...state.vars.taken],
      bag: zoneView(state.zones.bag, false),
      // Guesses are secret until the end, except each player's own.
      guesses: state.vars.guess.map((guess, s) => (state.pc === "end" || s === seat ? guess : null)),
      submitted: state.pending?.map((move) => move !== null) ?? null,
    };
  },
  scores(state) {
    return [0, 1].map((seat) => [
      (state.vars.winner === seat ? 10 : 0) + (state.vars.guess[seat] === state.vars.winner ? 1 : 0),
      state.vars.taken[seat]!,
    ]);
  },
};

/** Applies moves that must be legal. */
function play(match: Match<typeof lastStone>, ...moves: [Seat, Move][]): Match<typeof lastStone> {
  for (const [seat, move] of moves) {
    const outcome = applyMove(match, seat, move);
    if (!outcome.ok) throw new Error(`expected legal: ${JSON.stringify(move)}: ${outcome.error.reason}`);
    match = outcome.match;
  }
  return match;
}

/** A match with the start player scripted to seat 0. */
function startAtSeat0(): Match<typeof lastStone> {
  return startMatch(lastStone, { players: 2, seed: 1 }, (state) => state.random.script.push(0));
}

function thrown(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error("expected an error");
}

/** Plays a whole match with random moves through the cloning API. */
function randomMatch(seed: number): Match<typeof lastStone> {
  const rng = new Rng(seed);
  let match = createMatch(lastStone, { players: 2, seed });
  while (!isOver(match)) {
    const seat = rng.pick(whoMayAct(match).players);
    match = play(match, [seat, randomMove(legalMoves(match, seat), rng)]);
  }
  return match;
}

describe("createMatch", () => {
  it("refuses a player count, variant or seed the game does not have", () => {
    expect((thrown(() => createMatch(lastStone, { players: 3, seed: 1 })) as MatchError).code).toBe("match/players");
    expect((thrown(() => createMatch(lastStone, { players: 3, seed: 1 })) as MatchError).message).toBe(
      "Last Stone is for 2 players, not 3",
    );
    expect((thrown(() => createMatch(lastStone, { players: 1.5, seed: 1 })) as MatchError).code).toBe("match/players");
    const unknown = thrown(() => createMatch(lastStone, { players: 2, seed: 1, variants: ["short"] })) as MatchError;
    expect(unknown).toBeInstanceOf(MatchError);
    expect(unknown.code).toBe("match/variant");
    expect(unknown.message).toBe('Last Stone has no such variant; its variants are "long"');
    const twice = thrown(() => createMatch(lastStone, { players: 2, seed: 1, variants: ["long", "long"] }));
    expect((twice as MatchError).code).toBe("match/variant");
    expect((thrown(() => createMatch(lastStone, { players: 2, seed: 0.5 })) as MatchError).code).toBe("match/seed");
  });

  it("keeps the state before the flow started as `initial`, and runs the flow to the first decision", () => {
    const match = createMatch(lastStone, { players: 2, seed: 4, variants: ["long"] });
    expect(match.options).toEqual({ players: 2, seed: 4, variants: ["long"] });
    expect(match.initial.pc).toBe("setup");
    expect(match.initial.pending).toBeNull();
    expect(match.state.pc).toBe("guess");
    expect(match.state.vars.pile).toBe(10);
    expect(whoMayAct(match)).toEqual({ kind: "simultaneous", players: [0, 1] });
    expect(match.log).toEqual([]);
    expect(isOver(match)).toBe(false);
    expect(resultOf(match)).toBeNull();
  });

  it("lets `prepare` change the fresh state, and keeps that change in `initial`", () => {
    for (const start of [0, 1]) {
      const match = startMatch(lastStone, { players: 2, seed: 1 }, (state) => {
        state.random.script.push(start);
        state.zones.bag = [4, 3, 2, 1, 0];
      });
      expect(match.initial.random.script).toEqual([start]);
      expect(match.initial.zones.bag).toEqual([4, 3, 2, 1, 0]);
      expect(match.state.vars.turn).toBe(start);
      expect(match.state.random.script).toEqual([]);
    }
  });

  it("gives the same match for the same seed", () => {
    expect(createMatch(lastStone, { players: 2, seed: 77 }).state).toEqual(
      createMatch(lastStone, { players: 2, seed: 77 }).state,
    );
    const bags = new Set(
      [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => createMatch(lastStone, { players: 2, seed }).state.zones.bag.join()),
    );
    expect(bags.size).toBeGreaterThan(1);
  });
});

describe("applyMove", () => {
  it("refuses an illegal move with the game's reason and leaves the match untouched", () => {
    const match = play(startAtSeat0(), [0, { type: "guess", winner: 1 }]);
    const before = JSON.parse(JSON.stringify(match.state));
    const stateObject = match.state;

    const again = applyMove(match, 0, { type: "guess", winner: 0 });
    expect(again).toEqual({
      ok: false,
      error: { code: "move/already-submitted", reason: "seat 0 has already guessed" },
    });
    const early = applyMove(match, 1, { type: "take", amount: 1 });
    expect(early).toEqual({
      ok: false,
      error: { code: "move/unknown-type", reason: 'everyone must guess first, not "take"' },
    });

    expect(match.state).toBe(stateObject);
    expect(match.state).toEqual(before);
    expect(match.log).toHaveLength(1);
  });

  it("refuses moves of the wrong shape and moves after the end, for every game", () => {
    const match = startAtSeat0();
    expect(applyMove(match, 0, null as unknown as Move)).toMatchObject({
      ok: false,
      error: { code: "move/bad-parameter" },
    });
    expect(applyMove(match, 0, { kind: "guess" } as unknown as Move)).toMatchObject({
      ok: false,
      error: { code: "move/bad-parameter" },
    });
    const over = randomMatch(3);
    expect(applyMove(over, 0, { type: "take", amount: 1 })).toEqual({
      ok: false,
      error: { code: "move/game-over", reason: "the game is over" },
    });
  });

  it("returns a new match and leaves the old one as it was", () => {
    const first = startAtSeat0();
    const second = play(first, [1, { type: "guess", winner: 0 }]);
    expect(second).not.toBe(first);
    expect(first.state.pending).toEqual([null, null]);
    expect(first.log).toEqual([]);
    expect(second.state.pending).toEqual([null, { type: "guess", winner: 0 }]);
    expect(second.log).toEqual([{ seat: 1, move: { type: "guess", winner: 0 } }]);
    expect(second.initial).toBe(first.initial);
    expect(whoMayAct(second)).toEqual({ kind: "simultaneous", players: [0] });
  });

  it("freezes states and logs, so a caller cannot change a match behind its back", () => {
    const match = play(startAtSeat0(), [1, { type: "guess", winner: 0 }]);
    expect(() => {
      match.state.vars.pile = 0;
    }).toThrow(TypeError);
    expect(() => {
      match.initial.zones.bag.push(9);
    }).toThrow(TypeError);
    expect(() => {
      (match.log as unknown as object[]).push({ seat: 0 });
    }).toThrow(TypeError);
  });

  it("logs a copy of the move, so the caller may reuse its object", () => {
    const move = { type: "guess", winner: 0 };
    const match = play(startAtSeat0(), [1, move]);
    move.winner = 1;
    expect(match.log[0]!.move).toEqual({ type: "guess", winner: 0 });
    expect(match.state.pending![1]).toEqual({ type: "guess", winner: 0 });
  });

  it("refuses a seat that does not exist as misuse", () => {
    const match = startAtSeat0();
    expect((thrown(() => applyMove(match, 2, { type: "guess", winner: 0 })) as MatchError).code).toBe("match/seat");
    expect((thrown(() => legalMoves(match, -1)) as MatchError).code).toBe("match/seat");
    expect((thrown(() => viewFor(match, 0.5)) as MatchError).code).toBe("match/seat");
  });
});

describe("a whole match", () => {
  it("plays to the end and ranks the players", () => {
    // Both guess seat 0. Seat 0 starts: 7 -2→ 5 -2→ 3 -1→ 2 -2→ 0, so seat 1 takes the last stone.
    // Seat 0 took 2+1 = 3 and guessed wrong: [0, 3]. Seat 1 took 2+2 = 4, wins, guessed wrong: [10, 4].
    let match = play(startAtSeat0(), [0, { type: "guess", winner: 0 }], [1, { type: "guess", winner: 0 }]);
    expect(whoMayAct(match)).toEqual({ kind: "turn", players: [0] });
    expect(legalMoves(match, 0)).toEqual([{ type: "take", parameters: { amount: { kind: "range", min: 1, max: 2 } } }]);
    expect(legalMoves(match, 1)).toEqual([]);
    const wrongSeat = applyMove(match, 1, { type: "take", amount: 1 });
    expect(wrongSeat).toEqual({ ok: false, error: { code: "move/not-your-turn", reason: "seat 0 takes now" } });
    match = play(
      match,
      [0, { type: "take", amount: 2 }],
      [1, { type: "take", amount: 2 }],
      [0, { type: "take", amount: 1 }],
    );
    expect(legalMoves(match, 1)).toEqual([{ type: "take", parameters: { amount: { kind: "range", min: 1, max: 2 } } }]);
    expect(resultOf(match)).toBeNull();
    match = play(match, [1, { type: "take", amount: 2 }]);
    expect(isOver(match)).toBe(true);
    expect(whoMayAct(match).kind).toBe("over");
    expect(resultOf(match)).toEqual({
      scores: [
        [0, 3],
        [10, 4],
      ],
      ranking: [[1], [0]],
      winners: [1],
    });
    expect(match.log).toHaveLength(6);
  });

  it("shows each player only what that player may know", () => {
    const match = play(startAtSeat0(), [0, { type: "guess", winner: 1 }]);
    expect(viewFor(match, 1)).toEqual({
      pile: 7,
      turn: 0,
      taken: [0, 0],
      bag: { count: 5 },
      guesses: [null, null],
      submitted: [true, false],
    });
    const spectator = viewFor(match, null);
    expect(JSON.stringify(spectator)).not.toContain("winner");
    const both = play(match, [1, { type: "guess", winner: 0 }]);
    expect((viewFor(both, 0) as { guesses: unknown }).guesses).toEqual([1, null]);
    expect((viewFor(both, 1) as { guesses: unknown }).guesses).toEqual([null, 0]);
  });
});

describe("replay", () => {
  it("rebuilds the same state from the initial state and the log", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const match = randomMatch(seed);
      const again = replay(lastStone, match.options, match.initial, match.log);
      expect(again.state).toEqual(match.state);
      expect(again.log).toEqual(match.log);
      expect(again.initial).toEqual(match.initial);
      expect(resultOf(again)).toEqual(resultOf(match));
    }
  });

  it("replays a scripted start from `initial`", () => {
    const match = play(
      startMatch(lastStone, { players: 2, seed: 6 }, (s) => s.random.script.push(1)),
      [0, { type: "guess", winner: 0 }],
    );
    expect(replay(lastStone, match.options, match.initial, match.log).state).toEqual(match.state);
  });

  it("rejects a log with an illegal move, saying which", () => {
    const match = play(startAtSeat0(), [0, { type: "guess", winner: 0 }], [1, { type: "guess", winner: 0 }]);
    const log = [...match.log, { seat: 0, move: { type: "take", amount: 3 } }];
    const error = thrown(() => replay(lastStone, match.options, match.initial, log)) as MatchError;
    expect(error).toBeInstanceOf(MatchError);
    expect(error.code).toBe("match/replay");
    expect(error.message).toContain("move 3 of the log");
    expect(error.message).toContain("amount must be 1 to 2");
  });

  it("rejects an initial state set up for other options", () => {
    const match = startAtSeat0();
    const error = thrown(() => replay(lastStone, { players: 2, seed: 1, variants: ["long"] }, match.initial, []));
    expect((error as MatchError).code).toBe("match/replay");
  });
});

describe("serializeMatch and deserializeMatch", () => {
  /** A match set up from its options alone (no `prepare`), after both guesses: seat `first` takes now. */
  function savable(): { match: Match<typeof lastStone>; first: Seat } {
    const match = play(createMatch(lastStone, { players: 2, seed: 3 }), [0, { type: "guess", winner: 0 }], [1, { type: "guess", winner: 0 }]);
    return { match, first: whoMayAct(match).players[0]! };
  }

  it("round-trips a match through JSON text that holds only its game, options and log", () => {
    const match = randomMatch(11);
    const text = serializeMatch(match);
    const saved = JSON.parse(text);
    expect(Object.keys(saved).sort()).toEqual(["format", "game", "log", "options", "version"]);
    expect(saved.format).toBe("rules-match");
    expect(saved.version).toBe(3);
    expect(saved.game).toBe("last-stone");
    const back = deserializeMatch(lastStone, text);
    expect(back.state).toEqual(match.state);
    expect(back.initial).toEqual(match.initial);
    expect(back.log).toEqual(match.log);
    expect(back.options).toEqual(match.options);
    expect(resultOf(back)).toEqual(resultOf(match));
  });

  it("round-trips a match in progress, which then plays on", () => {
    const { match, first } = savable();
    const back = deserializeMatch(lastStone, serializeMatch(match));
    expect(back.state).toEqual(match.state);
    const next = play(back, [first, { type: "take", amount: 1 }]);
    expect(whoMayAct(next)).toEqual({ kind: "turn", players: [1 - first] });
  });

  it("refuses to save a prepared match, whose state does not follow from its options", () => {
    expect((thrown(() => serializeMatch(startAtSeat0())) as MatchError).code).toBe("match/format");
  });

  it("rejects a save that carries a state or initial state of its own (they are recomputed, never read)", () => {
    const { match } = savable();
    for (const field of ["state", "initial"]) {
      const saved = { ...JSON.parse(serializeMatch(match)), [field]: match.state };
      expect((thrown(() => deserializeMatch(lastStone, JSON.stringify(saved))) as MatchError).code).toBe("match/format");
    }
  });

  it("rejects a tampered log with an illegal move, saying which move", () => {
    const { match, first } = savable();
    const illegalLog = JSON.parse(serializeMatch(play(match, [first, { type: "take", amount: 2 }])));
    illegalLog.log[2].seat = 1 - first;
    const error = thrown(() => deserializeMatch(lastStone, JSON.stringify(illegalLog))) as MatchError;
    expect(error.code).toBe("match/replay");
    expect(error.message).toContain(`move 3 of the log (seat ${1 - first}) is illegal: seat ${first} takes now`);
  });

  it("rejects text that is not a saved match of this game, quoting none of it", () => {
    const text = serializeMatch(savable().match);
    const code = (t: string) => (thrown(() => deserializeMatch(lastStone, t)) as MatchError).code;
    expect(code("{not json")).toBe("match/format");
    expect(code("[]")).toBe("match/format");
    expect(code(JSON.stringify({ ...JSON.parse(text), game: "for-sale" }))).toBe("match/format");
    expect(code(JSON.stringify({ ...JSON.parse(text), version: 1 }))).toBe("match/format");
    // A save of runtime 0.1 would replay its moves into another deal: refused, saying why.
    const older = thrown(() => deserializeMatch(lastStone, JSON.stringify({ ...JSON.parse(text), version: 2 }))) as MatchError;
    expect(older.code).toBe("match/format");
    expect(older.message).toContain("saved by an earlier runtime (format version 2, @rules/runtime 0.1), whose shuffles and dice differ");
    expect(code(JSON.stringify({ ...JSON.parse(text), log: [{ seat: 0 }] }))).toBe("match/format");
    expect(code(JSON.stringify({ ...JSON.parse(text), options: { players: "two", seed: 1 } }))).toBe("match/players");
    const wrongGame = thrown(() => deserializeMatch(lastStone, JSON.stringify({ ...JSON.parse(text), game: "x".repeat(5000) })));
    expect((wrongGame as MatchError).message).toBe('cannot read this match: it is not a match of "last-stone"');
  });

  it("refuses saves beyond its limits: too long a text, too many moves", () => {
    const text = serializeMatch(randomMatch(4));
    expect((thrown(() => deserializeMatch(lastStone, text, { maxBytes: text.length - 1 })) as MatchError).code).toBe("match/limits");
    expect((thrown(() => deserializeMatch(lastStone, text, { maxMoves: 1 })) as MatchError).code).toBe("match/limits");
    expect(deserializeMatch(lastStone, text, { maxBytes: text.length }).state).toEqual(deserializeMatch(lastStone, text).state);
  });
});

describe("playRandomGame", () => {
  it("plays a whole game in place, one decision per move", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const seen: [Seat, Move][] = [];
      const { state, decisions } = playRandomGame(lastStone, { players: 2, seed }, new Rng(seed), (seat, move) =>
        seen.push([seat, move]),
      );
      expect(state.pc).toBe("end");
      expect(state.vars.pile).toBe(0);
      expect(state.vars.taken[0]! + state.vars.taken[1]!).toBe(7);
      // Two guesses, then 4 to 7 takes of 1 or 2 stones from 7.
      expect(decisions).toBeGreaterThanOrEqual(6);
      expect(decisions).toBeLessThanOrEqual(9);
      expect(seen).toHaveLength(decisions);
    }
  });

  it("agrees with the cloning API move for move, and repeats for the same generator seed", () => {
    const moves: [Seat, Move][] = [];
    const { state } = playRandomGame(
      lastStone,
      { players: 2, seed: 21, variants: ["long"] },
      new Rng(4),
      (seat, move) => moves.push([seat, move]),
    );
    const match = play(createMatch(lastStone, { players: 2, seed: 21, variants: ["long"] }), ...moves);
    expect(match.state).toEqual(state);
    expect(playRandomGame(lastStone, { players: 2, seed: 21, variants: ["long"] }, new Rng(4)).state).toEqual(state);
  });

  it("stops a game that never ends with a decision-cap fault", () => {
    const endless: Game = {
      ...(lastStone as unknown as Game),
      setup: ({ players, seed }) => ({
        players,
        variants: [],
        pc: "wait",
        random: seedRandom(seed),
        zones: {},
        vars: {},
        locals: {},
        pending: null,
      }),
      advance: () => {},
      activity: () => ({ kind: "turn", players: [0] }),
      legalMoves: (): MoveOption[] => [{ type: "pass", parameters: {} }],
      apply: () => {},
    };
    const small = thrown(() =>
      playRandomGame(endless, { players: 2, seed: 1 }, new Rng(1), undefined, 50),
    ) as GameFault;
    expect(small).toBeInstanceOf(GameFault);
    expect(small.code).toBe("fault/decision-cap");
    expect(small.message).toContain('"wait"');
    let moves = 0;
    const large = thrown(() =>
      playRandomGame(endless, { players: 2, seed: 1 }, new Rng(1), () => moves++),
    ) as GameFault;
    expect(large.code).toBe("fault/decision-cap");
    expect(moves).toBe(DECISION_CAP);
  });

  it("faults when a seat must act but has no legal move", () => {
    const stuck: Game = { ...(lastStone as unknown as Game), legalMoves: () => [] };
    expect((thrown(() => playRandomGame(stuck, { players: 2, seed: 1 }, new Rng(1))) as GameFault).code).toBe(
      "fault/no-legal-move",
    );
  });
});

describe("chooseRandomMove", () => {
  /** Last Stone waiting for seat 0 to take, both guesses in. */
  function takeState(): StoneState {
    const match = play(startAtSeat0(), [0, { type: "guess", winner: 0 }], [1, { type: "guess", winner: 1 }]);
    return JSON.parse(JSON.stringify(match.state)) as StoneState;
  }

  it("uses the game's compiled sampler when it has one, with the draw it is given, and never lists moves", () => {
    const draws: number[] = [];
    const sampler: Game<StoneState> = {
      ...lastStone,
      legalMoves: () => {
        throw new Error("legalMoves must not be called when the sampler answers");
      },
      randomMove: (state, seat, draw) => {
        draws.push(draw(5));
        return { type: "take", amount: state.vars.pile - 5 + seat };
      },
    };
    const state = takeState();
    const before = JSON.stringify(state);
    expect(chooseRandomMove(sampler, state, 0, new Rng(1), () => 3)).toEqual({ type: "take", amount: 2 });
    expect(draws).toEqual([3]);
    // Without a draw of its own, the sampler draws from the generator: the same seed, the same numbers.
    chooseRandomMove(sampler, state, 0, new Rng(42));
    chooseRandomMove(sampler, state, 0, new Rng(42));
    expect(draws[1]).toBe(draws[2]);
    expect(draws[1]).toBe(new Rng(42).int(5));
    expect(JSON.stringify(state)).toBe(before);
  });

  it("falls back to the legal moves where the sampler returns null, drawing each move equally often", () => {
    const declining: Game<StoneState> = { ...lastStone, randomMove: () => null };
    const state = takeState();
    const rng = new Rng(6);
    const amounts = [0, 0, 0];
    for (let i = 0; i < 4000; i++) {
      const move = chooseRandomMove(declining, state, 0, rng);
      expect(move.type).toBe("take");
      amounts[move["amount"] as number]!++;
    }
    // take 1 or take 2, 2000 each expected: 1,800..2,200 is over six standard deviations wide.
    expect(amounts[0]).toBe(0);
    expect(amounts[1]).toBeGreaterThan(1800);
    expect(amounts[2]).toBeGreaterThan(1800);
  });

  it("without a sampler, draws exactly as the generic random bot does over legalMoves", () => {
    const state = takeState();
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      expect(chooseRandomMove(lastStone, state, 0, new Rng(seed))).toEqual(
        randomMove(lastStone.legalMoves(state, 0), new Rng(seed)),
      );
    }
  });

  it("is what playRandomGame asks for every move", () => {
    // A sampler that always takes one stone, and leaves the guesses to the generic bot.
    const patient: Game<StoneState> = {
      ...lastStone,
      randomMove: (state) => (state.pc === "take" ? { type: "take", amount: 1 } : null),
    };
    const seen: Move[] = [];
    const { state, decisions } = playRandomGame(patient, { players: 2, seed: 3 }, new Rng(3), (_, move) =>
      seen.push(move),
    );
    // Two guesses, then seven takes of one stone.
    expect(decisions).toBe(9);
    expect(seen.filter((move) => move.type === "guess")).toHaveLength(2);
    expect(seen.filter((move) => move.type === "take")).toEqual(Array(7).fill({ type: "take", amount: 1 }));
    expect(state.vars.pile).toBe(0);
  });
});
