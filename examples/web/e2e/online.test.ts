// The example page online, in real Chromium, against a @rules/server host in this process on the
// loopback interface: page A creates a For Sale match in the lobby, pages B and C find it in their
// lobby list and join it (For Sale takes 3 to 6 players), a fourth page watches it. The three seats
// play the whole game by clicking only, each page its own seat's controls when it may act; page B is
// reloaded mid-match and must come back to its seat, page C is closed and its seat taken back by a
// new page opening the rejoin link it showed. At the end every page shows the result of the
// server's own match.
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Browser, Page } from "playwright-core";
import { resultOf } from "@rules/runtime";
import { describeResult } from "@rules/runtime/present";
import { createHost, type Host } from "@rules/server";
import { game as forSale } from "@rules/generated/for-sale";
import { clickOneMove, moveCount, seeded } from "./clicker.mjs";
import { buildAndServe, launchChromium } from "./serve.mjs";

let served: Awaited<ReturnType<typeof buildAndServe>>;
let browser: Browser;
let host: Host;
let server = "";

beforeAll(async () => {
  host = await createHost({ onError: (error) => console.error(error) });
  host.registerGame("for-sale", forSale);
  server = `ws://127.0.0.1:${await host.listen(0, "127.0.0.1")}`;
  served = await buildAndServe();
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await served?.close();
  await host?.close();
});

/**
 * Each player's page. With reduced motion, as a reader who asks for it sees the table: cards are placed,
 * not glided (play.test.ts tests the glides): Chromium drawing every move's glides on four pages was a
 * third of this file's CPU, and what is tested here is the match between devices.
 */
const DEVICE = { viewport: { width: 1200, height: 900 }, reducedMotion: "reduce" } as const;

async function openLobby(errors: string[]): Promise<Page> {
  const page = await browser.newPage(DEVICE);
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.goto(`${served.base}?server=${encodeURIComponent(server)}&game=for-sale`);
  await page.waitForSelector(".lobby");
  return page;
}

const seatOf = (page: Page): Promise<string | null> => page.locator(".rt-table[data-move-count]").getAttribute("data-seat");

test("three pages create, find and join a For Sale match in the lobby, play it by clicking (one reloaded mid-match) to the server's result; a fourth watches", async () => {
  const errors: string[] = [];
  const a = await openLobby(errors);
  await expect.poll(() => a.locator(".lobby-empty").count()).toBe(1);
  await a.locator('input[name="players"]').fill("3");
  await a.locator('button[name="create"]').click();
  await a.waitForSelector(".rt-table[data-move-count]");
  expect(await seatOf(a)).toBe("0");
  const roomId = (await a.locator(".online-room").textContent())!;
  expect(await a.locator(".online-token").textContent()).toMatch(/\S{16,}/);
  // Waiting for the two seats not taken yet.
  await expect.poll(() => a.locator(".online-status").getAttribute("data-absent")).toBe("1,2");

  // B and C see the match in their lobby with its open seats, and join it.
  const pages = [a];
  for (const [seat, open] of [[1, "2"], [2, "1"]] as const) {
    const page = await openLobby(errors);
    const listed = page.locator(`.lobby-match[data-room="${roomId}"]`);
    await expect.poll(() => listed.getAttribute("data-open")).toBe(open);
    expect(await listed.textContent()).toContain(`${open} of 3 seats open`);
    await listed.locator('button[name="join"]').click();
    await page.waitForSelector(".rt-table[data-move-count]");
    expect(await seatOf(page)).toBe(String(seat));
    pages.push(page);
  }
  await expect.poll(() => a.locator(".online-status").getAttribute("data-absent")).toBe("");
  const b = pages[1]!;

  const random = seeded(2323);
  const counts = { clicks: 0, refused: 0 };
  const started = Date.now();
  let reloaded = false;
  let relinked = false;
  let watcher: Page | null = null;
  const shown = (): Promise<number[]> => Promise.all(pages.map(moveCount));
  for (;;) {
    // Every page shows the same moment before anyone clicks: each seat then acts on what it may see.
    await expect.poll(async () => new Set(await shown()).size, { timeout: 15_000 }).toBe(1);
    const [at] = await shown();
    if ((await a.locator(".rt-result").count()) > 0) break;
    if (!reloaded && at! >= 8) {
      // B reloads mid-match: the page rejoins its seat with the token it kept, at the same moment.
      const token = await b.locator(".online-token").textContent();
      const told = () => b.locator(".rt-log li[data-move]").evaluateAll((items) => items.map((li) => li.getAttribute("data-move")));
      const moves = Array.from({ length: at! }, (_, k) => String(at! - 1 - k)); // newest first
      // Each move told (and, first, the setup's events: "-1").
      expect(await told()).toEqual([...moves, "-1"]);
      await b.reload();
      await b.waitForSelector(".rt-table[data-move-count]");
      expect(await seatOf(b)).toBe("1");
      expect(await b.locator(".online-token").textContent()).toBe(token);
      await expect.poll(() => moveCount(b)).toBe(at);
      // Every move told again from the catch-up (the setup's own line is not: @rules/table tells a
      // catch-up's earlier moves without their events).
      expect(await told()).toEqual(moves);
      reloaded = true;
      // A spectator from the lobby: the match is listed with no seat open.
      watcher = await openLobby(errors);
      const listed = watcher.locator(`.lobby-match[data-room="${roomId}"]`);
      await expect.poll(() => listed.getAttribute("data-open")).toBe("0");
      await listed.locator('button[name="watch"]').click();
      await watcher.waitForSelector(".rt-table[data-move-count]");
      expect(await seatOf(watcher)).toBe("spectator");
      expect(await watcher.locator(".rt-decision .rt-option").count()).toBe(0);
      continue;
    }
    if (!relinked && at! >= 20) {
      // C's player leaves and comes back on another device: a new page (nothing kept) opens the rejoin link.
      const link = (await pages[2]!.locator(".online-rejoin").getAttribute("href"))!;
      expect(link).toContain(`room=${roomId}`);
      await pages[2]!.close();
      await expect.poll(() => a.locator(".online-status").getAttribute("data-absent")).toBe("2");
      const device = await browser.newPage(DEVICE);
      device.on("pageerror", (error) => errors.push(error.message));
      await device.goto(link);
      await device.waitForSelector(".rt-table[data-move-count]");
      expect(await seatOf(device)).toBe("2");
      await expect.poll(() => moveCount(device)).toBe(at);
      await expect.poll(() => a.locator(".online-status").getAttribute("data-absent")).toBe("");
      pages[2] = device;
      relinked = true;
      continue;
    }
    let acted = false;
    for (const page of pages) {
      if ((await page.locator(".rt-decision .rt-option").count()) === 0) continue;
      await clickOneMove(page, random, counts);
      acted = true;
      break; // one move, then everyone catches up again
    }
    if (!acted) await a.waitForTimeout(50);
    expect(counts.clicks, "clicks").toBeLessThan(400);
    expect(Date.now() - started, "time").toBeLessThan(180_000);
  }
  expect(reloaded && relinked).toBe(true);

  // The server's own match: every page shows its result, in the runtime's words for that seat.
  const match = host.localMatch(roomId)!;
  expect(match).not.toBeNull();
  const result = resultOf(match)!;
  expect(result).not.toBeNull();
  expect(await moveCount(a)).toBe(match.moveCount);
  if (watcher !== null) pages.push(watcher);
  await expect.poll(() => watcher?.locator(".rt-result").count()).toBe(1);
  for (const [index, page] of pages.entries()) {
    const rows = await page.locator(".rt-standings tbody tr").evaluateAll((trs) => trs.map((tr) => [Number((tr as HTMLElement).dataset["seat"]), Number((tr as HTMLElement).dataset["score"])]));
    expect(rows.map(([seat]) => seat)).toEqual(result.ranking.flat());
    expect(rows.map(([, score]) => score)).toEqual(result.ranking.flat().map((seat) => result.scores[seat]![0]));
    expect(await page.locator(".rt-result").getAttribute("data-winners")).toBe(result.winners.join(","));
    const words = describeResult(forSale, result, { seat: index < 3 ? index : null, humans: 3 });
    expect(await page.locator(".rt-winners").textContent()).toBe(words[words.length - 1]);
  }
  expect(errors).toEqual([]);
  console.log(`online for-sale: ${match.moveCount} moves, ${counts.clicks} clicks (${counts.refused} refused), ${Date.now() - started} ms`);
  for (const page of pages) await page.close();
}, 300_000);
