import { buildAndServe, launchChromium } from "./serve.mjs";
const served = await buildAndServe();
const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.on("pageerror", (e) => console.log("pageerror", e.message));
page.on("console", (m) => m.type() === "error" && console.log("console", m.text()));
for (const game of (process.argv[2] ?? "for-sale").split(",")) {
  await page.goto(`${served.base}?game=${game}&players=3&seed=4&delay=0`);
  await page.waitForSelector(".rt-table");
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/h22/${game}.png`, fullPage: true });
}
await browser.close();
await served.close();
