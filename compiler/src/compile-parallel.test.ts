// The games of a rules folder compiled in worker threads give what compiling them one after another
// gives, errors included, in the order they were asked for. The workers run the built compiler
// (compiler/dist, as `rules compile` does); from sources there is no worker file to start and
// compileGames compiles in this thread (what compileAll's tests, run from sources, go through).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compileGame } from "./compile.js";
import type { CompileJob } from "./compile-parallel.js";

const fixture = async (relative: string) => {
  const file = fileURLToPath(new URL(`./__fixtures__/${relative}`, import.meta.url));
  return { path: file, text: await readFile(file, "utf8") };
};

describe("compileGames in worker threads", () => {
  it("gives what compileGame gives, errors included, in the order asked", async () => {
    // The worker the built compileGames starts (without it, it would compile in this thread).
    expect(existsSync(fileURLToPath(new URL("../dist/compile-worker.js", import.meta.url)))).toBe(true);
    const built = (await import(fileURLToPath(new URL("../dist/compile-parallel.js", import.meta.url)))) as typeof import("./compile-parallel.js");
    // Three games on two threads: one worker compiles two of them, and the largest (windows) starts first.
    const jobs: CompileJob[] = [
      { gameId: "last-stone", files: [await fixture("last-stone/last-stone.rules")] },
      { gameId: "broken", files: [{ path: "broken.rules", text: "game broken {\n  players 2 to 4\n  nonsense here\n}\n" }] },
      { gameId: "windows", files: [await fixture("programs/windows.rules")] },
    ];
    const inWorkers = await built.compileGames(jobs, 2);
    expect(inWorkers.map((r) => r.files.length > 0)).toEqual([true, false, true]);
    expect(inWorkers[1]!.diagnostics.some((d) => d.severity === "error")).toBe(true);
    for (const [i, job] of jobs.entries()) expect(inWorkers[i]).toEqual(await compileGame(job.gameId, job.files));
  });
});
