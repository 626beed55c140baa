// The command line with a game whose rules play a seat (the corpus program bots.rules: 2 people get the
// House as a third seat): `rules play` tells the House by its label, `rules simulate` counts its seat.
import { readFileSync } from "node:fs";
import { PassThrough, Readable } from "node:stream";
import * as runtime from "@rules/runtime/internal";
import type { Game } from "@rules/runtime/internal";
import { describe, expect, it } from "vitest";
import { loadRulesGame } from "@rules/compiler/testing";
import { recordingIo } from "./io.js";
import { addressed, possessive, seatList, seatName } from "@rules/runtime/present";
import { narrateMatch } from "./demo.js";
import { playInTerminal } from "./play.js";
import type { Reload } from "./rules-watch.js";
import { renderSummary, simulate } from "./simulate.js";

const rules = readFileSync(new URL("../../../compiler/src/__fixtures__/programs/bots.rules", import.meta.url), "utf8");
let compiled: Promise<Game> | undefined;
const botsGame = (): Promise<Game> => (compiled ??= loadRulesGame("bots", rules, runtime));

describe("a game with a seat the rules play, on the command line", () => {
  it("names a bot seat by its label, and leaves the people's seats numbered", () => {
    const game = { meta: { bots: [{ id: "house", label: "the House", for: [2] }] } } as unknown as Game;
    // Two people: seat 2 is the House. With three, seat 2 is a person's.
    const reader = { seat: 0, humans: 2 };
    expect([seatName(game, 2, reader), seatName(game, 1, reader), seatName(game, 0, reader)]).toEqual(["the House", "seat 1", "you"]);
    expect(seatName(game, 2, { seat: 0, humans: 3 })).toBe("seat 2");
    expect(seatList(game, [2, 1, 0], reader)).toBe("you, seat 1 and the House");
    expect(possessive(game, 2, reader)).toBe("the House's");
    // The rules' own words name seats by number: the House's seat reads by its label.
    expect(addressed(game, "seat 2 puts Chip 20 into pot; seat 1 declines", reader)).toBe("the House puts Chip 20 into pot; seat 1 declines");
    expect(addressed(game, "Seat 2's calls is now 1; seat 12", reader)).toBe("The House's calls is now 1; seat 12");
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

  it("rules play --watch: after a save, a bot seat is told by the label of the rules now played", async () => {
    const game = await botsGame();
    const input = new PassThrough();
    const io = recordingIo(input);
    let wake: ((reload: Reload) => void) | undefined;
    const watch = { next: () => new Promise<Reload>((resolve) => (wake = resolve)) };
    const done = playInTerminal(game, { players: 2, seed: 3 }, io, watch);
    while (!io.stdout.includes("Your move")) await new Promise((resolve) => setTimeout(resolve, 5));
    // The House is renamed in the saved rules: nothing else changed, so the game goes on.
    const renamed = { ...game, meta: { ...game.meta, bots: game.meta.bots.map((bot) => ({ ...bot, label: "the Bank" })) } };
    wake!({ game: renamed as Game, changed: "bots.rules" });
    while (!io.stdout.includes("saved:")) await new Promise((resolve) => setTimeout(resolve, 5));
    const saved = io.stdout.length;
    for (let i = 0; i < 40; i++) input.write("1\n");
    input.end();
    expect(await done).toBe(0);
    const after = io.stdout.slice(saved);
    expect(after).toMatch(/the Bank puts Chip \d+ into pot/);
    expect(after).not.toContain("the House");
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
