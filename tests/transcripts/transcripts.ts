// Golden transcripts: `rules play` driven through its prompts by a script, as a person would answer,
// for each game's first decisions. Each transcript is what the terminal shows (the answers echoed
// after their prompts), checked in and read line by line against the rulebook (docs/games/*.md say
// where each was reviewed). `RULES_WRITE_TRANSCRIPTS=1 npx vitest run tests/transcripts` writes them again
// after a deliberate change.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface Transcript {
  /** The file's name under tests/transcripts/: `<name>.txt`. */
  readonly name: string;
  /** `rules play` arguments: the game, the seat count, the variant, the seed. */
  readonly args: readonly string[];
  /** What the person types, prompt by prompt; the last ones end the session. */
  readonly answers: readonly string[];
}

export const root = fileURLToPath(new URL("../../", import.meta.url));
const main = fileURLToPath(new URL("../../cli/dist/commands/main.js", import.meta.url));

export const TRANSCRIPTS: readonly Transcript[] = [
  // The first auctions: you bid 16 over 10 and 12, then 18, all your coins, and win; with nothing left
  // you pass in the next two, taking the lowest card each time.
  { name: "for-sale", args: ["for-sale", "--players", "3", "--seed", "4"], answers: ["1", "16", "1", "1", "1", "quit"] },
  // A fair price (Item 1 and Pet 7 for Item 8), then a good deal (Item 2 for Pet 1, marked down).
  { name: "freak-shop", args: ["freak-shop", "--players", "3", "--seed", "20"], answers: ["2", "1 4", "3", "1", "1", "1", "quit"] },
  // You turn over the third covered card, grab the auction block and open at 4.
  { name: "lady-richmond", args: ["lady-richmond", "--players", "3", "--seed", "8"], answers: ["1", "3", "1", "1", "4", "quit"] },
  // You keep the yellow Property with a Coin face down, play nothing at the round's start, then play
  // No Exchange on your turn and collect $1.
  { name: "foreclosed", args: ["foreclosed", "--players", "3", "--seed", "11"], answers: ["1", "1", "2", "1", "1", "1", "quit"] },
  // The short game: you roll, buy Grammar Grove where you land, refuse seat 1's offer of Crayon Court
  // for $540, then roll again and land on Geometry Gardens.
  { name: "keys-to-knowledge", args: ["keys-to-knowledge", "--players", "3", "--variant", "short", "--seed", "19"], answers: ["3", "1", "2", "3", "quit"] },
];

/** Runs `rules play` with the answers on its standard input; resolves to what it printed. */
export function playTranscript(transcript: Transcript): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [main, "play", ...transcript.args], { cwd: root, timeout: 60_000, maxBuffer: 16 << 20 }, (error, out, err) => {
      if (error && error.killed) reject(new Error(`rules play ${transcript.args.join(" ")} did not end: ${err}`));
      else resolve(out);
    });
    child.stdin!.end(transcript.answers.map((answer) => `${answer}\n`).join(""));
  });
}
