// `rules play <file> --web` as a designer uses it: the built CLI serves a copy of For Sale's rules, the
// page opens in Chromium, a few moves are played, then the rules file is saved with changes. The open
// page must show the new rules without being reloaded by hand, with the moves so far replayed; rules
// saved broken must leave the page on the previous ones, the CLI saying why. And a form half filled
// while the other seats make their secret choices keeps what it holds.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchChromium } from "./serve.mjs";

const repo = fileURLToPath(new URL("../../../", import.meta.url));
const CLI = path.join(repo, "cli/dist/commands/main.js");

let folder = "";
let browser: Browser;
let cli: ChildProcessWithoutNullStreams | undefined;
let out = "";
let err = "";

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "rules-play-web-"));
  await copyFile(path.join(repo, "rules/for-sale.rules"), path.join(folder, "for-sale.rules"));
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  cli?.kill("SIGKILL");
  await browser?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function waitFor(what: () => boolean, label: string, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (!what()) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${label}; stdout:\n${out}\nstderr:\n${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test("the open page takes the rules saved while `rules play --web` serves them, replaying the moves so far", async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, RULES_CACHE_DIR: path.join(folder, "cache") };
  delete env["DISPLAY"];
  delete env["WAYLAND_DISPLAY"];
  cli = spawn(process.execPath, [CLI, "play", "for-sale.rules", "--web", "--port", "0", "--players", "3", "--seed", "7", "--bot-delay", "0"], { cwd: folder, env });
  cli.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  cli.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  await waitFor(() => /http:\/\/127\.0\.0\.1:\d+\//.test(out), "the URL");
  const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)![0];

  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(url);
  await expect.poll(() => page.locator(".rt-title").textContent(), { timeout: 30_000 }).toBe("For Sale");
  // A mark on this page: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { mark: string }).mark = "not reloaded"));

  // Two decisions of seat 0 (the bots answer at once): pass, or sell the first card.
  for (let i = 0; i < 2; i++) {
    await page.waitForSelector(".rt-decision .rt-option");
    const before = await page.locator(".rt-table[data-move-count]").first().getAttribute("data-move-count");
    const pass = page.locator('.rt-option[data-option="pass"] button');
    await ((await pass.count()) > 0 ? pass : page.locator(".rt-decision button[data-submit]").first()).click();
    await expect.poll(() => page.locator(".rt-table[data-move-count]").first().getAttribute("data-move-count")).not.toBe(before);
  }
  await page.waitForSelector(".rt-decision .rt-option");
  const moves = Number(await page.locator(".rt-table[data-move-count]").first().getAttribute("data-move-count"));
  expect(moves).toBeGreaterThanOrEqual(2);
  const story = await page.locator(".rt-log li").count();

  // The designer renames the game and a zone, and saves.
  const file = path.join(folder, "for-sale.rules");
  const rules = await readFile(file, "utf8");
  const edited = rules.replace('game "For Sale"', 'game "For Sale (edited)"').replace('"the Properties on auction"', '"the Properties up for grabs"');
  expect(edited).not.toBe(rules);
  await writeFile(file, edited);
  await expect.poll(() => page.locator(".rt-title").textContent(), { timeout: 120_000 }).toBe("For Sale (edited)");
  // The zone is told by its new label, on the table or among the empty zones.
  await expect.poll(() => page.locator(".rt-felt").textContent()).toContain("the Properties up for grabs");
  expect(await page.evaluate(() => (window as unknown as { mark?: string }).mark)).toBe("not reloaded");
  // The same moment of the match: every move replayed under the new rules, the story told again.
  expect(Number(await page.locator(".rt-table[data-move-count]").first().getAttribute("data-move-count"))).toBe(moves);
  await expect.poll(() => page.locator("#reloaded").textContent()).toContain(`${moves} moves replayed`);
  expect(await page.locator(".rt-log li").count()).toBe(story);
  expect(out).toMatch(/for-sale\.rules saved: compiled again, sent to 1 open page/);

  // Rules saved broken: the CLI says so, the page stays on the rules before.
  await writeFile(file, edited.replace('game "For Sale (edited)" {', 'game "For Sale (edited)" {{'));
  await waitFor(() => /do not compile; the page keeps the previous ones/.test(err), "the CLI to report the broken rules");
  expect(await page.locator(".rt-title").textContent()).toBe("For Sale (edited)");
  expect(errors).toEqual([]);

  cli.kill("SIGINT");
  const code = await new Promise<number | null>((exited) => cli!.once("exit", exited));
  expect(code).toBe(0);
  cli = undefined;
}, 240_000);

// Each player offers a chip and a bonus at once, in secret: a form of two fields for seat 0, while the
// bot, slowed down, makes its own choice.
const SEALED_OFFERS = `game "Sealed Offers" {
  players 2..2
}

card Chip {
  value: int
  cards for v in 1..6 { value: v }
}

zone pool: Chip pile public = all Chip
per player zone hand: Chip row owner "hand"
per player var points: int public = 0 "points"
var starter: player public = 0

setup {
  shuffle pool
  for p in players {
    deal 3 from pool to hand[p]
  }
}

flow {
  ask starter {
    begin "begin" {
    }
  }
  ask each p in players where count(hand[p]) > 0 {
    offer(c in hand[p], bonus in 0..3) "offer {c} with {bonus}" {
      points[p] += c.value + bonus
      move c to pool
    }
  }
}

score p: points[p]
`;

test("a form half filled keeps its choice while another seat makes its secret choice", async () => {
  await writeFile(path.join(folder, "offers.rules"), SEALED_OFFERS);
  const env: NodeJS.ProcessEnv = { ...process.env, RULES_CACHE_DIR: path.join(folder, "cache") };
  delete env["DISPLAY"];
  delete env["WAYLAND_DISPLAY"];
  // The bot waits 3 s before each move: time enough to pick a chip before it chooses.
  cli = spawn(process.execPath, [CLI, "play", "offers.rules", "--web", "--port", "0", "--players", "2", "--seed", "5", "--bot-delay", "3000"], { cwd: folder, env });
  out = "";
  cli.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  cli.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  await waitFor(() => /http:\/\/127\.0\.0\.1:\d+\//.test(out), "the URL");
  const page = await browser.newPage();
  await page.goto(/http:\/\/127\.0\.0\.1:\d+\//.exec(out)![0]);
  const moveCount = () => page.locator(".rt-table[data-move-count]").first().getAttribute("data-move-count");

  // The secret choice starts when seat 0 begins, so the bot's delay starts then too.
  await page.locator('.rt-option[data-option="begin"] button').click();
  const chip = page.locator('.rt-option[data-option="offer"] fieldset[data-parameter="c"] button.rt-choice').first();
  await chip.click();
  await expect.poll(() => chip.getAttribute("aria-pressed")).toBe("true");
  const picked = await moveCount();
  // The bot offers (a move of the match, its content hidden): the chip picked is still picked.
  await expect.poll(moveCount, { timeout: 30_000 }).not.toBe(picked);
  expect(await page.locator('.rt-option[data-option="offer"] fieldset[data-parameter="c"] button[aria-pressed="true"]').count()).toBe(1);
  expect(await chip.getAttribute("aria-pressed")).toBe("true");

  cli.kill("SIGINT");
  await new Promise((exited) => cli!.once("exit", exited));
  cli = undefined;
}, 120_000);
