// `rules play` tells you your own dice and those rolled in the open, never a die another player rolled
// into a variable only they may see (the corpus's Cups: `die[p] = roll(6)`, `die` an owner variable).
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import * as runtime from "@rules/runtime/internal";
import { expect, it } from "vitest";
import { loadRulesGame } from "@rules/compiler/testing";
import { recordingIo } from "./io.js";
import { playInTerminal } from "./play.js";

it("the printed story shows your die and the open die each round, not the other player's die", async () => {
  const text = readFileSync(fileURLToPath(new URL("../../../compiler/src/__fixtures__/programs/cups.rules", import.meta.url)), "utf8");
  const game = await loadRulesGame("cups", text, runtime);
  // Three rounds: each time, call (move 1) a face of 3.
  const io = recordingIo(Readable.from(["1", "3", "1", "3", "1", "3"].map((a) => `${a}\n`)));
  expect(await playInTerminal(game, { players: 2, seed: 5 }, io)).toBe(0);
  const out = io.stdout;
  // Your die is told as your roll, the open die as a die in the open; the other player's roll never.
  const shown = [...out.matchAll(/(?:you roll|a 6-sided die shows) (\d)/g)].map((m) => Number(m[1]));
  expect(out).not.toMatch(/seat 1 rolls/);
  const yours = [...out.matchAll(/your die is now (\d)/g)].map((m) => Number(m[1]));
  const open = [...out.matchAll(/open die is now (\d)/g)].map((m) => Number(m[1]));
  expect(yours).toHaveLength(3);
  expect(open).toHaveLength(3);
  // Round by round: your die, then the open one; two dice told, of the three rolled.
  expect(shown).toEqual([yours[0], open[0], yours[1], open[1], yours[2], open[2]]);
});
