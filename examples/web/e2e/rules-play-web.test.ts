// `rules play <file> --web` as a designer uses it: the built CLI serves a copy of For Sale's rules, the
// page opens in Chromium, a few moves are played, then the rules file is saved with changes. The open
// page must show the new rules without being reloaded by hand, with the moves so far replayed; rules
// saved broken must leave the page on the previous ones, the CLI saying why.
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
