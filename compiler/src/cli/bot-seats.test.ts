// The command line with a game whose rules play a seat (the corpus program bots.rules: 2 people get the
// House as a third seat): `rules play` tells the House by its label, `rules simulate` counts its seat.
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import * as runtime from "@rules/runtime/internal";
import type { Game } from "@rules/runtime/internal";
import { describe, expect, it } from "vitest";
import { loadRulesGame } from "../testing/load-game.js";
import { recordingIo } from "./io.js";
import { nameBots } from "../present/naming.js";
import { narrateMatch } from "./demo.js";
import { playInTerminal } from "./play.js";
import { renderSummary, simulate } from "./simulate.js";

const rules = readFileSync(new URL("../__fixtures__/programs/bots.rules", import.meta.url), "utf8");
let compiled: Promise<Game> | undefined;
const botsGame = (): Promise<Game> => (compiled ??= loadRulesGame("bots", rules, runtime));

describe("a game with a seat the rules play, on the command line", () => {
  it("names a bot seat by its label, and leaves the people's seats numbered", () => {
    const plan = runtime.seatPlan({ bots: [{ id: "house", label: "the House", for: [2] }] }, 2);
    expect(nameBots("seat 2 puts Chip 20 into pot; seat 1 declines", plan)).toBe("the House puts Chip 20 into pot; seat 1 declines");
    expect(nameBots("Seat 2:\n  Coins: 3\nseat 2's calls is now 1\nseat 12", plan)).toBe("The House:\n  Coins: 3\nthe House's calls is now 1\nseat 12");
  });

  it("rules play: you and a random person play, the House is told by its label and never asked", async () => {
    // Answer the first option, and its first value, at every question until the game ends.
    const io = recordingIo(Readable.from(Array.from({ length: 40 }, () => "1\n")));
    expect(await playInTerminal(await botsGame(), { players: 2, seed: 3 }, io)).toBe(0);
    const out = io.stdout;
    expect(out).toContain("Bots: 2 players (and the House, played by the rules), you are seat 0, seed 3");
    expect(out).toContain("The House:\n  Hand: 3 cards, face down");
    expect(out).toMatch(/the House puts Chip \d+ into pot/);
    expect(out).toContain("Game over.");
    expect(out).not.toMatch(/[Ss]eat 2\b/);
  });

  it("rules simulate: every seat has a win rate, the House's by its label", async () => {
    const game = await botsGame();
    const summary = simulate(game, { players: 2, seed: 1 }, 30);
    expect(summary.errors).toBe(0);
    expect(summary.winRateBySeat).toHaveLength(3);
    expect(summary.winRateBySeat.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(renderSummary(game, summary).some((line) => line.startsWith("2 (the House) "))).toBe(true);
    // With 4 people no bot joins: 4 seats, all numbered.
    expect(simulate(game, { players: 4, seed: 1 }, 5).winRateBySeat).toHaveLength(4);
  });
});

describe("rules demo with a seat the rules play", () => {
  it("names the bot in the header line and in the narration", async () => {
    // The demo seats 4 people: here the Twin joins 4 too, making 5 seats.
    const text = rules.replace('bot twin "the Twin" for 3', 'bot twin "the Twin" for 3..4').replace("{ 3: 3, 4: 2 }", "{ 3: 3, 4: 2, 5: 2 }");
    const io = recordingIo(Readable.from([]));
    narrateMatch(await loadRulesGame("bots", text, runtime), 2, io);
    expect(io.stdout).toContain("== Bots (bots): 4 random bots and the Twin, seed 2 ==");
    expect(io.stdout).toMatch(/the Twin puts Chip \d+ into pot/);
    expect(io.stdout).not.toMatch(/[Ss]eat 4\b/);
  });
});
