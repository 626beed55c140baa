// The example app in real Chromium: a whole game of each of the five compiled games, seat 0 played by
// clicking the table's controls only (the other seats are bots at full speed). The result the page
// shows must be the one the runtime gives for the page's save, replayed here in Node.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Browser, Page } from "playwright-core";
import { deserializeMatch, resultOf, type AnyGame } from "@rules/runtime";
import { describeResult } from "@rules/runtime/present";
import { game as forSale } from "@rules/generated/for-sale";
import { game as freakShop } from "@rules/generated/freak-shop";
import { game as ladyRichmond } from "@rules/generated/lady-richmond";
import { game as foreclosed } from "@rules/generated/foreclosed";
import { game as keysToKnowledge } from "@rules/generated/keys-to-knowledge";
import { clickOneMove, GAMES, moveCount, seeded, settle } from "./clicker.mjs";
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

/** A game's rules as written (one file, or a folder of them): the reasons its refusals give are in it. */
function rulesText(id: string): string {
  const root = fileURLToPath(new URL("../../../rules/", import.meta.url));
  const file = path.join(root, `${id}.rules`);
  if (existsSync(file)) return readFileSync(file, "utf8");
  return readdirSync(path.join(root, id)).filter((name) => name.endsWith(".rules")).map((name) => readFileSync(path.join(root, id, name), "utf8")).join("\n");
}

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
    // With reduced motion, as a reader who asks for it sees the table: cards are placed, not glided. The glides
    // are tested on their own below; here they only cost time (a quarter of this file's CPU, Chromium's
    // drawing of every bot move's glides), since Playwright waits for a card to stop before clicking it.
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, reducedMotion: "reduce" });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto(`${served.base}?game=${id}&${query}&delay=0`);
    await expect.poll(() => page.locator(".rt-title").textContent()).toBe(game.title);

    const random = seeded(id.length * 7919);
    const counts = { clicks: 0, refused: 0, reasons: [] as string[] };
    const started = Date.now();
    while (!(await settle(page))) {
      await clickOneMove(page, random, counts);
      expect(counts.clicks, "clicks").toBeLessThan(maxClicks);
      expect(Date.now() - started, "time").toBeLessThan(150_000);
    }
    expect(counts.clicks).toBeGreaterThan(0);
    // Refused tries showed the rules' own reasons (each `require … else "…"` of the rules says one).
    const rules = rulesText(id);
    for (const reason of counts.reasons) expect(rules).toContain(`"${reason}"`);

    await page.locator("button[name=save]").click();
    // The page writes the save into its box on its next render, not within the click.
    const box = page.locator('textarea[name="save"]');
    await expect.poll(() => box.inputValue()).not.toBe("");
    const save = await box.inputValue();
    const replayed = resultOf(deserializeMatch(game, save));
    expect(replayed).not.toBeNull();
    const result = replayed!;
    // The table shows the ranking with each score, the winners, and the runtime's words for them.
    const rows = await page.locator(".rt-standings tbody tr").evaluateAll((trs) => trs.map((tr) => [Number((tr as HTMLElement).dataset["seat"]), Number((tr as HTMLElement).dataset["score"])]));
    expect(rows.map(([seat]) => seat)).toEqual(result.ranking.flat());
    expect(rows.map(([, score]) => score)).toEqual(result.ranking.flat().map((seat) => result.scores[seat]![0]));
    expect(await page.locator(".rt-result").getAttribute("data-winners")).toBe(result.winners.join(","));
    // Where the rules name the parts of a score (and some part scored), a sheet shows them: each seat's
    // column adds up to its score.
    const sheet = await page.locator(".rt-sheet tbody td").evaluateAll((tds) => tds.map((td) => [Number((td as HTMLElement).dataset["seat"]), td.textContent ?? ""]));
    const named = result.parts !== undefined && result.parts.some((seat) => seat.some((part) => part.points !== 0));
    expect(sheet.length > 0).toBe(named);
    if (named) {
      for (const seat of result.ranking.flat()) {
        const column = sheet.filter(([at]) => at === seat).map(([, text]) => (text === "–" ? 0 : Number(text)));
        expect(column.reduce((sum, points) => sum + points, 0)).toBe(result.scores[seat]![0]);
      }
    }
    const words = describeResult(game, result, { seat: 0, humans: deserializeMatch(game, save).options.players });
    expect(await page.locator(".rt-winners").textContent()).toBe(words[words.length - 1]);
    expect(errors).toEqual([]);
    console.log(`${id}: ${counts.clicks} clicks (${counts.refused} refused), ${Date.now() - started} ms`);
    await page.close();
  }, 240_000);
}

test("keyboard only: Tab reaches the decision's controls and Enter plays one", async () => {
  const page = await browser.newPage();
  await page.goto(`${served.base}?game=for-sale&players=3&seed=21&delay=0`);
  await page.waitForSelector(".rt-decision .rt-option");
  const before = await moveCount(page);
  let reached = false;
  for (let tab = 0; tab < 80 && !reached; tab++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(() => document.activeElement?.matches(".rt-decision button[data-submit]") ?? false);
  }
  expect(reached).toBe(true);
  // Every control there is named for a screen reader: its text or its label.
  const unnamed = await page.locator(".rt-decision button, .rt-decision input").evaluateAll((controls) =>
    controls.filter((c) => (c.textContent ?? "").trim() === "" && !c.getAttribute("aria-label") && !(c as HTMLInputElement).labels?.length).length,
  );
  expect(unnamed).toBe(0);
  await page.keyboard.press("Enter");
  await expect.poll(() => moveCount(page)).toBeGreaterThan(before);
  await page.close();
});

test("a phone's width: the table (a board of spaces included) fits without scrolling sideways", async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  for (const query of ["game=keys-to-knowledge&players=2&seed=3", "game=foreclosed&players=3&seed=3", "game=for-sale&players=6&seed=3"]) {
    await page.goto(`${served.base}?${query}&delay=0`);
    await page.waitForSelector(".rt-decision .rt-option");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await page.close();
});

test("designer's tools: hot seat, stepping back and branching, the state inspector", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(`${served.base}?game=for-sale&players=3&seed=31&delay=0`);
  await page.waitForSelector(".rt-decision .rt-option");
  // Seat 1 is played by a person too, and the table shows whoever is to play.
  await page.locator('input[name="bot-1"]').click();
  await page.locator('input[name="follow"]').click();
  const shown = new Set<string>();
  for (let i = 0; i < 8; i++) {
    await page.waitForSelector(".rt-decision .rt-option");
    shown.add((await page.locator(".rt-table[data-move-count]").getAttribute("data-seat"))!);
    const before = await moveCount(page);
    await page.locator(".rt-decision button[data-submit]").last().click();
    await expect.poll(() => moveCount(page)).toBeGreaterThan(before);
  }
  expect([...shown].sort()).toEqual(["0", "1"]);

  // Back two moves: the table shows the past and the bots wait. (First the bots finish: a person is to play.)
  await page.waitForSelector(".rt-decision .rt-option");
  const now = await moveCount(page);
  await page.locator('button[name="back"]').click();
  await page.locator('button[name="back"]').click();
  await expect.poll(() => moveCount(page)).toBe(now - 2);
  await page.waitForTimeout(100);
  expect(await moveCount(page)).toBe(now - 2);
  await expect.poll(() => page.getByText("a move here starts a new branch").count()).toBe(1);
  // Forward one, then branch from there with a move: the history ends at the new move.
  await page.locator('button[name="forward"]').click();
  await expect.poll(() => moveCount(page)).toBe(now - 1);
  // A person's move there, or the bots' (played on from here), starts a new branch.
  if ((await page.locator(".rt-decision .rt-option").count()) > 0) await page.locator(".rt-decision button[data-submit]").first().click();
  else await page.locator('button[name="resume"]').click();
  await expect.poll(() => moveCount(page)).toBeGreaterThanOrEqual(now);
  await expect.poll(() => page.getByText("a move here starts a new branch").count()).toBe(0);
  // The branch is the whole history now: the moment shown is its last.
  const history = page.locator('input[name="history"]');
  await expect.poll(async () => (await history.getAttribute("max")) === (await history.inputValue())).toBe(true);

  // The inspector shows the view of the seat shown, as JSON.
  await page.locator(".rt-inspector summary").click();
  await expect.poll(() => page.locator(".rt-inspector pre").textContent()).not.toBe("");
  const view = JSON.parse((await page.locator(".rt-inspector pre").textContent())!) as { zones: object; vars: object };
  expect(Object.keys(view)).toEqual(expect.arrayContaining(["zones", "vars"]));
  await page.close();
});

/** Passes in For Sale (which takes the lowest Property on auction into your Properties: a card that moves in
 *  view) and returns the cards animated just after. */
async function cardsAnimatedByAPass(page: Page): Promise<string[]> {
  await page.goto(`${served.base}?game=for-sale&players=3&seed=41&delay=0`);
  await page.waitForSelector('.rt-option[data-option="pass"] button');
  const before = await page.locator(".rt-table[data-move-count]").getAttribute("data-move-count");
  await page.locator('.rt-option[data-option="pass"] button').click();
  await page.waitForFunction((count) => document.querySelector(".rt-table[data-move-count]")?.getAttribute("data-move-count") !== count, before);
  const moving = await page.evaluate(() => document.getAnimations().map((a) => ((a as CSSAnimation).effect as KeyframeEffect | null)?.target?.getAttribute("data-card")));
  return moving.filter((card): card is string => card !== null && card !== undefined);
}

test("after a move, cards glide from where they lay to their new places", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  expect((await cardsAnimatedByAPass(page)).length).toBeGreaterThan(0);
  await page.close();
});

test("for a reader who asks for reduced motion, the same move places the cards without gliding", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, reducedMotion: "reduce" });
  expect(await cardsAnimatedByAPass(page)).toEqual([]);
  await page.close();
});

test("cards clicked on the table are picked in the forms that take them, then played by the option's button", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(`${served.base}?game=freak-shop&players=3&seed=12&delay=0`);
  await page.waitForSelector(".rt-decision form");
  // Freak Shop's trades must give and take at least one card: no form offers "none" (the domain's `none`).
  const legends = await page.locator('.rt-decision fieldset[data-parameter="give"] legend').allTextContents();
  expect(legends.length).toBeGreaterThan(0);
  for (const legend of legends) expect(legend).toMatch(/: one or more of these$/);
  // Nothing picked yet: the trade cannot be played, and its button does not offer to trade "with none".
  const goodDeal = page.locator('.rt-decision form[data-option="good_deal"] button[data-submit]');
  expect(await goodDeal.isDisabled()).toBe(true);
  expect(await goodDeal.textContent()).not.toMatch(/with none/);
  // One of your Mansion's cards and one of the Shop's, clicked where they lie.
  const mine = page.locator('.rt-area[data-seat="0"] .rt-card.rt-playable').first();
  const shop = page.locator('.rt-middle [data-zone="shop"] .rt-card.rt-playable').first();
  const [give, take] = [await mine.getAttribute("data-card"), await shop.getAttribute("data-card")];
  const givenName = await mine.locator(".rt-card-name").textContent();
  await mine.locator("button").click();
  await shop.locator("button").click();
  await expect.poll(() => mine.getAttribute("class")).toContain("rt-picked");
  // Every form that takes those cards now holds them, as if picked in the form itself.
  for (const form of await page.locator(".rt-decision form").all()) {
    expect(await form.locator(`fieldset[data-parameter="give"] button[data-value="${give}"]`).getAttribute("aria-pressed")).toBe("true");
    expect(await form.locator(`fieldset[data-parameter="take"] button[data-value="${take}"]`).getAttribute("aria-pressed")).toBe("true");
  }
  // Clicked again, a card is let go.
  await mine.locator("button").click();
  await expect.poll(() => page.locator(`.rt-decision fieldset[data-parameter="give"] button[data-value="${give}"][aria-pressed="true"]`).count()).toBe(0);
  // Picked again and played as a good deal: taken (the card given lies in the Shop) or refused with its reason.
  await mine.locator("button").click();
  const before = await moveCount(page);
  await goodDeal.click();
  await page.waitForFunction(
    (count) => document.querySelector(".rt-table[data-move-count]")?.getAttribute("data-move-count") !== count || document.querySelector(".rt-refusal:not(:empty)") !== null,
    String(before),
  );
  // Taken: the story tells your deal, naming the card you gave.
  if ((await moveCount(page)) > before) expect(await page.locator(".rt-log").textContent()).toContain(`You make a good deal: give ${givenName}`);
  else expect(await page.locator('.rt-decision form[data-option="good_deal"] .rt-refusal').textContent()).not.toBe("");
  await page.close();
});
