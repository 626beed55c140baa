// The example app in real Chromium: a whole game of each of the five compiled games, seat 0 played by
// clicking the table's controls only (the other seats are bots at full speed). The result the page
// shows must be the one the runtime gives for the page's save, replayed here in Node.
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Browser } from "playwright-core";
import { deserializeMatch, resultOf, type AnyGame } from "@rules/runtime";
import { describeResult } from "@rules/runtime/present";
import { game as forSale } from "@rules/generated/for-sale";
import { game as freakShop } from "@rules/generated/freak-shop";
import { game as ladyRichmond } from "@rules/generated/lady-richmond";
import { game as foreclosed } from "@rules/generated/foreclosed";
import { game as keysToKnowledge } from "@rules/generated/keys-to-knowledge";
import { clickOneMove, GAMES, seeded, settle } from "./clicker.mjs";
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

const PLAYED: Record<string, AnyGame> = {
  "for-sale": forSale,
  "freak-shop": freakShop,
  "lady-richmond": ladyRichmond,
  foreclosed,
  "keys-to-knowledge": keysToKnowledge,
};

for (const { id, query, maxClicks } of GAMES) {
  const game = PLAYED[id]!;
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
