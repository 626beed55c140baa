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
const main = fileURLToPath(new URL("../../compiler/dist/cli/main.js", import.meta.url));

export const TRANSCRIPTS: readonly Transcript[] = [
  // For Sale, 3 players: bids in the first auction, a pass, then the selling phase is not reached.
  { name: "for-sale", args: ["for-sale", "--players", "3", "--seed", "11"], answers: ["1", "3", "2", "1", "3", "2", "quit"] },
  { name: "freak-shop", args: ["freak-shop", "--players", "3", "--seed", "5"], answers: ["quit"] },
  { name: "lady-richmond", args: ["lady-richmond", "--players", "3", "--seed", "2"], answers: ["quit"] },
  { name: "foreclosed", args: ["foreclosed", "--players", "3", "--seed", "3"], answers: ["1", "1", "2", "1", "4", "1", "quit"] },
  { name: "keys-to-knowledge", args: ["keys-to-knowledge", "--players", "3", "--variant", "short", "--seed", "7"], answers: ["quit"] },
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
