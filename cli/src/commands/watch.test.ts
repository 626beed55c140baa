import { writeFileSync } from "node:fs";
import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordingIo } from "./io.js";
import { listenForStop, watchFolders, WatchEvents } from "./watch.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "rules-watch-"));
  await writeFile(join(dir, "pig.rules"), "v1");
});
afterEach(() => rm(dir, { recursive: true }));

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Watches `dir` for .rules files and records each call. */
function record(debounceMs = 80) {
  const calls: string[][] = [];
  const watcher = watchFolders([dir], (file) => file.endsWith(".rules"), (files) => calls.push(files), debounceMs);
  return { calls, watcher };
}

/** Waits until `check` holds, or fails after a while (file events take a moment to arrive). */
async function until(check: () => boolean, ms = 5000): Promise<void> {
  for (const start = Date.now(); !check(); await sleep(20)) {
    if (Date.now() - start > ms) throw new Error("timed out waiting for a file event");
  }
}

describe("watchFolders", () => {
  it("reports a burst of writes to a file as one change", async () => {
    const { calls, watcher } = record();
    // Back to back, with no turn of the event loop between: two awaited writes left a gap longer
    // than the debounce on a loaded machine, which is no burst.
    writeFileSync(join(dir, "pig.rules"), "v2");
    writeFileSync(join(dir, "pig.rules"), "v3");
    await until(() => calls.length > 0);
    await sleep(200);
    watcher.close();
    expect(calls).toEqual([[join(dir, "pig.rules")]]);
  });

  it("sees a save that renames a new file over the old one, and ignores files it does not accept", async () => {
    const { calls, watcher } = record();
    await writeFile(join(dir, "notes.txt"), "ignored");
    await writeFile(join(dir, ".pig.rules.swp"), "v2");
    await rename(join(dir, ".pig.rules.swp"), join(dir, "pig.rules"));
    await until(() => calls.length > 0);
    // A second save after the quiet interval is a second change.
    await sleep(200);
    await writeFile(join(dir, "pig.rules"), "v3");
    await until(() => calls.length > 1);
    watcher.close();
    expect(new Set(calls.flat())).toEqual(new Set([join(dir, "pig.rules")]));
  });

  it("reports nothing after close", async () => {
    const { calls, watcher } = record();
    watcher.close();
    await writeFile(join(dir, "pig.rules"), "v2");
    await sleep(300);
    expect(calls).toEqual([]);
  });
});

describe("WatchEvents", () => {
  it("hands out events in order, merging the changes that piled up, a stop first", async () => {
    const events = new WatchEvents();
    events.push({ kind: "change", files: ["a.rules"] });
    events.push({ kind: "change", files: ["b.scenario", "a.rules"] });
    expect(await events.next()).toEqual({ kind: "change", files: ["a.rules", "b.scenario"] });
    const waiting = events.next();
    events.push({ kind: "line" });
    expect(await waiting).toEqual({ kind: "line" });
    events.push({ kind: "change", files: ["a.rules"] });
    events.push({ kind: "stop" });
    expect(await events.next()).toEqual({ kind: "stop" });
  });
});

describe("listenForStop", () => {
  it("turns input lines into reruns and the end of input into a stop", async () => {
    const input = new PassThrough();
    const events = new WatchEvents();
    const undo = listenForStop(recordingIo(input), events);
    input.write("\n");
    expect(await events.next()).toEqual({ kind: "line" });
    input.end();
    expect(await events.next()).toEqual({ kind: "stop" });
    undo();
  });
});
