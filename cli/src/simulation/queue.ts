// Runs past one machine, on BullMQ over Redis: a coordinator (`rules simulate --redis`) queues a
// run's chunks as jobs and merges their tallies; workers (`rules worker --redis`) play them on a
// thread pool. A worker that dies holding a job stops renewing its lock, and BullMQ's stalled-job
// check hands the job to another worker; ChunkResults keeps one result per chunk, so whatever
// happens nothing is counted twice, and the merge in the games' order gives a local run's figures.

import { randomUUID } from "node:crypto";
import { Queue, QueueEvents, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import { ChunkResults } from "./chunk-results.js";
import { chunksOf, type Chunk } from "./chunks.js";
import { codeVersion } from "./code-version.js";
import { createPool } from "./pool.js";
import { DEFAULT_QUEUE } from "./queue-options.js";
import type { ChunkTask, RunSpec } from "./run-spec.js";
import type { Tally } from "./tally.js";

/** A job: a chunk of a run, and the version of the code that queued it. */
interface QueuedChunk extends ChunkTask {
  readonly code: string;
}

export interface QueuePlace {
  /** `redis://host:port` (ioredis's URL form: user, password, database number). */
  readonly url: string;
  readonly queue: string;
}

/** BullMQ's workers block on Redis, so their commands must not give up after a few retries. */
const connectionOf = (url: string) => ({ url, maxRetriesPerRequest: null });

/**
 * Fails at once, with the reason, when Redis cannot be reached: BullMQ itself would retry forever
 * and a mistyped URL would look like a run waiting for workers.
 */
export async function checkRedis(url: string): Promise<void> {
  if (!/^rediss?:\/\//.test(url)) throw new Error(`'${url}' is not a Redis URL: give one such as redis://host:6379`);
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 5000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The socket's own error (ECONNREFUSED, a name that does not resolve) says more than the
  // "Connection is closed" that connect() rejects with after it.
  let cause: Error | undefined;
  client.on("error", (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(`cannot reach Redis at ${url}: ${(cause ?? (error as Error)).message}`);
  } finally {
    client.disconnect();
  }
}

/** Warns when no chunk has come back after this long: perhaps no worker serves the queue. */
const SILENCE_MS = 15_000;

/**
 * Queues a run's chunks, waits for the workers and merges their tallies in the games' order.
 * `onChunk` hears of each chunk done; `warn` of chunks handed to another worker and of silence.
 */
export async function runOnQueue(
  spec: RunSpec,
  seats: number,
  place: QueuePlace,
  onChunk?: (chunk: Chunk) => void,
  warn?: (line: string) => void,
  /** Stops the run: its chunks still waiting are taken off the queue, so the fleet does not play them for nothing. */
  signal?: AbortSignal,
): Promise<Tally> {
  await checkRedis(place.url);
  const connection = connectionOf(place.url);
  const queue = new Queue<QueuedChunk, Tally>(place.queue, { connection });
  const code = await codeVersion();
  // Events from the stream's present end on, read before any job is queued: none can be missed.
  const events = new QueueEvents(place.queue, { connection, lastEventId: await lastEventId(place) });
  const chunks = chunksOf(spec.games);
  const results = new ChunkResults(chunks.length, seats);
  // Job ids name the run and the chunk: a chunk is one job, whatever retries it.
  const run = randomUUID();
  const jobIdOf = (chunk: Chunk) => `${run}-${chunk.index}`;
  const byJobId = new Map(chunks.map((chunk) => [jobIdOf(chunk), chunk]));
  const games = (chunk: Chunk) => `chunk ${chunk.index + 1} of ${chunks.length} (games ${chunk.start + 1}-${chunk.end})`;
  let settle!: (error?: Error) => void;
  const finished = new Promise<void>((resolve, reject) => (settle = (error) => (error ? reject(error) : resolve())));
  // It may fail (or be stopped) while the jobs are still being queued, before it is awaited.
  finished.catch(() => undefined);
  events.on("completed", ({ jobId, returnvalue }) => {
    const chunk = byJobId.get(jobId);
    if (!chunk || !results.add(chunk.index, returnvalue)) return;
    onChunk?.(chunk);
    if (results.done === chunks.length) settle();
  });
  events.on("failed", ({ jobId, failedReason }) => {
    const chunk = byJobId.get(jobId);
    if (chunk) settle(new Error(`${games(chunk)} failed on a worker: ${failedReason}`));
  });
  events.on("stalled", ({ jobId }) => {
    const chunk = byJobId.get(jobId);
    if (chunk) warn?.(`${games(chunk)}: its worker stopped answering; another worker plays it again`);
  });
  let silence: NodeJS.Timeout | undefined;
  const stop = () => settle(new Error("stopped before the run was done: its chunks still waiting were taken off the queue"));
  signal?.addEventListener("abort", stop, { once: true });
  try {
    await events.waitUntilReady();
    await queue.addBulk(
      chunks.map((chunk) => ({
        name: "chunk",
        data: { spec, chunk, code },
        // A job that throws is a bug or a broken worker: retrying it would not help. (A job whose
        // worker vanished is not a failure: the stalled check retries it.) Finished jobs are
        // removed: the coordinator has the result from the event.
        opts: { jobId: jobIdOf(chunk), attempts: 1, removeOnComplete: true, removeOnFail: { age: 7 * 24 * 3600 } },
      })),
    );
    silence = setTimeout(() => {
      if (results.done === 0) warn?.(`no chunk done after ${SILENCE_MS / 1000} s: is a worker running (rules worker --redis ${place.url}${place.queue === DEFAULT_QUEUE ? "" : ` --queue ${place.queue}`})?`);
    }, SILENCE_MS);
    await finished;
    return results.merged();
  } finally {
    clearTimeout(silence);
    signal?.removeEventListener("abort", stop);
    // After a failure or a stop: the chunks no worker has taken yet are not played (one that a
    // worker holds cannot be removed; its result is not waited for).
    if (results.done < chunks.length) {
      await Promise.all(chunks.filter((c) => !results.has(c.index)).map((c) => queue.remove(jobIdOf(c)).catch(() => 0)));
    }
    await events.close();
    await queue.close();
  }
}

/** The id of the last event in the queue's event stream, or "0" when it has none. */
async function lastEventId(place: QueuePlace): Promise<string> {
  const client = new Redis(place.url, { maxRetriesPerRequest: 1 });
  try {
    const last = await client.xrevrange(`bull:${place.queue}:events`, "+", "-", "COUNT", 1);
    return last[0]?.[0] ?? "0";
  } finally {
    client.disconnect();
  }
}

export interface WorkerSettings extends QueuePlace {
  /** Chunks played at once, each on a thread of its own. */
  readonly threads: number;
  /** How long a job stays locked to this worker if it stops answering. */
  readonly lockMs: number;
}

/**
 * A worker of the fleet until `stop` resolves: takes chunks from the queue and plays them on a
 * thread pool, so the event loop stays free to renew the jobs' locks however long a chunk takes.
 */
export async function runQueueWorker(settings: WorkerSettings, stop: Promise<unknown>, warn: (line: string) => void): Promise<void> {
  await checkRedis(settings.url);
  const pool = await createPool(settings.threads);
  const code = await codeVersion();
  const play = async (job: Job<QueuedChunk, Tally>): Promise<Tally> => {
    if (job.data.code !== code) {
      throw new Error(
        `this worker runs other code (version ${code}) than the coordinator (${job.data.code}), so it would ` +
          "play the chunk differently: run the same commit, built, on every machine",
      );
    }
    return (await pool.run({ spec: job.data.spec, chunks: [job.data.chunk] })).tallies[0]!;
  };
  const worker = new Worker<QueuedChunk, Tally>(settings.queue, play, {
    connection: connectionOf(settings.url),
    concurrency: settings.threads,
    lockDuration: settings.lockMs,
    // Look for stalled jobs as often as a lock may run out; a job may stall twice (two workers
    // lost with it) before it counts as failed.
    stalledInterval: settings.lockMs,
    maxStalledCount: 2,
  });
  worker.on("failed", (job, error) => warn(`job ${job?.id ?? "?"} failed: ${error.message}`));
  worker.on("error", (error) => warn(`worker error: ${error.message}`));
  try {
    await worker.waitUntilReady();
    warn(`rules worker: ${settings.threads} thread${settings.threads === 1 ? "" : "s"} on queue ${settings.queue} at ${settings.url}; ready`);
    await stop;
  } finally {
    await worker.close();
    await pool.destroy();
  }
}
