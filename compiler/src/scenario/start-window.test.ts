// `start at` a window's decision does what reaching it in the flow does: a seat offered nothing but
// `done` is passed by, and the next seat of the window is asked.
import * as runtime from "@rules/runtime/internal";
import type { Game } from "@rules/runtime/internal";
import { beforeAll, expect, test } from "vitest";
import { loadRulesGame } from "../testing/load-game.js";
import { problems, runFirstScenario } from "./outing-game.js";

const STALL_RULES = `
game "Stall" {
  players 2..3
}
card Token {
  value: int
  cards for v in 1..6 { value: v }
}
zone deck: Token stack public = all Token
per player zone hand: Token pile public
per player var points: int public = 0
flow {
  let round = 1
  while round <= 2 {
    window p in players {
      cash(card in hand[p]) {
        move card to deck
        points[p] += 1
      }
    }
    for q in players { deal 1 from deck to hand[q] }
    round += 1
  }
}
score p: points[p]
`;

let games: Record<string, Game>;
beforeAll(async () => {
  games = { stall: await loadRulesGame("stall", STALL_RULES, runtime) };
});

test("the game has one window decision to start at", () => {
  expect(games["stall"]!.meta.decisions).toEqual(["cash_or_done"]);
});

test("started at a window, a seat offered only done is passed by, as the flow passes it by", () => {
  // Seat 0 holds nothing (only `done`), seat 1 holds a token: seat 1 is asked first. Once it has
  // cashed it, seats 1 and 2 have nothing left and are passed by; the deal gives seat 0 a token for
  // round 2's window.
  const text = `game stall
players 3
scenario "s"
put Token 3 into hand[1]
start at cash_or_done
set round = 1
set p = 0
expect turn 1
play 1: cash(card: Token 3)
expect points[1] = 1
expect turn 0
`;
  expect(problems(runFirstScenario(games, text))).toEqual([]);
});

test("started at a window, a seat with something to do is asked", () => {
  const text = `game stall
players 3
scenario "s"
put Token 3 into hand[0]
start at cash_or_done
set round = 1
set p = 0
expect turn 0
`;
  expect(problems(runFirstScenario(games, text))).toEqual([]);
});
