// Screenshots of each of the five games on the table, at the start, in the middle and at the end of a
// game played by clicking (the same seeded clicks as the play test), into docs/web/.
// Run: `npm run build && node examples/web/e2e/screenshots.mjs` (Debian's chromium, as the tests).
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { clickOneMove, GAMES, moveCount, seeded, settle } from "./clicker.mjs";
import { buildAndServe, launchChromium } from "./serve.mjs";

const out = fileURLToPath(new URL("../../../docs/web/", import.meta.url));
/** Moves into the match at which the middle is taken, per game (about half of a game by these clicks). */
const MIDDLE = { "for-sale": 24, "freak-shop": 10, "lady-richmond": 50, foreclosed: 45, "keys-to-knowledge": 120 };

await mkdir(out, { recursive: true });
const served = await buildAndServe();
const browser = await launchChromium();
try {
  for (const { id, query, maxClicks } of GAMES) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("pageerror", (error) => console.error(`${id}: ${error.message}`));
    await page.goto(`${served.base}?game=${id}&${query}&delay=0`);
    await settle(page);
    // The bots' moves glide for a moment: shots wait for the cards to come to rest.
    const shot = async (moment) => {
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${out}${id}-${moment}.png`, fullPage: true });
      console.log(`docs/web/${id}-${moment}.png (move ${await moveCount(page)})`);
    };
    await shot("start");
    const random = seeded(id.length * 7919);
    const counts = { clicks: 0, refused: 0 };
    let middle = false;
    while (!(await settle(page))) {
      if (!middle && (await moveCount(page)) >= MIDDLE[id]) {
        middle = true;
        await shot("middle");
      }
      await clickOneMove(page, random, counts);
      if (counts.clicks > maxClicks) throw new Error(`${id}: no end after ${counts.clicks} clicks`);
    }
    await shot("end");
    await page.close();
  }
  // A phone: the board of Keys to Knowledge as a list of spaces, the decision under the table.
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  await phone.goto(`${served.base}?game=keys-to-knowledge&players=2&seed=15&variants=short,small_board&delay=0`);
  await settle(phone);
  await phone.waitForTimeout(500);
  await phone.screenshot({ path: `${out}phone-keys-to-knowledge.png` });
  console.log("docs/web/phone-keys-to-knowledge.png");
} finally {
  await browser.close();
  await served.close();
}
