import { PassThrough, Readable } from "node:stream";
import { applyMove, createMatch, type Game, type Move } from "@rules/runtime/internal";
import { parseBotSpec } from "@rules/runtime/search";
import { describe, expect, it } from "vitest";
import { gemAuction } from "./fake-game.js";
import { recordingIo } from "./io.js";
import { playInTerminal, restart } from "./play.js";
import type { Reload } from "./rules-watch.js";

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
    expect(out).toContain("  1) take gem (one of 6 in the pool)");
    // The move, then what it did, as you may see it.
    expect(out).toContain("you take Gem 6\n  you take Gem 6 from the pool\n");
    expect(out).toContain("Not allowed: you may bet 0 to 3 coins, not 7");
    expect(out).toContain("'x' is not a whole number.");
    expect(out).toContain("you bet 3\n  you pay 3 to the pot\n");
    // Until the reveal, seat 1's hand is only a count, and its choice is not told.
    expect(out).toContain("Seat 1:\n  Hand: 2 cards, face down\n");
    expect(out).toContain("seat 1 chooses secretly");
    expect(out.indexOf("you show Gem 6")).toBeLessThan(out.indexOf("seat 1 chooses secretly"));
    // Gem 6 beats any gem seat 1 can show, so you take the pot: your 3 coins plus seat 1's bet.
    const bet = Number(/seat 1 bets (\d+)/.exec(out)![1]);
    expect(out).toContain(`seat 1 bets ${bet}\n  seat 1 pays ${bet} to the pot\n`);
    // Both gems are shown at once when seat 1 has chosen, then the pot goes to you and the game ends.
    expect(out).toMatch(/seat 1 chooses secretly\n  you move Gem 6 and seat 1 moves Gem \d from their hand to their gems shown\n/);
    expect(out).toContain(`  you take ${3 + bet} from the pot\n  the game ends\n`);
    // Seat 1 ends with at most 3 - bet coins and a gem below 6: nobody shares your score, so its
    // tie-breaker (your coins) decides nothing and is not told.
    expect(out).toContain(`  you: ${3 + bet + 6}\n`);
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

  it("says you left when you type quit while asked a parameter", async () => {
    const { status, out } = await playWith(["1", "quit"]);
    expect(status).toBe(0);
    expect(out).toContain("You left the game.");
    expect(out).not.toContain("Input ended");
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

/** Gem Auction where taking Gem 6 (card 5) is refused. */
const cursedSix: Game = {
  ...gemAuction,
  check: (state, seat, move) =>
    move.type === "take" && move["gem"] === 5
      ? { code: "move/constraint", reason: "Gem 6 is cursed" }
      : gemAuction.check(state, seat, move),
} as Game;

/** A fake rules watch: `save(game)` is a save whose rules compiled to `game`. */
function fakeWatch() {
  let wake: ((reload: Reload) => void) | undefined;
  return {
    next: () => new Promise<Reload>((resolve) => (wake = resolve)),
    save: (game: Game) => wake!({ game, changed: "gems.rules" }),
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe("playInTerminal --watch", () => {
  it("replays the moves so far under saved rules that still allow them, else starts a new match", async () => {
    const input = new PassThrough();
    const io = recordingIo(input);
    const watch = fakeWatch();
    const asked = (n: number) => io.stdout.split("Your move [1-1]: ").length - 1 >= n;
    const until = async (check: () => boolean) => {
      while (!check()) await sleep(5);
    };
    const done = playInTerminal(gemAuction, { players: 2, seed: 5 }, io, watch);
    await until(() => asked(1));
    input.write("1\n6\n"); // take Gem 6; seat 1 then takes a gem
    await until(() => asked(2));
    // The same rules saved again: both moves replay, and the question is asked again.
    watch.save({ ...gemAuction, title: "Gem Auction, saved" } as Game);
    await until(() => asked(3));
    expect(io.stdout).toContain("── gems.rules saved: the 2 moves so far replayed with the new rules ──");
    // Now Gem 6 is cursed: the first move no longer replays, so a new match starts.
    watch.save(cursedSix);
    await until(() => asked(4));
    expect(io.stdout).toContain(
      "── gems.rules saved: move 1 (you take Gem 6) is not legal any more (Gem 6 is cursed); a new match starts ──",
    );
    // The new match is at its start: all six gems in the pool again.
    const lastView = io.stdout.slice(io.stdout.lastIndexOf("── Your turn"));
    expect(lastView).toContain("The pool: Gem 1, Gem 2, Gem 3, Gem 4, Gem 5, Gem 6");
    input.end();
    expect(await done).toBe(0);
    expect(io.stdout).toContain("Input ended: leaving the game.");
  });
});

describe("restart", () => {
  const played = (moves: [number, Move][]) =>
    moves.reduce((match, [seat, move]) => {
      const outcome = applyMove(match, seat, move);
      if (!outcome.ok) throw new Error(outcome.error.reason);
      return outcome.match;
    }, createMatch(gemAuction, { players: 3, seed: 1 }));

  it("keeps the current match when the saved rules cannot start it, and says why", () => {
    const io = recordingIo(Readable.from([]));
    const current = played([[0, { type: "take", gem: 2 }]]);
    const twoOnly = { ...gemAuction, maxPlayers: 2 } as Game;
    expect(restart({ game: twoOnly, changed: "gems.rules" }, current, io)).toBe(current);
    expect(io.stdout).toContain(
      "── gems.rules saved: the new rules cannot start this match (Gem Auction is for 2 players, not 3); still playing the previous rules ──",
    );
  });

  it("replays every move of the log, in order, onto the new rules", () => {
    const io = recordingIo(Readable.from([]));
    const current = played([
      [0, { type: "take", gem: 2 }],
      [1, { type: "take", gem: 0 }],
    ]);
    const replayed = restart({ game: cursedSix, changed: "gems.rules" }, current, io);
    expect(replayed.game).toBe(cursedSix);
    expect(replayed.log).toEqual(current.log);
    expect(replayed.state).toEqual(current.state);
  });
});

describe("playInTerminal with search bots", () => {
  it("lets a search bot choose the opponent's moves: after you take Gem 6 it takes the best gem left", async () => {
    const io = recordingIo(Readable.from(["1", "6", "quit"].map((a) => `${a}\n`)));
    // Seat 1 searches; with Gem 6 gone only Gem 5 can beat a gem you show, so it is worth the most.
    // (With this seed a random seat 1 takes another gem: the test fails without the search bot.)
    const status = await playInTerminal(gemAuction, { players: 2, seed: 5 }, io, undefined, [undefined, parseBotSpec("mcts:300")]);
    expect(status).toBe(0);
    expect(io.stdout).toContain("you take Gem 6");
    expect(io.stdout).toContain("seat 1 takes Gem 5");
  });
});
