// Asking the player questions, one line per answer, from a terminal or a pipe.

import { createInterface, type Interface } from "node:readline/promises";
import type { Io } from "./io.js";

export class Prompt {
  private readonly readline: Interface;
  // The line iterator buffers lines that arrive before they are asked for (a pipe delivers all
  // answers at once); `question()` would drop them.
  private readonly lines: AsyncIterator<string>;
  /** A terminal echoes what is typed; a pipe does not, so answers are echoed to keep the transcript readable. */
  private readonly echo: boolean;

  constructor(private readonly io: Io) {
    this.readline = createInterface({ input: io.input, terminal: false, crlfDelay: Infinity });
    this.lines = this.readline[Symbol.asyncIterator]();
    this.echo = (io.input as { isTTY?: boolean }).isTTY !== true;
  }

  /** The next answer, trimmed; null once the input has ended. */
  async ask(question: string): Promise<string | null> {
    this.io.write(question);
    const next = await this.lines.next();
    if (next.done) {
      this.io.write("\n");
      return null;
    }
    if (this.echo) this.io.write(`${next.value}\n`);
    return next.value.trim();
  }

  close(): void {
    this.readline.close();
  }
}
