// `--watch`: noticing saved files, and the events a watching command waits for.

import { watch, type FSWatcher } from "node:fs";
import { basename, join } from "node:path";
import { createInterface } from "node:readline";
import type { Io } from "./io.js";

/** Editors save in bursts (a write then a rename, or two writes): one change per quiet interval. */
export const DEBOUNCE_MS = 120;

/**
 * Watches folders (not files: an editor that saves by renaming a new file over the old one would end
 * a file's watch) and calls `onChange` with the files that `accept` took, once per burst of events.
 */
export function watchFolders(
  folders: Iterable<string>,
  accept: (file: string) => boolean,
  onChange: (files: string[]) => void,
  debounceMs = DEBOUNCE_MS,
): { close(): void } {
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const watchers: FSWatcher[] = [];
  for (const folder of new Set(folders)) {
    try {
      const watcher = watch(folder, (_event, name) => {
        const file = name === null ? folder : join(folder, name.toString());
        if (name !== null && !accept(file)) return;
        changed.add(file);
        clearTimeout(timer);
        timer = setTimeout(() => {
          const files = [...changed];
          changed.clear();
          onChange(files);
        }, debounceMs);
      });
      // A watched folder that goes away ends its watch, not the command.
      watcher.on("error", () => watcher.close());
      watchers.push(watcher);
    } catch {
      // A folder that cannot be watched (removed meanwhile) is skipped; the others still are.
    }
  }
  return {
    close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}

export type WatchEvent =
  | { readonly kind: "change"; readonly files: readonly string[] }
  /** A line typed while watching (Enter reruns). */
  | { readonly kind: "line" }
  /** End of input or Ctrl-C. */
  | { readonly kind: "stop" };

/** Events in arrival order, waited for one at a time; changes that pile up during a run come out as one. */
export class WatchEvents {
  private readonly queue: WatchEvent[] = [];
  private waiting: ((event: WatchEvent) => void) | undefined;

  push(event: WatchEvent): void {
    if (this.waiting) {
      const wake = this.waiting;
      this.waiting = undefined;
      wake(event);
    } else this.queue.push(event);
  }

  /** The next event; pending changes are merged, and a pending stop wins over everything. */
  next(): Promise<WatchEvent> {
    if (this.queue.some((e) => e.kind === "stop")) return Promise.resolve({ kind: "stop" });
    const changes = this.queue.filter((e) => e.kind === "change");
    if (this.queue.length > 0) {
      this.queue.length = 0;
      const files = [...new Set(changes.flatMap((e) => e.files))];
      return Promise.resolve(files.length > 0 ? { kind: "change", files } : { kind: "line" });
    }
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

/**
 * Feeds a command's input lines and its end, and Ctrl-C, into `events`; returns the undo.
 * (Ctrl-C then stops the watch cleanly instead of killing the process halfway through a run.)
 */
export function listenForStop(io: Io, events: WatchEvents): () => void {
  const lines = createInterface({ input: io.input, terminal: false });
  lines.on("line", () => events.push({ kind: "line" }));
  lines.on("close", () => events.push({ kind: "stop" }));
  const interrupt = (): void => events.push({ kind: "stop" });
  process.on("SIGINT", interrupt);
  return () => {
    process.off("SIGINT", interrupt);
    lines.close();
  };
}

/** `pig.rules, pig.scenario`: the changed files' names, for the rerun's header. */
export const changedNames = (files: readonly string[]): string => [...new Set(files.map((f) => basename(f)))].join(", ");

/** What a watched command's run tells the watch: its exit status, and the folders to watch until the next run. */
export interface WatchedRun {
  readonly status: number;
  readonly folders: Iterable<string>;
}

/**
 * Runs, then runs again on every save of a file `accept` takes (or Enter), until Ctrl-C or the end of
 * input; returns the last run's status. `watching` opens the line said while waiting.
 */
export async function watchRuns(run: () => Promise<WatchedRun>, io: Io, accept: (file: string) => boolean, watching: string): Promise<number> {
  const events = new WatchEvents();
  const stopListening = listenForStop(io, events);
  let last = await run();
  // Each run's folders are watched from its end until the next run's end, so a save made during a run counts.
  let watcher = watchFolders(last.folders, accept, (files) => events.push({ kind: "change", files }));
  try {
    for (;;) {
      io.warn(`${watching} (Enter reruns; Ctrl-C or end of input stops).`);
      const event = await events.next();
      if (event.kind === "stop") break;
      io.print("");
      io.print(event.kind === "change" ? `── ${changedNames(event.files)} changed: running again ──` : "── running again ──");
      last = await run();
      const next = watchFolders(last.folders, accept, (files) => events.push({ kind: "change", files }));
      watcher.close();
      watcher = next;
    }
  } finally {
    watcher.close();
    stopListening();
  }
  io.warn("Stopped watching.");
  return last.status;
}
