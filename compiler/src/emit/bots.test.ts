// Seats the rules play (`bot` in the header): the match gets them after the people, the runtime never
// asks them (an ask that would is fault/bot-asked at the ask's line), and they are scored, ranked,
// viewed, replayed and saved like any seat.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import {
  GameFault,
  Rng,
  applyMove,
  chooseRandomMove,
  createMatch,
  deserializeMatch,
  legalMoves,
  replay,
  resultOf,
  seatPlan,
  serializeMatch,
  viewFor,
  whoMayAct,
  type Game,
  type Match,
} from "../../../runtime/src/internal.js";
import { loadRulesGame } from "../testing/load-game.js";

const corpus = readFileSync(new URL("../__fixtures__/programs/bots.rules", import.meta.url), "utf8");
let compiled: Promise<Game> | undefined;
/** The corpus program with bots (2 people get the House, 3 the Twin), compiled once. */
const corpusGame = (): Promise<Game> => (compiled ??= loadRulesGame("bots", corpus, runtime));

/** A game whose flow is `flow`: 2 or 3 people, and "the House" joins 2 of them. */
const game = (flow: string, score = "points[p]"): string => `game "House" {
  players 2..3
  bot house "the House" for 2
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Token stack hidden = all Token
per player zone hand: Token pile owner
per player var points: int public = 0
var turn: player public = 0
flow {
${flow}
}
score p: ${score}
`;

/** Plays random moves to the end, checking at each decision that no bot seat is asked. */
function playOut(start: Match, seed: number): Match {
  let match = start;
  const rng = new Rng(seed);
  while (whoMayAct(match).kind !== "over") {
    const seats = whoMayAct(match).players;
    for (const seat of seats) expect(runtime.isBotSeat(match.state, seat), `seat ${seat} asked`).toBe(false);
    const seat = seats[rng.int(seats.length)]!;
    const outcome = applyMove(match, seat, chooseRandomMove(match.game, match.state, seat, rng));
    if (!outcome.ok) throw new Error(outcome.error.reason);
    match = outcome.match;
  }
  return match;
}

function faultOf(play: () => unknown): GameFault {
  try {
    play();
  } catch (error) {
    if (error instanceof GameFault) return error;
    throw error;
  }
  throw new Error("no fault");
}

describe("a match's seats", () => {
  test("a bot joins the player counts it is declared for, after the people; meta lists the bots", async () => {
    const bots = await corpusGame();
    expect(bots.meta.bots).toEqual([
      { id: "house", label: "the House", for: [2] },
      { id: "twin", label: "the Twin", for: [3] },
    ]);
    expect(seatPlan(bots.meta, 2)).toEqual({
      humans: 2,
      seats: 3,
      list: [{ seat: 0, bot: null }, { seat: 1, bot: null }, { seat: 2, bot: { id: "house", label: "the House" } }],
    });
    expect(seatPlan(bots.meta, 3).list[3]).toEqual({ seat: 3, bot: { id: "twin", label: "the Twin" } });
    expect(seatPlan(bots.meta, 4)).toMatchObject({ humans: 4, seats: 4 });
  });

  test("player_count and players count the bot: 2 people and the House are dealt as a 3-player game", async () => {
    const bots = await corpusGame();
    const match = createMatch(bots, { players: 2, seed: 5 });
    expect(match.options.players).toBe(2);
    expect(match.state.players).toBe(3);
    // hand_size[player_count] with 3 seats is 3: 3 cards to each of the 3 seats, 20 - 9 left.
    const zones = match.state.zones as Record<string, number[][] & number[]>;
    expect(zones["hand"]!.map((hand) => hand.length)).toEqual([3, 3, 3]);
    expect(zones["deck"]!.length).toBe(11);
  });
});

describe("the runtime never asks a bot", () => {
  test("whoMayAct never lists a bot seat and it has no legal move, through whole games", async () => {
    const bots = await corpusGame();
    for (const players of [2, 3]) {
      for (let seed = 1; seed <= 10; seed++) {
        const match = createMatch(bots, { players, seed });
        const bot = match.state.players - 1;
        expect(runtime.isBotSeat(match.state, bot)).toBe(true);
        expect(legalMoves(match, bot)).toEqual([]);
        playOut(match, seed);
      }
    }
  });

  test("an ask that reaches the bot's seat is fault/bot-asked at the ask's line", async () => {
    const loaded = await loadRulesGame("house", game("  while true {\n    ask turn {\n      pass { }\n    }\n    turn = next(turn)\n  }"), runtime, ["check/loop-never-ends"]);
    let match = createMatch(loaded, { players: 2, seed: 1 });
    match = (applyMove(match, 0, { type: "pass" }) as { match: Match }).match;
    const fault = faultOf(() => applyMove(match, 1, { type: "pass" }));
    expect(fault.code).toBe("fault/bot-asked");
    expect(fault.message).toMatch(/^the House is played by the rules: the rules must decide for seat 2, never ask it/);
    expect(fault.rule).toEqual({ file: "house.rules", line: 15, column: 5, text: "ask turn {" });
  });

  test("with 3 people there is no bot, and the same ask goes round", async () => {
    const loaded = await loadRulesGame("house", game("  for p in players {\n    ask p {\n      pass { }\n    }\n  }"), runtime);
    expect(playOut(createMatch(loaded, { players: 3, seed: 1 }), 1).log.map((m) => m.seat)).toEqual([0, 1, 2]);
    expect(() => playOut(createMatch(loaded, { players: 2, seed: 1 }), 1)).toThrow(/the House is played by the rules/);
  });

  test("an ask each or a race over every seat is a fault; with `where not bot(p)` it asks the people", async () => {
    const each = await loadRulesGame("house", game("  ask each p in players {\n    pass { }\n  }"), runtime);
    const eachFault = faultOf(() => createMatch(each, { players: 2, seed: 1 }));
    expect(eachFault.code).toBe("fault/bot-asked");
    expect(eachFault.rule).toMatchObject({ line: 14, text: "ask each p in players {" });
    const race = await loadRulesGame("house", game("  race p in players {\n    grab { }\n  }"), runtime);
    expect(faultOf(() => createMatch(race, { players: 2, seed: 1 })).rule).toMatchObject({ line: 14, text: "race p in players {" });

    const people = await loadRulesGame("house", game("  ask each p in players where not bot(p) {\n    pass { }\n  }\n  race p in players where not bot(p) {\n    grab { }\n  }"), runtime);
    const match = createMatch(people, { players: 2, seed: 1 });
    expect(whoMayAct(match)).toEqual({ kind: "simultaneous", players: [0, 1] });
    const raced = (applyMove((applyMove(match, 0, { type: "pass" }) as { match: Match }).match, 1, { type: "pass" }) as { match: Match }).match;
    expect(whoMayAct(raced)).toEqual({ kind: "race", players: [0, 1] });
  });
});

describe("a bot is a seat like any other once the game is over", () => {
  test("results rank and score the bot; when it wins, no person does", async () => {
    const loaded: Game = await loadRulesGame("house", game("  points[0] = 3\n  points[1] = 1\n  for p in players where bot(p) {\n    points[p] = 5\n  }", "points[p]"), runtime);
    const result = resultOf(createMatch(loaded, { players: 2, seed: 1 }));
    expect(result).toEqual({ scores: [[3], [1], [5]], ranking: [[2], [0], [1]], winners: [2] });
  });

  test("a bot's view can be computed; replay and a saved match restore its seats", async () => {
    const bots = await corpusGame();
    const played = playOut(createMatch(bots, { players: 2, seed: 7 }), 7);
    const view = viewFor(played, 2) as { zones: { hand: unknown[] } };
    expect(view.zones.hand).toHaveLength(3);
    expect(replay(bots, played.options, played.initial, played.log).state).toEqual(played.state);
    expect(deserializeMatch(bots, serializeMatch(played)).state).toEqual(played.state);
    expect(resultOf(played)!.scores).toHaveLength(3);
  });
});
