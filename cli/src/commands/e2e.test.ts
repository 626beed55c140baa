// End to end: the built `rules` command (cli/dist/commands/main.js) in the repository, where a
// game's id means its rules in rules/ (compiled in memory). Needs `npx tsc -b` to have run.

import { execFile, spawn } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const main = fileURLToPath(new URL("../../dist/commands/main.js", import.meta.url));

function rules(...args: string[]): Promise<{ status: number; out: string; err: string }> {
  return new Promise((done) => {
    execFile(process.execPath, [main, ...args], { cwd: root, timeout: 60_000 }, (error, out, err) => {
      done({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, out, err });
    });
  });
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("rules simulate", () => {
  it("prints one JSON summary of random For Sale games", async () => {
    const { status, out, err } = await rules(
      "simulate",
      "for-sale",
      "--players",
      "4",
      "--games",
      "20",
      "--seed",
      "1",
      "--json",
    );
    expect(err).toBe("");
    expect(status).toBe(0);
    const summary = JSON.parse(out);
    expect(summary).toMatchObject({ game: "for-sale", players: 4, games: 20, seed: 1, errors: 0 });
    // With 4 players 28 properties and 28 currency cards are used: 7 auctions, each needing at
    // least 3 passes, and 7 sales of 4 secret choices, so at least 7 * 3 + 28 = 49 decisions.
    // Coins only ever go to the bank while buying, so no bid exceeds 18: at most 18 raises an auction.
    expect(summary.minDecisions).toBeGreaterThanOrEqual(49);
    expect(summary.maxDecisions).toBeLessThanOrEqual(7 * (18 + 3) + 28);
    expect(summary.minDecisions).toBeLessThanOrEqual(summary.meanDecisions);
    expect(summary.meanDecisions).toBeLessThanOrEqual(summary.maxDecisions);
    expect(summary.winRateBySeat).toHaveLength(4);
    expect(sum(summary.winRateBySeat)).toBeCloseTo(1, 10);
    // Scores are currency plus coins: the 28 dealt currency cards are worth 238 less the two
    // removed ones (0 to 30), and the players' coins are 0 to the 72 they start with.
    expect(summary.meanScoreBySeat).toHaveLength(4);
    expect(sum(summary.meanScoreBySeat)).toBeGreaterThanOrEqual(208);
    expect(sum(summary.meanScoreBySeat)).toBeLessThanOrEqual(238 + 72);
  });

  it("names the known games when the game is unknown, with exit 2", async () => {
    const { status, err } = await rules("simulate", "monopoly", "--players", "4", "--games", "1");
    expect(status).toBe(2);
    expect(err).toMatch(/unknown game 'monopoly'; known games: .*for-sale/);
  });

  it("refuses a player count the game does not allow, with exit 2", async () => {
    const { status, err } = await rules("simulate", "for-sale", "--players", "7", "--games", "1");
    expect(status).toBe(2);
    expect(err).toContain("For Sale is for 3 to 6 players, not 7");
  });
});

describe("search bots and balance reports", () => {
  it("seats search bots in simulate, and refuses a --bots list of the wrong length with exit 2", async () => {
    const played = await rules("simulate", "for-sale", "--players", "3", "--games", "2", "--bots", "mcts:10,random,random", "--json");
    expect(played.status).toBe(0);
    expect(JSON.parse(played.out)).toMatchObject({ games: 2, completed: 2, bots: ["mcts:10", "random", "random"] });
    const refused = await rules("simulate", "for-sale", "--players", "3", "--games", "1", "--bots", "mcts:10,random");
    expect(refused.status).toBe(2);
    expect(refused.err).toContain("--bots lists 2 bots for 3 players of For Sale: give one per player");
  });

  it("writes a report page with four plots and its JSON beside it, the same JSON it prints", async () => {
    const folder = await mkdtemp(join(tmpdir(), "rules-report-e2e-"));
    const out = join(folder, "for-sale.html");
    const { status, out: printed } = await rules("report", "for-sale", "--players", "3", "--games", "4", "--bots", "mcts:5,random,random", "--out", out, "--json");
    expect(status).toBe(0);
    const data = JSON.parse(printed);
    expect(JSON.parse(await readFile(join(folder, "for-sale.json"), "utf8"))).toEqual(data);
    expect(data).toMatchObject({ game: "for-sale", players: 3, seats: 3, games: 4, completed: 4 });
    expect(data.bySeat.map((s: { bot: string }) => s.bot)).toEqual(["mcts:5", "random", "random"]);
    const html = await readFile(out, "utf8");
    expect(html.match(/<svg/g)).toHaveLength(4);
    expect(html).toContain(`<td data-figure="length.mean">${data.length.mean.toFixed(2)}</td>`);
  });

  it("gives the same report and the same strength with the same seed on 1 and 2 worker threads", async () => {
    const folder = await mkdtemp(join(tmpdir(), "rules-report-workers-"));
    const report = (workers: number) =>
      rules("report", "for-sale", "--players", "3", "--games", "300", "--seed", "9", "--out", join(folder, `w${workers}.html`), "--json", "--workers", String(workers));
    const strength = (workers: number) =>
      rules("strength", "for-sale", "--players", "3", "--games", "12", "--bot", "mcts:5", "--seed", "4", "--json", "--workers", String(workers));
    const [one, two] = [await report(1), await report(2)];
    expect(one.status).toBe(0);
    expect(JSON.parse(one.out)).toMatchObject({ games: 300, completed: 300 });
    expect(two.out).toBe(one.out);
    const [alone, shared] = [await strength(1), await strength(2)];
    expect(alone.status).toBe(0);
    // The row's timing aside, the same figures.
    const { secondsPerGame: _a, ...aloneRow } = JSON.parse(alone.out);
    const { secondsPerGame: _b, ...sharedRow } = JSON.parse(shared.out);
    expect(sharedRow).toEqual(aloneRow);
    expect(aloneRow.completed).toBe(12);
  }, 180_000);

  it("measures a bot's strength as a JSON row per game", async () => {
    const { status, out } = await rules("strength", "for-sale", "--players", "3", "--games", "2", "--bot", "mcts:5", "--json");
    expect(status).toBe(0);
    const row = JSON.parse(out);
    expect(row).toMatchObject({ game: "for-sale", players: 3, bot: "mcts:5", games: 2, completed: 2, baseline: 1 / 3 });
    expect(row.winRate.low).toBeLessThanOrEqual(row.winRate.rate);
    expect(row.winRate.rate).toBeLessThanOrEqual(row.winRate.high);
  });
});

describe("rules bench", () => {
  it("measures For Sale's kernel and state machine, playing the same games, as one JSON object", async () => {
    const { status, out } = await rules("bench", "for-sale", "--players", "4", "--seconds", "0.1", "--rounds", "1", "--json");
    expect(status).toBe(0);
    const result = JSON.parse(out);
    expect(result).toMatchObject({ game: "for-sale", players: 4, rounds: 1, noKernel: null, sameGames: true });
    for (const engine of [result.kernel, result.stateMachine]) {
      expect(engine.playouts).toBeGreaterThanOrEqual(16);
      expect(engine.playoutsPerSec).toBeGreaterThan(0);
      // Seven auctions of at least three passes each, then seven sales of four cards.
      expect(engine.meanDecisions).toBeGreaterThanOrEqual(7 * 3 + 7 * 4);
    }
  }, 120_000);
});

describe("rules demo", () => {
  it("narrates a For Sale match between 4 bots and names the winners", async () => {
    // Told in full: the demo tells only the first moves unless asked for more.
    const { status, out } = await rules("demo", "--moves", "1000");
    expect(status).toBe(0);
    expect(out).toContain("== For Sale (for-sale): 4 random bots, seed 1 ==");
    expect(out).toMatch(/seat \d sells Property \d+/);
    // Under each move, what it did; the demo tells everything, the cards laid face down included.
    expect(out).toMatch(/^ {3}\d\. seat \d passes\n {6}seat \d takes Property \d+ from the Properties on auction\n/m);
    expect(out).toMatch(/^ {6}seat \d moves Property \d+, seat \d moves Property \d+, .* from their Properties to their Property laid face down$/m);
    expect(out).toMatch(/^Winners?: seat \d/m);
  });

  it("tells a match's first --moves moves, plays the rest untold and gives its result", async () => {
    // For Sale ends after well over 5 moves with 4 players: 7 rounds of bids at least.
    const { status, out } = await rules("demo", "--game", "for-sale", "--moves", "5");
    expect(status).toBe(0);
    expect(out).toMatch(/^ {3}5\. /m);
    expect(out).not.toMatch(/^ {3}6\. /m);
    // The moves after the fifth are counted, not told: 5 told and those make the whole match.
    const untold = Number(/^ {6}… (\d+) more moves …$/m.exec(out)![1]);
    const total = Number(/^Game over after (\d+) moves\.$/m.exec(out)![1]);
    expect(5 + untold).toBe(total);
    // The same match as told in full (the whole demo of For Sale, seed 1): the same length and winner.
    const whole = await rules("demo", "--game", "for-sale", "--moves", "1000");
    expect(whole.out).not.toContain("more moves");
    const ending = (text: string) => text.slice(text.indexOf("Game over after"));
    expect(ending(out)).toMatch(/^Game over after \d+ moves\.\n[^]*Winners?: seat \d/);
    expect(ending(out)).toBe(ending(whole.out));
  });

  it("tells a refusal once: Keys to Knowledge's `refuse` move, whose rules also say it", async () => {
    const { status, out } = await rules("demo", "--game", "keys-to-knowledge", "--moves", "200");
    expect(status).toBe(0);
    const refusals = [...out.matchAll(/^ +\d+\. (seat \d) refuses\n(.*)$/gm)];
    expect(refusals.length).toBeGreaterThan(0);
    for (const [, who, next] of refusals) expect(next).not.toBe(`      ${who} refuses`);
  });

  it("tells each game's round ends: Lady Richmond's auctions, Freak Shop's Closed Shop", async () => {
    const { status, out } = await rules("demo", "--game", "lady-richmond", "--moves", "1000");
    const freakShop = await rules("demo", "--game", "freak-shop", "--moves", "1000");
    expect(status).toBe(0);
    const lady = out.slice(out.indexOf("== Lady Richmond"));
    // "The winner places the number of coins bid into the money chest and then takes all of the
    // face-up cards": told in that order, the rules' words first, before the next card is turned.
    const auctions = [...lady.matchAll(/ {6}The auction goes to (seat \d), for a bid of (\d+)\n((?: {6}.*\n)*)/g)];
    expect(auctions.length).toBeGreaterThan(0);
    for (const [, winner, bid, after] of auctions) {
      const lines = after!.split("\n");
      expect(lines[0]).toBe(`      ${winner} pays ${bid} ${bid === "1" ? "coin" : "coins"} to the money chest`);
      expect(lines.some((line) => line.startsWith(`      ${winner} takes `) && line.endsWith(" from the face-up cards"))).toBe(true);
    }
    // "The game ends as soon as the Shop Keeper reveals the Closed Shop card."
    const freak = freakShop.out;
    expect(freak).toMatch(
      /Closed Shop go(es)? from the draw pile to the Shop\n {6}The Shop Keeper reveals the Closed Shop card: the Shop closes\n {6}the game ends\nGame over/,
    );
  });
});

describe("rules check", () => {
  it("finds no problem in the For Sale rules", async () => {
    const { status, out } = await rules("check", "rules/for-sale.rules");
    expect(status).toBe(0);
    expect(out).toContain("rules/for-sale.rules: no problems");
  });

  it("checks each game of the rules folder on its own", async () => {
    // Not as one game: five headers and their shared names would be duplicate definitions.
    const { status, out } = await rules("check", "rules/");
    expect(out).toBe(
      "rules/for-sale.rules: no problems\nrules/foreclosed.rules: no problems\nrules/freak-shop.rules: no problems\nrules/keys-to-knowledge: no problems\nrules/lady-richmond.rules: no problems\n",
    );
    expect(status).toBe(0);
  });
});

/**
 * `rules play for-sale` with answers written to its stdin as the questions come: pass in every
 * auction, and sell the first Property listed (your lowest: a pile is listed in card order).
 */
function playForSale(players: number, seed: number): Promise<{ status: number | null; out: string }> {
  const child = spawn(process.execPath, [main, "play", "for-sale", "--players", String(players), "--seed", String(seed)], { cwd: root });
  let out = "";
  let answered = 0;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    out += chunk;
    // A question ends the output so far with ": " and waits for a line.
    if (!out.endsWith(": ") || out.length === answered) return;
    answered = out.length;
    const menu = out.slice(out.lastIndexOf("Your moves:"));
    child.stdin.write(out.endsWith("]: ") && /\d\) pass/.test(menu) ? "pass\n" : "1\n");
  });
  return new Promise((done) => child.on("close", (status) => done({ status, out })));
}

describe("rules play", () => {
  it("plays a whole game of For Sale with answers written to a pipe as the questions come", async () => {
    const { status, out } = await playForSale(3, 2);
    expect(status).toBe(0);
    expect(out).toContain("For Sale: 3 players, you are seat 0, seed 2");
    expect(out).toContain("you pass");
    expect(out).toMatch(/you sell Property \d+/);
    expect(out).toContain("Game over.");
    expect(out).toMatch(/^Winners?: /m);
  });

  it("tells what each move did: a bot's pass, the auction's end, and each round of sales", async () => {
    const { status, out } = await playForSale(3, 75);
    expect(status).toBe(0);
    // Seed 75, three players. The first auction, as the table shows it at your first decision: seat 1
    // bid 14, seat 2 bid 18, on Property 19, 3 and 17.
    expect(out).toContain("  The Properties on auction: Property 19, Property 3, Property 17\n");
    expect(out).toContain("Seat 1:\n  Coins: hidden\n  Bid: 14\nSeat 2:\n  Coins: hidden\n  Bid: 18\n");
    // You pass with no bid: you take the lowest, Property 3, and pay nothing (0 is not told). Seat 1
    // passes: it takes the lowest left, Property 17, and pays 14 - 14 / 2 = 7 of its 14. Seat 2, the
    // last in the bidding, pays its whole bid, 18, and takes the highest, Property 19. Then the next
    // auction's three cards are turned up.
    expect(out).toContain(
      [
        "you pass",
        "  you take Property 3 from the Properties on auction",
        "seat 1 passes",
        "  seat 1 takes Property 17 from the Properties on auction",
        "  seat 1 pays 7 coins to the bank: half the bid, rounded up",
        "  The auction goes to seat 2, the last in the bidding, for a bid of 18",
        "  seat 2 pays 18 coins to the bank: the winning bid",
        "  seat 2 takes Property 19 from the Properties on auction",
        "",
      ].join("\n"),
    );
    // The first sale: Currency 15, 8 and 12 are on offer; you sell Property 3, the first of your hand.
    // When the last seat has chosen, the cards are laid face down; then, highest Property first, each
    // goes to the sold pile, face up, and its seller takes the highest Currency card left: seat 1's 17
    // takes 15, seat 2's 8 takes 12, your 3 takes 8. Then the next round's Currency cards.
    expect(out).toContain("  The Currency cards on offer: Currency 15, Currency 8, Currency 12\n");
    expect(out).toContain(
      [
        "you sell Property 3",
        "seat 1 chooses secretly",
        "seat 2 chooses secretly",
        "  you move Property 3 and seats 1 and 2 each move a card from their Properties to their Property laid face down",
        "  seat 1 puts Property 17 into the sold Properties",
        "  seat 1 takes Currency 15 from the Currency cards on offer",
        "  seat 2 puts Property 8 into the sold Properties",
        "  seat 2 takes Currency 12 from the Currency cards on offer",
        "  you put Property 3 into the sold Properties",
        "  you take Currency 8 from the Currency cards on offer",
        "  Currency 11, Currency 3 and Currency 3 go from the Currency deck to the Currency cards on offer",
        "",
      ].join("\n"),
    );

    // Every round of sales, checked by the rule itself: the Currency cards on offer (as the table
    // showed them) go out highest first, each to the seat whose Property was just told, and the
    // Properties are told highest first.
    const sale = /\n {2}(you|seat \d) puts? Property (\d+) into the sold Properties\n {2}(?:you|seat \d) takes? Currency (\d+) from the Currency cards on offer/g;
    const rounds = [...out.matchAll(/The Currency cards on offer: (.*)\n[^]*?(?:\n {2}(?:you|seat \d) puts? Property \d+ into the sold Properties\n {2}.* from the Currency cards on offer){3}/g)];
    expect(rounds).toHaveLength(8); // 24 Properties in play, 3 sold a round
    for (const [round, offered] of rounds) {
      const offer = offered!.split(", ").map((name) => Number(/\d+$/.exec(name)![0])).sort((a, b) => b - a);
      const sales = [...round.matchAll(sale)].map(([, , property, currency]) => ({ property: Number(property), currency: Number(currency) }));
      expect(sales).toHaveLength(3);
      expect(sales.map((s) => s.property)).toEqual(sales.map((s) => s.property).sort((a, b) => b - a));
      expect(sales.map((s) => s.currency)).toEqual(offer);
    }
  });
});
