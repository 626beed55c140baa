// Hidden information as a player sees it in the browser: the built CLI serves a corpus game
// (`rules play <file> --web`), seat 0 plays in Chromium against random bots. Hanabi: the reader's own
// hand lies face down, and a clue the bot gives about it shows on the backs at their positions.
// Perudo: after Dudo the cups are lifted and the table waits for everyone to take a look.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchChromium } from "./serve.mjs";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const CLI = path.join(repo, "cli/dist/commands/main.js");

let browser: Browser;
const servers: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  for (const server of servers) server.kill("SIGKILL");
  await browser?.close();
});

/** Serves the game with `rules play --web` and opens it; returns the page once the table is up. */
async function open(rules: string, players: number, seed: number): Promise<Page> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env["DISPLAY"];
  delete env["WAYLAND_DISPLAY"];
  const server = spawn(process.execPath, [CLI, "play", rules, "--web", "--port", "0", "--players", String(players), "--seed", String(seed), "--bot-delay", "0"], { cwd: repo, env });
  servers.push(server);
  let out = "";
  server.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  await expect.poll(() => /http:\/\/127\.0\.0\.1:\d+\//.test(out), { timeout: 120_000 }).toBe(true);
  const page = await browser.newPage();
  await page.goto(/http:\/\/127\.0\.0\.1:\d+\//.exec(out)![0]);
  await page.waitForSelector(".rt-title");
  return page;
}

test("Hanabi: your own hand is face down, and the bot's clue about it shows on the backs by position", async () => {
  const page = await open("examples/games/hanabi/hanabi.rules", 2, 3);
  const mine = page.locator('.rt-area[data-seat="0"] [data-zone="hand"]').first();
  // Play your first card each turn until the bot has given you a clue (or the game ends).
  for (let turn = 0; turn < 25 && (await mine.locator(".rt-mark").filter({ hasText: "told" }).count()) === 0; turn++) {
    await page.waitForSelector(".rt-decision .rt-option, .rt-result", { timeout: 60_000 });
    if ((await page.locator(".rt-result").count()) > 0) break;
    const before = await page.locator(".rt-table[data-move-count]").first().getAttribute("data-move-count");
    await page.locator('.rt-option[data-option="play"] button[data-submit]').click();
    await expect.poll(() => page.locator(".rt-table[data-move-count]").first().getAttribute("data-move-count")).not.toBe(before);
  }
  const marked = mine.locator(".rt-marked");
  await expect.poll(() => marked.filter({ hasText: "told" }).count(), { timeout: 30_000 }).toBeGreaterThan(0);
  // Each back names its place, and a clued one what was told: "2. colour told white".
  const texts = await mine.locator(".rt-mark").allTextContents();
  expect(texts.some((text) => /^\d\. (colour told \w+|number told \d)/.test(text))).toBe(true);
  // Your own cards are never named; the bot's hand is.
  expect(await mine.locator(".rt-card-name").count()).toBe(0);
  expect(await page.locator('.rt-area[data-seat="1"] [data-zone="hand"] .rt-card-name').count()).toBeGreaterThan(0);
});

test("Perudo: after Dudo the cups are lifted, and the table waits for you to take a look and continue", async () => {
  // Seed 1: seat 1 (a bot) opens the bidding (under the runtime's 0.2 draws), so your first move can be Dudo.
  const page = await open("examples/games/perudo/perudo.rules", 2, 1);
  await page.locator('.rt-option[data-option="dudo"] button').click();
  await expect.poll(() => page.locator(".rt-turn").textContent(), { timeout: 30_000 }).toMatch(/take a look, then continue/);
  // Every die shows its face now, the bot's included.
  expect(await page.locator('.rt-area[data-seat="1"] [data-zone="lifted"] .rt-card-values').count()).toBeGreaterThan(0);
  const go = page.locator('.rt-option[data-option="continue"] button');
  await expect(go.textContent()).resolves.toBe("count the dice");
  await go.click();
  // The next round: the dice are back under the cups, the bot's hidden again.
  await expect.poll(() => page.locator(".rt-turn").textContent(), { timeout: 30_000 }).not.toMatch(/take a look/);
  expect(await page.locator('.rt-area[data-seat="1"] [data-zone="cup"] .rt-card-name').count()).toBe(0);
});
