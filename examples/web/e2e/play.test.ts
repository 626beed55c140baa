// The example app in real Chromium: a whole game of each of the five compiled games, seat 0 played by
// clicking the table's controls only (the other seats are bots at full speed). The result the page
// shows must be the one the runtime gives for the page's save, replayed here in Node.
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Browser, Page } from "playwright-core";
import { deserializeMatch, resultOf, type AnyGame } from "@rules/runtime";
import { describeResult } from "@rules/runtime/present";
import { game as forSale } from "@rules/generated/for-sale";
import { game as freakShop } from "@rules/generated/freak-shop";
import { game as ladyRichmond } from "@rules/generated/lady-richmond";
import { game as foreclosed } from "@rules/generated/foreclosed";
import { game as keysToKnowledge } from "@rules/generated/keys-to-knowledge";
import { buildAndServe, launchChromium } from "./serve.mjs";

let served: Awaited<ReturnType<typeof buildAndServe>>;
let browser: Browser;

beforeAll(async () => {
  served = await buildAndServe();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

/** A small seeded generator, so that a failing game can be played again click for click. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Waits until it is seat 0's decision or the game is over; true when over. */
async function settle(page: Page): Promise<boolean> {
  await page.waitForFunction(() => document.querySelector(".rt-result") !== null || document.querySelector(".rt-decision .rt-option") !== null);
  return (await page.locator(".rt-result").count()) > 0;
}

/**
 * One decision by clicking: an option picked at random, then a value for each of its parameters (a
 * choice button; for a set of cards mostly one card, at times none; a range left at its lowest), then
 * its button. A refusal (its reason shown in the option tried) is counted, and another try follows.
 */
async function clickOneMove(page: Page, random: () => number, counts: { clicks: number; refused: number }): Promise<void> {
  const before = await page.locator(".rt-table[data-move-count]").first().getAttribute("data-move-count");
  const options = page.locator(".rt-decision .rt-option");
  const option = options.nth(Math.floor(random() * (await options.count())));
  const pick = async (buttons: ReturnType<Page["locator"]>): Promise<void> => {
    await buttons.nth(Math.floor(random() * (await buttons.count()))).click();
    counts.clicks++;
  };
  if ((await option.evaluate((e) => e.tagName)) === "FORM") {
    for (const fieldset of await option.locator("fieldset[data-parameter]").all()) {
      const kind = await fieldset.getAttribute("data-kind");
      const buttons = fieldset.locator("button.rt-choice");
      if (kind === "cards") {
        // After a refusal the form keeps its choices: unpick them first.
        for (const pressed of await fieldset.locator("button[aria-pressed=true]").all()) {
          await pressed.click();
          counts.clicks++;
        }
        // Mostly one card (rules that trade sets accept one for one), at times none.
        if (random() < 0.85 && (await buttons.count()) > 0) await pick(buttons);
      } else if ((await fieldset.locator("button[aria-pressed=true]").count()) === 0) await pick(buttons);
    }
    await option.locator("button[data-submit]").click();
    counts.clicks++;
  } else await pick(option.locator("button[data-submit]"));
  // The move is taken (the table moves on) or refused (the reason shows in the option tried).
  await page.waitForFunction(
    (count) =>
      document.querySelector(".rt-table[data-move-count]")?.getAttribute("data-move-count") !== count ||
      [...document.querySelectorAll(".rt-refusal")].some((p) => p.textContent !== ""),
    before,
  );
  if ((await page.locator(".rt-refusal:not(:empty)").count()) > 0) counts.refused++;
}

const GAMES: { id: string; game: AnyGame; query: string; maxClicks: number }[] = [
  { id: "for-sale", game: forSale, query: "players=3&seed=11", maxClicks: 300 },
  { id: "freak-shop", game: freakShop, query: "players=3&seed=12", maxClicks: 300 },
  { id: "lady-richmond", game: ladyRichmond, query: "players=2&seed=13", maxClicks: 800 },
  { id: "foreclosed", game: foreclosed, query: "players=2&seed=14", maxClicks: 800 },
  // The full game can take thousands of moves by random play: the short variant (20 rounds) on the small board.
  { id: "keys-to-knowledge", game: keysToKnowledge, query: "players=2&seed=15&variants=short,small_board", maxClicks: 1200 },
];

for (const { id, game, query, maxClicks } of GAMES) {
  test(`plays a whole game of ${id} by clicking, against bots, to the result its save replays to`, async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto(`${served.base}?game=${id}&${query}&delay=0`);
    await expect.poll(() => page.locator(".rt-title").textContent()).toBe(game.title);

    const random = seeded(id.length * 7919);
    const counts = { clicks: 0, refused: 0 };
    const started = Date.now();
    while (!(await settle(page))) {
      await clickOneMove(page, random, counts);
      expect(counts.clicks, "clicks").toBeLessThan(maxClicks);
      expect(Date.now() - started, "time").toBeLessThan(150_000);
    }
    expect(counts.clicks).toBeGreaterThan(0);

    await page.locator("button[name=save]").click();
    const save = await page.locator('textarea[name="save"]').inputValue();
    const replayed = resultOf(deserializeMatch(game, save));
    expect(replayed).not.toBeNull();
    const result = replayed!;
    // The table shows the ranking with each score, the winners, and the runtime's words for them.
    const rows = await page.locator(".rt-result tbody tr").evaluateAll((trs) => trs.map((tr) => [Number((tr as HTMLElement).dataset["seat"]), Number((tr as HTMLElement).dataset["score"])]));
    expect(rows.map(([seat]) => seat)).toEqual(result.ranking.flat());
    expect(rows.map(([, score]) => score)).toEqual(result.ranking.flat().map((seat) => result.scores[seat]![0]));
    expect(await page.locator(".rt-result").getAttribute("data-winners")).toBe(result.winners.join(","));
    const words = describeResult(game, result, { seat: 0, humans: deserializeMatch(game, save).options.players });
    expect(await page.locator(".rt-winners").textContent()).toBe(words[words.length - 1]);
    expect(errors).toEqual([]);
    console.log(`${id}: ${counts.clicks} clicks (${counts.refused} refused), ${Date.now() - started} ms`);
    await page.close();
  }, 240_000);
}
