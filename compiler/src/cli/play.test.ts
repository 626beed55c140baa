import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { gemAuction } from "./fake-game.js";
import { recordingIo } from "./io.js";
import { playInTerminal } from "./play.js";

/** Plays Gem Auction for two with these answers piped in, one per line. */
async function playWith(answers: string[], seed = 5) {
  const io = recordingIo(Readable.from(answers.map((a) => `${a}\n`)));
  const status = await playInTerminal(gemAuction, { players: 2, seed }, io);
  return { status, out: io.stdout };
}

describe("playInTerminal", () => {
  it("plays a whole game from piped answers, re-asking with the game's reason after a bad one", async () => {
    const { status, out } = await playWith([
      "1", // take…
      "6", // …the sixth gem of the pool: Gem 6
      "take", // by name…
      "1", // …the first gem left in the pool
      "1", // bet…
      "7", // more than the 3 coins you have
      "x",
      "3",
      "1", // show…
      "gem 6", // …by the card's name
    ]);
    expect(status).toBe(0);
    expect(out).toContain("Gem Auction: 2 players, you are seat 0, seed 5");
    expect(out).toContain("  1) take gem (one of 6 in pool)");
    expect(out).toContain("you take gem Gem 6");
    expect(out).toContain("Not allowed: you may bet 0 to 3 coins, not 7");
    expect(out).toContain("'x' is not a whole number.");
    expect(out).toContain("you bet amount 3");
    // Until the reveal, seat 1's hand is only a count, and its choice is not told.
    expect(out).toContain("    seat 1: 2 cards, face down");
    expect(out).toContain("seat 1 chooses secretly");
    expect(out.indexOf("you show gem Gem 6")).toBeLessThan(out.indexOf("seat 1 chooses secretly"));
    // Gem 6 beats any gem seat 1 can show, so you take the pot: your 3 coins plus seat 1's bet.
    const bet = Number(/seat 1 bets amount (\d+)/.exec(out)![1]);
    expect(out).toContain(`  you: ${3 + bet + 6} (tie-breaker ${3 + bet})`);
    expect(out).toContain("Winner: you");
  });

  it("goes back from a parameter to the moves on an empty answer, and re-asks after an unknown move", async () => {
    const { out } = await playWith(["9", "1", "", "quit"]);
    expect(out).toContain("'9' is not one of your moves: type a number from 1 to 1, or a move's name.");
    expect(out.split("Your move [1-1]: ").length - 1).toBe(3);
    expect(out).toContain("You left the game.");
  });

  it("goes back to the moves when a move with nothing to choose is refused", async () => {
    // Only Gem 1 may be taken, and the game refuses it: re-asking the (no) parameters would loop forever.
    const cursed = {
      ...gemAuction,
      legalMoves: () => [{ type: "take", parameters: { gem: { kind: "card", zone: "pool", cards: [0] } } } as const],
      check: () => ({ code: "move/constraint", reason: "Gem 1 is cursed" }) as const,
    };
    const io = recordingIo(Readable.from(["1\n", "quit\n"]));
    expect(await playInTerminal(cursed, { players: 2, seed: 1 }, io)).toBe(0);
    expect(io.stdout.split("Not allowed: Gem 1 is cursed").length - 1).toBe(1);
    expect(io.stdout.split("Your move [1-1]: ").length - 1).toBe(2);
    expect(io.stdout).toContain("You left the game.");
  });

  it("leaves cleanly when the input ends", async () => {
    const { status, out } = await playWith(["1"]);
    expect(status).toBe(0);
    expect(out).toContain("Input ended: leaving the game.");
    expect(out).not.toContain("Game over.");
  });

  it("replays the same game, bots included, from the same seed", async () => {
    const answers = ["1", "1", "1", "1", "1", "0", "1", "1"];
    const first = await playWith(answers, 42);
    const second = await playWith(answers, 42);
    expect(first.out).toContain("Game over.");
    expect(second.out).toBe(first.out);
  });
});
