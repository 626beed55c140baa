// Seat 0's decisions made by clicking the table's controls, as a player would: shared by the play test
// and the screenshot script.

/** A small seeded generator, so that a game can be played again click for click. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Waits until it is seat 0's decision or the game is over; true when over. */
export async function settle(page) {
  await page.waitForFunction(() => document.querySelector(".rt-result") !== null || document.querySelector(".rt-decision .rt-option") !== null);
  return (await page.locator(".rt-result").count()) > 0;
}

/** The number of moves the table shows the match after. */
export async function moveCount(page) {
  return Number(await page.locator(".rt-table[data-move-count]").first().getAttribute("data-move-count"));
}

/**
 * One decision by clicking: an option picked at random, then a value for each of its parameters (a
 * choice button; for a set of cards mostly one card, at times none; a range left at its lowest), then
 * its button. Waits until the move is taken or refused; counts clicks and refusals in `counts`.
 */
export async function clickOneMove(page, random, counts) {
  const before = await page.locator(".rt-table[data-move-count]").first().getAttribute("data-move-count");
  const options = page.locator(".rt-decision .rt-option");
  const option = options.nth(Math.floor(random() * (await options.count())));
  const pick = async (buttons) => {
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
    // A set the rules say may not be empty keeps the button disabled: as a person would, pick one of its cards.
    if (await option.locator("button[data-submit]").isDisabled()) {
      for (const fieldset of await option.locator('fieldset[data-kind="cards"]').all()) {
        if ((await fieldset.locator("button[aria-pressed=true]").count()) === 0) await pick(fieldset.locator("button.rt-choice"));
      }
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
  const refusals = await page.locator(".rt-refusal:not(:empty)").allTextContents();
  if (refusals.length > 0) {
    // A refusal is shown once, in the option tried, with a reason; the match did not move.
    if (refusals.length !== 1 || refusals[0].trim() === "") throw new Error(`refusals shown: ${JSON.stringify(refusals)}`);
    if ((await option.locator(".rt-refusal").textContent()) !== refusals[0]) throw new Error("the refusal is not shown in the option tried");
    const after = await page.locator(".rt-table[data-move-count]").first().getAttribute("data-move-count");
    if (after !== before) throw new Error(`a refused move changed the match: move ${before} became ${after}`);
    counts.refused++;
    counts.reasons?.push(refusals[0]);
  }
}

/** The five games as the test and the screenshots play them (Keys to Knowledge short, on the small board). */
export const GAMES = [
  { id: "for-sale", query: "players=3&seed=11", maxClicks: 300 },
  { id: "freak-shop", query: "players=3&seed=12", maxClicks: 300 },
  { id: "lady-richmond", query: "players=2&seed=13", maxClicks: 800 },
  { id: "foreclosed", query: "players=2&seed=14", maxClicks: 800 },
  // The full game can take thousands of moves by random play: the short variant (20 rounds) on the small board.
  { id: "keys-to-knowledge", query: "players=2&seed=15&variants=short,small_board", maxClicks: 1200 },
];
