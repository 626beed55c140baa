// The golden transcripts of `rules play` (transcripts.ts): what a person sees for each game's first
// decisions, compared with the reviewed copies checked in beside this file.
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { games } from "@rules/generated";
import { cardLabel } from "@rules/runtime/internal";
import { TRANSCRIPTS, playTranscript } from "./transcripts.js";

describe("rules play, as a person sees it", () => {
  test.each(TRANSCRIPTS.map((t) => [t.name, t] as const))("%s", async (name, transcript) => {
    const file = new URL(`./${name}.txt`, import.meta.url);
    const played = await playTranscript(transcript);
    // After a change to what players see that is meant: write them again, then read the diff line by line.
    if (process.env.RULES_WRITE_TRANSCRIPTS === "1") writeFileSync(file, played);
    expect(played).toBe(readFileSync(file, "utf8"));
  }, 120_000);

  test("every card with more than one field has a name, and none is told as its field values", () => {
    for (const transcript of TRANSCRIPTS) {
      const game = games[transcript.args[0]!]!;
      const text = readFileSync(new URL(`./${transcript.name}.txt`, import.meta.url), "utf8");
      for (const card of game.meta.cards) {
        // A one-field card is called by its type and value ("Property 14"), as its rulebook calls it.
        if (Object.keys(card.fields).length < 2) continue;
        expect(card.name, `${game.id} card ${card.id}`).toBeDefined();
        expect(text).not.toContain(cardLabel({ ...card, name: undefined }));
      }
    }
  });

  test("no bookkeeping default is shown: no -1, no unset player", () => {
    for (const transcript of TRANSCRIPTS) {
      const text = readFileSync(new URL(`./${transcript.name}.txt`, import.meta.url), "utf8");
      expect(text, transcript.name).not.toMatch(/: -1$/m);
      // Keys to Knowledge's rent bookkeeping and Foreclosed!'s exchange partner, shown before they mean anything.
      expect(text, transcript.name).not.toMatch(/space the rent is for|owner who may request rent|the player they exchanged with/i);
    }
  });
});
