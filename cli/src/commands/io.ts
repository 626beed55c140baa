// What a command may touch of the outside world, passed in so tests can run commands in-process.

export interface Io {
  /** Answers typed by the player (`rules play`); may be a pipe. */
  readonly input: NodeJS.ReadableStream;
  /** Writes text to stdout as is (no newline added). */
  write(text: string): void;
  /** Writes one line to stdout. */
  print(line: string): void;
  /** Writes one line to stderr: errors, warnings, notes that are not the command's output. */
  warn(line: string): void;
  /** Redraws a one-line status on stderr; absent when stderr is not a terminal, so logs stay clean. */
  readonly status?: (text: string) => void;
  /** The folder relative paths are read from, and where `rules/` and `generated/` are looked for. */
  readonly cwd: string;
}

/** The real terminal. */
export function processIo(): Io {
  const stderr = process.stderr;
  // A reader that stops early (`rules demo | head`) is not an error.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(0);
  });
  return {
    input: process.stdin,
    write: (text) => void process.stdout.write(text),
    print: (line) => void process.stdout.write(`${line}\n`),
    warn: (line) => void stderr.write(`${line}\n`),
    status: stderr.isTTY
      ? (text) => void stderr.write(`\r${text.slice(0, (stderr.columns || 80) - 1)}\x1b[K`)
      : undefined,
    cwd: process.cwd(),
  };
}

/** An Io that records what was written, for tests. */
export function recordingIo(
  input: NodeJS.ReadableStream,
  cwd = process.cwd(),
): Io & { stdout: string; stderr: string } {
  const io = {
    input,
    cwd,
    stdout: "",
    stderr: "",
    write: (text: string) => void (io.stdout += text),
    print: (line: string) => void (io.stdout += `${line}\n`),
    warn: (line: string) => void (io.stderr += `${line}\n`),
  };
  return io;
}
