// Asking the player questions, one line per answer, from a terminal or a pipe.

import { createInterface, type Interface } from "node:readline/promises";
import type { Io } from "./io.js";

/** Thrown by `ask` when the interrupt set with `interruptOn` comes before the answer. */
export class PromptInterrupted<T> extends Error {
  constructor(readonly value: T) {
    super("the question was interrupted");
    this.name = "PromptInterrupted";
  }
}

export class Prompt {
  private readonly readline: Interface;
  // The line iterator buffers lines that arrive before they are asked for (a pipe delivers all
  // answers at once); `question()` would drop them.
  private readonly lines: AsyncIterator<string>;
  /** A terminal echoes what is typed; a pipe does not, so answers are echoed to keep the transcript readable. */
  private readonly echo: boolean;
  /** The line being waited for: kept across an interrupted question, so that no answer is lost. */
  private pending: Promise<IteratorResult<string>> | undefined;
  private interrupt: Promise<{ readonly interrupted: unknown }> | undefined;

  constructor(private readonly io: Io) {
    this.readline = createInterface({ input: io.input, terminal: false, crlfDelay: Infinity });
    this.lines = this.readline[Symbol.asyncIterator]();
    this.echo = (io.input as { isTTY?: boolean }).isTTY !== true;
  }

  /** From now on, a question still waiting when `event` settles throws PromptInterrupted with its value. */
  interruptOn(event: Promise<unknown> | undefined): void {
    this.interrupt = event?.then((value) => ({ interrupted: value }));
  }

  /** The next answer, trimmed; null once the input has ended. */
  async ask(question: string): Promise<string | null> {
    this.io.write(question);
    this.pending ??= this.lines.next();
    const next = await (this.interrupt ? Promise.race([this.pending, this.interrupt]) : this.pending);
    if ("interrupted" in next) {
      this.io.write("\n");
      throw new PromptInterrupted(next.interrupted);
    }
    this.pending = undefined;
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
