// The example app in real Chromium (Debian's `chromium`, driven by playwright-core; nothing downloads
// a browser): build it with Vite, serve it, and play a whole game of For Sale as seat 0 through the
// page's controls, to the result. The result shown must be what the runtime gives for the save the
// page offers, replayed here in Node.
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, expect, test } from "vitest";
import { applyMove, createMatch, deserializeMatch, resultOf } from "@rules/runtime";
import { game } from "@rules/generated/for-sale";

const appRoot = fileURLToPath(new URL("..", import.meta.url));
const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";
const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

let outDir = "";
let server: Server;
let browser: Browser;
let base = "";

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: this test drives a real browser. Install Debian's package ` +
        "(apt-get install -y chromium; .ci/run does it) or set CHROMIUM_PATH to a Chromium binary.",
    );
  }
  outDir = await mkdtemp(path.join(tmpdir(), "rules-web-"));
  await build({ root: appRoot, logLevel: "warn", build: { outDir, emptyOutDir: true } });
  server = createServer((request, response) => {
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    const file = path.join(outDir, path.normalize(pathname === "/" ? "/index.html" : pathname));
    readFile(file).then(
      (body) => response.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  // Root in CI: Chromium's sandbox needs a user namespace it may not get there.
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((closed) => (server ? server.close(closed) : closed(undefined)));
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** One human decision through the controls; false when the game is over. */
async function playOneMove(page: Page, turn: number): Promise<boolean> {
  await page.waitForFunction(
    () => !document.getElementById("result")!.hidden || document.querySelector("#controls [data-move]") !== null,
  );
  if (await page.locator("#result").isVisible()) return false;
  const bid = page.locator('#controls [data-move="raise"]');
  if (await bid.count()) {
    const number = bid.locator('input[name="amount"]');
    const slider = bid.locator('input[name="amount-slider"]');
    const [min, max] = [Number(await number.getAttribute("min")), Number(await number.getAttribute("max"))];
    expect(min).toBeLessThanOrEqual(max);
    expect([await slider.getAttribute("min"), await slider.getAttribute("max")]).toEqual([String(min), String(max)]);
    // Bid now and then (the lowest legal bid, set with the slider), else pass.
    if (turn % 3 === 0) {
      await slider.fill(String(min));
      await expect.poll(() => number.inputValue()).toBe(String(min));
      await bid.getByRole("button").click();
      return true;
    }
  }
  const pass = page.locator('#controls [data-move="pass"] button');
  if (await pass.count()) await pass.click();
  else await page.locator('#controls [data-move="sell"] button').first().click();
  return true;
}

test("plays a whole game of For Sale against three bots in Chromium, to the result", async () => {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
  await page.goto(`${base}?players=4&seed=5&delay=0`);

  let decisions = 0;
  while (await playOneMove(page, decisions)) {
    decisions++;
    // Seat 0's view: the bots' coins are never shown.
    for (const seat of [1, 2, 3]) expect(await page.locator(`#board tr[data-seat="${seat}"]`).getAttribute("data-coins")).toBe("hidden");
    // No move of ours was refused (a refusal leaves its reason here, with the controls).
    expect((await page.locator("#controls [role=alert]").allTextContents()).join("")).toBe("");
    expect(decisions).toBeLessThan(400);
  }
  // 4 players: 28 of 30 Properties, 7 rounds of buying (at least one decision of seat 0 each, bar the
  // last buyer) and 7 of selling (one each).
  expect(decisions).toBeGreaterThanOrEqual(7);

  const save = await page.locator('#result textarea[name="save"]').inputValue();
  const replayed = resultOf(deserializeMatch(game, save))!;
  const shown = await page.locator("#result tbody tr").evaluateAll((rows) => rows.map((row) => [Number((row as HTMLElement).dataset["seat"]), Number((row as HTMLElement).dataset["score"])]));
  expect(shown.map(([seat]) => seat)).toEqual(replayed.ranking.flat());
  expect(shown.map(([, score]) => score)).toEqual(replayed.ranking.flat().map((seat) => replayed.scores[seat]![0]));
  expect(await page.locator("#result h2").textContent()).toContain("Game over");

  // The log names who took what: every Property taken from the auction, with its taker, as the
  // match's own events say (the save replayed here, its moves' events read directly).
  const log = await page.locator("#log li").allTextContents();
  const told = log.flatMap((line) =>
    [...line.matchAll(/\b(You|Bot \d) (?:pass(?:es)? and )?takes? (Property \d+) from the Properties on auction\b/g)].map(([, who, card]) => `${who} ${card}`),
  );
  const played = deserializeMatch(game, save);
  let replay = createMatch(game, played.options);
  const taken: string[] = [];
  for (const { seat, move } of played.log) {
    const outcome = applyMove(replay, seat, move);
    if (!outcome.ok) throw new Error(outcome.error.reason);
    replay = outcome.match;
    for (const event of replay.unfilteredEvents) {
      if (event.kind !== "move" || event.from?.zone !== "auction" || event.to.seat === null) continue;
      for (const card of event.cards ?? []) taken.push(`${event.to.seat === 0 ? "You" : `Bot ${event.to.seat}`} Property ${game.meta.cards[card]!.fields["value"]}`);
    }
  }
  // 4 players: 7 rounds of 4 Properties each.
  expect(taken).toHaveLength(28);
  expect([...told].sort()).toEqual([...taken].sort());
  expect(log.some((line) => /^Bot \d passes and takes Property \d+ from the Properties on auction$/.test(line))).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
}, 240_000);
