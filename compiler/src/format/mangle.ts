// For the formatter's tests: a rules text with its whitespace mangled (the same tokens), from a small
// reproducible generator, so that a failing seed replays.
import { lexWithComments } from "./tokens.js";

/** The same tokens with other whitespace: spaces added between tokens, lines indented at random,
 *  blank lines multiplied, trailing spaces, CRLF or CR line ends. Never removes a space, which could
 *  join two tokens into one. */
export function mangle(text: string, random: () => number): string {
  const { tokens } = lexWithComments(text);
  const pick = <T>(choices: T[]): T => choices[Math.floor(random() * choices.length)]!;
  const newline = pick(["\n", "\r\n", "\r"]);
  let out = "";
  let line = 1;
  for (const [i, t] of tokens.entries()) {
    const startLine = t.startLine ?? 1;
    if (i > 0 && startLine > line) {
      const blanks = startLine - line - 1;
      out += pick(["", " ", "\t"]) + newline;
      for (let b = 0; b < (blanks > 0 ? blanks + Math.floor(random() * 3) : 0); b++) out += pick(["", "  "]) + newline;
      out += pick(["", " ", "    ", "\t", "          "]);
    } else if (i > 0) {
      const gap = text.slice(tokens[i - 1]!.endOffset! + 1, t.startOffset);
      out += gap === "" ? pick(["", "", " "]) : pick([" ", "  ", "\t"]);
    }
    out += t.image;
    line = t.endLine ?? startLine;
  }
  return out + pick(["", newline, newline + newline]);
}

export const seeded = (seed: number) => () => {
  // mulberry32: a small reproducible generator, so a failing seed replays.
  seed = (seed + 0x6d2b79f5) | 0;
  let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
  return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
};
