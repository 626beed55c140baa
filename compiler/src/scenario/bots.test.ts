// Scenarios of a game with a seat the rules play: `players 2` of the corpus program bots.rules (whose
// House joins 2 people) has 3 seats, numbered as always; expectations read the House's seat like any
// other, and a scripted move for it is refused at its line.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import * as runtime from "../../../runtime/src/internal.js";
import type { Game } from "@rules/runtime/internal";
import { formatDiagnostics } from "../diagnostics.js";
import { loadRulesGame } from "../testing/load-game.js";
import { parseScenarioFile } from "./parser.js";
import { runScenario, type ScenarioOutcome } from "./runner.js";

const rules = readFileSync(new URL("../__fixtures__/programs/bots.rules", import.meta.url), "utf8");
let compiled: Promise<Game> | undefined;
const botsGame = (): Promise<Game> => (compiled ??= loadRulesGame("bots", rules, runtime));

async function run(text: string): Promise<ScenarioOutcome> {
  const { scenarios, diagnostics } = parseScenarioFile(text, "bots.scenario");
  expect(formatDiagnostics(diagnostics, text)).toBe("");
  return runScenario(scenarios[0]!, { bots: (await botsGame()) as never });
}

const problems = (outcome: ScenarioOutcome) => outcome.diagnostics.map((d) => [d.line, d.code, d.message]);

const HEADER = `game bots
players 2
seed 1
`;

describe("a scenario of a game with a bot seat", () => {
  test("2 players get a third seat, the House: set up, expected and scored like any seat, never asked", async () => {
    const outcome = await run(`${HEADER}scenario "the House plays by the rules"
set hand[0] = [Chip 1, Chip 2, Chip 3]
set hand[1] = [Chip 4, Chip 5, Chip 6]
set hand[2] = [Chip 18, Chip 19, Chip 20], rest into deck
# 2 people and the House: hand_size[player_count] = hand_size[3] = 3 cards to each of 3 seats.
expect count hand = 3 3 3
expect count deck = 11
expect coins = 3 3 3
# Round 1, seat 0 active. The people offer secretly; the House is not asked and offers its highest.
expect simultaneous 0 1
play 0: offer(c: Chip 1)
play 1: offer(c: Chip 4)
expect pot = [Chip 1, Chip 4, Chip 20]
expect hand[2] = [Chip 18, Chip 19]
expect turn 0
play 0: pass
# Only the people race; nobody grabs, so the pot goes to the active seat 0: 1 + 4 + 20 = 25.
expect race 0 1
play 0: decline
play 1: decline
expect won[0] = [Chip 1, Chip 4, Chip 20]
# Round 2, seat 1 active: the same, the pot (2 + 5 + 19 = 26) to seat 1.
play 0: offer(c: Chip 2)
play 1: offer(c: Chip 5)
expect turn 1
play 1: pass
play 0: decline
play 1: decline
expect won[1] = [Chip 2, Chip 5, Chip 19]
# Round 3, the House active: the rules call for it (calls[2] = 1) and nobody is asked to choose.
expect active = 2
play 0: offer(c: Chip 3)
play 1: offer(c: Chip 6)
expect calls = 0 0 1
expect race 0 1
play 0: decline
play 1: decline
# Nobody grabbed: the pot (3 + 6 + 18 = 27) goes to the House, and every hand is empty.
expect over
expect won[2] = [Chip 3, Chip 6, Chip 18]
# Scores are won chips + coins + calls: 25 + 3 + 0, 26 + 3 + 0, 27 + 3 + 1.
expect scores 28 29 31
expect ranking 2 > 1 > 0
expect winners 2
`);
    expect(problems(outcome)).toEqual([]);
    expect(outcome.passed).toBe(true);
  });

  test("a scripted move for the bot's seat is refused at its line", async () => {
    const outcome = await run(`${HEADER}scenario "playing for the House"
expect simultaneous 0 1
play 2: offer(c: Chip 20)
`);
    expect(problems(outcome)).toEqual([
      [6, "scenario/bot-seat", "seat 2 is the House, played by the rules: the rules make its moves, so a scenario cannot play for it"],
    ]);
  });

  test("a seat after the bot's does not exist", async () => {
    const outcome = await run(`${HEADER}scenario "a fourth seat"
expect coins[3] = 3
`);
    expect(problems(outcome)).toEqual([
      [5, "scenario/unknown-seat", "there is no seat 3 in a 3-player game (seats are 0 to 2)"],
    ]);
  });
});
