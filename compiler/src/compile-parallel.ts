// Compiling several games at once (`rules compile`, `rules compile --check`): a strict compile spends
// nearly all its time on one core (emitting, Prettier, tsc over the emitted files), so the games of a
// rules folder compile in worker threads, one per core, each loading the compiler once. The results
// come back in the order the games were given, so what is written and reported does not depend on
// which worker finished first. Run from sources (Vitest), where there is no built worker to start,
// or with one game or one core, the games compile one after another in this thread, as before.

import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { CompileResult } from "./compile.js";
import type { SourceFile } from "./sources.js";

export interface CompileJob {
  readonly gameId: string;
  readonly files: readonly SourceFile[];
}

/** What a worker is sent and sends back (compile-worker.ts). */
export interface WorkerRequest {
  readonly index: number;
  readonly job: CompileJob;
}
export type WorkerReply = { readonly index: number; readonly result: CompileResult } | { readonly index: number; readonly failure: string };

const workerFile = fileURLToPath(new URL("./compile-worker.js", import.meta.url));

/** Strict compiles of `jobs`, their results in the same order. */
export async function compileGames(jobs: readonly CompileJob[], threads = availableParallelism()): Promise<CompileResult[]> {
  const workers = Math.min(threads, jobs.length);
  if (workers < 2 || !existsSync(workerFile)) return inThisThread(jobs);
  return inWorkers(jobs, workers);
}

async function inThisThread(jobs: readonly CompileJob[]): Promise<CompileResult[]> {
  const { compileGame } = await import("./compile.js");
  const results: CompileResult[] = [];
  for (const job of jobs) results.push(await compileGame(job.gameId, job.files));
  return results;
}

function inWorkers(jobs: readonly CompileJob[], count: number): Promise<CompileResult[]> {
  // The largest games first, so that a big game does not start last on one core while the other idles.
  const size = (job: CompileJob) => job.files.reduce((sum, f) => sum + f.text.length, 0);
  const queue = jobs.map((job, index) => ({ job, index })).sort((a, b) => size(b.job) - size(a.job) || a.index - b.index);
  const results: CompileResult[] = new Array(jobs.length);
  return new Promise((resolve, reject) => {
    let running = 0;
    let failed = false;
    const pool: Worker[] = [];
    const done = new Set<Worker>();
    const stopAll = () => {
      for (const w of pool) {
        done.add(w);
        void w.terminate();
      }
    };
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      stopAll();
      reject(error);
    };
    const next = (worker: Worker) => {
      const item = queue.shift();
      if (!item) {
        done.add(worker);
        void worker.terminate();
        if (--running === 0 && !failed) resolve(results);
        return;
      }
      worker.postMessage({ index: item.index, job: item.job } satisfies WorkerRequest);
    };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(workerFile);
      pool.push(worker);
      running++;
      worker.on("message", (reply: WorkerReply) => {
        if ("failure" in reply) return fail(new Error(`compiling ${jobs[reply.index]!.gameId} in a worker thread failed: ${reply.failure}`));
        results[reply.index] = reply.result;
        next(worker);
      });
      worker.on("error", (error) => fail(error));
      // A worker that ends before it was told to (its work not done) would otherwise leave the compile waiting forever.
      worker.on("exit", (code) => {
        if (!done.has(worker)) fail(new Error(`a compile worker thread stopped early (exit code ${code})`));
      });
      next(worker);
    }
  });
}
