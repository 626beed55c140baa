// The golden transcripts of `rules play` (transcripts.ts): what a person sees for each game's first
// decisions, compared with the reviewed copies checked in beside this file.
import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { TRANSCRIPTS, playTranscript } from "./transcripts.js";

describe("rules play, as a person sees it", () => {
  test.each(TRANSCRIPTS.map((t) => [t.name, t] as const))("%s", async (name, transcript) => {
    const file = new URL(`./${name}.txt`, import.meta.url);
    const played = await playTranscript(transcript);
    // After a change to what players see that is meant: write them again, then read the diff line by line.
    if (process.env.RULES_WRITE_TRANSCRIPTS === "1") writeFileSync(file, played);
    expect(played).toBe(readFileSync(file, "utf8"));
  }, 120_000);

  test("no card is told as a field tuple, no bookkeeping value is shown", async () => {
    for (const transcript of TRANSCRIPTS) {
      const text = readFileSync(new URL(`./${transcript.name}.txt`, import.meta.url), "utf8");
      // A card without a name is told as its type and values: "Action gain_two none 0 none none".
      expect(text, transcript.name).not.toMatch(/\b(Action|Deed|Space|Fortune|Merchandise|Objective|Card) [a-z_]+ [a-z_0-9]+ /);
      expect(text, transcript.name).not.toMatch(/: -1$/m);
    }
  });
});
